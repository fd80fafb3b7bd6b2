#pragma once
// Every size, count, depth and time that Vedette accepts from a file or the command line has a
// named upper bound here, so no input can make a command run away with memory or time. The same
// numbers are listed for users in docs/LIMITS.md; an input past one is refused with exit 2 and a
// message naming the limit.

#include <cstddef>
#include <cstdint>

namespace vedette::sim::limits {

// JSON documents (scenarios, rulesets, melee files, replays, models.json, glTF).
inline constexpr int kMaxJsonDepth = 64;                                  // nested objects/arrays
inline constexpr std::uint64_t kMaxJsonFileBytes = 512ull * 1024 * 1024;  // any JSON input file
// Binary inputs: heightfield images, glTF buffers and images.
inline constexpr std::uint64_t kMaxImageFileBytes = 64ull * 1024 * 1024;
inline constexpr std::uint64_t kMaxGltfFileBytes =
    256ull * 1024 * 1024;  // .gltf/.glb and each buffer
// A tour script.
inline constexpr std::uint64_t kMaxTourFileBytes = 4ull * 1024 * 1024;
// A replay's notes file (REPLAY.notes.json; read as JSON, within kMaxJsonFileBytes).
inline constexpr int kMaxNotes = 10000;                 // bookmarks in one notes file
inline constexpr int kMaxNoteDrawings = 1000;           // arrows and circles of one note
inline constexpr std::size_t kMaxNoteNameBytes = 200;   // a bookmark's name
inline constexpr std::size_t kMaxNoteTextBytes = 4096;  // a note's text, and a tour's caption

// The battle: units, figures, distances and times.
inline constexpr int kMaxUnits = 10000;                   // units in one scenario, all sides
inline constexpr int kMaxFiguresPerUnit = 10000;          // figures in one unit or snapshot
inline constexpr std::int64_t kMaxTotalFigures = 200000;  // figures on the table, all units
inline constexpr std::int64_t kMaxLengthMm = 1000000;     // any length or coordinate: 1 km
inline constexpr std::int64_t kMaxReplayTimeMs = 1000ll * 3600 * 1000;  // a replay's clock: 1,000 h
inline constexpr int kMaxTurns = 1000;
inline constexpr int kMaxBranchDepth = 100;    // a branch of a branch of ...: plans on one replay
inline constexpr int kMaxShapePoints = 10000;  // points of one terrain polygon, path or sector
// A replay's hex grid (board.hex) and its roster's hex overlays: the renderer keeps a texel pair
// for every cell of the hexes' bounding rectangle, so the rectangle is bounded as well as the
// coordinates (10,000 hexes of 10 cm already reach past the 1 km table).
inline constexpr int kMaxHexCoordinate = 10000;        // |q| and |r|
inline constexpr int kMaxHexes = 1000000;              // hexes listed in a grid or an overlay
inline constexpr std::int64_t kMaxHexCells = 4000000;  // columns * rows of the rectangle
inline constexpr int kMaxRulerTicks = 1000;            // a ruler overlay's radius / tick
// A name, id, short name, nation or title anywhere in a scenario (units, sides, brigades,
// generals, terrain features), and its description: the rule systems quote names in the
// explanations they record, whose texts a replay may hold only up to kMaxExplanationTextBytes,
// and every run of `vedette odds` copies them all into its header and events, on every thread.
inline constexpr std::size_t kMaxNameBytes = 200;
inline constexpr std::size_t kMaxDescriptionBytes = 16384;

// Explanations (an event's sections): the viewer draws all of them every frame, and Dear ImGui
// refuses a table of 64 columns or more.
inline constexpr int kMaxExplanationSections = 100;   // sections of one explanation
inline constexpr int kMaxModifierColumns = 16;        // columns of a modifier table
inline constexpr int kMaxExplanationRows = 200;       // rows, results, outcomes, lines, notes
inline constexpr int kMaxDiceGroups = 100;            // dice groups of one section
inline constexpr int kMaxDicePerGroup = 1000;         // dice of one group
inline constexpr int kMaxExplanationEntries = 10000;  // all of those in one explanation
inline constexpr std::size_t kMaxExplanationTextBytes = 4096;  // any string of an explanation

// Rendering and export.
inline constexpr int kMaxImageSide = 8192;  // --size W and H, tour `size`
inline constexpr int kMinImageSide = 16;
inline constexpr std::int64_t kMaxExportFrames = 216000;  // one export: 1 hour at 60 fps
inline constexpr double kMaxWaitSeconds = 3600;           // a tour's `wait`
inline constexpr std::int64_t kMaxWaitFrames =
    216000;                                    // a tour's `wait N frames`: 1 hour at 60 fps
inline constexpr int kMaxStepCount = 1000000;  // a tour's `step`/`back` count
// glTF models.
inline constexpr std::uint64_t kMaxModelVertices = 4000000;    // after flattening, per model
inline constexpr std::uint64_t kMaxModelNodeVisits = 100000;   // node instances walked per scene
inline constexpr std::uint64_t kMaxModelPrimitives = 1000000;  // primitive instances per scene
inline constexpr int kMaxModelHeightMm = 200;  // a figure's height_mm in models.json
// All the models one scene draws together (its figures' with their far models, and the
// renderer's own kinds): a render holding that many peaks under 1 GB.
inline constexpr std::uint64_t kMaxSceneModelVertices = 4000000;

}  // namespace vedette::sim::limits
