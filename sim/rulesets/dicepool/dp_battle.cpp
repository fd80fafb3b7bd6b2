// The dice-pool battle: the turn loop, the records (header, snapshots, events), the dice and the
// 2D6 tests with their explanations.

#include "sim/rulesets/dicepool/dp_battle.h"

#include <algorithm>

#include "sim/rules/ruleset_files.h"

namespace vedette::sim::dicepool {

using geom::i64;
using geom::Vec;
using record::Category;

int TestRoll::dice_sum() const {
    int s = 0;
    for (int d : dice) s += d;
    return s;
}

record::Header dp_header(const DpRules& rules, const DpScenario& s) {
    record::Header h =
        ruleset::start_header("dicepool", rules.hash, rules.looks, s.title, s.description,
                              {{"setup", "Setup"},
                               {"charges", "Charges"},
                               {"melee", "Melees continued"},
                               {"movement", "Movement"},
                               {"end", "End of the battle"}});
    for (const auto& side : s.sides) h.sides.push_back({side.id, side.name, side.nation});
    for (const auto& u : s.units) {
        const UnitSheet& sh = rules.sheet(u.type);
        std::string reactions;
        for (Reaction r : sh.reactions)
            reactions +=
                (reactions.empty() ? "" : ", ") + reaction_names()[static_cast<std::size_t>(r)];
        record::RosterUnit ru;
        ru.id = u.id;
        ru.name = u.name;
        ru.side = u.side;
        ru.nation = s.sides[static_cast<std::size_t>(u.side)].nation;
        ru.visual = sh.visual;
        ru.properties = {
            {"side", s.sides[static_cast<std::size_t>(u.side)].name},
            {"type", sh.label},
            {"models", std::to_string(u.models)},
            {"move", std::to_string(sh.move_in) + "\""},
            {"melee", std::to_string(sh.melee) + "+"},
            {"shooting", std::to_string(sh.shoot) + "+ at " + std::to_string(sh.range_in) + "\""},
            {"armour", std::to_string(sh.armour)},
            {"order / courage",
             std::to_string(sh.order) + "+ / " + std::to_string(sh.courage) + "+"},
            {"reactions", reactions.empty() ? "none" : reactions}};
        // The charge reach band: the move plus a passing order test's 2D6, from the smallest
        // total that passes (the sheet's order value, its disorder markers counted) to 12 inches
        // (DP Charge move; turn-3 ruling), and the 3" a charge that falls short keeps from its
        // target. Whole millimetres for the record: the reach rounded down, the short stop up,
        // the ruler to the nearest.
        const i64 move = inches_to_tenths(sh.move_in);
        const int least = std::min(least_passing_total(rules, sh.order, u.disorder_markers),
                                   highest_total(rules));
        record::Overlay reach;
        reach.kind = "band";
        reach.label = "charge reach " + reach_band_text(rules, sh, u.disorder_markers) +
                      ": the move + a passing order test's 2D6 in inches";
        reach.inner_radius_mm = (move + inches_to_tenths(least)) / 10;
        reach.radius_mm = (move + inches_to_tenths(highest_total(rules))) / 10;
        reach.half_angle_deg = 180;
        record::Overlay inches;
        inches.kind = "ruler";
        inches.label = "inches";
        inches.radius_mm = (inches_to_tenths(12) + 5) / 10;
        inches.tick_mm = (inches_to_tenths(1) + 5) / 10;
        record::Overlay stop;
        stop.kind = "ring";
        stop.label = "3\" short stop of a charge on this unit";
        stop.radius_mm = (inches_to_tenths(rules.short_stop_in.value) + 9) / 10;
        ru.overlays = {reach, inches, stop};
        h.units.push_back(ru);
    }
    h.board.terrain = s.terrain;
    h.board.written = s.written_board.written;
    h.board.table_in_inches = s.written_board.table_in_inches;
    return h;
}

Battle::Battle(const DpRules& rules, const DpScenario& scenario, std::uint64_t seed)
    : rules_(rules),
      scenario_(scenario),
      dice_(scenario.dice.given, scenario.dice.loose),
      prng_(seed),
      seed_(seed),
      tape_(scenario.branch, [this] { return static_cast<int>(rec_.events().size()); }) {
    for (const auto& u : scenario.units) {
        UnitState st;
        static_cast<DpUnit&>(st) = u;
        units_.push_back(st);
    }
}

record::Snapshot Battle::snap(int u) const {
    const UnitState& x = unit(u);
    const Footprint f = footprint(rules_, x.type, x.formation, x.models);
    record::Look look;
    look.figures = x.gone ? 0 : x.models;
    look.layout = formation_names()[static_cast<std::size_t>(x.formation)];
    look.stand = x.formation == Formation::square  ? record::Stand::four_faces
                 : x.formation == Formation::loose ? record::Stand::open
                                                   : record::Stand::ranks;
    look.width_mm = f.width_mm;
    look.depth_mm = f.depth_mm;
    look.disordered = x.disorder_markers > 0 || x.loosened;
    look.off_table = x.gone;
    for (int m = 0; m < x.disorder_markers; ++m) look.markers.push_back({"disorder", std::nullopt});
    std::string state = x.gone                 ? "destroyed"
                        : engaged_with(u) >= 0 ? "in melee"
                        : x.disorder_markers > 0
                            ? "disordered"
                            : formation_names()[static_cast<std::size_t>(x.formation)];
    return {u, {x.at, x.facing}, look, state};
}

std::vector<record::Snapshot> Battle::all() const {
    std::vector<record::Snapshot> v;
    for (std::size_t u = 0; u < units_.size(); ++u) v.push_back(snap(static_cast<int>(u)));
    return v;
}

record::Event& Battle::emit(Category category, const std::string& kind, std::vector<int> units,
                            const std::string& rule, std::string text, std::int64_t ms) {
    std::vector<record::Snapshot> after;
    for (int u : units) after.push_back(snap(u));
    return rec_.emit(phase_, category, kind, std::move(units), rule, std::move(text), ms,
                     std::move(after));
}

// A die for `unit`: the dice given for this turn and test first, then the PRNG.
replay::Die Battle::die(int u, DicePurpose purpose) {
    return dice_.roll(turn_, u, purpose_name(purpose), 1, 6, tape_, [this] { return prng_.d6(); });
}

TestRoll Battle::roll_test(int u, DicePurpose purpose, int target,
                           std::vector<std::pair<std::string, int>> modifiers) {
    TestRoll t;
    t.target = target;
    t.modifiers = std::move(modifiers);
    // Tests are 2D6 against the sheet's value, -1 per disorder marker (DP Tests).
    if (unit(u).disorder_markers > 0)
        t.modifiers.push_back(
            {"disorder markers", unit(u).disorder_markers * rules_.per_disorder_marker});
    std::string played;  // the table's ruling, given with the test's dice
    for (int d = 0; d < rules_.test_dice; ++d) {
        const replay::Die thrown = die(u, purpose);
        t.dice.push_back(thrown.value);
        t.forced += thrown.forced ? 1 : 0;  // the first dice: given values come first
        if (!thrown.as_played.empty()) played = thrown.as_played;
    }
    t.total = t.dice_sum();
    for (const auto& m : t.modifiers) t.total += m.second;
    t.passed = t.total >= t.target;
    // The game as it was played: the players ruled this test otherwise (a game record).
    if (!played.empty() && (played == "passes") != t.passed) {
        t.as_played = std::string(t.passed ? "failed" : "passed") +
                      " at the table; by the rules (" + rules_.tests_rule + ") " +
                      std::to_string(t.total) + " against " + std::to_string(t.target) + "+ " +
                      (t.passed ? "passes" : "fails");
        t.passed = !t.passed;
    }
    return t;
}

record::Event& Battle::emit_test(int u, const std::string& kind, const std::string& rule,
                                 const std::string& what, const TestRoll& t,
                                 const std::string& pass_text, const std::string& fail_text) {
    record::Explanation x{unit(u).name + ": " + what, rule, {}};
    record::Section dice = section(record::SectionKind::dice, "The dice", rules_.tests_rule);
    record::DiceGroup g{unit(u).name, {}, "", ""};
    for (std::size_t d = 0; d < t.dice.size(); ++d) {
        const bool forced = static_cast<int>(d) < t.forced;
        g.dice.push_back({t.dice[d], forced ? "forced" : "", forced});
    }
    g.total = std::to_string(t.dice_sum());
    for (const auto& m : t.modifiers) g.total += " " + signed_text(m.second) + " " + m.first;
    g.total += " = " + std::to_string(t.total) + " against " + std::to_string(t.target) + "+";
    dice.dice.push_back(g);
    x.sections.push_back(dice);
    record::Section mods = section(record::SectionKind::modifiers, "Modifiers", rules_.tests_rule);
    mods.columns = {"value"};
    for (const auto& m : t.modifiers)
        mods.rows.push_back({m.first, rules_.tests_rule, {signed_text(m.second)}, true, ""});
    if (!mods.rows.empty()) x.sections.push_back(mods);
    record::Section result = section(record::SectionKind::results, "Result", rule);
    result.results = {
        {std::to_string(t.target) + "+ passes: " + pass_text, rule, t.passed},
        {std::to_string(t.target - 1) + " or less fails: " + fail_text, rule, !t.passed}};
    x.sections.push_back(result);
    record::Event& e = emit(Category::test, kind, {u}, rule,
                            unit(u).name + " " + what + ": " + std::to_string(t.total) +
                                (t.passed ? " passes: " + pass_text : " fails: " + fail_text) +
                                (t.as_played.empty() ? "" : " (as played at the table)"),
                            1200);
    e.explanation = x;
    e.as_played = t.as_played;
    return e;
}

TestRoll Battle::order_test(int u, DicePurpose purpose, const std::string& kind,
                            const std::string& rule, const std::string& what,
                            const std::string& pass_text, const std::string& fail_text) {
    const TestRoll t = roll_test(u, purpose, sheet(u).order, {});
    emit_test(u, kind, rule, what, t, pass_text, fail_text);
    return t;
}

record::Event& Battle::move_unit(int u, Vec to, Vec facing, const std::string& kind,
                                 const std::string& rule, const std::string& text,
                                 const std::string& gait) {
    UnitState& x = unit(u);
    const Vec from = x.at;
    x.at = to;
    x.facing = facing;
    const i64 dist = geom::length(to - from);
    record::Event& e = emit(Category::move, kind, {u}, rule, text, 800 + dist * 6);
    e.motion = record::Motion{{from, to}, facing, gait};
    end_melees_out_of_contact(u);
    return e;
}

void Battle::remove_models(int u, int count, const std::string& rule, const std::string& text) {
    UnitState& x = unit(u);
    const int lost = std::min(count, x.models);
    if (lost <= 0) return;
    x.models -= lost;
    std::vector<int> partners;  // of the drawn melees a destroyed unit leaves
    if (x.models == 0) {
        x.gone = true;
        for (const DrawnMelee& m : drawn_)
            if (m.has(u)) partners.push_back(m.other(u));
    }
    record::Event& e = emit(Category::loss, "casualties", {u}, rule, text, 900);
    e.effects.push_back({record::EffectKind::figures_fall, {u}, std::nullopt, 0, lost});
    if (!x.gone) return;
    emit(Category::leave, "destroyed", {u}, rule, x.name + " has no models left", 600);
    // Its drawn melees are over, and the record says so: the partner is no longer in melee.
    std::erase_if(drawn_, [u](const DrawnMelee& m) { return m.has(u); });
    for (int other : partners)
        emit(Category::info, "melee_ends", {u, other}, "DP Melee",
             "the melee drawn between " + x.name + " and " + unit(other).name + " ends: " + x.name +
                 " is destroyed",
             600);
}

std::string Battle::turn_hash() const {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const UnitState& u = units_[i];
        const i64 v[8] = {u.models,
                          u.at.x,
                          u.at.y,
                          u.facing.x,
                          u.facing.y,
                          static_cast<i64>(u.formation),
                          u.disorder_markers,
                          engaged_with(static_cast<int>(i))};
        h = fnv1a64(v, sizeof v, h);
    }
    return hex16(h);
}

// Turn-3 ruling: "A loose unit re-forms close order by spending its movement phase doing nothing
// else" - a close-order unit left loose by a failed square (DP Square) takes its sheet's order.
void Battle::reform(int u) {
    UnitState& x = unit(u);
    x.formation = sheet(u).formation;
    x.loosened = false;
    record::Event& e = emit(Category::react, "reform", {u}, "DP Square",
                            x.name + " spends its movement re-forming close order", 1200);
    e.effects.push_back({record::EffectKind::formation_change, {u}, snap(u).look, 0, 0});
}

// An order the engine does not carry out: an event says why, and `vedette check` prints it.
void Battle::refuse_order(std::size_t order, const std::string& kind, Category category,
                          std::vector<int> units, const std::string& rule,
                          const std::string& text) {
    emit(category, kind, std::move(units), rule, text, 800);
    refused_.push_back("$.orders[" + std::to_string(order) + "]: turn " + std::to_string(turn_) +
                       ": " + text + " (" + rule + ")");
}

// Turn sequence (turn-3 ruling; the seed gives none): "A unit that charged, was charged,
// countercharged, fought, withdrew, fell back or was pushed back this turn does not move in the
// movement phase." Empty when the unit may move.
std::string Battle::why_no_move(int u) const {
    const UnitState& x = unit(u);
    if (!x.in_action.empty())
        return "it " + x.in_action +
               " this turn (turn sequence: a unit that took part in a charge or a melee stands in "
               "the movement phase)";
    if (const int other = engaged_with(u); other >= 0)
        return "it is in melee with " + unit(other).name;
    return {};
}

void Battle::ordinary_moves(int turn) {
    phase_ = "movement";
    std::vector<bool> ordered(units_.size(), false);
    for (std::size_t i = 0; i < scenario_.orders.size(); ++i) {
        const DpOrder& o = scenario_.orders[i];
        if (o.turn != turn || o.kind != OrderKind::move) continue;
        UnitState& x = unit(o.unit);
        ordered[static_cast<std::size_t>(o.unit)] = true;
        if (x.gone) {
            refuse_order(i, "move_refused", Category::info, {o.unit}, "DP Casualties",
                         x.name + " does not move: it has no models left");
            continue;
        }
        if (const std::string why = why_no_move(o.unit); !why.empty()) {
            refuse_order(i, "move_refused", Category::info, {o.unit}, "DP Turn",
                         x.name + " does not move: " + why);
            continue;
        }
        const auto toward = [&](int other) {
            const Vec d = unit(other).at - x.at;
            return d == Vec{} ? x.facing : geom::normalize(d);
        };
        Vec delta = o.to - x.at;
        if (o.move_by > 0)
            delta = geom::scale(o.towards >= 0 ? toward(o.towards) : x.facing, o.move_by);
        if (o.contact >= 0) {  // straight at it: its bases always meet the target's
            const Vec dir = toward(o.contact);
            const i64 gap = move_to_contact(o.unit, o.contact, dir);
            delta = gap < geom::length(unit(o.contact).at - x.at) ? geom::scale(dir, gap) : Vec{};
        }
        if (delta == Vec{}) continue;
        const Vec dir = geom::normalize(delta);
        const i64 can = reachable_mm(o.unit, dir, inches_to_tenths(sheet(o.unit).move_in));
        const i64 go = std::min(can, geom::length(delta));
        move_unit(o.unit, x.at + geom::scale(dir, go), dir, "move", "DP Movement",
                  x.name + " moves " + inches_text(go * 10), "walk");
    }
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        const bool loose =
            units_[i].formation == Formation::loose && sheet(u).formation == Formation::close_order;
        if (loose && !ordered[i] && !units_[i].gone && why_no_move(u).empty()) reform(u);
    }
}

void Battle::run_turn(int turn) {
    turn_ = turn;
    rec_.begin_turn(turn, all());
    phase_ = "charges";
    rec_.end_episode();
    for (auto& u : units_) {
        u.fell_back_after_volley = false;
        u.in_action.clear();
    }
    emit(Category::turn, "turn_start", {}, "DP Turn", "Turn " + std::to_string(turn), 500);
    for (std::size_t i = 0; i < scenario_.orders.size(); ++i)
        if (scenario_.orders[i].turn == turn && scenario_.orders[i].kind == OrderKind::charge)
            charge(i);
    rec_.end_episode();
    continuing_melees();
    rec_.end_episode();
    ordinary_moves(turn);
    if (turn == scenario_.turns) melees_left_drawn();
    rec_.end_turn(turn_hash());
}

// The last turn is over: a melee still drawn has no result, and the record says so rather than
// leave the two units "in melee" without a word (DP Casualties: a draw is fought again next turn,
// and there is none).
void Battle::melees_left_drawn() {
    phase_ = "end";
    for (const DrawnMelee& m : drawn_)
        emit(Category::info, "melee_unresolved", {m.a, m.b}, "DP Casualties",
             unit(m.a).name + " and " + unit(m.b).name +
                 " are still locked in a drawn melee when the battle ends after turn " +
                 std::to_string(turn_) + ": it has no result",
             800);
}

replay::Recorded Battle::run() {
    std::vector<int> everyone;
    for (std::size_t u = 0; u < units_.size(); ++u) everyone.push_back(static_cast<int>(u));
    emit(Category::info, "setup", everyone, "DP Units",
         "Deployment: " +
             (scenario_.title.empty() ? std::string("dice-pool battle") : scenario_.title),
         500);
    for (int turn = 1; turn <= scenario_.turns; ++turn) run_turn(turn);
    replay::Recorded out = rec_.finish(dp_header(rules_, scenario_), seed_, scenario_.json_text);
    out.dice = dice_.audit();
    out.tape = tape_.dice();
    out.branch = scenario_.branch;
    return out;
}

replay::Recorded run_dp_battle(const DpRules& rules, const DpScenario& scenario,
                               std::uint64_t seed) {
    return Battle(rules, scenario, seed).run();
}

std::vector<std::string> refused_orders(const DpRules& rules, const DpScenario& scenario) {
    Battle battle(rules, scenario, scenario.seed);
    battle.run();
    return battle.refused();
}

}  // namespace vedette::sim::dicepool
