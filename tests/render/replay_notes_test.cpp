// A replay's notes file (renderer/scene/replay_notes.*): the shipped demo notes load, a save and a
// load give back the same notes (sorted by time), bad files are refused naming the JSON path, and
// note_at picks the note a frame shows. No GPU needed.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "renderer/scene/replay_notes.h"
#include "sim/core/input_error.h"
#include "tests/render/demo_fixture.h"

namespace vedette::render {
namespace {

namespace fs = std::filesystem;

fs::path notes_test_dir(const std::string& name) {
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "replay_notes" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// The InputError's place for a notes text, or "no error".
std::string notes_error_at(const std::string& text) {
    try {
        parse_notes(text, "bad.notes.json", demo());
    } catch (const sim::InputError& e) {
        EXPECT_EQ(e.file(), "bad.notes.json");
        return e.where() + ": " + e.message();
    }
    return "no error";
}

std::string one_note(const std::string& note) {
    return R"({"format": "vedette-notes", "version": 1, "notes": [)" + note + "]}";
}

TEST(ReplayNotes, NotesFileSitsBesideTheReplay) {
    EXPECT_EQ(notes_file_for("x/demo.replay.json"), "x/demo.replay.notes.json");
    EXPECT_EQ(notes_file_for("demo.json"), "demo.notes.json");
    EXPECT_EQ(notes_file_for("x/replay"), "x/replay.notes.json");
}

TEST(ReplayNotes, TheShippedDemoNotesLoad) {
    const std::string file = kSource + "/replays/demo/demo_battle.replay.notes.json";
    const ReplayNotes notes = load_notes(file, demo());
    ASSERT_GE(notes.notes.size(), 2u);
    for (std::size_t i = 0; i < notes.notes.size(); ++i) {
        const Note& n = notes.notes[i];
        EXPECT_FALSE(n.text.empty()) << n.name;
        EXPECT_FALSE(n.drawings.empty()) << n.name;
        if (n.event >= 0) {
            EXPECT_EQ(n.time_ms, time_of_event(demo(), n.event)) << n.name;
        }
        if (i > 0) {
            EXPECT_LE(notes.notes[i - 1].time_ms, n.time_ms);
        }
    }
}

TEST(ReplayNotes, NoFileMeansNoNotesYet) {
    const fs::path dir = notes_test_dir("none");
    const ReplayNotes notes = load_notes((dir / "x.notes.json").string(), demo());
    EXPECT_TRUE(notes.notes.empty());
    EXPECT_EQ(notes.file, (dir / "x.notes.json").string());
}

TEST(ReplayNotes, SaveAndLoadGiveTheSameNotesSortedByTime) {
    const fs::path dir = notes_test_dir("round_trip");
    ReplayNotes notes;
    notes.file = (dir / "demo.replay.notes.json").string();
    Note late{"the pursuit", 90000, -1, "The hussars ride on.", {}};
    late.drawings.push_back({"arrow", 780, 556.5, 780, 916, 0, 10, 20, 30});
    Note early{"the charge", 0, 10, "Cuirassiers against guns.", {}};
    early.time_ms = time_of_event(demo(), 10);
    early.drawings.push_back({"circle", 340, 660, 0, 0, 80, 255, 220, 60});
    add_note(notes, late);
    add_note(notes, early);
    ASSERT_EQ(notes.notes.front().name, "the charge");  // add_note keeps the order by time
    save_notes(notes);

    const ReplayNotes back = load_notes(notes.file, demo());
    ASSERT_EQ(back.notes.size(), 2u);
    EXPECT_EQ(back.notes[0].name, "the charge");
    EXPECT_EQ(back.notes[0].event, 10);
    EXPECT_EQ(back.notes[0].time_ms, early.time_ms);
    EXPECT_EQ(back.notes[1].time_ms, 90000);
    EXPECT_EQ(back.notes[1].text, "The hussars ride on.");
    const NoteDrawing& a = back.notes[1].drawings.at(0);
    EXPECT_EQ(a.kind, "arrow");
    EXPECT_DOUBLE_EQ(a.y0_mm, 556.5);
    EXPECT_DOUBLE_EQ(a.y1_mm, 916);
    EXPECT_EQ(int(a.r), 10);
    EXPECT_EQ(int(a.b), 30);
    const NoteDrawing& c = back.notes[0].drawings.at(0);
    EXPECT_EQ(c.kind, "circle");
    EXPECT_DOUBLE_EQ(c.radius_mm, 80);
    EXPECT_EQ(notes_text(back), notes_text(notes));
    // Nothing is left beside it (the write went through a temporary file renamed into place).
    int files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
    EXPECT_EQ(files, 1);
}

TEST(ReplayNotes, BadFilesNameTheJsonPath) {
    EXPECT_EQ(notes_error_at(R"({"format": "vedette-replay", "version": 1, "notes": []})"),
              "$.format: expected \"vedette-notes\"");
    EXPECT_NE(notes_error_at(R"({"format": "vedette-notes", "version": 2, "notes": []})")
                  .find("$.version: expected 1"),
              std::string::npos);
    EXPECT_NE(notes_error_at(one_note(R"({"name": "a", "time_ms": 1, "event": 2})"))
                  .find("$.notes[0]: expected exactly one of"),
              std::string::npos);
    EXPECT_NE(
        notes_error_at(one_note(R"({"name": "a", "event": 100000})")).find("$.notes[0].event"),
        std::string::npos);
    EXPECT_NE(notes_error_at(one_note(R"({"name": "", "time_ms": 1})")).find("$.notes[0].name"),
              std::string::npos);
    EXPECT_NE(
        notes_error_at(one_note(R"({"name": "a", "time_ms": 1}, {"name": "a", "time_ms": 2})"))
            .find("$.notes[1].name: a second note named \"a\""),
        std::string::npos);
    EXPECT_NE(
        notes_error_at(one_note(R"({"name": "a", "time_ms": 1, "colour": 3})")).find("$.notes[0]"),
        std::string::npos);
    EXPECT_NE(notes_error_at(one_note(
                                 R"({"name": "a", "time_ms": 1, "drawings": [{"kind": "circle",
                                   "centre": [1, 2], "radius_mm": 5}, {"kind": "arrow",
                                   "from": [1, 2], "to": [3, "x"]}]})"))
                  .find("$.notes[0].drawings[1].to[1]: expected a number of millimetres"),
              std::string::npos);
    EXPECT_NE(notes_error_at(one_note(R"({"name": "a", "time_ms": 1, "drawings": [
                                   {"kind": "circle", "centre": [1, 2], "radius_mm": 0}]})"))
                  .find("$.notes[0].drawings[0].radius_mm"),
              std::string::npos);
    EXPECT_NE(notes_error_at(one_note(R"({"name": "a", "time_ms": 1, "drawings": [
                                   {"kind": "arrow", "from": [1, 2], "to": [3, 4],
                                    "colour": [0, 0, 256]}]})"))
                  .find("$.notes[0].drawings[0].colour[2]"),
              std::string::npos);
    EXPECT_NE(notes_error_at(one_note(R"({"name": "a", "time_ms": 1, "drawings": [
                                   {"kind": "square"}]})"))
                  .find("$.notes[0].drawings[0].kind"),
              std::string::npos);
    EXPECT_NE(notes_error_at(one_note(R"({"name": "a", "time_ms": 1, "drawings": [
                                   {"kind": "arrow", "from": [1e9, 2], "to": [3, 4]}]})"))
                  .find("$.notes[0].drawings[0].from[0]"),
              std::string::npos);
    EXPECT_EQ(notes_error_at(one_note(R"({"name": "a", "time_ms": 1})")), "no error");
}

TEST(ReplayNotes, AFolderInsteadOfTheFileIsRefused) {
    const fs::path dir = notes_test_dir("folder");
    fs::create_directories(dir / "x.notes.json");
    EXPECT_THROW(load_notes((dir / "x.notes.json").string(), demo()), sim::InputError);
}

TEST(ReplayNotes, NoteAtShowsTheLatestNoteForAWhile) {
    ReplayNotes notes;
    add_note(notes, {"b", 5000, -1, "", {}});
    add_note(notes, {"a", 1000, -1, "", {}});
    EXPECT_EQ(note_at(notes, 999, 3000), nullptr);
    ASSERT_NE(note_at(notes, 1000, 3000), nullptr);
    EXPECT_EQ(note_at(notes, 1000, 3000)->name, "a");
    EXPECT_EQ(note_at(notes, 3999, 3000)->name, "a");
    EXPECT_EQ(note_at(notes, 4000, 3000), nullptr);
    EXPECT_EQ(note_at(notes, 5000, 3000)->name, "b");
    EXPECT_EQ(note_at(notes, 7999, 3000)->name, "b");
    EXPECT_EQ(note_at(notes, 8000, 3000), nullptr);
    EXPECT_EQ(unique_note_name(notes, "a"), "a 2");
    EXPECT_EQ(unique_note_name(notes, "c"), "c");
    EXPECT_TRUE(remove_note(notes, "a"));
    EXPECT_FALSE(remove_note(notes, "a"));
    EXPECT_EQ(note_at(notes, 2000, 3000), nullptr);
}

}  // namespace
}  // namespace vedette::render
