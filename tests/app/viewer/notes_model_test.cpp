// The viewer's notes commands (app/viewer/panels/notes_panel.cpp) on the demo battle's model,
// without a window: whatever the viewer is asked to add (a long name many times, a drawing dragged
// toward the horizon, one drawing or note past the limits), the notes file it saves always loads
// again; what it cannot hold is refused and said in the notes panel, never written.

#include <gtest/gtest.h>

#include <filesystem>
#include <limits>
#include <string>

#include "app/viewer/panels/panels.h"
#include "app/viewer/viewer_model.h"
#include "renderer/scene/replay_notes.h"
#include "sim/core/limits.h"

namespace vedette::viewer {
namespace {

namespace fs = std::filesystem;
namespace limits = sim::limits;

const render::ReplayScene& model_demo_scene() {
    static const render::ReplayScene s = render::load_replay_scene(
        std::string(VEDETTE_SOURCE_DIR) + "/replays/demo/demo_battle.replay.json");
    return s;
}

// A model with no notes yet, saving to a fresh file of its own.
ViewerModel model_saving_to(const std::string& name) {
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "notes_model" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    ViewerModel m(model_demo_scene());
    m.notes = render::ReplayNotes{};
    m.notes.file = (dir / "demo.replay.notes.json").string();
    m.timeline.seek(5000);
    return m;
}

std::size_t notes_in_file(const ViewerModel& m) {
    return render::load_notes(m.notes.file, model_demo_scene()).notes.size();
}

TEST(NotesModel, ALongNameAddedAgainAndAgainStillSavesAFileThatLoads) {
    ViewerModel m = model_saving_to("long_name");
    const std::string typed(limits::kMaxNoteNameBytes, 'n');  // as long as the name field takes
    for (int i = 0; i < 11; ++i) {
        add_note_now(m, typed, "");
        ASSERT_EQ(m.notes_problem, "") << "note " << i;
    }
    ASSERT_EQ(m.notes.notes.size(), 11u);
    for (const auto& n : m.notes.notes) EXPECT_LE(n.name.size(), limits::kMaxNoteNameBytes);
    EXPECT_EQ(notes_in_file(m), 11u);
}

TEST(NotesModel, ADrawingBeyondWhatTheFileHoldsIsRefusedAndSaid) {
    ViewerModel m = model_saving_to("far_drawing");
    const double inf = std::numeric_limits<double>::infinity();
    const double far = double(limits::kMaxLengthMm) * 2;
    add_drawing_now(m, {render::NoteDrawing::Kind::arrow, 100, 100, inf, 100, 0});
    EXPECT_NE(m.notes_problem.find("not drawn"), std::string::npos) << m.notes_problem;
    EXPECT_TRUE(m.notes.notes.empty());
    EXPECT_FALSE(fs::exists(m.notes.file));
    add_drawing_now(m, {render::NoteDrawing::Kind::circle, 100, 100, 0, 0, far});
    EXPECT_NE(m.notes_problem.find("not drawn"), std::string::npos) << m.notes_problem;
    EXPECT_TRUE(m.notes.notes.empty());

    add_drawing_now(m, {render::NoteDrawing::Kind::arrow, 100, 100, 400, 300,
                        0});  // a real drag: a note made for it
    EXPECT_EQ(m.notes_problem, "");
    ASSERT_EQ(m.notes.notes.size(), 1u);
    EXPECT_EQ(m.notes.notes[0].drawings.size(), 1u);
    EXPECT_EQ(notes_in_file(m), 1u);
}

TEST(NotesModel, TheDrawingPastANotesLimitIsRefusedAndTheFileStillLoads) {
    ViewerModel m = model_saving_to("many_drawings");
    add_drawing_now(m, {render::NoteDrawing::Kind::arrow, 0, 0, 10, 10, 0});
    ASSERT_EQ(m.notes.notes.size(), 1u);
    auto& drawings = m.notes.notes[0].drawings;
    const render::NoteDrawing first = drawings[0];
    drawings.resize(std::size_t(limits::kMaxNoteDrawings) - 1, first);
    add_drawing_now(
        m, {render::NoteDrawing::Kind::circle, 0, 0, 0, 0, 30});  // the last one the note may hold
    EXPECT_EQ(m.notes_problem, "");
    ASSERT_EQ(drawings.size(), std::size_t(limits::kMaxNoteDrawings));
    add_drawing_now(m, {render::NoteDrawing::Kind::circle, 0, 0, 0, 0, 40});
    EXPECT_NE(m.notes_problem.find("the most a note holds"), std::string::npos) << m.notes_problem;
    EXPECT_EQ(drawings.size(), std::size_t(limits::kMaxNoteDrawings));
    EXPECT_EQ(m.notes.notes.size(), 1u) << "no second note made for the refused drawing";
    EXPECT_EQ(render::load_notes(m.notes.file, model_demo_scene()).notes[0].drawings.size(),
              std::size_t(limits::kMaxNoteDrawings));
}

TEST(NotesModel, TheNotePastTheFilesLimitIsRefusedAndSaid) {
    ViewerModel m = model_saving_to("many_notes");
    for (int i = 0; i < limits::kMaxNotes; ++i)
        m.notes.notes.push_back({"n" + std::to_string(i), i, -1, "", {}});
    add_note_now(m, "one too many", "");
    EXPECT_NE(m.notes_problem.find("at most 10000 notes"), std::string::npos) << m.notes_problem;
    EXPECT_EQ(m.notes.notes.size(), std::size_t(limits::kMaxNotes));
    EXPECT_EQ(render::find_note(m.notes, "one too many"), nullptr);
    EXPECT_FALSE(fs::exists(m.notes.file));
}

}  // namespace
}  // namespace vedette::viewer
