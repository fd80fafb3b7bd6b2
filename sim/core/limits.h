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
inline constexpr int kMaxShapePoints = 10000;  // points of one terrain polygon, path or sector

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

}  // namespace vedette::sim::limits
