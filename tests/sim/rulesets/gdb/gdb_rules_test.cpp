// The ruleset data file: it holds the seed's numbers, a user's edit changes the result without
// recompiling, and a malformed file gets a clear error with its JSON path.

#include <fstream>
#include <sstream>

#include "sim/core/input_error.h"
#include "sim/rules/ruleset_files.h"
#include "tests/sim/rulesets/gdb/melee_test_util.h"

namespace vedette::sim::gdb::test {
namespace {

std::string shipped_text() {
    return read_text_file(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/gdb/gdb.json");
}

std::string replace_once(std::string s, const std::string& from, const std::string& to) {
    const auto pos = s.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    if (pos != std::string::npos) s.replace(pos, from.size(), to);
    return s;
}

std::string error_of(const std::string& text) {
    try {
        parse_gdb_rules(text, "gdb.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

TEST(GdbRulesData, HoldsTheSeedsNumbers) {
    const GdbRules& r = shipped_rules();
    EXPECT_EQ(r.mod(Mod::charging).value, 2);
    EXPECT_EQ(r.mod(Mod::column_or_square_vs_cavalry).value, 4);
    EXPECT_EQ(r.mod(Mod::flank_or_rear).value, -4);
    EXPECT_EQ(r.mod(Mod::fortified).value, 3);
    EXPECT_EQ(r.square_breaks_at.value, 7);
    EXPECT_EQ(r.rate(Rate::cav_win_vs_broken_foot).value, 1);
    EXPECT_EQ(r.rate(Rate::cav_lose_vs_foot).value, 12);
    EXPECT_EQ(r.formation_pass_on[static_cast<int>(UnitClass::conscript)], 9);
    EXPECT_EQ(row_for(r.result_rows, 7).outcome, "broken");
    EXPECT_EQ(row_for(r.result_rows, 6).outcome, "retreat");
    EXPECT_EQ(row_for(r.result_rows, 3).outcome, "retreat");
    EXPECT_EQ(row_for(r.result_rows, 2).outcome, "pushed_back");
    EXPECT_EQ(row_for(r.result_rows, 1).outcome, "pushed_back");
    EXPECT_EQ(row_for(r.result_rows, 0).outcome, "draw");
    EXPECT_EQ(row_for(r.pursuit_rows, 10).outcome, "superb");
    EXPECT_EQ(row_for(r.pursuit_rows, 9).outcome, "unformed");
    EXPECT_EQ(row_for(r.pursuit_rows, 6).outcome, "blown");
    EXPECT_EQ(row_for(r.pursuit_rows, 5).outcome, "pursue");
    EXPECT_TRUE(r.events_are_default);
    EXPECT_EQ(r.hash.size(), 16u);
}

TEST(GdbRulesData, EditingTheFileChangesTheResultWithoutRecompiling) {
    const std::string edited =
        replace_once(shipped_text(), R"("label": "Heavy cavalry", "value": 4)",
                     R"("label": "Heavy cavalry", "value": 9)");
    const GdbRules changed = parse_gdb_rules(edited, "edited.json");
    EXPECT_NE(changed.hash, shipped_rules().hash);
    const Melee before = resolve({with_dice(make_unit("A", TroopType::heavy_cavalry), 3, 3)},
                                 {with_dice(make_unit("D", TroopType::dragoons), 3, 3)});
    const Melee after =
        resolve({with_dice(make_unit("A", TroopType::heavy_cavalry), 3, 3)},
                {with_dice(make_unit("D", TroopType::dragoons), 3, 3)}, Terrain::open, 1, changed);
    EXPECT_EQ(before.out.score[kAttacker] + 5, after.out.score[kAttacker]);
    EXPECT_EQ(before.decision().result, Result::pushed_back);
    EXPECT_EQ(after.decision().result, Result::retreat);
}

TEST(GdbRulesData, MalformedFilesGetClearErrors) {
    const std::string text = shipped_text();
    EXPECT_NE(error_of(replace_once(text, R"("id": "type_cuirassiers")", R"("id": "type_zouaves")"))
                  .find("$.melee_modifiers[0].id: unknown value \"type_zouaves\""),
              std::string::npos);
    EXPECT_NE(error_of(replace_once(text, R"("label": "Cuirassiers", "value": 5)",
                                    R"("label": "Cuirassiers", "value": "five")"))
                  .find("$.melee_modifiers[0].value: expected an integer, found a string"),
              std::string::npos);
    EXPECT_NE(error_of(replace_once(text, R"({"min": 3, "max": 6, "result": "retreat")",
                                    R"({"min": 4, "max": 6, "result": "retreat")"))
                  .find("$.melee_results.rows: no row covers the value 3"),
              std::string::npos);
    EXPECT_NE(error_of(replace_once(text, R"("per": 4})", R"("per": 0})"))
                  .find("expected an integer from 1"),
              std::string::npos);
    EXPECT_NE(error_of(text.substr(0, text.size() / 2)).find("gdb.json: line"), std::string::npos);
}

}  // namespace
}  // namespace vedette::sim::gdb::test
