#pragma once
// A replay's notes, like an analysis board's: named bookmarks at a replay time or an event, each
// with a text (shown as a caption) and arrows and circles drawn on the table. They live in their
// own file beside the replay (REPLAY.notes.json, docs/VIEWER.md), never in the
// replay itself: the battle is fixed, the notes are a teacher's. The viewer adds, lists and jumps
// to them; tours jump to them by name (`note NAME`); exports show them as captions and drawings.
// No Vulkan or ImGui here: the exporter and the viewer share it.

#include <cstdint>
#include <string>
#include <vector>

#include "renderer/scene/scene_state.h"
#include "sim/core/output_clash.h"

namespace vedette::render {

struct NoteDrawing {
    // An arrow from x0,y0 to x1,y1 or a circle of radius_mm about x0,y0; "arrow" and "circle"
    // in the file, read once by load_notes.
    enum class Kind : std::uint8_t { arrow, circle };
    Kind kind = Kind::arrow;
    double x0_mm = 0, y0_mm = 0, x1_mm = 0, y1_mm = 0, radius_mm = 0;
    std::uint8_t r = 255, g = 220, b = 60;
};

struct Note {
    std::string name;          // the bookmark's name, unique in the file
    std::int64_t time_ms = 0;  // replay time it marks (from "event": N it is that event's time)
    int event = -1;            // the event it was made at, or -1
    std::string text;          // shown as a caption
    std::vector<NoteDrawing> drawings;
};

struct ReplayNotes {
    std::string file;
    std::vector<Note> notes;  // sorted by time (load_notes and add_note keep it so; ties: added
                              // first, first)
};

// "x/demo.replay.json" -> "x/demo.replay.notes.json": one rule with the clash check's
// (sim/core/output_clash.h), which counts that file among every command's inputs.
using sim::notes_file_for;

// Reads a notes file. No file at all: empty notes (with `file` set, so saving creates it). A bad
// one: sim::InputError naming the file and the JSON path ($.notes[2].drawings[0].to), exit 2.
// "event": N becomes that event's time (time_of_event: the middle of its span).
ReplayNotes load_notes(const std::string& file, const ReplayScene& scene);
// Parses notes text (load_notes without the file; tests and tools).
ReplayNotes parse_notes(const std::string& text, const std::string& file, const ReplayScene& scene);
// The JSON text save_notes writes (sorted by time; notes of the same time in the order they were
// added, which a reload keeps).
std::string notes_text(const ReplayNotes& notes);
// "arrow" or "circle", as the notes file writes a drawing's kind.
const char* drawing_kind_name(NoteDrawing::Kind kind);
// Why a drawing would be refused by load_notes (a kind other than arrow or circle, a coordinate
// that is not finite or lies beyond 1 km, a radius under 1 mm or over 1 km), or "".
std::string drawing_problem(const NoteDrawing& d);
// Throws InputError (the file and the JSON path the loader would name) for what load_notes would
// refuse in the notes themselves: too many notes or drawings, a name empty, too long, repeated or
// not UTF-8, a text too long, a bad drawing, a time off the replay clock. (A note's event is not
// checked against a replay: the viewer makes notes only at the replay's own events.) The loader's
// limits: sim/core/limits.h, docs/LIMITS.md.
void check_notes(const ReplayNotes& notes);
// check_notes, then writes notes.file atomically (sim/core/atomic_file.h) unless its text would be
// larger than the loader reads: a file the viewer saves loads again. Throws InputError for notes
// the loader would refuse or a path that may not be written, and std::runtime_error for a failed
// write.
void save_notes(const ReplayNotes& notes);

// The note shown at time t: the latest note whose time is <= t and t < time + show_ms.
const Note* note_at(const ReplayNotes& notes, std::int64_t time_ms, std::int64_t show_ms);
// The note named `name`, or null.
const Note* find_note(const ReplayNotes& notes, const std::string& name);
Note* find_note(ReplayNotes& notes, const std::string& name);
// `base` if no note has that name, else "base 2", "base 3", ...; never longer than a name may be
// (kMaxNoteNameBytes: a long base is cut, between UTF-8 characters, to make room for the number);
// an empty base is "note".
std::string unique_note_name(const ReplayNotes& notes, const std::string& base);
// Inserts a note keeping the order by time (after notes of the same time); returns it.
Note& add_note(ReplayNotes& notes, Note note);
// Removes the note named `name`; false when there is none.
bool remove_note(ReplayNotes& notes, const std::string& name);

// How long (replay milliseconds) the viewer shows a note after its time while playing.
inline constexpr std::int64_t kNoteShowMs = 6000;

}  // namespace vedette::render
