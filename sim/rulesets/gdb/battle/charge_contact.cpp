// The end of a GdB charge (seed 000): the charger's test, the target's stand or countercharge
// test, contact (a countercharger meets the charger half way; obstacles on the way disorder and
// give cover), and the charger's options when the target has left.

#include <algorithm>

#include "sim/rulesets/gdb/battle/battle_engine.h"

namespace vedette::sim::battle {

using charge::cm;
using charge::kChargeRule;
using charge::kContactRule;
using charge::kReactionRule;
using geom::i64;
using geom::Vec;

namespace {
// An emergency limbering as its explanation shows it: one die read against the table (our
// ruling: the seeds give none).
gdb::RollFacts limbering_roll(int die, int forced, const RangeRow& row) {
    gdb::RollFacts roll;
    roll.table = "emergency_limbering";
    roll.dice = {die};
    roll.forced = forced;
    roll.row = row.label;
    roll.is_default = true;
    return roll;
}
}  // namespace

bool Battle::charger_test(ChargeRun& run) {
    const int c = run.charger, t = run.target;
    auto& cs = units_[static_cast<std::size_t>(c)];
    const auto& ts = units_[static_cast<std::size_t>(t)];
    TestMods mods;
    const auto& ct = rules_.charge_test;
    if (cs.status == gdb::Status::unformed || cs.status == gdb::Status::wavering)
        mods.push_back({&ct.mod("unformed"), ct.mod("unformed").value});
    if (run.lost > 0)
        mods.push_back({&ct.mod("per_figure_lost"), ct.mod("per_figure_lost").value * run.lost});
    if (const Commander* g = attached_general(c); g && g->skill != gdb::General::inept)
        mods.push_back({&ct.mod("general_attached"), ct.mod("general_attached").value});
    // A square still forming is not a formed square (seed 000, the dragoons' example; RULINGS).
    const bool square_ready = ts.formation == gdb::Formation::square && !run.changing;
    if (is_cavalry(c) && square_ready && ts.status == gdb::Status::formed)
        mods.push_back({&ct.mod("cavalry_vs_square"), ct.mod("cavalry_vs_square").value});
    const TestRoll test = morale_test(c, ct, mods, "charge_test");
    if (test.row->outcome != "charge_home") cs.status = gdb::Status::unformed;
    emit_test(c, test, ct.rule,
              name(c) + " charge test: " + std::to_string(test.total) + ", " + test.said());
    if (test.row->outcome == "halt") return false;
    if (test.row->outcome == "retreat") {
        fall_back(c, t, moves(c).retreat_mm / 2, EventKind::retreat, ct.rule,
                  name(c) + " loses heart and falls back");
        return false;
    }
    return true;
}

void Battle::countercharge_test(ChargeRun& run) {
    const int t = run.target;
    auto& ts = units_[static_cast<std::size_t>(t)];
    const auto& ct = rules_.charge_test;
    const TestRoll cc = morale_test(t, ct, {}, "charge_test");
    if (cc.row->outcome != "charge_home") {
        ts.countercharged = false;
        ts.countercharge_bonus = false;
        ts.status = gdb::Status::unformed;
    }
    emit_test(t, cc, ct.rule,
              name(t) + " countercharge test: " + std::to_string(cc.total) + ", " + cc.said());
}

bool Battle::target_stand_test(ChargeRun& run) {
    const int c = run.charger, t = run.target;
    auto& ts = units_[static_cast<std::size_t>(t)];
    TestMods mods;
    const auto& st = rules_.stand_test;
    const auto ttype = scenario_.units[static_cast<std::size_t>(t)].unit.type;
    if (ts.status != gdb::Status::formed || run.changing)
        mods.push_back({&st.mod("unformed"), st.mod("unformed").value});
    if (run.flank) mods.push_back({&st.mod("flank_or_rear"), st.mod("flank_or_rear").value});
    if (is_cavalry(c) && ts.formation == gdb::Formation::square && !run.changing)
        mods.push_back({&st.mod("square_vs_cavalry"), st.mod("square_vs_cavalry").value});
    if (is_cavalry(c) && gdb::is_infantry(ttype) &&
        (ts.formation == gdb::Formation::line || ts.formation == gdb::Formation::open_order))
        mods.push_back({&st.mod("line_vs_cavalry"), st.mod("line_vs_cavalry").value});
    if (const Commander* g = attached_general(t); g && g->skill != gdb::General::inept)
        mods.push_back({&st.mod("general_attached"), st.mod("general_attached").value});
    const TestRoll stand = morale_test(t, st, mods, "stand_test");
    // 12.13: a unit already retreating stays retreating whatever the test says short of leaving:
    // contacted, it loses automatically and keeps retreating. Wavering is no better state.
    const bool retreating = ts.status == gdb::Status::retreating;
    if (stand.row->outcome == "wavering" && !retreating) ts.status = gdb::Status::wavering;
    emit_test(t, stand, st.rule,
              name(t) + " stand test: " + std::to_string(stand.total) + ", " + stand.said() +
                  (retreating && stand.row->outcome == "wavering"
                       ? "; it is already retreating and stays so (GdB 12.13)"
                       : ""));
    if (stand.row->outcome != "retreat") return true;
    const Vec left_from = ts.pos;
    stand_test_retreat(run, st.rule);
    ts.retreated_this_turn = true;
    after_contact(c, t, left_from, run.order, run.moved);
    return false;
}

// A target that fails its stand test retreats half its retreat move; artillery first tries an
// emergency limbering, and abandons its guns if that fails.
void Battle::stand_test_retreat(ChargeRun& run, const std::string& stand_rule) {
    const int c = run.charger, t = run.target;
    auto& ts = units_[static_cast<std::size_t>(t)];
    const i64 half_retreat = moves(t).retreat_mm / 2;
    if (scenario_.units[static_cast<std::size_t>(t)].unit.type != gdb::TroopType::artillery) {
        ts.status = gdb::Status::retreating;
        fall_back(
            t, c, half_retreat, EventKind::retreat, stand_rule,
            name(t) + " fails to stand and retreats half its retreat move, " + cm(half_retreat));
        return;
    }
    const replay::Die thrown = roll(t, "limbering");
    const int die = thrown.value;
    const int forced = thrown.forced ? 1 : 0;
    const RangeRow& lr = gdb::row_for(rules_.limbering, die);
    const bool abandoned = lr.outcome == "guns_abandoned";
    if (abandoned) {
        ts.guns_abandoned = true;
        ts.guns_at = ts.pos;
    } else {
        ts.formation = gdb::Formation::limbered;
    }
    emit(abandoned ? EventKind::guns_abandoned : EventKind::formation_change, {t},
         rules_.limbering_rule,
         name(t) + ": emergency limbering 1D6 = " + std::to_string(die) + ", " + lr.label)
        .explanation =
        gdb::explain_roll(limbering_roll(die, forced, lr), rules_.limbering_rule, tables_);
    ts.status = gdb::Status::retreating;
    fall_back(t, c, half_retreat, EventKind::retreat, rules_.limbering_rule,
              abandoned ? name(t) + ": the crew flees half its retreat move, " + cm(half_retreat)
                        : name(t) + " limbers up and retreats with its guns");
}

// The formation change completes, or the unit is caught in the middle of it.
void Battle::finish_formation_change(ChargeRun& run) {
    if (!run.changing) return;
    auto& ts = units_[static_cast<std::size_t>(run.target)];
    if (run.change.completes)
        ts.formation = run.change.to;
    else
        ts.status = gdb::Status::unformed;
}

// Second half: contact. A countercharger meets the charger half way.
void Battle::charge_home(ChargeRun& run) {
    const int c = run.charger, t = run.target;
    auto& cs = units_[static_cast<std::size_t>(c)];
    auto& ts = units_[static_cast<std::size_t>(t)];
    if (ts.countercharged) {
        const i64 gap = geom::distance(rect_of(c), rect_of(t));
        // RULINGS (countercharge): the countercharger moves the distance the charger covered,
        // its half move, so they meet half way between where they stood. One that wheeled to
        // face the charger used that move to turn and meets it half way of what is left (seed
        // 000, the cuirassiers against the dragoons: 4.5 cm each).
        const i64 meet = run.countercharge_wheeled
                             ? gap - gap / 2
                             : std::min(gap, std::max<i64>(0, run.half - ts.countercharge_forward));
        const Vec toward = geom::normalize(cs.pos - ts.pos);
        ts.countercharge_forward += meet;
        ts.countercharge_bonus = ts.countercharge_forward >= scale_.countercharge_min_mm;
        emit_motion(EventKind::countercharge, t, {t, c}, kReactionRule,
                    name(t) + " rides to meet the charger: " + cm(ts.countercharge_forward) +
                        " in all" +
                        (ts.countercharge_bonus ? ""
                                                : ", under " + cm(scale_.countercharge_min_mm) +
                                                      ": no charge bonus in the melee"),
                    ts.pos, ts.pos + geom::scale(toward, meet), toward, "gallop");
    }
    const Vec from = cs.pos;
    const Vec to = contact_position(c, t);
    std::string crossing;
    bool disordered = false;
    for (const auto* f :
         obstacles_crossed(run.start_front, rect_at(c, to, cs.facing).front_centre())) {
        crossing += (crossing.empty() ? ", crossing " : " and ") + f->name;
        disordered |= obstacle_rules(*f).disorders;
        // The defender stands right behind it: it fights from cover (12.17 (8)).
        for (std::size_t i = 0; i + 1 < f->points.size(); ++i) {
            const Vec front = rect_of(t).front_centre();
            if (geom::distance_squared_to_segment(front, f->points[i], f->points[i + 1]) <=
                rules_.obstacle_cover_reach_mm * rules_.obstacle_cover_reach_mm)
                ts.behind_obstacle = true;
        }
    }
    if (disordered) cs.status = gdb::Status::unformed;
    const i64 home = geom::length(to - from);
    emit_motion(EventKind::charge_move, c, {c}, disordered ? rules_.obstacle_rule : kChargeRule,
                name(c) +
                    (home == 0 && ts.countercharged ? " charges home where " + name(t) + " meets it"
                                                    : " charges home, " + cm(home)) +
                    crossing + (disordered ? ": it arrives unformed" : ""),
                from, to, cs.facing, run.gait);
    emit(EventKind::contact, {c, t}, kContactRule,
         name(c) + " is in contact with " + name(t) + (run.flank ? " (in its flank or rear)" : "") +
             ": both stay in place until the melee phase, no firing at them, no morale tests");
    cs.flank_contact = false;
    ts.flank_contact = run.flank;
    // A reinforcement joins a melee in its later rounds (12.8): no first-round rules for it.
    contacts_.push_back({c, t, !run.reinforcing});
}

void Battle::after_contact(int c, int t, Vec target_left_from, const Order* order, i64 moved) {
    const auto& cs = units_[static_cast<std::size_t>(c)];
    const AfterContact choice = order ? order->after_contact : AfterContact::halt;
    const i64 remaining = std::max<i64>(0, moves(c).charge_mm - moved);
    switch (choice) {
        case AfterContact::charge_another: {
            const int next = order->next_target;
            emit(EventKind::charge_declared, {c, next}, kChargeRule,
                 name(t) + " has gone: " + name(c) + " charges another enemy, " + name(next) +
                     ", and the charge procedure starts again");
            Order again = *order;
            again.after_contact = AfterContact::halt;
            execute_charge(c, next, &again, false, moved);
            return;
        }
        case AfterContact::continue_charge:
            continue_charge_after(c, t, remaining);
            return;
        case AfterContact::move_on: {
            const Vec from = cs.pos;
            emit_motion(EventKind::charge_move, c, {c}, kChargeRule,
                        name(c) + " moves on the rest of its charge move", from,
                        from + geom::scale(cs.facing, remaining), cs.facing,
                        is_cavalry(c) ? "gallop" : "trot");
            return;
        }
        case AfterContact::halt:
            halt_after_contact(c, t, target_left_from, remaining);
            return;
    }
}

void Battle::continue_charge_after(int c, int t, i64 remaining) {
    auto& cs = units_[static_cast<std::size_t>(c)];
    const std::string gait = is_cavalry(c) ? "gallop" : "trot";
    const i64 gap = geom::distance(rect_of(c), rect_of(t));
    if (units_[static_cast<std::size_t>(t)].on_table && gap <= remaining) {
        cs.facing = geom::normalize(units_[static_cast<std::size_t>(t)].pos - cs.pos);
        const Vec from = cs.pos;
        const Vec to = contact_position(c, t);
        emit_motion(EventKind::charge_move, c, {c}, kChargeRule,
                    name(c) + " continues the charge after " + name(t), from, to, cs.facing, gait);
        emit(EventKind::contact, {c, t}, kContactRule,
             name(c) + " catches " + name(t) + " and is in contact until the melee phase");
        contacts_.push_back({c, t, true});
        return;
    }
    const Vec from = cs.pos;
    emit_motion(EventKind::charge_move, c, {c}, kChargeRule,
                name(c) + " continues but cannot reach " + name(t), from,
                from + geom::scale(cs.facing, remaining), cs.facing, gait);
}

// Infantry may occupy buildings the enemy left, using as much movement as it needs (a bonus move);
// if that is more than it had left, it arrives unformed. Otherwise the charger halts on the
// position the enemy left (seed 000, the Young Guard occupies it).
void Battle::halt_after_contact(int c, int t, Vec target_left_from, i64 remaining) {
    auto& cs = units_[static_cast<std::size_t>(c)];
    const std::string gait = is_cavalry(c) ? "gallop" : "trot";
    const TerrainFeature* building = feature_at(target_left_from);
    int inside = 0;
    if (building)
        for (std::size_t u = 0; u < units_.size(); ++u)
            if (static_cast<int>(u) != c && units_[u].on_table &&
                scenario_.units[u].side == scenario_.units[static_cast<std::size_t>(c)].side &&
                geom::point_in_polygon(units_[u].pos, building->points))
                ++inside;
    if (building && building->capacity > 0 && inside >= building->capacity)
        emit(EventKind::charge_move, {c}, "GdB 12.9 B",
             name(c) + " cannot occupy " + building->name + ": it already holds " +
                 std::to_string(inside) + " units, its capacity",
             600);
    else if (building &&
             (building->kind == FeatureKind::built_up ||
              building->kind == FeatureKind::fortified) &&
             gdb::is_infantry(scenario_.units[static_cast<std::size_t>(c)].unit.type)) {
        const Vec from = cs.pos;
        const i64 needed = geom::length(target_left_from - from);
        const bool over = needed > remaining;
        if (over) cs.status = gdb::Status::unformed;
        emit_motion(EventKind::charge_move, c, {c},
                    "GdB charges: occupying buildings (seed 000); GdB 12.9 e",
                    name(c) + " occupies " + building->name + " (" + cm(needed) +
                        ", a bonus move)" +
                        (over ? ": more than it had left, so it is unformed" : ""),
                    from, target_left_from, cs.facing, gait);
        // 12.9 e: "При этом, однако, Атакующему подразделению необходимо пройти Тест на
        // Построение".
        if (!over) formation_test(c, "GdB 12.9 e", "occupying the area the enemy left");
        return;
    }
    const Vec from = cs.pos;
    const i64 to_go = std::min(remaining, geom::length(target_left_from - from));
    Vec to = from + geom::scale(cs.facing, to_go);
    for (std::size_t u = 0; u < units_.size(); ++u)
        if (static_cast<int>(u) != c && units_[u].on_table &&
            geom::overlaps(rect_at(c, to, cs.facing), rect_of(static_cast<int>(u))))
            to = from;
    if (to == from) {
        emit(EventKind::charge_move, {c}, kChargeRule, name(c) + " halts", 600);
        return;
    }
    emit_motion(EventKind::charge_move, c, {c}, kChargeRule,
                name(c) + " halts on the position " + name(t) + " left, still formed", from, to,
                cs.facing, gait);
}

bool Battle::formation_test(int u, const std::string& rule, const std::string& why) {
    auto& s = units_[static_cast<std::size_t>(u)];
    const replay::Die first = roll(u, "formation_test"), second = roll(u, "formation_test");
    const int d1 = first.value, d2 = second.value;
    const auto klass = scenario_.units[static_cast<std::size_t>(u)].unit.klass;
    const int target = melee_rules_.formation_pass_on[static_cast<std::size_t>(klass)];
    gdb::RollFacts test;
    test.test = "formation_test";
    test.rule = melee_rules_.formation_rule;
    test.dice = {d1, d2};
    test.forced = (first.forced ? 1 : 0) + (second.forced ? 1 : 0);
    test.modifiers.emplace();
    int bonus = 0;
    if (const Commander* g = attached_general(u); g && g->skill == gdb::General::excellent) {
        const auto& row = melee_rules_.formation_excellent_general;
        bonus = row.value;
        test.modifiers->push_back({row.id, row.label, row.rule, row.value});
    }
    const int total = d1 + d2 + bonus;
    const bool passed = total >= target;
    if (!passed) s.status = gdb::Status::unformed;
    test.total = total;
    test.row = std::to_string(target) + "+ for " + gdb::words_of(gdb::to_string(klass)) + ": " +
               (passed ? "stays formed" : "unformed");
    test.result = passed ? "formed" : "unformed";
    emit(EventKind::formation_test, {u}, rule,
         name(u) + " formation test, " + why + ": " + std::to_string(total) + ", needs " +
             std::to_string(target) + "+: " + (passed ? "stays formed" : "unformed"))
        .explanation = gdb::explain_roll(test, rule, tables_);
    return passed;
}

}  // namespace vedette::sim::battle
