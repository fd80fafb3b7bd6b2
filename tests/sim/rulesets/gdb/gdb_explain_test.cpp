// GdB's version 1 explanation records as typed explanations (gdb_replay_v1_explain.*), checked
// against the real `details` of the seed 000 replays as shipped in format version 1 (kept in
// tests/data/v1/seed000, where every explained event carries its record): every fact the old
// panels showed must be in a section. A melee the engine resolves today (gdb_explain.h) explains
// as its report would.

#include "sim/rulesets/gdb/gdb_replay_v1_explain.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "sim/core/json_reader.h"
#include "sim/core/prng.h"
#include "sim/rulesets/gdb/gdb_explain.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"
#include "sim/rulesets/gdb/melee/melee_input.h"
#include "sim/rulesets/gdb/melee/melee_report.h"

namespace vedette::sim::gdb {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using OJson = nlohmann::ordered_json;
using record::Explanation;
using record::Section;
using record::SectionKind;

const std::string kSource = VEDETTE_SOURCE_DIR;

const json& tables() {
    static const json t = json::parse(std::ifstream(kSource + "/sim/rulesets/gdb/gdb.json"));
    return t;
}

// Every event with a details record in the version 1 seed 000 replays.
const std::vector<OJson>& recorded() {
    static const std::vector<OJson> events = [] {
        std::vector<fs::path> files;
        for (const auto& f : fs::directory_iterator(kSource + "/tests/data/v1/seed000"))
            if (f.path().string().ends_with(".replay.json")) files.push_back(f.path());
        std::sort(files.begin(), files.end());
        std::vector<OJson> out;
        for (const auto& f : files) {
            const OJson doc = OJson::parse(std::ifstream(f));
            for (const auto& e : doc["events"])
                if (e.contains("details")) out.push_back(e);
        }
        return out;
    }();
    return events;
}

std::vector<const OJson*> of_kind(const std::string& kind) {
    std::vector<const OJson*> out;
    for (const auto& e : recorded())
        if (e["kind"] == kind) out.push_back(&e);
    return out;
}

Explanation explain(const OJson& e) {
    const auto x = explain_v1_details(e["kind"], e["rule"], e["details"], tables());
    EXPECT_TRUE(x.has_value()) << e.dump();
    return x.value_or(Explanation{});
}

// The first section of `kind` whose title contains `title`.
const Section* find(const Explanation& e, SectionKind kind, const std::string& title = "") {
    for (const auto& s : e.sections)
        if (s.kind == kind && s.title.find(title) != std::string::npos) return &s;
    return nullptr;
}

std::string line(const Section& s, const std::string& key) {
    for (const auto& l : s.lines)
        if (l.key == key) return l.value;
    return "<no line " + key + ">";
}

std::vector<std::string> lit_results(const Section& s) {
    std::vector<std::string> out;
    for (const auto& r : s.results)
        if (r.lit) out.push_back(r.label);
    return out;
}

std::string signed_int(int v) {
    return (v >= 0 ? "+" : "") + std::to_string(v);
}

// Millimetres as centimetres with one decimal, a ".0" dropped ("22.5 cm", "36 cm").
std::string cm(long long mm) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", static_cast<double>(mm) / 10.0);
    std::string s = b;
    if (s.ends_with(".0")) s.resize(s.size() - 2);
    return s + " cm";
}

std::vector<int> dice_of(const record::DiceGroup& g) {
    std::vector<int> out;
    for (const auto& d : g.dice) out.push_back(d.value);
    return out;
}

TEST(GdbExplain, TheReplaysHoldEveryShape) {
    for (const char* kind :
         {"melee", "morale_test", "charge_declared", "volley", "form_square", "guns_abandoned"})
        EXPECT_FALSE(of_kind(kind).empty()) << kind << ": the version 1 seed 000 replays changed";
}

TEST(GdbExplain, EveryRecordIsExplainedWithOneLitResultRow) {
    ASSERT_FALSE(recorded().empty());
    for (const auto& e : recorded()) {
        const Explanation x = explain(e);
        EXPECT_FALSE(x.title.empty());
        EXPECT_FALSE(x.rule.empty());
        EXPECT_FALSE(x.sections.empty()) << e.dump();
        for (const auto& s : x.sections) {
            if (s.kind == SectionKind::results && s.title.ends_with("Result")) {
                EXPECT_EQ(lit_results(s).size(), 1u) << s.title << " in " << e.dump();
            }
        }
    }
}

TEST(GdbExplain, MeleeModifierTableHasEveryRowLitWhereApplied) {
    const json& table = tables()["melee_modifiers"];
    for (const OJson* e : of_kind("melee")) {
        const OJson& d = (*e)["details"];
        if (!d.is_object()) continue;
        const Explanation x = explain(*e);
        const Section* mods = find(x, SectionKind::modifiers);
        ASSERT_NE(mods, nullptr);
        EXPECT_EQ(mods->columns, (std::vector<std::string>{"attacker", "defender"}));
        ASSERT_GE(mods->rows.size(), table.size());
        for (std::size_t i = 0; i < table.size(); ++i)
            EXPECT_EQ(mods->rows[i].label, table[i]["label"].get<std::string>());
        std::size_t applied = 0;
        for (int side = 0; side < 2; ++side) {
            const char* key = side == 0 ? "attacker" : "defender";
            if (d[key]["units"].size() != 1) continue;
            for (const auto& m : d[key]["units"][0]["modifiers"]) {
                ++applied;
                const auto row = std::find_if(mods->rows.begin(), mods->rows.end(),
                                              [&](const auto& r) { return r.label == m["label"]; });
                ASSERT_NE(row, mods->rows.end()) << m.dump();
                EXPECT_TRUE(row->lit) << row->label;
                EXPECT_EQ(row->rule, m["rule"].get<std::string>());
                EXPECT_EQ(row->values[static_cast<std::size_t>(side)],
                          signed_int(m["value"].get<int>()));
            }
        }
        std::size_t lit = 0;
        for (const auto& r : mods->rows) lit += r.lit ? 1 : 0;
        EXPECT_LE(lit, applied);
        EXPECT_GT(lit, 0u);
    }
}

TEST(GdbExplain, MeleeShowsScoresDiceResultCasualtiesAndOdds) {
    int checked = 0;
    for (const OJson* e : of_kind("melee")) {
        const OJson& d = (*e)["details"];
        if (!d.is_object()) continue;
        ++checked;
        const Explanation x = explain(*e);
        EXPECT_EQ(x.rule, (*e)["rule"].get<std::string>());
        for (const std::string side : {"attacker", "defender"}) {
            const std::string title = side == "attacker" ? "Attacker" : "Defender";
            const Section* s = find(x, SectionKind::dice, title + ": ");
            ASSERT_NE(s, nullptr) << title;
            if (d[side]["score"].is_number()) {
                EXPECT_EQ(s->title,
                          title + ": score " + std::to_string(d[side]["score"].get<int>()));
            }
            ASSERT_EQ(s->dice.size(), d[side]["units"].size());
            for (std::size_t i = 0; i < s->dice.size(); ++i) {
                const OJson& u = d[side]["units"][i];
                EXPECT_EQ(dice_of(s->dice[i]), u["dice"].get<std::vector<int>>());
                if (u["dice"].empty()) continue;
                const int sum = u["dice"][0].get<int>() + u["dice"][1].get<int>();
                EXPECT_EQ(s->dice[i].total, std::to_string(sum) + " + modifiers " +
                                                signed_int(u["modifier_total"].get<int>()) +
                                                " = total " +
                                                std::to_string(u["total"].get<int>()));
            }
        }
        const Section* result = find(x, SectionKind::results, "Result");
        ASSERT_NE(result, nullptr);
        // A version 1 record names its row as the table had it then (the 7-or-more row has since
        // lost "(a square is broken too)"): such a row is added to the table, lit.
        const auto& rows = tables()["melee_results"]["rows"];
        bool old_label = d["result_row"].is_object();
        for (const auto& row : rows)
            if (old_label && row["label"] == d["result_row"]["label"]) old_label = false;
        EXPECT_EQ(result->results.size(), rows.size() + (old_label ? 1 : 0));
        if (d["result_row"].is_object()) {
            EXPECT_EQ(lit_results(*result),
                      std::vector<std::string>{d["result_row"]["label"].get<std::string>()});
        }
        EXPECT_EQ(line(*result, "winner"), d["winner"].get<std::string>());
        EXPECT_EQ(line(*result, "difference"), std::to_string(d["difference"].get<int>()));
        EXPECT_NE(line(*result, "continues").find(d["continues"].get<bool>() ? "yes" : "no"),
                  std::string::npos);
        const Section* cas = find(x, SectionKind::results, "Casualties");
        ASSERT_NE(cas, nullptr);
        for (const auto& c : d["casualty_rows"]) {
            bool found = false;
            for (const auto& l : cas->lines)
                found = found || l.value.find(c["arithmetic"].get<std::string>()) == 0;
            EXPECT_TRUE(found) << c.dump();
        }
        const Section* status = find(x, SectionKind::lines, "Casualties and status");
        ASSERT_NE(status, nullptr);
        for (const std::string side : {"attacker", "defender"})
            for (const auto& u : d[side]["units"])
                EXPECT_NE(
                    line(*status, u["name"])
                        .find("-> " + std::to_string(u["figures_after"].get<int>()) + " figures"),
                    std::string::npos);
        const Section* odds = find(x, SectionKind::odds);
        ASSERT_NE(odds, nullptr);
        EXPECT_EQ(odds->denominator, d["odds"]["denominator"].get<std::string>());
        ASSERT_EQ(odds->outcomes.size(), d["odds"]["outcomes"].size());
        double total = 0;
        int actual = 0;
        for (std::size_t i = 0; i < odds->outcomes.size(); ++i) {
            const auto& o = odds->outcomes[i];
            const OJson& r = d["odds"]["outcomes"][i];
            total += o.probability;
            EXPECT_EQ(o.count, r["count"].get<std::string>());
            if (!o.actual) continue;
            ++actual;
            EXPECT_EQ(r["winner"], d["winner"]);
            EXPECT_EQ(r["result"], d["result"]);
        }
        EXPECT_EQ(actual, 1);
        EXPECT_NEAR(total, 1.0, 1e-9);
    }
    EXPECT_GE(checked, 5);
}

TEST(GdbExplain, FollowUpTestsShowDiceModifiersAndRow) {
    int tests = 0;
    for (const OJson* e : of_kind("melee")) {
        const OJson& d = (*e)["details"];
        if (!d.is_object()) continue;
        const Explanation x = explain(*e);
        for (const std::string side : {"attacker", "defender"})
            for (const auto& u : d[side]["units"])
                for (const auto& t : u["tests"]) {
                    ++tests;
                    const std::string title = u["name"].get<std::string>() + ": " +
                                              t["kind"].get<std::string>() + " test";
                    const Section* dice = find(x, SectionKind::dice, title);
                    ASSERT_NE(dice, nullptr) << title;
                    EXPECT_EQ(dice->rule, t["rule"].get<std::string>());
                    ASSERT_EQ(dice->dice.size(), 1u);
                    EXPECT_EQ(dice_of(dice->dice[0]), t["dice"].get<std::vector<int>>());
                    EXPECT_TRUE(dice->dice[0].total.ends_with(
                        "= total " + std::to_string(t["total"].get<int>())));
                    const Section* result = find(x, SectionKind::results, title + " result");
                    ASSERT_NE(result, nullptr);
                    EXPECT_EQ(lit_results(*result),
                              std::vector<std::string>{t["row"]["label"].get<std::string>()});
                }
    }
    EXPECT_GT(tests, 0);
}

TEST(GdbExplain, FormationTestLightsPassOrFail) {
    // No shipped replay has a formation test: one unit's record gets one, as the melee report
    // writes it (melee_report.cpp, test_json).
    OJson e = *of_kind("melee").front();
    OJson& u = e["details"]["defender"]["units"][0];
    u["tests"] =
        OJson::array({{{"kind", "formation"},
                       {"rule", "GdB 12.22"},
                       {"dice", {2, 3}},
                       {"modifiers", OJson::array()},
                       {"total", 5},
                       {"target", 8},
                       {"outcome", "failed"},
                       {"row", {{"rule", "GdB 12.22"}, {"label", "class line passes on 8+"}}}}});
    const Explanation x = explain(e);
    const std::string title = u["name"].get<std::string>() + ": formation test";
    const Section* result = find(x, SectionKind::results, title + " result");
    ASSERT_NE(result, nullptr);
    EXPECT_EQ(lit_results(*result), std::vector<std::string>{"less than 8: fails, unformed"});
    const Section* mods = find(x, SectionKind::modifiers, "");
    ASSERT_NE(mods, nullptr);
    EXPECT_EQ(line(*result, "outcome"), "failed");
}

TEST(GdbExplain, MoraleTestsShowDiceModifiersTotalAndRow) {
    for (const OJson* e : of_kind("morale_test")) {
        const OJson& d = (*e)["details"];
        const Explanation x = explain(*e);
        EXPECT_EQ(x.rule, d["rule"].get<std::string>());
        const Section* dice = find(x, SectionKind::dice);
        ASSERT_NE(dice, nullptr);
        ASSERT_EQ(dice->dice.size(), 1u);
        EXPECT_EQ(dice_of(dice->dice[0]), d["dice"].get<std::vector<int>>());
        int mods = 0;
        for (const auto& m : d["modifiers"]) mods += m["value"].get<int>();
        EXPECT_EQ(dice->dice[0].total,
                  std::to_string(d["dice"][0].get<int>() + d["dice"][1].get<int>()) +
                      " + modifiers " + signed_int(mods) + " = total " +
                      std::to_string(d["total"].get<int>()));
        const Section* table = find(x, SectionKind::modifiers);
        ASSERT_NE(table, nullptr);
        const json& t = tables()["battle"][d["test"].get<std::string>()];
        EXPECT_GE(table->rows.size(), t["modifiers"].size());
        std::size_t lit = 0;
        for (const auto& r : table->rows) lit += r.lit ? 1 : 0;
        EXPECT_EQ(lit, d["modifiers"].size());
        for (const auto& m : d["modifiers"]) {
            const auto row = std::find_if(table->rows.begin(), table->rows.end(),
                                          [&](const auto& r) { return r.label == m["label"]; });
            ASSERT_NE(row, table->rows.end());
            EXPECT_TRUE(row->lit);
            EXPECT_EQ(row->values, std::vector<std::string>{signed_int(m["value"].get<int>())});
        }
        const Section* result = find(x, SectionKind::results, "Result");
        ASSERT_NE(result, nullptr);
        EXPECT_EQ(result->results.size(), t["rows"].size());
        EXPECT_EQ(lit_results(*result), std::vector<std::string>{d["row"].get<std::string>()});
    }
}

TEST(GdbExplain, ChargeDeclarationShowsDistancesCommandVisibilityAndSector) {
    for (const OJson* e : of_kind("charge_declared")) {
        const OJson& d = (*e)["details"];
        const Explanation x = explain(*e);
        const Section* s = find(x, SectionKind::lines);
        ASSERT_NE(s, nullptr);
        EXPECT_EQ(line(*s, "distance"), cm(d["distance_mm"].get<long long>()));
        EXPECT_EQ(line(*s, "charge move"), cm(d["charge_move_mm"].get<long long>()));
        EXPECT_EQ(line(*s, "general"), cm(d["command_distance_mm"].get<long long>()) + " away");
        EXPECT_EQ(line(*s, "command radius").find(cm(d["command_radius_mm"].get<long long>())), 0u);
        EXPECT_EQ(line(*s, "target"), d["visible"].get<bool>() ? "visible" : "not visible");
        EXPECT_EQ(line(*s, "sector").find(d["in_sector"].get<bool>() ? "within" : "outside"), 0u);
    }
}

TEST(GdbExplain, VolleyLimberingAndFormationChange) {
    for (const OJson* e : of_kind("volley")) {
        const OJson& d = (*e)["details"];
        const Explanation x = explain(*e);
        const Section* dice = find(x, SectionKind::dice);
        ASSERT_NE(dice, nullptr);
        EXPECT_EQ(dice_of(dice->dice[0]), d["dice"].get<std::vector<int>>());
        EXPECT_TRUE(
            dice->dice[0].total.ends_with("= total " + std::to_string(d["total"].get<int>())));
        const Section* result = find(x, SectionKind::results, "Result");
        ASSERT_NE(result, nullptr);
        EXPECT_EQ(result->results.size(), tables()["battle"]["closing_fire"]["rows"].size());
        EXPECT_EQ(lit_results(*result), std::vector<std::string>{d["row"].get<std::string>()});
        EXPECT_EQ(line(*result, "figures lost"), std::to_string(d["figures"].get<int>()));
    }
    for (const OJson* e : of_kind("guns_abandoned")) {
        const Explanation x = explain(*e);
        EXPECT_EQ(x.title, "Emergency limbering");
        const Section* result = find(x, SectionKind::results, "Result");
        ASSERT_NE(result, nullptr);
        EXPECT_EQ(lit_results(*result),
                  std::vector<std::string>{(*e)["details"]["row"].get<std::string>()});
    }
    for (const OJson* e : of_kind("form_square")) {
        const OJson& d = (*e)["details"];
        const Explanation x = explain(*e);
        const Section* s = find(x, SectionKind::lines);
        ASSERT_NE(s, nullptr);
        EXPECT_EQ(line(*s, "needed"), std::to_string(d["percent"].get<int>()) +
                                          "% of the charger's charge move, " +
                                          cm(d["needed_mm"].get<long long>()));
        EXPECT_EQ(line(*s, "charger's distance"), cm(d["distance_mm"].get<long long>()));
    }
}

TEST(GdbExplain, MeleeReportIsExplainedLikeTheMeleeEvent) {
    const OJson& e = *of_kind("melee").front();
    Explanation from_event = explain(e);
    const Explanation from_report = explain_v1_melee_report(e["details"], tables());
    EXPECT_EQ(from_report.title, "Melee");
    from_event.rule = from_report.rule;
    EXPECT_EQ(from_event, from_report);
}

TEST(GdbExplain, NoRecordNoExplanation) {
    EXPECT_FALSE(explain_v1_details("contact", "GdB 12.1", OJson(), tables()).has_value());
    EXPECT_FALSE(explain_v1_details("contact", "GdB 12.1", OJson::object(), tables()).has_value());
    const auto plain = explain_v1_details("odd_kind", "R 1", OJson{{"reach_mm", 40}}, tables());
    ASSERT_TRUE(plain.has_value());
    EXPECT_EQ(plain->title, "Odd kind");
    ASSERT_EQ(plain->sections.size(), 1u);
    EXPECT_EQ(line(plain->sections[0], "reach mm"), "40");
}

// The typed explanation of a melee and the version 1 reader's explanation of its report (as the
// melee event's details were written) are the same, for every seed of the example melees.
TEST(GdbExplain, AMeleeExplainsAsItsReportDoes) {
    const GdbRuleset gdb(kSource + "/sim/rulesets");
    for (const char* file :
         {"/replays/examples/melee_example_a.json", "/tests/data/gdb/melee_street_fight.json"}) {
        const Json json = read_json_file(kSource + file);
        const MeleeSetup setup = parse_melee(JsonNode(json, file, "$"));
        const PreparedMelee melee = prepare_melee(gdb.melee_rules(), setup);
        const MeleeOdds odds = melee_odds(melee);
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            Prng prng(seed);
            MeleeOutcome out;
            resolve_melee(melee, prng, out);
            const MeleeOdds* counted = seed % 2 ? &odds : nullptr;
            EXPECT_EQ(explain_melee(melee, out, counted, gdb.tables()),
                      explain_v1_melee_report(melee_report_json(melee, out, counted), gdb.tables()))
                << file << ", seed " << seed;
        }
    }
}

}  // namespace
}  // namespace vedette::sim::gdb
