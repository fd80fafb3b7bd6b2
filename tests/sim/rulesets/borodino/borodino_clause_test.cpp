// The shipped clause scenarios of the Borodino system (replays/borodino/clause_*), one per rule of
// seed 002 (Hex 9.21-9.32) and one for the rulings' results and charges: each scenario's events
// in order, with the forced dice that make them, and the explanation rows that say why.

#include <gtest/gtest.h>

#include <algorithm>

#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/borodino/borodino_ruleset.h"
#include "sim/rulesets/borodino/hex_grid.h"

using namespace vedette::sim;
using namespace vedette::sim::borodino;

namespace {

const BorodinoRuleset& plugin() {
    static const BorodinoRuleset r(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    return r;
}

std::string path_of(const std::string& name) {
    return std::string(VEDETTE_SOURCE_DIR) + "/replays/borodino/" + name + ".scenario.json";
}

replay::Recorded run(const std::string& name) {
    const std::string file = path_of(name);
    const auto s = plugin().parse_scenario(parse_json_text(read_text_file(file), file), file);
    return plugin().run(*s, s->seed);
}

// "kind unit" for every event but the bookkeeping ones (setup, turn start, activation).
std::vector<std::string> story(const replay::Recorded& r) {
    std::vector<std::string> out;
    for (const auto& e : r.events) {
        if (e.kind == "setup" || e.kind == "turn_start" || e.kind == "activation") continue;
        out.push_back(e.kind + " " +
                      (e.units.empty() ? "" : r.header.units[std::size_t(e.units[0])].id));
    }
    return out;
}

const record::Event& nth(const replay::Recorded& r, const std::string& kind, int n = 0) {
    for (const auto& e : r.events)
        if (e.kind == kind && n-- == 0) return e;
    throw std::logic_error("no event " + kind);
}

int die_of(const record::Event& shock) {
    for (const auto& s : shock.explanation->sections)
        if (s.kind == record::SectionKind::dice && !s.dice[0].dice.empty())
            return s.dice[0].dice[0].value;
    return -1;
}

const record::ModifierRow& drm_row(const record::Event& shock, const std::string& starts) {
    for (const auto& s : shock.explanation->sections)
        for (const auto& row : s.rows)
            if (row.label.rfind(starts, 0) == 0) return row;
    throw std::logic_error("no DRM row " + starts);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

// 9.21: "Активированная, пошедшая в атаку (прошедшая ПВУ) и не потерявшая строй часть может
// нанести Удар по любой вражеской части (частям) на своих Фронтальных гексах, за исключением тех
// случаев, когда она отделена от вражеской части стороной гекса с непроходимой местностью.
// Кавалерия может нанести Удар ... только если она начинала (!) свою Активацию, прилегая к этой
// части". Dice: 15e commitment 2, shock 7; Revel check 3; hussars commitment 1, shock 4, check 8.
TEST(BorodinoClause, Hex921WhoMayShock) {
    const auto r = run("clause_9_21_who_may_shock");
    const std::vector<std::string> expected = {"move hus7",
                                               "shock_refused hus7",
                                               "shock_refused l33",
                                               "shock_declared l15",
                                               "commitment_check l15",
                                               "shock l15",
                                               "disorder revel",
                                               "cohesion_check revel",
                                               "shock_declared hus7",
                                               "commitment_check hus7",
                                               "shock hus7",
                                               "disorder hus7",
                                               "cohesion_check hus7",
                                               "retreat hus7"};
    EXPECT_EQ(story(r), expected);
    EXPECT_TRUE(contains(nth(r, "shock_refused", 0).text, "began its activation next to"));
    EXPECT_TRUE(contains(nth(r, "shock_refused", 1).text, "impassable hexside"));
    EXPECT_EQ(nth(r, "shock_refused", 1).rule, "Hex 9.21");
    EXPECT_EQ(die_of(nth(r, "shock", 0)), 7);
    EXPECT_EQ(nth(r, "shock", 1).turn, 2);  // the hussars began turn 2 next to the Chernigov
    EXPECT_EQ(die_of(nth(r, "shock", 1)), 4);
}

// 9.22: "обязана будет ударить по всем частям противника на обоих своих Фронтальных гексах
// сразу" when the friend "проваливает ПВУ"; and "бросайте кубик один раз, но для каждого гекса
// ... применяйте свой МБК". Dice: 13e commitment 2, 17e commitment 9, shock 6.
TEST(BorodinoClause, Hex922FallbackOnFailedCommitmentOneDieTwoDrms) {
    const auto r = run("clause_9_22_fallback_commitment");
    const std::vector<std::string> expected = {"shock_declared l13",      "shock_declared l17",
                                               "commitment_check l13",    "commitment_check l17",
                                               "obligation_fallback l13", "shock l13",
                                               "disorder shirvan",        "disorder l13",
                                               "cohesion_check shirvan",  "retreat shirvan",
                                               "cohesion_check l13"};
    EXPECT_EQ(story(r), expected);
    EXPECT_TRUE(contains(nth(r, "commitment_check", 1).text, "9 fails against"));
    EXPECT_TRUE(contains(nth(r, "obligation_fallback").text, "failed its commitment check"));
    const auto& shock = nth(r, "shock");
    EXPECT_EQ(die_of(shock), 6);
    // One die, two hexes, two results: the woods hex (-1) falls to 4, the open one reaches 6.
    EXPECT_TRUE(contains(shock.text, "Ufa Infantry Regiment: DRM -2, attacker disordered"));
    EXPECT_TRUE(contains(shock.text, "Shirvan Infantry Regiment: DRM 0, defender disordered"));
    const auto& woods = drm_row(shock, "Terrain: Woods");
    ASSERT_EQ(woods.values.size(), 2u);
    EXPECT_EQ(woods.values[0], "-1");
    EXPECT_EQ(woods.values[1], "");
}

// 9.22: "... или теряет строй под Встречным Огнем артиллерии атакуемого противника". 9.25: "Если
// часть артиллерии сгруппирована с частями, которые вынуждены отступить, то она обязана
// отступить тоже." Dice: reaction fire 1 (disorders on 3 or less), shock 6, Shirvan check 7.
TEST(BorodinoClause, Hex922FallbackOnReactionFire) {
    const auto r = run("clause_9_22_fallback_fire");
    const std::vector<std::string> expected = {
        "shock_declared l13",     "shock_declared l17",      "commitment_check l13",
        "commitment_check l17",   "reaction_fire lt26",      "disorder l17",
        "shock_lost l17",         "obligation_fallback l13", "shock l13",
        "disorder shirvan",       "disorder lt26",           "disorder l13",
        "cohesion_check shirvan", "retreat shirvan",         "retreat lt26",
        "cohesion_check l13"};
    EXPECT_EQ(story(r), expected);
    EXPECT_EQ(nth(r, "reaction_fire").explanation->sections[0].dice[0].dice[0].value, 1);
    EXPECT_TRUE(contains(nth(r, "obligation_fallback").text, "disordered by reaction fire"));
    EXPECT_EQ(nth(r, "shock_lost").rule, "Hex 9.24");
}

// 9.23: "Пехота, налетающая кавалерия и не совершающая Налет кавалерия не могут складывать свои
// показатели Силы Удара ... в следующем порядке: кавалерийский Налет, Удар кавалерии, Удар
// пехоты. Наступление после завершения всех таких атак ... позволяется только тем войскам,
// которые участвовали в освобождении гекса": the advances come after the last shock. Dice:
// commitments 1; shocks 2 (charge), 6 (chasseurs), 3 (25e), 9 (111e).
TEST(BorodinoClause, Hex923OrderOfArmsAndAdvanceByParticipants) {
    const auto r = run("clause_9_23_order_of_arms");
    const std::vector<std::string> expected = {"shock_declared l25",
                                               "shock_declared l111",
                                               "shock_declared chass1",
                                               "charge_declared cuir5",
                                               "commitment_check l25",
                                               "commitment_check l111",
                                               "commitment_check chass1",
                                               "commitment_check cuir5",
                                               "charge cuir5",
                                               "shock cuir5",
                                               "disorder ladoga",
                                               "cohesion_check ladoga",
                                               "disorder cuir5",
                                               "shock chass1",
                                               "disorder poltava",
                                               "cohesion_check poltava",
                                               "shock l25",
                                               "withdrawal poltava",
                                               "shock l111",
                                               "disorder orel",
                                               "retreat orel",
                                               "advance l25",
                                               "advance l111",
                                               "break_through_blocked l111"};
    EXPECT_EQ(story(r), expected);
    // The chasseurs and the 25e shock the same regiment separately: neither lists the other.
    const auto& chasseurs = nth(r, "shock", 1);
    const auto& infantry = nth(r, "shock", 2);
    EXPECT_EQ(std::count(chasseurs.units.begin(), chasseurs.units.end(), 0), 0);  // l25 is 0
    EXPECT_EQ(std::count(infantry.units.begin(), infantry.units.end(), 2), 0);    // chass1 is 2
    // The Guard grenadiers next to the Orel regiment's hex did not declare: they never move.
    for (const auto& e : r.events)
        if (e.motion) {
            EXPECT_NE(r.header.units[std::size_t(e.units[0])].id, "gren");
        }
}

// 9.24: "Часть в состоянии Потери строя не может наносить Удар ... Одна из сгруппированных
// частей, расположенная под потерявшей строй пехотной или кавалерийской частью ... также не
// может ... Налетающая кавалерия, потерявшая строй под Встречным Огнем ... может продолжить
// атаку ...; однако ... теряет все свои МБК Налета." Dice: fire 0, charge 6, Narva check 3.
TEST(BorodinoClause, Hex924DisorderAndShock) {
    const auto r = run("clause_9_24_disorder");
    const std::vector<std::string> expected = {
        "shock_refused l7",        "shock_refused l12",   "charge_declared carab1",
        "commitment_check carab1", "charge carab1",       "reaction_fire pos26",
        "disorder carab1",         "shock carab1",        "disorder narva",
        "disorder pos26",          "cohesion_check narva"};
    EXPECT_EQ(story(r), expected);
    EXPECT_TRUE(contains(nth(r, "shock_refused", 1).text, "under a disordered"));
    const auto& charge = nth(r, "shock");
    EXPECT_EQ(die_of(charge), 6);
    const auto& heavy = drm_row(charge, "Charge with heavy cavalry");
    EXPECT_FALSE(heavy.lit);
    EXPECT_TRUE(contains(heavy.reason, "disordered by reaction fire"));
}

// 9.25: "Артиллерия не может принимать участие в Ближнем бою ... Если Удар противника застал
// артиллерийскую часть одну на ее гексе (или сгруппированной с другой своей артиллерийской
// частью), то она автоматически уничтожается". Dice: commitments 1, shock 8, fire 9 (misses).
TEST(BorodinoClause, Hex925ArtilleryAloneAndWithItsStack) {
    const auto r = run("clause_9_25_artillery");
    const std::vector<std::string> expected = {
        "shock_declared l85",    "shock_declared l108",  "commitment_check l85",
        "commitment_check l108", "reaction_fire lt11",   "reaction_fire pos32",
        "reaction_fire horse1",  "reaction_fire horse2", "shock l85",
        "eliminated lt11",       "disorder kremenchug",  "disorder pos32",
        "retreat kremenchug",    "retreat pos32",        "shock l108",
        "eliminated horse1",     "eliminated horse2",    "advance l85",
        "advance l108"};
    EXPECT_EQ(story(r), expected);
    EXPECT_EQ(die_of(nth(r, "shock", 0)), 8);
    EXPECT_TRUE(
        contains(nth(r, "shock", 0).text, "11th Light Company: artillery alone, eliminated"));
    EXPECT_EQ(die_of(nth(r, "shock", 1)), -1);  // two batteries alone: no die at all
    EXPECT_FALSE(contains(nth(r, "shock", 1).text, "d10"));
    EXPECT_EQ(nth(r, "eliminated", 1).rule, "Hex 9.25");
}

// 9.31: "Кавалерия и конная артиллерия могут отступить на один или два гекса перед тем, как по
// ним ударит пехота ... легкая кавалерия ... может отступить (даже если она ранее потеряла
// строй), если по ней собирается произвести Удар (или Налет) тяжелая (только) кавалерия ...
// Неудача при прохождении ПС означает, что отступившая часть потеряла строй (уже потерявшая строй
// часть, провалившая ПС, бежит) ... не может ни отступать в ЗК другой вражеской части".
// Dice: Sumy 2 (passes 6), Mariupol 9 (fails), Elisavetgrad 9 (fails 4), 93e shock 7.
TEST(BorodinoClause, Hex931CavalryRetreatBeforeShock) {
    const auto r = run("clause_9_31_cavalry_retreat");
    const std::vector<std::string> expected = {"shock_declared l46",
                                               "shock_declared l72",
                                               "charge_declared cuir2",
                                               "charge_declared cuir9",
                                               "charge_declared cuir12",
                                               "shock_declared l93",
                                               "retreat_before_shock pskov",
                                               "retreat_before_shock kar",
                                               "retreat_before_shock kar",
                                               "retreat_before_shock sumy",
                                               "retreat_before_shock sumy",
                                               "cohesion_check sumy",
                                               "retreat_before_shock mariupol",
                                               "retreat_before_shock mariupol",
                                               "cohesion_check mariupol",
                                               "disorder mariupol",
                                               "retreat_before_shock elisavet",
                                               "cohesion_check elisavet",
                                               "withdrawal elisavet",
                                               "retreat_refused kazan",
                                               "shock_cancelled l46",
                                               "advance l46",
                                               "shock_cancelled l72",
                                               "shock_cancelled cuir2",
                                               "shock_cancelled cuir9",
                                               "shock_cancelled cuir12",
                                               "commitment_check l93",
                                               "shock l93",
                                               "disorder kazan",
                                               "cohesion_check kazan"};
    EXPECT_EQ(story(r), expected);
    EXPECT_TRUE(contains(nth(r, "cohesion_check", 0).text, "2 passes against 6"));
    EXPECT_TRUE(contains(nth(r, "cohesion_check", 1).text, "9 fails against 6"));
    EXPECT_TRUE(contains(nth(r, "retreat_refused").text, "enemy ZOC"));
    // Retreats before shock come before any commitment check (the defender decides first).
    EXPECT_EQ(nth(r, "commitment_check").seq > nth(r, "retreat_refused").seq, true);
    EXPECT_TRUE(
        contains(nth(r, "shock_cancelled", 2).text, "charge on Sumy Hussars does not happen"));
}

// 9.32: "Егеря, не потерявшие строй, могут отступить на один гекс перед Ударом пехоты ... до
// того, как атакующий игрок проведет свою ПВУ для не сгруппированных егерских частей и после
// проведения ПВУ, но до непосредственно определения результатов боя для сгруппированных".
// Dice: 9e commitment 2, shock 5; 35e commitment 2, shock 6; Vilna check 1.
TEST(BorodinoClause, Hex932JagerUnstackedAndStackedTiming) {
    const auto r = run("clause_9_32_jager");
    const std::vector<std::string> expected = {"shock_declared l18",
                                               "shock_declared l9",
                                               "shock_declared l35",
                                               "retreat_before_shock j19",
                                               "retreat_refused j5",
                                               "shock_cancelled l18",
                                               "advance l18",
                                               "commitment_check l9",
                                               "commitment_check l35",
                                               "retreat_before_shock j40",
                                               "shock l9",
                                               "disorder vilna",
                                               "cohesion_check vilna",
                                               "shock l35",
                                               "withdrawal j5",
                                               "advance l35",
                                               "break_through_blocked l35"};
    EXPECT_EQ(story(r), expected);
    EXPECT_EQ(nth(r, "retreat_before_shock", 0).rule, "Hex 9.32");
    EXPECT_EQ(nth(r, "advance", 0).rule, "Hex 9.32");
    EXPECT_TRUE(contains(nth(r, "retreat_refused").text, "not disordered"));
    // The Vilna regiment takes the shock alone: strength 4 against 4 once the jager are gone.
    EXPECT_TRUE(contains(drm_row(nth(r, "shock", 0), "Strength").label, "4 against 4"));
}

// Rulings: "below 0: attacker disordered; the defender may advance and counter-shock"; charges:
// "countercharge (cohesion check, +2 for light cavalry against heavy) ... light cavalry
// countercharged by heavy -1 ... on 10+ a pursuit (another charge, -1 each time); afterwards
// every charger is disordered." Dice: Vistula 3 (-5: -2), Tobolsk 6; Ekaterinoslav check 2,
// Izyum 6 (+2 fails 6); chevau-legers 5; Garde du Corps 4; Zastrow 7 then 3.
TEST(BorodinoClause, RulingsCounterShockCounterchargeAndPursuit) {
    const auto r = run("rulings_counter_shock_and_charges");
    const std::vector<std::string> expected = {"shock_declared vistula",
                                               "charge_declared chev2",
                                               "charge_declared saxgc",
                                               "charge_declared zast",
                                               "commitment_check vistula",
                                               "commitment_check chev2",
                                               "commitment_check saxgc",
                                               "commitment_check zast",
                                               "charge chev2",
                                               "cohesion_check ekat",
                                               "countercharge ekat",
                                               "charge saxgc",
                                               "cohesion_check izyum",
                                               "disorder izyum",
                                               "charge zast",
                                               "shock chev2",
                                               "disorder chev2",
                                               "cohesion_check chev2",
                                               "retreat chev2",
                                               "disorder ekat",
                                               "shock saxgc",
                                               "withdrawal izyum",
                                               "disorder saxgc",
                                               "shock zast",
                                               "disorder minsk",
                                               "retreat minsk",
                                               "pursuit zast",
                                               "shock zast",
                                               "withdrawal minsk",
                                               "disorder zast",
                                               "shock vistula",
                                               "disorder vistula",
                                               "counter_shock_declared tobolsk",
                                               "counter_shock tobolsk",
                                               "withdrawal vistula",
                                               "advance tobolsk",
                                               "break_through_blocked tobolsk",
                                               "advance saxgc",
                                               "advance zast"};
    EXPECT_EQ(story(r), expected);
    EXPECT_TRUE(contains(nth(r, "cohesion_check", 1).text, "6 +2 fails against 6"));
    EXPECT_TRUE(drm_row(nth(r, "shock", 0), "Light cavalry countercharged by heavy").lit);
    const auto& pursuit_charge = nth(r, "shock", 3);
    EXPECT_EQ(die_of(pursuit_charge), 3);
    const auto& pursuit_row = drm_row(pursuit_charge, "Each successive pursuit charge");
    EXPECT_TRUE(pursuit_row.lit);
    EXPECT_EQ(pursuit_row.values[0], "-1");
    EXPECT_TRUE(contains(nth(r, "shock", 4).text, "attacker disordered, may be counter-shocked"));
    EXPECT_EQ(die_of(nth(r, "counter_shock")), 6);
}

// Rulings, Charges: "Cavalry only, target 2-3 hexes away at the start of the activation, in sight,
// not starting in an enemy ZOC, not into marsh, woods, village or redoubt, not through the frontal
// ZOC of enemy cavalry ... the defender may form square (cohesion check of its top infantry unit;
// a fail disorders the stack) ... against a square -2 and no charge DRM." Dice: Perm 2 (passes
// 6), Kaluga 9 (fails); charges 5 and 6.
TEST(BorodinoClause, RulingsChargeLimitsAndSquare) {
    const auto r = run("rulings_charge_limits_and_square");
    const std::vector<std::string> expected = {"shock_refused chass6",
                                               "shock_refused drag7",
                                               "shock_refused lanc8",
                                               "charge_declared cuir6",
                                               "charge_declared cuir11",
                                               "commitment_check cuir6",
                                               "commitment_check cuir11",
                                               "charge cuir6",
                                               "cohesion_check perm",
                                               "form_square perm",
                                               "charge cuir11",
                                               "cohesion_check kaluga",
                                               "disorder kaluga",
                                               "shock cuir6",
                                               "disorder cuir6",
                                               "cohesion_check cuir6",
                                               "shock cuir11",
                                               "withdrawal kaluga",
                                               "disorder cuir11",
                                               "advance cuir11"};
    EXPECT_EQ(story(r), expected);
    EXPECT_TRUE(contains(nth(r, "shock_refused", 0).text, "may not charge: no charge into Woods"));
    EXPECT_TRUE(contains(nth(r, "shock_refused", 1).text, "frontal hex of enemy cavalry"));
    EXPECT_TRUE(contains(nth(r, "shock_refused", 2).text, "starts in an enemy ZOC"));
    EXPECT_EQ(nth(r, "shock_refused", 2).rule, "Hex charge");
    const auto& on_square = nth(r, "shock", 0);
    EXPECT_EQ(die_of(on_square), 5);
    EXPECT_TRUE(drm_row(on_square, "Against a square").lit);
    EXPECT_FALSE(drm_row(on_square, "Charge with heavy cavalry").lit);
    EXPECT_FALSE(drm_row(on_square, "Defender in clear terrain with an empty flank").lit);
    EXPECT_TRUE(contains(on_square.text, "DRM -1, attacker disordered"));
    EXPECT_TRUE(drm_row(nth(r, "shock", 1), "Charge with heavy cavalry").lit);
}

// Rulings, Results: "on a fail it retreats one hex away from the unit that caused it, keeping
// its facing. A retreat into an enemy unit or prohibited terrain eliminates it; into an empty
// enemy frontal hex, it withdraws; through friends only if there is no other way, and the friend
// then takes a cohesion check (fail: disordered)." The 129e scored 11 (10 or more): the hex the
// withdrawn grenadiers' retreat led into is empty, and it breaks through into it (rulings, results
// table, break_through [default]); the 46e's defender was eliminated with no hex to retreat into:
// no line to follow. Dice: shocks 6, 9, 9; checks 9 and 8.
TEST(BorodinoClause, RulingsRetreatsThroughFriendsIntoEnemiesAndTheirFront) {
    const auto r = run("rulings_retreats");
    const std::vector<std::string> expected = {"shock_declared l24",
                                               "shock_declared l46",
                                               "shock_declared l129",
                                               "commitment_check l24",
                                               "commitment_check l46",
                                               "commitment_check l129",
                                               "shock l24",
                                               "disorder gren_a",
                                               "cohesion_check gren_a",
                                               "retreat gren_a",
                                               "cohesion_check gren_b",
                                               "disorder gren_b",
                                               "shock l46",
                                               "disorder gren_c",
                                               "eliminated gren_c",
                                               "shock l129",
                                               "disorder gren_d",
                                               "withdrawal gren_d",
                                               "advance l24",
                                               "advance l46",
                                               "break_through_blocked l46",
                                               "advance l129",
                                               "break_through l129"};
    EXPECT_EQ(story(r), expected);
    EXPECT_TRUE(contains(nth(r, "retreat").text, "through friends, keeping its facing"));
    EXPECT_TRUE(contains(nth(r, "cohesion_check", 1).text, "friends retreat through it"));
    EXPECT_TRUE(contains(nth(r, "eliminated").text, "no hex to retreat into"));
    EXPECT_TRUE(contains(nth(r, "withdrawal").text, "enemy's frontal hex"));
    EXPECT_TRUE(contains(nth(r, "break_through").text, "129e Ligne breaks through into (10, 4)"));
    EXPECT_TRUE(contains(nth(r, "break_through_blocked").text, "no line of retreat"));
    // Keeping its facing: the retreating unit's pose faces as it did before the shock.
    const auto& retreat = nth(r, "retreat");
    ASSERT_TRUE(retreat.motion);
    EXPECT_EQ(retreat.motion->facing_end, facing_vector(vertex_from_degrees(180)));
}

// Rulings, Charges: "Cavalry only, target 2-3 hexes away at the start of the activation, in
// sight, not starting in an enemy ZOC ...". Sight (borodino.json): the straight line between the
// two hex centres, blocked by a hex between them whose terrain blocks sight (woods, village,
// redoubt) or that holds a unit [default]; a line along a hexside only when both sides block.
// Dice: 16e Chasseurs commitment 1, charge 6 (+1: 7); Tomsk check 2.
TEST(BorodinoClause, RulingsChargeNeedsSightOfItsTarget) {
    const auto r = run("rulings_charge_sight");
    const std::vector<std::string> expected = {
        "shock_refused hus7",      "shock_refused lanc9",      "shock_refused hus8",
        "charge_declared chass16", "commitment_check chass16", "charge chass16",
        "shock chass16",           "disorder tomsk",           "cohesion_check tomsk",
        "disorder chass16"};
    EXPECT_EQ(story(r), expected);
    // Through a wood.
    const auto& woods = nth(r, "shock_refused", 0);
    EXPECT_TRUE(
        contains(woods.text, "may not charge: no sight of Ufa Infantry Regiment: Woods at (1, 1)"))
        << woods.text;
    EXPECT_EQ(woods.rule, "Hex charge");
    // Past a unit, its own side's: any unit blocks sight [default].
    const auto& unit = nth(r, "shock_refused", 1);
    EXPECT_TRUE(contains(unit.text, "no sight of Butyrsk Infantry Regiment: 13e Legere at (4, 1)"))
        << unit.text;
    EXPECT_EQ(unit.rule, "Hex charge");
    // Along the hexside between a wood and the 30e Ligne: blocked on both sides.
    const auto& both = nth(r, "shock_refused", 2);
    EXPECT_TRUE(contains(both.text, "no sight of Shirvan Infantry Regiment: "));
    EXPECT_TRUE(contains(both.text, "Woods at (12, 1)")) << both.text;
    EXPECT_TRUE(contains(both.text, "30e Ligne at (11, 1)")) << both.text;
    EXPECT_TRUE(contains(both.text, "on both sides of the hexside")) << both.text;
    // Along the hexside between the wood at (7, 1) and open ground: in sight, so the chasseurs
    // charge, riding up by the open side.
    EXPECT_TRUE(contains(nth(r, "charge").text, "charges up to (8, 1)"));
    EXPECT_EQ(die_of(nth(r, "shock")), 6);
}

// Rulings, results table: "10 or more | defender disordered and retreats; infantry attackers may
// break through, charging cavalry must pursue". Our rule (borodino.json, break_through
// [default]): after the 9.23 advance, the infantry that advanced goes on one hex into the hex the
// defender's retreat led into, if it is now empty. Dice: commitments 1; shocks 9 (+2: 11).
TEST(BorodinoClause, RulingsInfantryBreaksThroughOnTenOrMore) {
    const auto r = run("rulings_break_through");
    const std::vector<std::string> expected = {"shock_declared l57",
                                               "shock_declared l61",
                                               "commitment_check l57",
                                               "commitment_check l61",
                                               "shock l57",
                                               "disorder astrakhan",
                                               "withdrawal astrakhan",
                                               "shock l61",
                                               "disorder fanagoria",
                                               "retreat fanagoria",
                                               "advance l57",
                                               "break_through l57",
                                               "advance l61",
                                               "break_through_blocked l61"};
    EXPECT_EQ(story(r), expected);
    EXPECT_EQ(die_of(nth(r, "shock", 0)), 9);
    EXPECT_TRUE(contains(nth(r, "shock", 0).text,
                         "Astrakhan Grenadier Regiment: DRM +2, defender retreats"));
    // The Astrakhan grenadiers' retreat led into (3, 3), the 85e's front: they withdrew, and the
    // hex their retreat led into is empty.
    EXPECT_TRUE(contains(nth(r, "withdrawal").text, "enemy's frontal hex"));
    EXPECT_TRUE(contains(nth(r, "advance", 0).text, "advances into (3, 2)"));
    const auto& through = nth(r, "break_through");
    EXPECT_EQ(through.category, record::Category::move);
    EXPECT_EQ(through.rule, "Hex shock results");
    EXPECT_TRUE(contains(through.text, "57e Ligne breaks through into (3, 3)")) << through.text;
    EXPECT_TRUE(contains(through.text, "scored 11 (10 or more)")) << through.text;
    ASSERT_TRUE(through.motion);
    EXPECT_NE(through.motion->path.front(), through.motion->path.back());
    // The Fanagoria grenadiers stand in the hex their retreat led into: no break-through.
    const auto& blocked = nth(r, "break_through_blocked");
    EXPECT_EQ(blocked.category, record::Category::info);
    EXPECT_TRUE(contains(blocked.text,
                         "(9, 3), the hex the defender retreated into, holds "
                         "Fanagoria Grenadier Regiment"))
        << blocked.text;
    EXPECT_TRUE(contains(nth(r, "advance", 1).text, "61e Ligne advances into (9, 2)"));
}

// A small board for round four's probes (issue 38): the 9.23 scenario's sides and commander,
// with the units, orders and dice given here, on a board `columns` x `rows` hexes.
Json probe(int columns, int rows, const Json& french, const Json& russian, const Json& orders,
           const Json& dice) {
    const std::string file = path_of("clause_9_23_order_of_arms");
    Json j = parse_json_text(read_text_file(file), file);
    j["hex_board"] = {{"columns", columns}, {"rows", rows}};
    j["sides"][0]["commander"]["hex"] = {0, 0};
    j["sides"][0]["groups"][0]["units"] = french;
    j["sides"][1]["groups"][0]["units"] = russian;
    j["orders"] = orders;
    j["dice"] = dice;
    return j;
}

Json hex_unit(const std::string& id, const std::string& type, int col, int row, int facing) {
    return {{"id", id},          {"name", id},      {"type", type},
            {"strength", 4},     {"cohesion", 7},   {"cohesion_disordered", 5},
            {"hex", {col, row}}, {"facing", facing}};
}

replay::Recorded run_json(const Json& j) {
    const auto s = plugin().parse_scenario(j, path_of("probe"));
    return plugin().run(*s, s->seed);
}

bool has_story(const replay::Recorded& r, const std::string& line) {
    const auto st = story(r);
    return std::find(st.begin(), st.end(), line) != st.end();
}

// Rulings, turn 4 (9.24): "a shock order for a stack's top unit also commits the formed unit
// under it: it adds its strength, rolls no check of its own and advances with the stack, unless
// its own order says it holds." 9.24 itself: "расположенные внизу части построены на том же гексе
// во вторую линию".
TEST(BorodinoClause, Hex924AShockOrderForTheTopUnitCommitsTheFormedUnitUnderIt) {
    const Json french = {hex_unit("l1", "line_infantry", 1, 0, 0),
                         hex_unit("l2", "line_infantry", 1, 0, 0)};
    const Json russian = {hex_unit("r1", "line_infantry", 1, 1, 180)};
    const Json orders = {{{"turn", 1}, {"unit", "l1"}, {"shock", true}}};
    const Json dice = {{{"unit", "l1"}, {"purpose", "commitment"}, {"values", {1}}},
                       {{"unit", "l1"}, {"purpose", "shock"}, {"values", {9}}}};
    const auto r = run_json(probe(4, 4, french, russian, orders, dice));
    EXPECT_TRUE(has_story(r, "stack_committed l2")) << ::testing::PrintToString(story(r));
    int checks = 0;
    for (const auto& e : r.events) checks += e.kind == "commitment_check";
    EXPECT_EQ(checks, 1) << ::testing::PrintToString(story(r));  // the top unit rolls for both
    const auto& shock = nth(r, "shock");
    EXPECT_EQ(std::count(shock.units.begin(), shock.units.end(), 1), 1)  // l2 adds its strength
        << ::testing::PrintToString(story(r));
    ASSERT_TRUE(has_story(r, "advance l1")) << ::testing::PrintToString(story(r));
    EXPECT_TRUE(has_story(r, "advance l2")) << ::testing::PrintToString(story(r));
    // Its own order to hold leaves it behind, and `vedette check` says so.
    Json holding = orders;
    holding.push_back({{"turn", 1}, {"unit", "l2"}, {"hold", true}});
    const Json j = probe(4, 4, french, russian, holding, dice);
    const auto h = run_json(j);
    EXPECT_TRUE(has_story(h, "stays_behind l2")) << ::testing::PrintToString(story(h));
    EXPECT_FALSE(has_story(h, "advance l2")) << ::testing::PrintToString(story(h));
    const auto s = plugin().parse_scenario(j, path_of("probe"));
    const auto warnings = plugin().scenario_warnings(*s);
    ASSERT_EQ(warnings.size(), 1u) << ::testing::PrintToString(warnings);
    EXPECT_TRUE(contains(warnings[0], "holds by its own order")) << warnings[0];
    EXPECT_TRUE(contains(warnings[0], "$.orders[1]")) << warnings[0];
}

// 9.31: cavalry "могут отступить на один или два гекса" before an infantry shock. A retreat the
// board's edge cuts short is an event of its own ("stopped by the board edge"): the unit stays on
// the map (RULINGS turn 4, table edge: only a retreat off the table loses a unit).
TEST(BorodinoClause, Hex931ARetreatBeforeShockCutShortByTheBoardEdgeIsSaid) {
    const Json french = {hex_unit("l1", "line_infantry", 1, 0, 0)};
    const Json russian = {hex_unit("c1", "light_cavalry", 1, 1, 180)};
    const Json orders = {{{"turn", 1}, {"unit", "l1"}, {"shock", true}},
                         {{"turn", 1}, {"unit", "c1"}, {"retreat_before_shock", 2}}};
    const Json dice = {{{"unit", "l1"}, {"purpose", "commitment"}, {"values", {1}}}};
    const auto r = run_json(probe(3, 3, french, russian, orders, dice));
    EXPECT_TRUE(has_story(r, "retreat_before_shock c1")) << ::testing::PrintToString(story(r));
    ASSERT_TRUE(has_story(r, "table_edge c1")) << ::testing::PrintToString(story(r));
    EXPECT_TRUE(contains(nth(r, "table_edge").text, "stopped by the board edge after 1 of its 2"))
        << nth(r, "table_edge").text;
    // Two hexes of room: the whole retreat, no such event.
    const auto far = run_json(probe(3, 4, french, russian, orders, dice));
    EXPECT_FALSE(has_story(far, "table_edge c1")) << ::testing::PrintToString(story(far));
}

// Every shipped Borodino scenario gives the bytes of its shipped replay (determinism).
TEST(BorodinoClause, EveryShippedScenarioGivesItsReplayBytes) {
    for (const char* name :
         {"clause_9_21_who_may_shock", "clause_9_22_fallback_commitment",
          "clause_9_22_fallback_fire", "clause_9_23_order_of_arms", "clause_9_24_disorder",
          "clause_9_25_artillery", "clause_9_31_cavalry_retreat", "clause_9_32_jager",
          "rulings_counter_shock_and_charges", "rulings_charge_limits_and_square",
          "rulings_retreats", "rulings_charge_sight", "rulings_break_through", "shevardino_battle",
          "shevardino_demo"}) {
        const std::string stored = read_text_file(std::string(VEDETTE_SOURCE_DIR) +
                                                  "/replays/borodino/" + name + ".replay.json");
        EXPECT_EQ(replay::write_replay_text(run(name)), stored) << name;
    }
}
