// fuzz_notes: the replay notes reader (renderer/scene/replay_notes load_notes, a teacher's
// REPLAY.notes.json beside a replay), against the shipped demo replay (replays/demo, whose own
// notes file seeds the corpus), compiled in without the viewer. Expected for bad input:
// sim::InputError naming the file and the JSON path. Notes that load must also pass the checks
// save_notes makes (the viewer saves what it loaded after every change), write back to a text that
// loads again as the same notes, and be found at their own times.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "renderer/scene/replay_notes.h"
#include "sim/core/input_error.h"
#include "sim/core/limits.h"
#include "sim/replay/replay.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

constexpr const char* kReplay = "replays/demo/demo_battle.replay.json";

const render::ReplayScene& demo_scene() {
    static const render::ReplayScene scene = render::scene_of(sim::replay::parse_replay(
        fuzz::source_file(kReplay), std::string(VEDETTE_FUZZ_SOURCE_DIR) + "/" + kReplay));
    return scene;
}

void check_loaded(const render::ReplayNotes& notes, const render::ReplayScene& scene) {
    fuzz::expect(std::is_sorted(notes.notes.begin(), notes.notes.end(),
                                [](const render::Note& a, const render::Note& b) {
                                    return a.time_ms < b.time_ms;
                                }),
                 "loaded notes are not sorted by time");
    try {
        render::check_notes(notes);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        fuzz::expect(false, "notes that load fail the checks save_notes makes");
    }
    const std::string text = render::notes_text(notes);
    render::ReplayNotes again;
    try {
        again = render::parse_notes(text, notes.file, scene);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        fuzz::expect(false, "the text of notes that loaded does not load again");
    }
    fuzz::expect(again.notes.size() == notes.notes.size(), "notes written back load as others");
    for (std::size_t i = 0; i < notes.notes.size(); ++i) {
        const render::Note& a = notes.notes[i];
        const render::Note& b = again.notes[i];
        fuzz::expect(a.name == b.name && a.time_ms == b.time_ms && a.text == b.text &&
                         a.drawings.size() == b.drawings.size(),
                     "a note written back loads as another");
    }
    fuzz::expect(render::notes_text(again) == text, "notes written twice give other texts");

    for (const render::Note& n : notes.notes) {
        fuzz::expect(render::find_note(notes, n.name) != nullptr, "a loaded note is not found");
        fuzz::expect(render::note_at(notes, n.time_ms, render::kNoteShowMs) != nullptr,
                     "no note is shown at a note's own time");
    }
    if (!notes.notes.empty()) {
        // The viewer's N key names a new note after an existing one.
        const std::string name = render::unique_note_name(notes, notes.notes.back().name);
        fuzz::expect(name.size() <= sim::limits::kMaxNoteNameBytes &&
                         render::find_note(notes, name) == nullptr,
                     "unique_note_name gave a name that is taken or too long");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const render::ReplayScene& scene = demo_scene();
    const std::string path =
        fuzz::write_scratch_file("fuzz.replay.notes.json", fuzz::as_text(data, size));
    render::ReplayNotes notes;
    try {
        notes = render::load_notes(path, scene);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input: `vedette view` and `vedette export` report it (exit 2)
    }
    check_loaded(notes, scene);
    return 0;
}
