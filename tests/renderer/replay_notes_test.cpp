// A replay's notes file (renderer/scene/replay_notes.*): the shipped demo notes load, a save and a
// load give back the same notes (sorted by time; notes of the same time in the order added), bad
// files are refused naming the JSON path, a save refuses what a load would refuse (so the viewer
// never writes a file it cannot open), and note_at picks the note a frame shows. No GPU needed.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "renderer/scene/replay_notes.h"
#include "sim/core/input_error.h"
#include "sim/core/limits.h"
#include "tests/renderer/demo_fixture.h"

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
    late.drawings.push_back({NoteDrawing::Kind::arrow, 780, 556.5, 780, 916, 0, 10, 20, 30});
    Note early{"the charge", 0, 10, "Cuirassiers against guns.", {}};
    early.time_ms = time_of_event(demo(), 10);
    early.drawings.push_back({NoteDrawing::Kind::circle, 340, 660, 0, 0, 80, 255, 220, 60});
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
    EXPECT_EQ(a.kind, NoteDrawing::Kind::arrow);
    EXPECT_DOUBLE_EQ(a.y0_mm, 556.5);
    EXPECT_DOUBLE_EQ(a.y1_mm, 916);
    EXPECT_EQ(int(a.r), 10);
    EXPECT_EQ(int(a.b), 30);
    const NoteDrawing& c = back.notes[0].drawings.at(0);
    EXPECT_EQ(c.kind, NoteDrawing::Kind::circle);
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

// The viewer names new notes with unique_note_name: however long the name typed, and however many
// notes share it, the name stays within the limit, whole UTF-8 characters, and the file loads.
TEST(ReplayNotes, UniqueNamesOfLongNamesStayWithinTheLimitAndLoad) {
    const fs::path dir = notes_test_dir("long_names");
    ReplayNotes notes;
    notes.file = (dir / "demo.replay.notes.json").string();
    // 199 bytes of 'a' then a two-byte letter: cutting at 200 bytes alone would split it.
    const std::string typed = std::string(199, 'a') + "\xC3\xA9";
    for (int i = 0; i < 12; ++i) {
        Note n;
        n.name = unique_note_name(notes, typed);
        n.time_ms = 1000 * i;
        ASSERT_LE(n.name.size(), sim::limits::kMaxNoteNameBytes) << n.name;
        ASSERT_EQ(find_note(notes, n.name), nullptr) << n.name;
        add_note(notes, n);
    }
    EXPECT_EQ(notes.notes[0].name, std::string(199, 'a'));  // the split letter left out whole
    EXPECT_EQ(notes.notes[11].name, std::string(197, 'a') + " 12");
    EXPECT_EQ(unique_note_name(notes, ""), "note");
    // Three-byte letters all along: each cut for a number falls between whole letters.
    std::string euros;
    for (int i = 0; i < 67; ++i) euros += "\xE2\x82\xAC";  // 201 bytes
    ReplayNotes many;
    for (int i = 1; i <= 10; ++i) {
        const std::string name = unique_note_name(many, euros);
        ASSERT_LE(name.size(), sim::limits::kMaxNoteNameBytes) << name;
        const std::string letters = name.substr(0, name.find(' '));
        EXPECT_EQ(letters.size() % 3, 0u) << name;
        add_note(many, {name, i, -1, "", {}});
    }
    EXPECT_EQ(many.notes[0].name.size(), 198u);                   // 66 letters
    EXPECT_EQ(many.notes[9].name, euros.substr(0, 195) + " 10");  // 65 letters and the number
    many.file = (dir / "euros.notes.json").string();
    save_notes(many);
    EXPECT_EQ(load_notes(many.file, demo()).notes.size(), 10u);
    save_notes(notes);
    const ReplayNotes back = load_notes(notes.file, demo());
    ASSERT_EQ(back.notes.size(), notes.notes.size());
    for (std::size_t i = 0; i < back.notes.size(); ++i)
        EXPECT_EQ(back.notes[i].name, notes.notes[i].name);
}

// save_notes writes only what load_notes reads back: notes the loader would refuse are refused
// before anything is written, naming the JSON path the loader would name.
TEST(ReplayNotes, SaveRefusesWhatTheLoaderWouldRefuseAndWritesNothing) {
    const fs::path dir = notes_test_dir("unsavable");
    const auto refusal = [&](const ReplayNotes& notes) -> std::string {
        try {
            save_notes(notes);
        } catch (const sim::InputError& e) {
            EXPECT_EQ(e.file(), notes.file);
            return e.where() + ": " + e.message();
        }
        return "saved";
    };
    const auto with = [&](Note n) {
        ReplayNotes notes;
        notes.file = (dir / "x.notes.json").string();
        add_note(notes, {"first", 0, -1, "", {}});
        add_note(notes, std::move(n));
        return notes;
    };
    const double inf = std::numeric_limits<double>::infinity();
    const double far = double(sim::limits::kMaxLengthMm) + 1;
    Note n{"b", 5, -1, "", {}};
    n.drawings = {{NoteDrawing::Kind::arrow, 0, 0, inf, 10, 0}};
    EXPECT_NE(refusal(with(n)).find("$.notes[1].drawings[0]: expected millimetres"),
              std::string::npos);
    n.drawings = {{NoteDrawing::Kind::arrow, -far, 0, 1, 1, 0}};
    EXPECT_NE(refusal(with(n)).find("$.notes[1].drawings[0]"), std::string::npos);
    n.drawings = {{NoteDrawing::Kind::circle, 0, 0, 0, 0, 0.5}};
    EXPECT_NE(refusal(with(n)).find("$.notes[1].drawings[0]"), std::string::npos);
    n.drawings = {{NoteDrawing::Kind::circle, 0, 0, 0, 0, std::nan("")}};
    EXPECT_NE(refusal(with(n)).find("$.notes[1].drawings[0]"), std::string::npos);
    n.drawings.assign(std::size_t(sim::limits::kMaxNoteDrawings) + 1,
                      {NoteDrawing::Kind::arrow, 0, 0, 1, 1, 0});
    EXPECT_NE(refusal(with(n)).find("$.notes[1].drawings: more than 1000 drawings"),
              std::string::npos);
    n.drawings.clear();
    n.name = std::string(sim::limits::kMaxNoteNameBytes + 1, 'x');
    EXPECT_NE(refusal(with(n)).find("$.notes[1].name: longer than 200 bytes"), std::string::npos);
    n.name = "first";
    EXPECT_NE(refusal(with(n)).find("$.notes[1].name: a second note named \"first\""),
              std::string::npos);
    n.name = "\xC3";  // half a character
    EXPECT_NE(refusal(with(n)).find("$.notes[1].name: not valid UTF-8"), std::string::npos);
    n.name = "b";
    n.text = std::string(sim::limits::kMaxNoteTextBytes + 1, 't');
    EXPECT_NE(refusal(with(n)).find("$.notes[1].text"), std::string::npos);
    ReplayNotes many;
    many.file = (dir / "x.notes.json").string();
    for (int i = 0; i <= sim::limits::kMaxNotes; ++i)
        many.notes.push_back({"n" + std::to_string(i), i, -1, "", {}});
    EXPECT_NE(refusal(many).find("$.notes: more than 10000 notes"), std::string::npos);
    EXPECT_FALSE(fs::exists(dir / "x.notes.json"));
    EXPECT_TRUE(fs::is_empty(dir));  // no temporary file left either
    // The same note with its drawing in range saves, and loads.
    n.text = "ok";
    n.drawings = {{NoteDrawing::Kind::arrow, 0, 0, 1, 1, 0},
                  {NoteDrawing::Kind::circle, 5, 5, 0, 0, 1}};
    EXPECT_EQ(refusal(with(n)), "saved");
    EXPECT_EQ(load_notes((dir / "x.notes.json").string(), demo()).notes.size(), 2u);
    EXPECT_EQ(drawing_problem({NoteDrawing::Kind::arrow, 0, 0, 1, 1, 0}), "");
    EXPECT_NE(drawing_problem({static_cast<NoteDrawing::Kind>(7), 0, 0, 1, 1, 0}), "");
}

// Notes at the same moment keep the order they were added in through a save and a reload, so the
// note shown at that moment is the same one before and after.
TEST(ReplayNotes, NotesAtTheSameTimeKeepTheirOrderAfterAReload) {
    const fs::path dir = notes_test_dir("same_time");
    ReplayNotes notes;
    notes.file = (dir / "demo.replay.notes.json").string();
    add_note(notes, {"zulu", 2000, -1, "first added", {}});
    add_note(notes, {"alpha", 2000, -1, "added last", {}});
    add_note(notes, {"mike", 1000, -1, "", {}});
    const Note* shown = note_at(notes, 2500, kNoteShowMs);
    ASSERT_NE(shown, nullptr);
    EXPECT_EQ(shown->name, "alpha");  // the newest note at that moment
    save_notes(notes);
    const ReplayNotes back = load_notes(notes.file, demo());
    ASSERT_EQ(back.notes.size(), 3u);
    for (std::size_t i = 0; i < back.notes.size(); ++i)
        EXPECT_EQ(back.notes[i].name, notes.notes[i].name) << i;
    ASSERT_NE(note_at(back, 2500, kNoteShowMs), nullptr);
    EXPECT_EQ(note_at(back, 2500, kNoteShowMs)->name, shown->name);
    EXPECT_EQ(notes_text(back), notes_text(notes));
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
