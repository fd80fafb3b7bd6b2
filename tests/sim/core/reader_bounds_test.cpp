// Regression tests for values a replay or scenario reader used to accept although the docs ruled
// them out (issue 25): hex grids with coordinates that overflowed the renderer's arithmetic,
// explanations too large for the viewer to draw, gaits, overlay kinds, odds, hashes and times
// outside their documented forms, heightfield samples above the image's maxval and a negative
// relief. Each is now refused with an InputError naming the file and the JSON path. The inputs
// are a shipped replay or scenario edited here: through the replay writer (so the events hash
// still matches and only the edit is wrong) or as text.

#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"
#include "sim/replay/replay.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/battle/scenario.h"
#include "tests/sim/core/input_error_text.h"

namespace vedette::sim::reader_bounds_test {
namespace {

namespace fs = std::filesystem;
using OJson = nlohmann::ordered_json;
const std::string kSource = VEDETTE_SOURCE_DIR;
const std::string kReplays = kSource + "/replays/";
const std::string kGdb = kReplays + "seed000/01_young_guard_vs_landwehr.replay.json";
const std::string kHex = kReplays + "borodino/clause_9_21_who_may_shock.replay.json";
const std::string kFile = "bad.replay.json";

using test::input_error;

std::string replay_error(const std::string& text) {
    return input_error([&] { replay::parse_replay(text, kFile); });
}

// A shipped replay read, edited and written again: the writer computes the events hash afresh,
// so the reader gets past it to the edited value.
std::string rewritten(const std::string& path, const std::function<void(replay::Replay&)>& edit) {
    replay::Replay r = replay::read_replay(path);
    edit(r);
    return replay::write_replay_text(r);
}

// The first event with an explanation, and its index.
std::size_t explained(const replay::Replay& r) {
    for (std::size_t i = 0; i < r.events.size(); ++i)
        if (r.events[i].explanation) return i;
    ADD_FAILURE() << "no explanation";
    return 0;
}

// An edit of the first explanation's section of `kind`; `where` gets that section's JSON path.
std::string explanation_edit(record::SectionKind kind, std::string& where,
                             const std::function<void(record::Section&)>& edit,
                             const std::string& path = kGdb) {
    return rewritten(path, [&](replay::Replay& r) {
        for (std::size_t i = explained(r); i < r.events.size(); ++i) {
            if (!r.events[i].explanation) continue;
            auto& sections = r.events[i].explanation->sections;
            for (std::size_t s = 0; s < sections.size(); ++s)
                if (sections[s].kind == kind) {
                    where = "$.events[" + std::to_string(i) + "].explanation.sections[" +
                            std::to_string(s) + "]";
                    edit(sections[s]);
                    return;
                }
        }
        ADD_FAILURE() << "no section of that kind";
    });
}

// ---- 1. Hex grids.

std::string hex_edit(const std::function<void(OJson&)>& edit) {
    return rewritten(kHex, [&](replay::Replay& r) {
        OJson board = OJson::parse(r.header.board.written);
        edit(board["hex"]);
        record::set_written_board(r.header.board, board);
    });
}

TEST(HexGridBounds, TheShippedGridsAreFarWithinTheLimits) {
    const replay::Replay r = replay::read_replay(kHex);
    ASSERT_TRUE(r.header.board.hex);
    EXPECT_LT(r.header.board.hex->hexes.size(), 10000u);
    EXPECT_EQ(replay_error(replay::write_replay_text(r)), "no error");
}

TEST(HexGridBounds, CoordinatesBeyondTenThousandAreRefusedWithTheirPath) {
    for (const std::int64_t q : {10001ll, -10001ll, -2147483648ll, 2147483647ll}) {
        const std::string m = replay_error(hex_edit([&](OJson& hex) { hex["hexes"][1]["q"] = q; }));
        EXPECT_ERROR_HAS(m, kFile + ": $.board.hex.hexes[1].q");
        EXPECT_ERROR_HAS(m, "10000");
    }
    // Past int: the whole-number check names the file and the place as well.
    for (const std::int64_t r : {2147483648ll, -2147483649ll, 1ll << 40}) {
        const std::string m = replay_error(hex_edit([&](OJson& hex) { hex["hexes"][0]["r"] = r; }));
        EXPECT_ERROR_HAS(m, kFile + ": $.board.hex.hexes[0].r");
    }
}

TEST(HexGridBounds, TheRectangleOfTheHexesIsBounded) {
    // Two hexes in opposite corners: 20,001 x 20,001 cells for the renderer.
    const std::string m = replay_error(hex_edit([](OJson& hex) {
        hex["hexes"][0]["q"] = -10000;
        hex["hexes"][0]["r"] = -10000;
        hex["hexes"][1]["q"] = 10000;
        hex["hexes"][1]["r"] = 10000;
    }));
    EXPECT_ERROR_HAS(m, kFile + ": $.board.hex.hexes:");
    EXPECT_ERROR_HAS(m, "4000000");
    // A long thin strip is fine.
    EXPECT_EQ(replay_error(hex_edit([](OJson& hex) { hex["hexes"][0]["q"] = 10000; })), "no error");
}

TEST(HexGridBounds, OriginAndSizeAreLengthsWithinOneKilometre) {
    const std::string far =
        replay_error(hex_edit([](OJson& hex) { hex["origin"][0] = 1099511627776ll; }));  // 2^40
    EXPECT_ERROR_HAS(far, kFile + ": $.board.hex.origin");
    EXPECT_ERROR_HAS(far, "1000000 mm");
    EXPECT_ERROR_HAS(replay_error(hex_edit([](OJson& hex) { hex["origin"][1] = -1000001; })),
                     "$.board.hex.origin");
    EXPECT_ERROR_HAS(replay_error(hex_edit([](OJson& hex) { hex["size_mm"] = 1000001; })),
                     kFile + ": $.board.hex.size_mm");
    EXPECT_ERROR_HAS(replay_error(hex_edit([](OJson& hex) { hex["size_mm"] = 0; })),
                     kFile + ": $.board.hex.size_mm");
}

// ---- 2. Explanations.

TEST(ExplanationBounds, AModifierTableOfManyColumnsIsRefused) {
    std::string where;
    const std::string text = explanation_edit(record::SectionKind::modifiers, where, [](auto& s) {
        s.columns.assign(63, "side");
        for (auto& row : s.rows) row.values.assign(63, "+1");
    });
    const std::string m = replay_error(text);
    EXPECT_ERROR_HAS(m, kFile + ": " + where + ".columns: 63 columns; the limit is 16");
    // More values in a row than the table has columns.
    const std::string values =
        replay_error(explanation_edit(record::SectionKind::modifiers, where, [](auto& s) {
            s.rows.at(0).values.assign(s.columns.size() + 1, "+1");
        }));
    EXPECT_ERROR_HAS(values, where + ".rows[0].values");
    EXPECT_ERROR_HAS(values, "one value per column");
}

TEST(ExplanationBounds, DiceRowsNotesSectionsAndTextsAreBounded) {
    std::string where;
    const std::string dice =
        replay_error(explanation_edit(record::SectionKind::dice, where, [](auto& s) {
            s.dice.at(0).dice.assign(100000, record::Die{3, ""});
        }));
    EXPECT_ERROR_HAS(dice, where + ".dice[0].dice: 100000 dice; the limit is 1000");
    const std::string groups = replay_error(explanation_edit(
        record::SectionKind::dice, where, [](auto& s) { s.dice.assign(101, s.dice.at(0)); }));
    EXPECT_ERROR_HAS(groups, where + ".dice: 101 dice groups");
    const std::string notes = replay_error(explanation_edit(
        record::SectionKind::results, where, [](auto& s) { s.notes.assign(201, "a note"); }));
    EXPECT_ERROR_HAS(notes, where + ".notes: 201 notes; the limit is 200");
    const std::string text = replay_error(explanation_edit(
        record::SectionKind::results, where, [](auto& s) { s.title = std::string(5000, 'x'); }));
    EXPECT_ERROR_HAS(text, where + ".title: a text of 5000 bytes; the limit is 4096");
    // Many lists each within its own limit still add up past the explanation's total.
    const std::string total =
        replay_error(explanation_edit(record::SectionKind::dice, where, [](auto& s) {
            s.dice.assign(20, s.dice.at(0));
            for (auto& g : s.dice) g.dice.assign(600, record::Die{3, ""});
        }));
    EXPECT_ERROR_HAS(total, "more than 10000 dice, rows, lines and notes in one explanation");
    const std::string many = replay_error(rewritten(kGdb, [](replay::Replay& r) {
        auto& e = *r.events[explained(r)].explanation;
        e.sections.assign(101, e.sections.at(0));
    }));
    EXPECT_ERROR_HAS(many, ".explanation.sections: 101 sections; the limit is 100");
}

TEST(ExplanationBounds, OddsAreExactDecimalCounts) {
    // A Borodino replay: its odds count the faces of a d10.
    std::string where;
    auto odds = [&](const std::function<void(record::Section&)>& edit) {
        return replay_error(explanation_edit(record::SectionKind::odds, where, edit, kHex));
    };
    for (const char* bad : {"abc", "0", "-36", "036", "1e9", " 36", ""}) {
        const std::string m = odds([&](auto& s) { s.denominator = bad; });
        EXPECT_ERROR_HAS(m, kFile + ": " + where) << bad;
    }
    EXPECT_ERROR_HAS(odds([](auto& s) { s.denominator = "abc"; }),
                     where + ".denominator: expected a whole number above 0");
    for (const char* bad : {"-1", "abc", "1.5", "+2", "01", " 3"}) {
        const std::string m = odds([&](auto& s) { s.outcomes.at(0).count = bad; });
        EXPECT_ERROR_HAS(m, kFile + ": " + where + ".outcomes[0].count: expected") << bad;
    }
    EXPECT_ERROR_HAS(odds([](auto& s) { s.outcomes.at(0).count = s.denominator + "0"; }),
                     where + ".outcomes[0].count: more rolls");
    EXPECT_ERROR_HAS(odds([](auto& s) { s.outcomes.at(0).probability = -0.5; }),
                     where + ".outcomes[0].probability");
    EXPECT_EQ(odds([](auto& s) { s.outcomes.at(0).count = "0"; }), "no error");
}

// ---- 3. Forms the docs give.

TEST(ReplayForms, AnUnknownTopLevelMemberIsRefusedByEitherReader) {
    const std::string good = read_text_file(kGdb);
    for (const char* before : {"\n\"keyframes\": [", "\n\"board\": ", "\n\"scenario\": "}) {
        std::string bad = good;
        bad.insert(bad.find(before), "\n\"extra\": 1,");
        EXPECT_ERROR_HAS(replay_error(bad), kFile + ": $.extra: unknown field") << before;
    }
    OJson j = OJson::parse(good);
    j["extra"] = 1;
    EXPECT_ERROR_HAS(replay_error(j.dump(1)), kFile + ": $.extra: unknown field");
}

TEST(ReplayForms, GaitsOverlayKindsHashesAndTimesHaveTheirDocumentedForms) {
    const std::string gait = replay_error(rewritten(kGdb, [](replay::Replay& r) {
        for (auto& e : r.events)
            if (e.motion) {
                e.motion->gait = "fly";
                return;
            }
    }));
    EXPECT_ERROR_HAS(gait, ".motion.gait: expected walk, trot, gallop or flee");
    EXPECT_ERROR_HAS(gait, kFile + ": $.events[");
    const std::string star = replay_error(rewritten(
        kHex, [](replay::Replay& r) { r.header.units.at(0).overlays.at(0).kind = "star"; }));
    EXPECT_ERROR_HAS(star, kFile + ": $.header.units[0].overlays[0].kind");
    const std::string ruler = replay_error(rewritten(kHex, [](replay::Replay& r) {
        auto& o = r.header.units.at(0).overlays.at(0);
        o.kind = "ruler", o.radius_mm = 1000000, o.tick_mm = 1;
    }));
    EXPECT_ERROR_HAS(ruler, "$.header.units[0].overlays[0].tick_mm");
    const std::string hexes = replay_error(rewritten(kHex, [](replay::Replay& r) {
        r.header.units.at(0).overlays.at(0).hexes = {{1ll << 40, 0}};
    }));
    EXPECT_ERROR_HAS(hexes, "$.header.units[0].overlays[0].hexes[0]");
    const std::string hash =
        replay_error(rewritten(kGdb, [](replay::Replay& r) { r.turn_hashes.at(0).hash = "abc"; }));
    EXPECT_ERROR_HAS(hash, kFile + ": $.turn_hashes[0].hash: expected 16 hexadecimal digits");
    const std::string time =
        replay_error(rewritten(kGdb, [](replay::Replay& r) { r.keyframes.at(0).time_ms = -1; }));
    EXPECT_ERROR_HAS(time, kFile + ": $.keyframes[0].time");
}

// ---- Scenarios: the same board reader, and the heightfield.

std::string scenario_error(const std::function<void(OJson&)>& edit, const std::string& file) {
    OJson j =
        OJson::parse(read_text_file(kReplays + "seed000/01_young_guard_vs_landwehr.scenario.json"));
    edit(j);
    static const battle::BattleRules rules =
        battle::load_battle_rules(kSource + "/sim/rulesets/gdb/gdb.json");
    return input_error(
        [&] { battle::parse_scenario(parse_json_text(j.dump(), file), file, rules); });
}

TEST(ScenarioForms, AnUnknownTopLevelMemberIsRefused) {
    EXPECT_ERROR_HAS(scenario_error([](OJson& j) { j["extra"] = 1; }, "s.json"),
                     "s.json: $.extra: unknown field");
}

TEST(ScenarioForms, HeightfieldSamplesAboveMaxvalAndNegativeReliefAreRefused) {
    const fs::path dir = fs::path(testing::TempDir()) / "vedette_reader_bounds";
    fs::create_directories(dir);
    std::ofstream(dir / "text.pgm") << "P2\n2 2\n100\n0 50\n100 200\n";
    std::ofstream(dir / "wide.pgm") << "P2\n2 2\n255\n0 50\n100 300\n";
    std::ofstream(dir / "bytes.pgm", std::ios::binary) << "P5\n2 2\n100\n"
                                                       << std::string("\x00\x32\x64\xc8", 4);
    std::ofstream(dir / "good.pgm", std::ios::binary) << "P5\n2 2\n100\n"
                                                      << std::string("\x00\x32\x64\x64", 4);
    const std::string file = (dir / "s.json").string();
    auto image = [&](const std::string& name) {
        return scenario_error(
            [&](OJson& j) {
                j["terrain"]["heightfield"] = {
                    {"kind", "image"}, {"file", name}, {"relief", "3cm"}};
            },
            file);
    };
    EXPECT_EQ(image("good.pgm"), "no error");
    for (const char* bad : {"text.pgm", "wide.pgm", "bytes.pgm"}) {
        const std::string m = image(bad);
        EXPECT_ERROR_HAS(m, file + ": $.terrain.heightfield.file") << bad;
        EXPECT_ERROR_HAS(m, "above the image's maxval") << bad;
    }
    const std::string relief = scenario_error(
        [](OJson& j) {
            j["terrain"]["heightfield"] = {{"kind", "procedural"}, {"relief", "-3cm"}};
        },
        file);
    EXPECT_ERROR_HAS(relief, file + ": $.terrain.heightfield.relief");
}

}  // namespace
}  // namespace vedette::sim::reader_bounds_test
