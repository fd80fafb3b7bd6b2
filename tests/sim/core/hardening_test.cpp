// Regression tests for inputs that used to crash, hang or be silently misread (the reliability
// issue): duplicate keys, NUL bytes, deep nesting and number overflow in any JSON; replays whose
// embedded scenario, keyframes or values were edited; replays laid out differently from the
// writer's bytes; lengths and heightfield files in scenarios; output paths that are not plain
// files; the interrupt clean-up registry; the scenario overlap check against brute force.
// Inputs are under tests/data/bad/hardening/ or made here from a shipped replay, as described
// beside each test.

#include <sys/stat.h>
#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "sim/core/atomic_file.h"
#include "sim/core/cleanup.h"
#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/core/json_guard.h"
#include "sim/core/json_reader.h"
#include "sim/core/prng.h"
#include "sim/replay/replay.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/verify.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/battle/overlap_grid.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"
#include "tests/sim/core/input_error_text.h"

namespace vedette::sim {
namespace {

namespace fs = std::filesystem;
const std::string kSource = VEDETTE_SOURCE_DIR;
const std::string kBad = kSource + "/tests/data/bad/hardening/";
const std::string kReplays = kSource + "/replays/";
const std::string kRules = kSource + "/sim/rulesets/gdb/gdb.json";

const battle::BattleRules& battle_rules() {
    static const battle::BattleRules r = battle::load_battle_rules(kRules);
    return r;
}

using test::input_error;

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::path(testing::TempDir()) / ("vedette_hardening_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// ---- JSON: every reader goes through parse_json_text and its guard.

TEST(JsonGuard, DuplicateKeysAreRefusedWithTheirPath) {
    const std::string m = input_error([] { read_json_file(kBad + "duplicate_key.json"); });
    EXPECT_ERROR_HAS(m, "duplicate_key.json: line 1");
    EXPECT_ERROR_HAS(m, "$.b.c");
    EXPECT_ERROR_HAS(m, "\"c\" appears twice");
    EXPECT_ERROR_HAS(input_error([] { read_json_file(kBad + "duplicate_key_top.json"); }),
                     "\"attacker\" appears twice");
    // The same key spelled with an escape is the same key.
    EXPECT_ERROR_HAS(
        input_error([] { parse_json_text(R"({"sides": 1, "\u0073ides": 2})", "f.json"); }),
        "\"sides\" appears twice");
    // Objects with many keys switch to a hash set; duplicates are still found.
    std::string big = "{";
    for (int i = 0; i < 40; ++i) big += "\"k" + std::to_string(i) + "\": 0, ";
    EXPECT_EQ(input_error([&] { parse_json_text(big + "\"end\": 1}", "f.json"); }), "no error");
    EXPECT_ERROR_HAS(input_error([&] { parse_json_text(big + "\"k17\": 1}", "f.json"); }),
                     "\"k17\" appears twice");
    // Equal keys in different objects are fine.
    EXPECT_EQ(
        input_error([] { parse_json_text(R"([{"a": 1}, {"a": 2, "b": {"a": 3}}])", "f.json"); }),
        "no error");
}

TEST(JsonGuard, NulBytesAreRefusedNotTruncated) {
    const std::string m = input_error([] { read_json_file(kBad + "nul_byte.json"); });
    EXPECT_ERROR_HAS(m, "nul_byte.json: line 2, column 1");
    EXPECT_ERROR_HAS(m, "NUL");
}

TEST(JsonGuard, DeepNestingIsRefusedBeforeAnyRecursion) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    EXPECT_ERROR_HAS(input_error([&] { parse_json_text(deep, "deep.json"); }),
                     "nesting deeper than 64");
    const std::string deep_objects =
        R"({"note": )" + std::string(100000, '[') + std::string(100000, ']') + "}";
    EXPECT_ERROR_HAS(input_error([&] { parse_json_text(deep_objects, "deep.json"); }), "$.note");
    // 64 levels are fine.
    EXPECT_EQ(input_error(
                  [] { parse_json_text(std::string(64, '[') + std::string(64, ']'), "ok.json"); }),
              "no error");
}

TEST(JsonGuard, NumberOverflowIsAnInputErrorNamingTheFile) {
    const std::string m = input_error([] { read_json_file(kBad + "number_overflow.json"); });
    EXPECT_ERROR_HAS(m, "number_overflow.json");
    EXPECT_ERROR_HAS(m, "invalid JSON");
}

TEST(InputFile, OnlyRegularFilesWithinTheSizeLimit) {
    EXPECT_ERROR_HAS(input_error([] { read_input_file("/dev/zero", 1024); }), "not a regular file");
    EXPECT_ERROR_HAS(input_error([] { read_input_file(kBad, 1024); }), "is a folder");
    EXPECT_ERROR_HAS(input_error([] { read_input_file(kBad + "duplicate_key.json", 4); }),
                     "file too large");
    EXPECT_ERROR_HAS(input_error([] { read_input_file(kBad + "missing.json", 4); }),
                     "no such file");
    const fs::path dir = scratch("fifo");
    const std::string fifo = (dir / "pipe").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_ERROR_HAS(input_error([&] { read_input_file(fifo, 1024); }), "not a regular file");
}

TEST(InputFile, NamesInsideAFileStayInItsFolder) {
    EXPECT_EQ(resolve_relative_input("/a/b/s.json", "$.f", "h.pgm"), "/a/b/h.pgm");
    EXPECT_EQ(resolve_relative_input("/a/b/s.json", "$.f", "maps/h.pgm"), "/a/b/maps/h.pgm");
    EXPECT_ERROR_HAS(input_error([] { resolve_relative_input("/a/s.json", "$.f", "/etc/passwd"); }),
                     "absolute path");
    EXPECT_ERROR_HAS(input_error([] { resolve_relative_input("/a/s.json", "$.f", "../x.pgm"); }),
                     "climbs out");
    EXPECT_ERROR_HAS(
        input_error([] { resolve_relative_input("/a/s.json", "$.f", "maps/../../x.pgm"); }),
        "climbs out");
}

// ---- Output paths and interrupt clean-up.

TEST(OutputPath, DevicesSymlinksAndMissingFoldersAreRefused) {
    EXPECT_ERROR_HAS(input_error([] { check_output_path("/dev/null", "-o"); }),
                     "not a regular file");
    const fs::path dir = scratch("output");
    const fs::path target = dir / "real.json";
    std::ofstream(target) << "keep";
    fs::create_symlink(target, dir / "link.json");
    EXPECT_ERROR_HAS(input_error([&] { write_file_atomically((dir / "link.json").string(), "x"); }),
                     "symbolic link");
    EXPECT_EQ(read_text_file(target.string()), "keep");  // the link's target is untouched
    EXPECT_ERROR_HAS(
        input_error([&] { check_output_path((dir / "nowhere" / "a.json").string(), "-o"); }),
        "does not exist");
    EXPECT_ERROR_HAS(input_error([&] { check_output_path(dir.string(), "-o"); }), "is a folder");
    struct stat st {};
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST(OutputPath, AtomicWriteLeavesOnlyTheFinishedFile) {
    const fs::path dir = scratch("atomic");
    write_file_atomically((dir / "out.json").string(), "hello");
    EXPECT_EQ(read_text_file((dir / "out.json").string()), "hello");
    int files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
    EXPECT_EQ(files, 1);
    EXPECT_EQ(fs::status(dir / "out.json").permissions() & fs::perms::others_read,
              fs::perms::others_read);
}

TEST(Cleanup, AnInterruptRemovesWhatIsStillRegistered) {
    const fs::path dir = scratch("cleanup");
    std::ofstream(dir / "temp") << "x";
    std::ofstream(dir / "done") << "x";
    fs::create_directories(dir / "frames" / "sub");
    cleanup::add_file((dir / "temp").string());
    cleanup::forget(cleanup::add_file((dir / "done").string()));
    cleanup::add_folder((dir / "frames").string());
    cleanup::run_all();
    EXPECT_FALSE(fs::exists(dir / "temp"));
    EXPECT_TRUE(fs::exists(dir / "done"));
    EXPECT_FALSE(fs::exists(dir / "frames"));
}

// ---- Scenarios.

std::string scenario_text() {
    return read_text_file(kReplays + "seed000/01_young_guard_vs_landwehr.scenario.json");
}

std::string replace_once(std::string s, const std::string& from, const std::string& to) {
    const auto pos = s.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    if (pos != std::string::npos) s.replace(pos, from.size(), to);
    return s;
}

std::string scenario_error(const std::string& text, const std::string& file = "s.json") {
    return input_error(
        [&] { battle::parse_scenario(parse_json_text(text, file), file, battle_rules()); });
}

TEST(ScenarioHardening, LengthsWrittenAsStringsAreRangeChecked) {
    const std::string good = scenario_text();
    EXPECT_EQ(scenario_error(good), "no error");
    for (const char* bad : {"\"1e18mm\"", "\"nanmm\"", "\"infcm\"", "\"-1e300in\"", "\"0x10cm\"",
                            "\" 120cm\"", "\"120 cm\""})
        EXPECT_NE(scenario_error(replace_once(good, "\"120cm\"", bad)), "no error") << bad;
    EXPECT_ERROR_HAS(scenario_error(replace_once(good, "\"120cm\"", "\"1e18mm\"")),
                     "$.table.width: length out of range");
    EXPECT_ERROR_HAS(scenario_error(replace_once(good, "\"120cm\"", "1e17")),
                     "length out of range");
}

TEST(ScenarioHardening, HeightfieldFilesMustBeRegularFilesBesideTheScenario) {
    const std::string good = scenario_text();
    auto with_file = [&](const std::string& name) {
        return replace_once(good, R"("kind": "flat")",
                            R"("kind": "image", "file": ")" + name + "\"");
    };
    EXPECT_ERROR_HAS(scenario_error(with_file("/dev/zero")), "absolute path");
    EXPECT_ERROR_HAS(scenario_error(with_file("../../etc/passwd")), "climbs out");
    const fs::path dir = scratch("heightfield");
    fs::create_directories(dir / "folder.pgm");
    const std::string in_dir = (dir / "s.json").string();
    EXPECT_ERROR_HAS(scenario_error(with_file("folder.pgm"), in_dir), "is a folder");
    ASSERT_EQ(::mkfifo((dir / "fifo.pgm").c_str(), 0600), 0);
    EXPECT_ERROR_HAS(scenario_error(with_file("fifo.pgm"), in_dir), "not a regular file");
}

TEST(ScenarioHardening, OverlapGridFindsWhatComparingEveryPairFinds) {
    Prng rng(7);
    std::vector<geom::Rect> rects;
    battle::OverlapGrid grid;
    for (int i = 0; i < 600; ++i) {
        geom::Rect r;
        r.centre = {static_cast<geom::i64>(rng.below(3000)),
                    static_cast<geom::i64>(rng.below(3000))};
        r.facing = geom::direction_of_degrees(static_cast<int>(rng.below(360)));
        // Mostly units of tens of cm; now and then a very long line that spans many cells.
        r.half_width = i % 97 == 0 ? 20000 : static_cast<geom::i64>(10 + rng.below(190));
        r.half_depth = static_cast<geom::i64>(5 + rng.below(55));
        int brute = -1;
        for (std::size_t j = 0; j < rects.size() && brute < 0; ++j)
            if (geom::overlaps(r, rects[j])) brute = static_cast<int>(j);
        EXPECT_EQ(grid.add(r), brute) << "unit " << i;
        rects.push_back(r);
    }
}

// ---- Replays. Some edits must reach past events_hash, so the hash is recomputed as the writer
// computes it for version 2 (docs/SCENARIO_AND_REPLAY.md): FNV-1a over the FNV-1a of each event
// line without its trailing comma, 8 bytes each, least significant first.

std::string rehash(std::string text) {
    const std::size_t ev = text.find("\n\"events\": [\n");
    std::uint64_t h = 0xcbf29ce484222325ULL;
    std::size_t pos = ev + 13;
    while (pos < text.size() && text[pos] != ']') {
        std::size_t end = text.find('\n', pos);
        std::string_view line(text.data() + pos, end - pos);
        if (!line.empty() && line.back() == ',') line.remove_suffix(1);
        const std::uint64_t of_line = fnv1a64(line.data(), line.size());
        for (int i = 0; i < 8; ++i) {
            const auto byte = static_cast<unsigned char>(of_line >> (8 * i));
            h = fnv1a64(&byte, 1, h);
        }
        pos = end + 1;
    }
    const std::size_t at = text.find("\"events_hash\":\"") + 15;
    text.replace(at, 16, hex16(h));
    return text;
}

const std::string kSmall = kReplays + "seed000/01_young_guard_vs_landwehr.replay.json";

std::string replay_error(const std::string& text) {
    return input_error([&] { replay::parse_replay(text, "bad.replay.json"); });
}

TEST(ReplayHardening, TheShippedReplaysStillLoad) {
    int replays = 0;
    for (const auto& entry : fs::recursive_directory_iterator(kReplays)) {
        if (!entry.path().string().ends_with(".replay.json")) continue;
        EXPECT_EQ(replay_error(read_text_file(entry.path().string())), "no error") << entry.path();
        ++replays;
    }
    EXPECT_GE(replays, 9);
}

TEST(ReplayHardening, AnEmbeddedScenarioWithARepeatedKeyIsRefused) {
    // The fast id reader used to collect both copies of "sides" while nlohmann kept the last.
    const std::string good = read_text_file(kSmall);
    const std::size_t sides = good.find("\"sides\":");
    const std::size_t keyframes = good.find("\n\"keyframes\"");
    std::string bad = good;
    const std::string sides_text =
        good.substr(sides, keyframes - 2 - sides);  // up to the scenario's '}'
    bad.insert(keyframes - 2, "," + sides_text);
    EXPECT_ERROR_HAS(replay_error(bad), "\"sides\" appears twice");
}

TEST(ReplayHardening, KeyframesAreCheckedAgainstTheEvents) {
    const std::string good = read_text_file(kSmall);
    // One unit snapshot removed from the first keyframe.
    const std::size_t kf = good.find("\n\"keyframes\": [\n") + 16;
    const std::size_t first = good.find("{\"unit\":", kf);
    const std::size_t second = good.find("{\"unit\":", first + 1);
    std::string removed = good;
    removed.erase(first, second - first);
    EXPECT_ERROR_HAS(replay_error(removed), "$.keyframes[0].units: expected");
    // A keyframe edited (figures changed): verify used to say "identical" and render drew it.
    const std::size_t figures = good.find("\"figures\":", kf);
    std::string edited = good;
    edited.replace(figures, 11, "\"figures\":9");
    EXPECT_ERROR_HAS(replay_error(edited), "does not match the state the events leave unit");
}

TEST(ReplayHardening, ValuesPastTheLimitsAreRefusedEvenWithAMatchingHash) {
    const std::string good = read_text_file(kSmall);
    const std::size_t ev = good.find("\n\"events\": [\n");
    const std::size_t last_t1 = good.rfind("\"t1\":");
    const std::size_t end = good.find(',', last_t1);
    std::string huge = good;
    huge.replace(last_t1, end - last_t1, "\"t1\":9000000000000000000");
    EXPECT_ERROR_HAS(replay_error(rehash(huge)), ".t1: expected an end time");
    std::string figures = good;
    const std::size_t f = figures.find("\"figures\":", ev);
    figures.replace(f, figures.find(',', f) - f, "\"figures\":2000000000");
    EXPECT_ERROR_HAS(replay_error(rehash(figures)), ".figures: expected from 0 to 10000 figures");
    const std::size_t pos = good.find("\"pos\":[", ev);
    std::string far = good;
    far.replace(pos, far.find(']', pos) + 1 - pos, "\"pos\":[9000000000000,5]");
    EXPECT_ERROR_HAS(replay_error(rehash(far)), "beyond the limit");
}

TEST(ReplayHardening, DeepExplanationsAndTrailingBytesAreRefused) {
    const std::string good = read_text_file(kSmall);
    const std::size_t details = good.find("\"explanation\":{");
    ASSERT_NE(details, std::string::npos);
    std::string deep = good;
    deep.insert(details + 15,
                "\"deep\":" + std::string(100000, '[') + std::string(100000, ']') + ",");
    EXPECT_ERROR_HAS(replay_error(rehash(deep)), "nesting deeper than 64");
    EXPECT_ERROR_HAS(replay_error(good + "]"), "bad.replay.json");
    EXPECT_ERROR_HAS(replay_error(good + std::string(1, '\0')), "NUL");
}

TEST(ReplayHardening, ReplaysLaidOutDifferentlyStillLoad) {
    // CRLF line endings, re-indented, compacted with the same key order: the same replay.
    const std::string good = read_text_file(kSmall);
    const replay::Replay original = replay::parse_replay(good, "a.json");
    std::string crlf;
    for (char c : good) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    const auto ordered = nlohmann::ordered_json::parse(good);
    for (const std::string& text : {crlf, ordered.dump(2), ordered.dump(), ordered.dump(1, '\t')}) {
        replay::Replay r;
        EXPECT_EQ(input_error([&] { r = replay::parse_replay(text, "b.json"); }), "no error");
        ASSERT_EQ(r.events.size(), original.events.size());
        for (std::size_t i = 0; i < r.events.size(); ++i)
            EXPECT_EQ(r.events[i].explanation, original.events[i].explanation);
        EXPECT_EQ(r.keyframes.size(), original.keyframes.size());
    }
}

TEST(ReplayHardening, TheEmbeddedScenarioMustNameTheEventsUnits) {
    const std::string good = read_text_file(kSmall);
    replay::Replay r = replay::parse_replay(good, "a.json");
    r.unit_ids.pop_back();
    const gdb::GdbRuleset gdb(kSource + "/sim/rulesets");
    EXPECT_ERROR_HAS(input_error([&] { ruleset::replay_scenario(r, gdb); }),
                     "the scenario's units are not the units of the roster");
}

}  // namespace
}  // namespace vedette::sim
