// The GdB charge (seed 000): the charge phase, the declaration checks and the order of the steps
// of one charge. The defender's reactions are in charge_reactions.cpp; the tests, contact and the
// options when the target leaves in charge_contact.cpp; the rule decisions in charge_steps.cpp.
// Ordinary moves and formation changes of the movement phase are here too.

#include <algorithm>

#include "sim/rulesets/gdb/battle/battle_engine.h"

namespace vedette::sim::battle {

using charge::cm;
using charge::kChargeRule;
using geom::i64;
using geom::Vec;

bool Battle::in_fought_contact(int unit) const {
    for (const auto& c : contacts_)
        if ((c.attacker == unit || c.defender == unit) && !c.first_round) return true;
    return false;
}

int Battle::first_charger_of(int target) const {
    for (const auto& c : contacts_)
        if (c.defender == target) return c.attacker;
    return target;
}

bool Battle::in_charge_sector(int charger, int target) const {
    const geom::Rect cr = rect_of(charger);
    const geom::Rect tr = rect_of(target);
    if (geom::in_sector(cr.front_centre(), cr.facing, tr.centre, geom::kCos22)) return true;
    for (const Vec& p : tr.corners())
        if (geom::in_sector(cr.front_centre(), cr.facing, p, geom::kCos22)) return true;
    return false;
}

const Order* Battle::reaction_order(int unit) const {
    for (const auto& o : scenario_.orders)
        if (o.turn == turn_ && o.unit == unit && o.kind == OrderKind::reaction) return &o;
    return nullptr;
}

Battle::TestRoll Battle::morale_test(int unit, const MoraleTable& table, const TestMods& mods,
                                     const std::string& purpose) {
    TestRoll r;
    const replay::Die first = roll(unit, purpose), second = roll(unit, purpose);
    r.dice[0] = first.value;
    r.dice[1] = second.value;
    r.total = r.dice[0] + r.dice[1];
    std::vector<gdb::TestModifier> applied;
    const auto klass = scenario_.units[static_cast<std::size_t>(unit)].unit.klass;
    const int class_mod = table.class_mod[static_cast<std::size_t>(klass)];
    if (class_mod != 0) {
        r.total += class_mod;
        applied.push_back(
            {"", "Class: " + gdb::words_of(gdb::to_string(klass)), table.rule, class_mod});
    }
    for (const auto& [row, value] : mods) {
        if (value == 0) continue;
        r.total += value;
        applied.push_back({row->id, row->label, row->rule, value});
    }
    for (const auto& row : table.rows)
        if (r.total >= row.min && r.total <= row.max) r.row = &row;
    // The game as it was played: the players ruled this test otherwise (a game record).
    const std::string played = first.as_played;
    if (!played.empty() && played != r.row->outcome) {
        const RangeRow* by_rules = r.row;
        for (const auto& row : table.rows)
            if (row.outcome == played) r.row = &row;
        r.as_played = "\"" + r.row->label + "\" at the table; by the rules (" + table.rule +
                      ") the dice " + std::to_string(r.dice[0]) + " + " +
                      std::to_string(r.dice[1]) + " make " + std::to_string(r.total) +
                      ", which gives \"" + by_rules->label + "\"";
    }
    // The test's table in gdb.json is the one named after it ("charge_test", "stand_test").
    r.facts.test = r.facts.table = purpose;
    r.facts.rule = table.rule;
    r.facts.dice = {r.dice[0], r.dice[1]};
    r.facts.forced = (first.forced ? 1 : 0) + (second.forced ? 1 : 0);
    r.facts.modifiers = std::move(applied);
    r.facts.total = r.total;
    r.facts.row = r.row->label;
    r.facts.result = r.row->outcome;
    r.facts.is_default = table.is_default;
    return r;
}

std::string Battle::TestRoll::said() const {
    return as_played.empty() ? row->label : row->label + " (as played at the table)";
}

record::Event& Battle::emit_test(int unit, const TestRoll& test, const std::string& rule,
                                 const std::string& text) {
    record::Event& e = emit(EventKind::morale_test, {unit}, rule, text);
    e.explanation = gdb::explain_roll(test.facts, rule, tables_);
    e.as_played = test.as_played;
    return e;
}

Vec Battle::contact_position(int charger, int target) const {
    return contact_along(charger, target, units_[static_cast<std::size_t>(charger)].facing);
}

Vec Battle::contact_along(int unit, int target, Vec dir) const {
    Vec pos = units_[static_cast<std::size_t>(unit)].pos;
    const geom::Rect tr = rect_of(target);
    // Translating a block changes its distance by at most the translation, so stepping by the
    // gap never overshoots; a few steps close it to the millimetre.
    for (int i = 0; i < 16; ++i) {
        const i64 gap = geom::distance(rect_at(unit, pos, dir), tr);
        if (gap <= 1) break;
        pos = pos + geom::scale(dir, gap);
    }
    return pos;
}

Vec Battle::move_destination(const Order& o) const {
    const auto& s = units_[static_cast<std::size_t>(o.unit)];
    const auto toward = [&](int other) {
        const Vec d = units_[static_cast<std::size_t>(other)].pos - s.pos;
        return d == Vec{} ? s.facing : geom::normalize(d);
    };
    if (o.contact >= 0) return contact_along(o.unit, o.contact, toward(o.contact));
    if (o.move_by > 0)
        return s.pos + geom::scale(o.towards >= 0 ? toward(o.towards) : s.facing, o.move_by);
    return o.to;
}

void Battle::fall_back(int unit, int enemy, i64 distance, EventKind kind, const std::string& rule,
                       const std::string& text, Vec dir, const std::string& as_played) {
    auto& s = units_[static_cast<std::size_t>(unit)];
    const Vec away =
        dir == Vec{} ? geom::normalize(s.pos - units_[static_cast<std::size_t>(enemy)].pos) : dir;
    std::vector<int> passed;
    const Vec from = s.pos;
    const bool pushed = kind == EventKind::push_back;
    const Vec path_end = flee_path_end(unit, away, distance, passed);
    // RULINGS turn 4: a push back that would carry the unit off the table stops at the edge;
    // only a retreat or a rout off the table loses it.
    const Vec end = pushed ? stop_at_table_edge(unit, from, path_end, s.facing) : path_end;
    if (end != path_end)
        std::erase_if(passed, [&](int f) {
            return !geom::segment_crosses_rect(from, end, rect_of(f)) &&
                   !geom::overlaps(rect_at(unit, end, s.facing), rect_of(f));
        });
    const bool at_edge = end != path_end;
    emit_motion(kind, unit, {unit}, rule,
                at_edge ? name(unit) + " is pushed back " + cm(geom::length(end - from)) +
                              " to the table edge, still facing the enemy"
                        : text,
                from, end, pushed ? s.facing : away, pushed ? "walk" : "flee")
        .as_played = as_played;
    if (at_edge)
        emit(EventKind::table_edge, {unit}, "GdB 12.19 (loser pushed back); RULINGS turn 4",
             name(unit) + " is stopped by the table edge after " + cm(geom::length(end - from)) +
                 " of its " + cm(distance) +
                 " push back: it stays in play and rallies there, as a push back does",
             800);
    // Skirmishers and crews pass through friends without penalty (seed 000, evades 5); others
    // disorder the friends they pass through in the first half of their move (12.19 c).
    const auto type = scenario_.units[static_cast<std::size_t>(unit)].unit.type;
    if (type == gdb::TroopType::skirmishers ||
        (type == gdb::TroopType::artillery && s.guns_abandoned)) {
        if (kind == EventKind::evade) return;
    }
    for (int f : passed) {
        // Skirmishers passed anywhere on the way are trampled by a pursuer (12.25).
        if (scenario_.units[static_cast<std::size_t>(f)].unit.type == gdb::TroopType::skirmishers)
            s.disordered_in_flight.push_back(f);
        if (!disorders_friend(unit, f, from, away, distance)) continue;
        auto& fs = units_[static_cast<std::size_t>(f)];
        if (fs.status == gdb::Status::formed) fs.status = gdb::Status::unformed;
        // Both units become unformed (12.19 c).
        if (pushed) s.status = gdb::Status::unformed;
        if (scenario_.units[static_cast<std::size_t>(f)].unit.type != gdb::TroopType::skirmishers)
            s.disordered_in_flight.push_back(f);
        emit(EventKind::interpenetration, {f, unit},
             "GdB 12.19 c; seed 000 (routers pass through friends)",
             name(unit) + " passes through " + name(f) +
                 " in the first half of its move: it becomes unformed; " + name(unit) +
                 " ends behind it");
    }
}

void Battle::charge_phase() {
    phase_ = "charges";
    uncontrolled_charges();
    opportunity_charges();
    ordered_charges();
}

// Uncontrolled charges carried over from last turn's pursuit tests (12.24 f).
void Battle::uncontrolled_charges() {
    for (std::size_t u = 0; u < units_.size(); ++u) {
        if (!units_[u].uncontrolled) continue;
        units_[u].uncontrolled = false;
        const int c = static_cast<int>(u);
        int best = -1;
        i64 best_d = 0;
        for (std::size_t e = 0; e < units_.size(); ++e) {
            const int t = static_cast<int>(e);
            if (scenario_.units[e].side == scenario_.units[u].side || !units_[e].on_table) continue;
            const i64 d = geom::distance(rect_of(c), rect_of(t));
            if (d <= moves(c).charge_mm && in_charge_sector(c, t) && line_of_sight(c, t) &&
                (best < 0 || d < best_d)) {
                best = t;
                best_d = d;
            }
        }
        if (best < 0) {
            units_[u].blown = true;
            units_[u].status = gdb::Status::unformed;
            emit(EventKind::blown, {c}, "GdB 12.24 g",
                 name(c) +
                     " finds no enemy within 22 degrees to charge: it retires to re-form, as blown "
                     "cavalry");
            continue;
        }
        emit(EventKind::uncontrolled_charge, {c, best}, "GdB 12.24 f",
             name(c) +
                 " cannot be stopped: an uncontrolled charge on the nearest enemy in its sector, " +
                 name(best));
        execute_charge(c, best, nullptr, false, 0);
    }
}

// An unformed unit that spends its movement phase standing re-forms where it is (12.24
// "Непостроенны": it may re-form in place or behind its lines).
void Battle::reform_standing_units() {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        auto& s = units_[i];
        const int u = static_cast<int>(i);
        if (!s.on_table || s.status != gdb::Status::unformed || s.blown || s.pursuing ||
            s.pending != Pending::none || in_contact(u) || s.charged || s.was_charged ||
            s.retreated_this_turn)
            continue;
        bool moves_now = false;
        for (const auto& o : scenario_.orders)
            moves_now |= o.turn == turn_ && o.unit == u &&
                         (o.kind == OrderKind::move || o.kind == OrderKind::formation);
        if (moves_now) continue;
        s.status = gdb::Status::formed;
        emit(EventKind::rally, {u}, "GdB 12.24 (unformed)",
             name(u) + " stands for the movement phase and re-forms", 600);
    }
}

// Opportunity charges (cavalry only, one per commander per turn, against a unit that declared a
// charge this turn) move first (seed 000). Every condition of a charge applies, the command
// radius included (the hussars' example checks it first).
void Battle::opportunity_charges() {
    std::vector<int> brigades_used;
    for (const auto& o : scenario_.orders) {
        if (o.turn != turn_ || o.kind != OrderKind::opportunity_charge) continue;
        const auto& su = scenario_.units[static_cast<std::size_t>(o.unit)];
        const Order* provoking = nullptr;
        for (const auto& other : scenario_.orders)
            if (other.turn == turn_ && other.unit == o.target && other.kind == OrderKind::charge)
                provoking = &other;
        const int key = su.side * 1000 + su.brigade;
        std::string refusal;
        const auto& cs = units_[static_cast<std::size_t>(o.unit)];
        if (!provoking)
            refusal = name(o.target) + " has not declared a charge this turn";
        else if (!can_act(o.unit) || cs.stood_aside)
            refusal = "it cannot charge now (in contact, retreating, broken or blown)";
        else if (cs.status == gdb::Status::unformed)
            refusal = "it is unformed: cavalry may not charge until it re-forms (GdB 12.24)";
        else if (std::find(brigades_used.begin(), brigades_used.end(), key) != brigades_used.end())
            refusal = "its brigade general has already ordered an opportunity charge this turn";
        if (!refusal.empty()) {
            emit(EventKind::charge_refused, {o.unit, o.target},
                 "GdB opportunity charges (seed 000)",
                 name(o.unit) + " may not make an opportunity charge: " + refusal);
            continue;
        }
        // The enemy's own declaration comes first: it is what the opportunity charge answers.
        emit(EventKind::charge_declared, {o.target, provoking->target}, kChargeRule,
             name(o.target) + " declares a charge on " + name(provoking->target));
        ChargeRun run;
        run.charger = o.unit;
        run.target = o.target;
        run.order = &o;
        if (!declare_charge(run, true, 0)) continue;
        brigades_used.push_back(key);
        run_declared_charge(run);
    }
}

// The phasing side charges first; the other side only after it (seed 000, note).
void Battle::ordered_charges() {
    for (int pass = 0; pass < 2; ++pass) {
        const int side = pass == 0 ? phasing_ : 1 - phasing_;
        for (const auto& o : scenario_.orders) {
            if (o.turn != turn_ || o.kind != OrderKind::charge) continue;
            if (scenario_.units[static_cast<std::size_t>(o.unit)].side != side) continue;
            const auto& cs = units_[static_cast<std::size_t>(o.unit)];
            if (!cs.on_table || cs.charged) continue;
            if (cs.was_charged && cs.charged_by != o.target) {
                emit(EventKind::charge_refused, {o.unit, o.target}, kChargeRule,
                     name(o.unit) +
                         " has been charged: it may only stand or countercharge, not charge a "
                         "third unit");
                continue;
            }
            if (is_cavalry(o.unit) && cs.status == gdb::Status::unformed && can_act(o.unit)) {
                emit(EventKind::charge_refused, {o.unit, o.target}, "GdB 12.24",
                     name(o.unit) + " is unformed: cavalry may not charge until it re-forms");
                continue;
            }
            if (!can_act(o.unit) || cs.stood_aside) {
                emit(EventKind::charge_refused, {o.unit, o.target}, kChargeRule,
                     name(o.unit) + (cs.stood_aside ? " stepped out of a charge path this turn: it "
                                                      "may not fire or fight (seed 000)"
                                                    : " cannot charge now (in contact, retreating, "
                                                      "broken or blown)"));
                continue;
            }
            execute_charge(o.unit, o.target, &o, false, 0);
        }
    }
}

// One charge, in the order of seed 000: declaration, the defender's reaction, the first half move
// and what the reaction does during it, the charger's test, the target's test, contact. `used` is
// the charge move already spent by a charge restarted on another target.
void Battle::execute_charge(int c, int t, const Order* order, bool opportunity, i64 used) {
    ChargeRun run;
    run.charger = c;
    run.target = t;
    run.order = order;
    if (!declare_charge(run, opportunity, used)) return;
    run_declared_charge(run);
}

void Battle::run_declared_charge(ChargeRun& run) {
    announce_reaction(run);
    first_half_move(run);
    if (!resolve_reaction(run)) return;
    if (!charger_test(run)) return;
    if (run.reaction.reaction == Reaction::countercharge)
        countercharge_test(run);
    else if (units_[static_cast<std::size_t>(run.target)].status == gdb::Status::broken)
        emit(EventKind::morale_test, {run.target, run.charger}, "GdB 12.14",
             name(run.target) + " is broken: it takes no morale test; contacted, it will be " +
                 "removed without a melee",
             800);
    else if (run.reinforcing)
        emit(EventKind::morale_test, {run.target, run.charger}, "GdB 12.8 b",
             name(run.target) +
                 " is already in melee: it stays in place and takes no morale test; " +
                 name(run.charger) + " joins the melee as a reinforcement, without a charge bonus",
             800);
    else if (run.joining)
        emit(EventKind::morale_test, {run.target, run.charger}, "GdB 12.6; RULINGS turn 4",
             name(run.target) + " is already in contact with " +
                 name(first_charger_of(run.target)) +
                 ": it tests once, against the first charger, and takes no second test; no "
                 "melee round has been fought, so " +
                 name(run.charger) + " charges it as a charger, with its charge bonus",
             800);
    else if (!target_stand_test(run))
        return;
    finish_formation_change(run);
    charge_home(run);
}

charge::DeclarationChecks Battle::declaration_checks(int c, int t, const Order* order,
                                                     i64 used) const {
    const auto& cs = units_[static_cast<std::size_t>(c)];
    const auto& ts = units_[static_cast<std::size_t>(t)];
    charge::DeclarationChecks k;
    // Hedges, walls and streams between charger and target cost part of the charge move.
    for (const auto* f : obstacles_crossed(cs.pos, ts.pos)) {
        k.obstacle_cost_mm += obstacle_rules(*f).move_cost_mm;
        k.obstacle_names += (k.obstacle_names.empty() ? "" : ", ") + f->name;
    }
    k.target_present = ts.on_table && !ts.dispersed;
    k.charger_can_charge = moves(c).charge_mm != 0;
    k.needs_general = order && used == 0;
    k.command_mm = command_distance(c);
    k.command_radius_mm = scale_.command_radius_mm;
    k.charge_move_mm = moves(c).charge_mm - used - k.obstacle_cost_mm;
    k.distance_mm = geom::distance(rect_of(c), rect_of(t));
    k.in_sector = in_charge_sector(c, t);
    k.terrain_refusal = terrain_refusal(c, t);
    return k;
}

bool Battle::declare_charge(ChargeRun& run, bool opportunity, i64 used) {
    const int c = run.charger, t = run.target;
    auto& cs = units_[static_cast<std::size_t>(c)];
    auto& ts = units_[static_cast<std::size_t>(t)];
    charge::DeclarationChecks k = declaration_checks(c, t, run.order, used);
    // The game as it was played: the table measured the charge in range (or out of it) where the
    // rules' distance gives otherwise (a game record's as_played on the charge order).
    const std::string played = run.order ? run.order->as_played : "";
    const bool in_range = k.distance_mm <= k.charge_move_mm;
    std::string as_played;
    if ((played == "in_range" && !in_range) || (played == "out_of_range" && in_range))
        as_played = std::string(in_range ? "out of range" : "in range") +
                    " at the table; by the rules (" + kChargeRule + ") the target is " +
                    cm(k.distance_mm) + " away and the charge move is " + cm(k.charge_move_mm) +
                    ", so it is " + (in_range ? "in range" : "out of range");
    const i64 measured = k.distance_mm;
    if (played == "in_range" && !in_range) k.distance_mm = k.charge_move_mm;
    std::string refusal = charge::declaration_refusal(k);
    k.distance_mm = measured;
    if (played == "out_of_range" && in_range && refusal.empty())
        refusal = "out of range as played at the table (" + cm(k.distance_mm) + " by the rules)";
    bool visible = true;
    if (refusal.empty()) {
        clear_charge_path(c, t);
        visible = sees_any_part(c, t);
        if (!visible) {
            const std::string blocker = sight_blocker(c, t);
            refusal = "the target cannot be seen" +
                      (blocker.empty() ? std::string() : ": " + blocker + " is in the way");
        }
    }
    gdb::DeclarationFacts checks;
    checks.distance_mm = k.distance_mm;
    checks.charge_move_mm = k.charge_move_mm;
    checks.command = gdb::DeclarationFacts::Command{k.command_mm, k.command_radius_mm};
    checks.visible = visible;
    checks.in_sector = k.in_sector;
    if (!refusal.empty()) {
        record::Event& e = emit(EventKind::charge_refused, {c, t}, kChargeRule,
                                name(c) + " cannot charge " + name(t) + ": " + refusal);
        e.explanation =
            gdb::explain_declaration(kind_name(EventKind::charge_refused), kChargeRule, checks);
        if (played == "out_of_range") e.as_played = as_played;
        return false;
    }
    // 12.8 a: a reinforcement joins a melee already fought. A second charger that reaches the
    // target before any melee round is a charger under 12.6 (RULINGS turn 4).
    run.reinforcing = in_fought_contact(t);
    run.joining = in_contact(t) && !run.reinforcing;
    const std::string checked = cm(k.distance_mm) + " away, charge move " + cm(k.charge_move_mm) +
                                (k.needs_general ? ", general " + cm(k.command_mm) + " away (" +
                                                       cm(k.command_radius_mm) + " allowed)"
                                                 : "") +
                                ", visible, within 22 degrees";
    const std::string rule = opportunity ? "GdB opportunity charges (seed 000)" : kChargeRule;
    record::Event& declared = emit(
        EventKind::charge_declared, {c, t}, rule,
        opportunity ? name(c) + " seizes the initiative: an opportunity charge on " + name(t) +
                          ", moving first: " + checked
                    : name(c) + (run.reinforcing ? " charges into the melee with " : " charges ") +
                          name(t) + ": " + checked);
    declared.explanation =
        gdb::explain_declaration(kind_name(EventKind::charge_declared), rule, checks);
    if (played == "in_range") declared.as_played = as_played;
    cs.reinforcement = run.reinforcing;
    cs.charged = true;
    run.start_front = rect_of(c).front_centre();
    cs.general_leads = run.order && run.order->general_leads;
    ts.was_charged = true;
    ts.charged_by = c;
    run.distance = k.distance_mm;
    run.moved = used;
    // Flank or rear: the charger starts from beside or behind the target's front edge.
    const i64 forward = geom::q16_round(geom::dot(cs.pos - ts.pos, ts.facing));
    run.flank = forward < rect_of(t).half_depth;
    return true;
}

void Battle::clear_charge_path(int c, int t) {
    const Vec a = units_[static_cast<std::size_t>(c)].pos;
    const Vec b = units_[static_cast<std::size_t>(t)].pos;
    const int side = scenario_.units[static_cast<std::size_t>(c)].side;
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int s = static_cast<int>(i);
        if (s == c || s == t || !units_[i].on_table ||
            scenario_.units[i].unit.type != gdb::TroopType::skirmishers)
            continue;
        if (!geom::segment_crosses_rect(a, b, rect_of(s))) continue;
        auto& ss = units_[i];
        if (scenario_.units[i].side == side) {
            // Own skirmishers: simply moved to the rear of the charging unit.
            const auto& cs = units_[static_cast<std::size_t>(c)];
            const Vec behind =
                cs.pos - geom::scale(cs.facing, rect_of(c).half_depth + rect_of(s).half_depth + 20);
            emit_motion(EventKind::move, s, {s, c},
                        "GdB charges: charging through own skirmishers (seed 000)",
                        name(s) + " clears the way: the skirmishers fall back behind " + name(c),
                        ss.pos, behind, cs.facing, "trot");
            continue;
        }
        // Enemy skirmishers in the path evade behind the nearest friendly formed unit, or away.
        int shelter = -1;
        i64 best = 0;
        for (std::size_t f = 0; f < units_.size(); ++f) {
            if (f == i || !units_[f].on_table || scenario_.units[f].side != scenario_.units[i].side)
                continue;
            const auto type = scenario_.units[f].unit.type;
            if (type == gdb::TroopType::skirmishers || type == gdb::TroopType::artillery) continue;
            const i64 d = geom::length_squared(units_[f].pos - ss.pos);
            if (shelter < 0 || d < best) {
                shelter = static_cast<int>(f);
                best = d;
            }
        }
        const Vec away = geom::normalize(ss.pos - a);
        Vec to = ss.pos + geom::scale(away, moves(s).evade_mm);
        std::string where = "away from the charge";
        if (shelter >= 0) {
            const auto& fs = units_[static_cast<std::size_t>(shelter)];
            to = fs.pos -
                 geom::scale(fs.facing, rect_of(shelter).half_depth + rect_of(s).half_depth + 20);
            where = "behind " + name(shelter);
        }
        ss.stood_aside = true;
        emit_motion(EventKind::evade, s, {s, c},
                    "GdB charges: skirmishers in the path of a charge evade (seed 000)",
                    name(s) + " is in the path of " + name(c) + "'s charge and evades " + where +
                        "; it may not fire or fight this turn",
                    ss.pos, to, away, "flee");
    }
}

void Battle::reman_abandoned_guns() {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        auto& s = units_[i];
        const int u = static_cast<int>(i);
        if (!s.on_table || !s.guns_abandoned || s.status == gdb::Status::broken ||
            s.status == gdb::Status::retreating || in_contact(u))
            continue;
        bool enemy_near = false;
        for (std::size_t e = 0; e < units_.size(); ++e)
            if (units_[e].on_table && scenario_.units[e].side != scenario_.units[i].side &&
                geom::length(units_[e].pos - s.guns_at) <=
                    rules_.guns_enemy_clear_mm + rect_of(static_cast<int>(e)).half_width)
                enemy_near = true;
        if (enemy_near) continue;
        const i64 gap = geom::length(s.guns_at - s.pos);
        const Vec dir = gap > 0 ? geom::normalize(s.guns_at - s.pos) : s.facing;
        if (gap > moves(u).move_mm) {
            emit_motion(EventKind::move, u, {u}, rules_.guns_rule,
                        name(u) + ": the crew makes its way back towards its guns", s.pos,
                        s.pos + geom::scale(dir, moves(u).move_mm), dir, "walk");
            continue;
        }
        const Vec from = s.pos;
        s.guns_abandoned = false;
        emit_motion(EventKind::guns_remanned, u, {u}, rules_.guns_rule,
                    name(u) + ": the enemy has gone, the crew returns and re-mans its guns", from,
                    s.guns_at, dir, "walk");
    }
}

void Battle::movement_phase() {
    phase_ = "movement";
    blown_cavalry_retires();
    reform_standing_units();
    for (const auto& o : scenario_.orders) {
        if (o.turn != turn_ || (o.kind != OrderKind::move && o.kind != OrderKind::formation))
            continue;
        auto& s = units_[static_cast<std::size_t>(o.unit)];
        if (!can_act(o.unit) || s.charged || s.was_charged) continue;
        if (o.kind == OrderKind::formation) {
            if (s.formation == o.formation) continue;
            const std::string before = gdb::words_of(gdb::to_string(s.formation));
            s.formation = o.formation;
            emit(EventKind::formation_change, {o.unit}, rules_.formation_rule,
                 name(o.unit) + " changes formation from " + before + " to " +
                     gdb::words_of(gdb::to_string(o.formation)));
            continue;
        }
        const Vec to = move_destination(o);
        const Vec delta = to - s.pos;
        const i64 len = geom::length(delta);
        if (len == 0) continue;
        const Vec dir = geom::normalize(delta);
        const bool road = road_move(o.unit, to);
        const i64 allowance =
            moves(o.unit).move_mm * (100 + (road ? rules_.road_bonus_percent : 0)) / 100;
        const i64 step = std::min(len, allowance);
        emit_motion(EventKind::move, o.unit, {o.unit}, road ? rules_.road_rule : "GdB movement",
                    name(o.unit) + " moves " + cm(step) +
                        (road ? " along the road (" + cm(allowance) + " allowed)" : ""),
                    s.pos, s.pos + geom::scale(dir, step), dir,
                    is_cavalry(o.unit) ? "trot" : "walk");
    }
}

}  // namespace vedette::sim::battle
