// The GdB charge (seed 000): declaration checks, the defender's reaction, the half move, closing
// fire, formation changes, evades, countercharges, the morale tests, contact, and the options when
// the target leaves. Ordinary moves and formation changes of the movement phase are here too.

#include <algorithm>

#include "sim/battle/battle_engine.h"

namespace vedette::sim::battle {

using geom::i64;
using geom::Vec;
using OJson = nlohmann::ordered_json;

namespace {
const char* kChargeRule = "GdB charges (seed 000)";
const char* kReactionRule = "GdB charges: defender reactions (seed 000)";
const char* kEvadeRule = "GdB evades (seed 000; RULINGS evaders)";

std::string cm(i64 mm) {
    const std::string whole = std::to_string(mm / 10);
    return mm % 10 == 0 ? whole + " cm" : whole + "." + std::to_string(mm % 10) + " cm";
}

bool may_evade(gdb::TroopType t) {
    return t == gdb::TroopType::skirmishers || t == gdb::TroopType::artillery ||
           t == gdb::TroopType::light_cavalry || t == gdb::TroopType::cossacks;
}
}  // namespace

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
    r.dice[0] = roll(unit, purpose);
    r.dice[1] = roll(unit, purpose);
    r.total = r.dice[0] + r.dice[1];
    OJson list = OJson::array();
    const auto klass = scenario_.units[static_cast<std::size_t>(unit)].unit.klass;
    const int class_mod = table.class_mod[static_cast<std::size_t>(klass)];
    if (class_mod != 0) {
        r.total += class_mod;
        list.push_back({{"label", "Class: " + std::string(gdb::to_string(klass))},
                        {"value", class_mod},
                        {"rule", table.rule}});
    }
    for (const auto& [row, value] : mods) {
        if (value == 0) continue;
        r.total += value;
        list.push_back({{"label", row->label}, {"value", value}, {"rule", row->rule}});
    }
    for (const auto& row : table.rows)
        if (r.total >= row.min && r.total <= row.max) r.row = &row;
    r.details = {{"test", purpose},         {"rule", table.rule}, {"dice", {r.dice[0], r.dice[1]}},
                 {"modifiers", list},       {"total", r.total},   {"row", r.row->label},
                 {"result", r.row->outcome}};
    if (table.is_default) r.details["source"] = "default";
    return r;
}

Vec Battle::contact_position(int charger, int target) const {
    const auto& cs = units_[static_cast<std::size_t>(charger)];
    const Vec dir = cs.facing;
    Vec pos = cs.pos;
    const geom::Rect tr = rect_of(target);
    // Translating a block changes its distance by at most the translation, so stepping by the
    // gap never overshoots; a few steps close it to the millimetre.
    for (int i = 0; i < 16; ++i) {
        const i64 gap = geom::distance(rect_at(charger, pos, dir), tr);
        if (gap <= 1) break;
        pos = pos + geom::scale(dir, gap);
    }
    return pos;
}

void Battle::fall_back(int unit, int enemy, i64 distance, const std::string& kind,
                       const std::string& rule, const std::string& text) {
    auto& s = units_[static_cast<std::size_t>(unit)];
    const Vec away = geom::normalize(s.pos - units_[static_cast<std::size_t>(enemy)].pos);
    std::vector<int> passed;
    const Vec from = s.pos;
    const Vec end = flee_path_end(unit, away, distance, passed);
    const bool pushed = kind == "push_back";
    emit_motion(kind, unit, {unit}, rule, text, from, end, pushed ? s.facing : away,
                pushed ? "walk" : "flee");
    // Skirmishers and crews pass through friends without penalty (seed 000, evades 5); others
    // disorder the friends they pass through (12.19 c).
    const auto type = scenario_.units[static_cast<std::size_t>(unit)].unit.type;
    if (type == gdb::TroopType::skirmishers ||
        (type == gdb::TroopType::artillery && s.guns_abandoned)) {
        if (kind == "evade") return;
    }
    for (int f : passed) {
        auto& fs = units_[static_cast<std::size_t>(f)];
        if (fs.formation == gdb::Formation::square) continue;
        if (fs.status == gdb::Status::formed) fs.status = gdb::Status::unformed;
        emit("interpenetration", {f, unit}, "GdB 12.19 c; seed 000 (routers pass through friends)",
             name(unit) + " passes through " + name(f) + ", which becomes unformed; " + name(unit) +
                 " ends behind it");
    }
}

void Battle::charge_phase() {
    phase_ = "charges";
    // Uncontrolled charges carried over from last turn's pursuit tests (12.24 f).
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
            emit("blown", {c}, "GdB 12.24 g",
                 name(c) +
                     " finds no enemy within 22 degrees to charge: it retires to re-form, as blown "
                     "cavalry");
            continue;
        }
        emit("uncontrolled_charge", {c, best}, "GdB 12.24 f",
             name(c) +
                 " cannot be stopped: an uncontrolled charge on the nearest enemy in its sector, " +
                 name(best));
        execute_charge(c, best, nullptr, false, 0);
    }

    // Opportunity charges (cavalry only, one per commander per turn, against a unit that declared
    // a charge this turn) move first (seed 000).
    std::vector<int> brigades_used;
    for (const auto& o : scenario_.orders) {
        if (o.turn != turn_ || o.kind != OrderKind::opportunity_charge) continue;
        const auto& su = scenario_.units[static_cast<std::size_t>(o.unit)];
        bool target_charges = false;
        for (const auto& other : scenario_.orders)
            target_charges |=
                other.turn == turn_ && other.unit == o.target && other.kind == OrderKind::charge;
        const int key = su.side * 1000 + su.brigade;
        std::string refusal;
        if (!target_charges)
            refusal = name(o.target) + " has not declared a charge this turn";
        else if (std::find(brigades_used.begin(), brigades_used.end(), key) != brigades_used.end())
            refusal = "its brigade general has already ordered an opportunity charge this turn";
        if (!refusal.empty()) {
            emit("charge_refused", {o.unit, o.target}, "GdB opportunity charges (seed 000)",
                 name(o.unit) + " may not make an opportunity charge: " + refusal);
            continue;
        }
        brigades_used.push_back(key);
        emit("charge_declared", {o.unit, o.target}, "GdB opportunity charges (seed 000)",
             name(o.unit) + " seizes the initiative: an opportunity charge on " + name(o.target) +
                 ", moving first");
        execute_charge(o.unit, o.target, &o, true, 0);
    }

    // The phasing side charges first; the other side only after it (seed 000, note).
    for (int pass = 0; pass < 2; ++pass) {
        const int side = pass == 0 ? phasing_ : 1 - phasing_;
        for (const auto& o : scenario_.orders) {
            if (o.turn != turn_ || o.kind != OrderKind::charge) continue;
            if (scenario_.units[static_cast<std::size_t>(o.unit)].side != side) continue;
            const auto& cs = units_[static_cast<std::size_t>(o.unit)];
            if (!cs.on_table || cs.charged) continue;
            if (cs.was_charged && cs.charged_by != o.target) {
                emit("charge_refused", {o.unit, o.target}, kChargeRule,
                     name(o.unit) +
                         " has been charged: it may only stand or countercharge, not charge a "
                         "third unit");
                continue;
            }
            if (!can_act(o.unit)) {
                emit("charge_refused", {o.unit, o.target}, kChargeRule,
                     name(o.unit) + " cannot charge now (in contact, retreating, broken or blown)");
                continue;
            }
            execute_charge(o.unit, o.target, &o, false, 0);
        }
    }
}

void Battle::execute_charge(int c, int t, const Order* order, bool opportunity, i64 used) {
    auto& cs = units_[static_cast<std::size_t>(c)];
    auto& ts = units_[static_cast<std::size_t>(t)];
    const MoveRates& cm_rates = moves(c);
    // Hedges, walls and streams between charger and target cost part of the charge move.
    const auto obstacles = obstacles_crossed(cs.pos, ts.pos);
    i64 obstacle_cost = 0;
    std::string obstacle_names;
    for (const auto* f : obstacles) {
        obstacle_cost += obstacle_rules(*f).move_cost_mm;
        obstacle_names += (obstacle_names.empty() ? "" : ", ") + f->name;
    }
    const i64 charge_move = cm_rates.charge_mm - used - obstacle_cost;
    const i64 dist = geom::distance(rect_of(c), rect_of(t));
    const i64 command = command_distance(c);
    const bool sector = in_charge_sector(c, t);

    std::string refusal;
    if (!ts.on_table || ts.dispersed)
        refusal = "the target has left the table";
    else if (cm_rates.charge_mm == 0)
        refusal = "artillery does not charge";
    // An uncontrolled charge (no order) needs no general; a restarted charge was already ordered.
    else if (order && used == 0 && !opportunity && command > scale_.command_radius_mm)
        refusal = "no brigade general or C-in-C within " + cm(scale_.command_radius_mm) +
                  " (nearest " + cm(command) + ")";
    else if (dist > charge_move)
        refusal = "out of range: " + cm(dist) + " away, the charge move is " + cm(charge_move) +
                  (obstacle_cost > 0 ? " after crossing " + obstacle_names : "");
    else if (!sector)
        refusal = "the target is not within 22 degrees of the charger's front";
    bool visible = true;
    if (refusal.empty()) {
        clear_charge_path(c, t);
        visible = line_of_sight(c, t);
        if (!visible) refusal = "the target cannot be seen";
    }
    OJson checks = {{"distance_mm", dist},
                    {"charge_move_mm", charge_move},
                    {"command_distance_mm", command},
                    {"command_radius_mm", scale_.command_radius_mm},
                    {"visible", visible},
                    {"in_sector", sector}};
    if (!refusal.empty()) {
        emit("charge_refused", {c, t}, kChargeRule,
             name(c) + " cannot charge " + name(t) + ": " + refusal)
            .details = checks;
        return;
    }
    if (!opportunity)
        emit("charge_declared", {c, t}, kChargeRule,
             name(c) + " charges " + name(t) + ": " + cm(dist) + " away, charge move " +
                 cm(charge_move) +
                 (used == 0 ? ", general " + cm(command) + " away (15 cm allowed)" : "") +
                 ", visible, within 22 degrees")
            .details = checks;
    cs.charged = true;
    const Vec start_front = rect_of(c).front_centre();
    cs.general_leads = order && order->general_leads;
    ts.was_charged = true;
    ts.charged_by = c;
    // Flank or rear: the charger starts from beside or behind the target's front edge.
    const i64 forward = geom::q16_round(geom::dot(cs.pos - ts.pos, ts.facing));
    bool flank = forward < rect_of(t).half_depth;

    // The defender's reaction.
    const auto type = scenario_.units[static_cast<std::size_t>(t)].unit.type;
    Reaction r = type == gdb::TroopType::artillery     ? Reaction::stand_and_fire
                 : type == gdb::TroopType::skirmishers ? Reaction::evade
                                                       : Reaction::stand;
    const Order* ro = reaction_order(t);
    if (ro) r = ro->reaction;
    std::string note;
    if (in_contact(t) || ts.status == gdb::Status::broken) {
        r = Reaction::stand;
        note = " (it cannot react)";
    } else if (r == Reaction::evade && !may_evade(type)) {
        r = Reaction::stand;
        note = " (line infantry and heavy cavalry never evade: it stands)";
    } else if (r == Reaction::countercharge && (!gdb::is_cavalry(type) || ts.charged)) {
        r = Reaction::stand;
        note = " (only cavalry that has not charged may countercharge: it stands)";
    } else if (r == Reaction::form_square && type != gdb::TroopType::infantry) {
        r = Reaction::stand;
        note = " (only infantry forms square: it stands)";
    }
    static const char* kReactionWords[] = {"stands",         "stands and fires",
                                           "forms square",   "changes formation",
                                           "countercharges", "evades"};
    emit("reaction", {t, c}, kReactionRule,
         name(t) + " " + kReactionWords[static_cast<int>(r)] + note);

    // The charger's first half move.
    const Vec dir = geom::normalize(ts.pos - cs.pos);
    const i64 half = dist / 2;
    const std::string gait = is_cavalry(c) ? "gallop" : "trot";
    emit_motion("charge_move", c, {c}, kChargeRule,
                name(c) + " moves half the distance, " + cm(half), cs.pos,
                cs.pos + geom::scale(dir, half), dir, gait);
    i64 moved = used + half;
    int lost = 0;
    bool changing = false, change_done = false;
    gdb::Formation new_formation = ts.formation;

    switch (r) {
        case Reaction::stand_and_fire: {
            const int d1 = roll(t, "closing_fire"), d2 = roll(t, "closing_fire");
            const int bonus = type == gdb::TroopType::artillery ? rules_.artillery_fire_bonus : 0;
            const FireRow& row = rules_.fire_row(d1 + d2 + bonus);
            lost = std::min(row.figures, cs.figures);
            emit("volley", {t, c}, rules_.closing_fire_rule,
                 name(t) + " fires a closing volley: " + std::to_string(d1) + " + " +
                     std::to_string(d2) +
                     (bonus ? " + " + std::to_string(bonus) + " canister" : "") + " = " +
                     std::to_string(d1 + d2 + bonus) + ": " + row.label)
                .details = {{"dice", {d1, d2}}, {"bonus", bonus},  {"total", d1 + d2 + bonus},
                            {"row", row.label}, {"figures", lost}, {"source", "default"}};
            if (lost > 0) {
                cs.figures -= lost;
                emit("casualties", {c}, rules_.closing_fire_rule,
                     name(c) + " loses " + std::to_string(lost) + " figure" +
                         (lost > 1 ? "s" : "") + " to the volley");
            }
            break;
        }
        case Reaction::form_square:
        case Reaction::change_formation: {
            new_formation = r == Reaction::form_square ? gdb::Formation::square : ro->formation;
            const int pct =
                new_formation == gdb::Formation::square
                    ? (ts.formation == gdb::Formation::line ? rules_.to_square_from_line
                                                            : rules_.to_square_from_column)
                    : rules_.other_change;
            const i64 needed = cm_rates.charge_mm * pct / 100;
            changing = true;
            change_done = dist >= needed;
            emit(new_formation == gdb::Formation::square ? "form_square" : "formation_change", {t},
                 rules_.formation_rule,
                 name(t) + " changes to " + std::string(gdb::to_string(new_formation)) +
                     ": it takes " + std::to_string(pct) + "% of the charger's move (" +
                     cm(needed) + "); the charger was " + cm(dist) + " away, so " +
                     (change_done ? "it will be complete before contact"
                                  : "it will be caught changing formation"))
                .details = {{"percent", pct},
                            {"needed_mm", needed},
                            {"distance_mm", dist},
                            {"completes", change_done},
                            {"source", "default"}};
            break;
        }
        case Reaction::evade: {
            const i64 evade = moves(t).evade_mm * half / std::max<i64>(1, cm_rates.charge_mm);
            if (type == gdb::TroopType::artillery) {
                ts.guns_abandoned = true;
                ts.guns_at = ts.pos;
                emit("guns_abandoned", {t}, kEvadeRule,
                     name(t) +
                         ": the crew leaves the guns, which stay where they are, marked abandoned");
            }
            if (type == gdb::TroopType::artillery) ts.status = gdb::Status::unformed;  // evades 7
            fall_back(t, c, evade, "evade", kEvadeRule,
                      name(t) + " evades " + cm(evade) + ": the charger covered " + cm(half) +
                          " of its " + cm(cm_rates.charge_mm) +
                          ", so it may use the same part of its " + cm(moves(t).evade_mm));
            const i64 gap = geom::distance(rect_of(c), rect_of(t));
            // Evaders that reach woods, a built-up area or the shelter of friends are safe.
            bool sheltered = feature_at(ts.pos) != nullptr;
            for (std::size_t f = 0; f < units_.size() && !sheltered; ++f)
                if (static_cast<int>(f) != t && units_[f].on_table &&
                    scenario_.units[f].side == scenario_.units[static_cast<std::size_t>(t)].side &&
                    geom::segment_crosses_rect(cs.pos, ts.pos, rect_of(static_cast<int>(f))))
                    sheltered = true;
            if (sheltered)
                emit("evade", {t}, kEvadeRule,
                     name(t) + " reaches shelter: the charger cannot get at it", 800);
            if (!sheltered && gap <= cm_rates.charge_mm - moved) {
                const TestRoll test = morale_test(c, rules_.charge_test, {}, "charge_test");
                if (test.row->outcome != "charge_home") cs.status = gdb::Status::unformed;
                emit("morale_test", {c}, rules_.charge_test.rule,
                     name(c) + " charge test: " + test.row->label)
                    .details = test.details;
                if (test.row->outcome != "charge_home") return;
                const Vec from = cs.pos;
                const Vec to = contact_position(c, t);
                emit_motion("charge_move", c, {c}, kChargeRule, name(c) + " rides down the evaders",
                            from, to, cs.facing, gait);
                const bool line_unit = !(scenario_.units[static_cast<std::size_t>(c)].unit.type ==
                                             gdb::TroopType::cossacks ||
                                         scenario_.units[static_cast<std::size_t>(c)].unit.type ==
                                             gdb::TroopType::skirmishers);
                if (type == gdb::TroopType::skirmishers && line_unit) {
                    ts.on_table = false;
                    emit("evaders_caught", {c, t}, kEvadeRule,
                         name(t) + " is caught by a formed unit and destroyed; no melee follows");
                } else {
                    // The chargers inflict their usual losses on a broken enemy (12.20); the
                    // evaders do not strike back.
                    const auto ctype = scenario_.units[static_cast<std::size_t>(c)].unit.type;
                    const bool cav = gdb::is_cavalry(ctype), target_cav = gdb::is_cavalry(type);
                    const gdb::Rate rate = cav ? (target_cav ? gdb::Rate::cav_win_vs_broken_cav
                                                  : ctype == gdb::TroopType::cossacks
                                                      ? gdb::Rate::cossack_win_vs_broken_foot
                                                      : gdb::Rate::cav_win_vs_broken_foot)
                                               : gdb::Rate::foot_win_vs_broken;
                    const gdb::RuleRow& row = melee_rules_.rate(rate);
                    int kills = cs.figures / row.value;
                    if (gdb::is_infantry(ctype) && target_cav)
                        kills /= melee_rules_.infantry_vs_cavalry_divisor.value;
                    kills = std::min(ts.figures, kills);
                    ts.figures -= kills;
                    ts.status = gdb::Status::broken;
                    ts.pending = Pending::rout;
                    ts.pending_enemy = c;
                    if (ts.figures == 0) {
                        ts.on_table = false;
                        ts.pending = Pending::none;
                    }
                    emit("evaders_caught", {c, t}, kEvadeRule + std::string("; ") + row.rule,
                         name(t) + " is caught: it counts as broken and does not strike back; " +
                             row.label + ", " + std::to_string(cs.figures) + " / " +
                             std::to_string(row.value) + ": it loses " + std::to_string(kills) +
                             " figures" + (ts.figures == 0 ? " and is destroyed" : ""));
                }
                return;
            }
            after_contact(c, t, ts.pos, order, moved);
            return;
        }
        case Reaction::countercharge: {
            // The countercharger may move as far as the charger did. Wheeling to face a charger
            // coming from a flank uses that move up (seed 000, cuirassiers against dragoons).
            const Vec toward = geom::normalize(cs.pos - ts.pos);
            const Vec from = ts.pos;
            ts.countercharged = true;
            // Turning more than the ruleset's angle (cos of it, Q16, from the degree table) means
            // wheeling.
            const geom::i64 wheel_cos =
                geom::direction_of_degrees(rules_.countercharge_wheel_over_degrees).y;
            const bool must_wheel = geom::dot(ts.facing, toward) < wheel_cos * geom::kOne;
            const geom::i64 gap = geom::distance(rect_of(c), rect_of(t));
            const geom::i64 forward = must_wheel ? 0 : std::min(half, gap / 2);
            ts.countercharge_forward = forward;
            Vec end = ts.pos + geom::scale(toward, forward);
            if (must_wheel) {
                // Wheel on the flank nearest the charger: the face towards it keeps its distance.
                const geom::i64 after = geom::distance(rect_of(c), rect_at(t, ts.pos, toward));
                end = ts.pos + geom::scale(toward, after - gap);
            }
            emit_motion(
                "countercharge", t, {t, c}, kReactionRule,
                name(t) + (must_wheel
                               ? " countercharges: it uses the move to wheel and face the charger"
                               : " countercharges, moving " + cm(forward) + " towards the charger"),
                from, end, toward, "gallop");
            flank = false;  // it faces the charger now
            break;
        }
        case Reaction::stand:
            break;
    }

    // The charger's morale test.
    TestMods cmods;
    const auto& ct = rules_.charge_test;
    if (cs.status == gdb::Status::unformed || cs.status == gdb::Status::wavering)
        cmods.push_back({&ct.mod("unformed"), ct.mod("unformed").value});
    if (lost > 0)
        cmods.push_back({&ct.mod("per_figure_lost"), ct.mod("per_figure_lost").value * lost});
    if (const Commander* g = attached_general(c); g && g->skill != gdb::General::inept)
        cmods.push_back({&ct.mod("general_attached"), ct.mod("general_attached").value});
    const bool square_ready = (ts.formation == gdb::Formation::square && !changing) ||
                              (changing && change_done && new_formation == gdb::Formation::square);
    if (is_cavalry(c) && square_ready && ts.status == gdb::Status::formed)
        cmods.push_back({&ct.mod("cavalry_vs_square"), ct.mod("cavalry_vs_square").value});
    const TestRoll test = morale_test(c, ct, cmods, "charge_test");
    if (test.row->outcome != "charge_home") cs.status = gdb::Status::unformed;
    emit("morale_test", {c}, ct.rule,
         name(c) + " charge test: " + std::to_string(test.total) + ", " + test.row->label)
        .details = test.details;
    if (test.row->outcome == "halt") return;
    if (test.row->outcome == "retreat") {
        fall_back(c, t, moves(c).retreat_mm / 2, "retreat", ct.rule,
                  name(c) + " loses heart and falls back");
        return;
    }

    if (r == Reaction::countercharge) {
        const TestRoll cc = morale_test(t, ct, {}, "charge_test");
        if (cc.row->outcome != "charge_home") {
            ts.countercharged = false;
            ts.countercharge_bonus = false;
            ts.status = gdb::Status::unformed;
        }
        emit("morale_test", {t}, ct.rule,
             name(t) + " countercharge test: " + std::to_string(cc.total) + ", " + cc.row->label)
            .details = cc.details;
    } else {
        // The target's stand test.
        TestMods smods;
        const auto& st = rules_.stand_test;
        const auto ttype = scenario_.units[static_cast<std::size_t>(t)].unit.type;
        if (ts.status != gdb::Status::formed || changing)
            smods.push_back({&st.mod("unformed"), st.mod("unformed").value});
        if (flank) smods.push_back({&st.mod("flank_or_rear"), st.mod("flank_or_rear").value});
        if (is_cavalry(c) && ts.formation == gdb::Formation::square && !changing)
            smods.push_back({&st.mod("square_vs_cavalry"), st.mod("square_vs_cavalry").value});
        if (is_cavalry(c) && gdb::is_infantry(ttype) &&
            (ts.formation == gdb::Formation::line || ts.formation == gdb::Formation::open_order))
            smods.push_back({&st.mod("line_vs_cavalry"), st.mod("line_vs_cavalry").value});
        if (const Commander* g = attached_general(t); g && g->skill != gdb::General::inept)
            smods.push_back({&st.mod("general_attached"), st.mod("general_attached").value});
        const TestRoll stand = morale_test(t, st, smods, "stand_test");
        if (stand.row->outcome == "wavering") ts.status = gdb::Status::wavering;
        emit("morale_test", {t}, st.rule,
             name(t) + " stand test: " + std::to_string(stand.total) + ", " + stand.row->label)
            .details = stand.details;
        if (stand.row->outcome == "retreat") {
            const Vec left_from = ts.pos;
            if (ttype == gdb::TroopType::artillery) {
                const int die = roll(t, "limbering");
                const RangeRow& lr = gdb::row_for(rules_.limbering, die);
                if (lr.outcome == "guns_abandoned") {
                    ts.guns_abandoned = true;
                    ts.guns_at = ts.pos;
                    emit("guns_abandoned", {t}, rules_.limbering_rule,
                         name(t) + ": emergency limbering 1D6 = " + std::to_string(die) + ", " +
                             lr.label)
                        .details = {{"dice", {die}}, {"row", lr.label}, {"source", "default"}};
                    ts.status = gdb::Status::retreating;
                    fall_back(t, c, moves(t).retreat_mm / 2, "retreat", rules_.limbering_rule,
                              name(t) + ": the crew flees half its retreat move, " +
                                  cm(moves(t).retreat_mm / 2));
                } else {
                    ts.formation = gdb::Formation::limbered;
                    emit("formation_change", {t}, rules_.limbering_rule,
                         name(t) + ": emergency limbering 1D6 = " + std::to_string(die) + ", " +
                             lr.label)
                        .details = {{"dice", {die}}, {"row", lr.label}, {"source", "default"}};
                    ts.status = gdb::Status::retreating;
                    fall_back(t, c, moves(t).retreat_mm / 2, "retreat", rules_.limbering_rule,
                              name(t) + " limbers up and retreats with its guns");
                }
            } else {
                ts.status = gdb::Status::retreating;
                fall_back(t, c, moves(t).retreat_mm / 2, "retreat", st.rule,
                          name(t) + " fails to stand and retreats half its retreat move, " +
                              cm(moves(t).retreat_mm / 2));
            }
            ts.retreated_this_turn = true;
            after_contact(c, t, left_from, order, moved);
            return;
        }
    }

    // Formation change completes, or the unit is caught in the middle of it.
    if (changing) {
        if (change_done)
            ts.formation = new_formation;
        else
            ts.status = gdb::Status::unformed;
    }

    // Second half: contact. A countercharger meets the charger half way.
    if (ts.countercharged) {
        const geom::i64 gap = geom::distance(rect_of(c), rect_of(t));
        const geom::i64 meet = gap - gap / 2;
        const Vec toward = geom::normalize(cs.pos - ts.pos);
        ts.countercharge_forward += meet;
        ts.countercharge_bonus = ts.countercharge_forward >= scale_.countercharge_min_mm;
        emit_motion("countercharge", t, {t, c}, kReactionRule,
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
    for (const auto* f : obstacles_crossed(start_front, rect_at(c, to, cs.facing).front_centre())) {
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
    emit_motion("charge_move", c, {c}, disordered ? rules_.obstacle_rule : kChargeRule,
                name(c) + " charges home, " + cm(geom::length(to - from)) + crossing +
                    (disordered ? ": it arrives unformed" : ""),
                from, to, cs.facing, gait);
    emit("contact", {c, t}, "GdB charges: contact (seed 000)",
         name(c) + " is in contact with " + name(t) + (flank ? " (in its flank or rear)" : "") +
             ": both stay in place until the melee phase, no firing at them, no morale tests");
    cs.flank_contact = false;
    ts.flank_contact = flank;
    contacts_.push_back({c, t, true});
}

void Battle::after_contact(int c, int t, Vec target_left_from, const Order* order, i64 moved) {
    auto& cs = units_[static_cast<std::size_t>(c)];
    const AfterContact choice = order ? order->after_contact : AfterContact::halt;
    const i64 remaining = std::max<i64>(0, moves(c).charge_mm - moved);
    const std::string gait = is_cavalry(c) ? "gallop" : "trot";
    switch (choice) {
        case AfterContact::charge_another: {
            const int next = order->next_target;
            emit("charge_declared", {c, next}, kChargeRule,
                 name(t) + " has gone: " + name(c) + " charges another enemy, " + name(next) +
                     ", and the charge procedure starts again");
            Order again = *order;
            again.after_contact = AfterContact::halt;
            execute_charge(c, next, &again, false, moved);
            return;
        }
        case AfterContact::continue_charge: {
            const i64 gap = geom::distance(rect_of(c), rect_of(t));
            if (units_[static_cast<std::size_t>(t)].on_table && gap <= remaining) {
                cs.facing = geom::normalize(units_[static_cast<std::size_t>(t)].pos - cs.pos);
                const Vec from = cs.pos;
                const Vec to = contact_position(c, t);
                emit_motion("charge_move", c, {c}, kChargeRule,
                            name(c) + " continues the charge after " + name(t), from, to, cs.facing,
                            gait);
                emit("contact", {c, t}, "GdB charges: contact (seed 000)",
                     name(c) + " catches " + name(t) + " and is in contact until the melee phase");
                contacts_.push_back({c, t, true});
                return;
            }
            const Vec from = cs.pos;
            emit_motion("charge_move", c, {c}, kChargeRule,
                        name(c) + " continues but cannot reach " + name(t), from,
                        from + geom::scale(cs.facing, remaining), cs.facing, gait);
            return;
        }
        case AfterContact::move_on: {
            const Vec from = cs.pos;
            emit_motion("charge_move", c, {c}, kChargeRule,
                        name(c) + " moves on the rest of its charge move", from,
                        from + geom::scale(cs.facing, remaining), cs.facing, gait);
            return;
        }
        case AfterContact::halt: {
            // Infantry may occupy buildings the enemy left, using as much movement as it needs
            // (a bonus move); if that is more than it had left, it arrives unformed (seed 000).
            const TerrainFeature* building = feature_at(target_left_from);
            int inside = 0;
            if (building)
                for (std::size_t u = 0; u < units_.size(); ++u)
                    if (static_cast<int>(u) != c && units_[u].on_table &&
                        scenario_.units[u].side ==
                            scenario_.units[static_cast<std::size_t>(c)].side &&
                        geom::point_in_polygon(units_[u].pos, building->points))
                        ++inside;
            if (building && building->capacity > 0 && inside >= building->capacity)
                emit("charge_move", {c}, "GdB 12.9 B",
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
                emit_motion("charge_move", c, {c},
                            "GdB charges: occupying buildings (seed 000); GdB 12.21 a",
                            name(c) + " occupies " + building->name + " (" + cm(needed) +
                                ", a bonus move)" +
                                (over ? ": more than it had left, so it is unformed" : ""),
                            from, target_left_from, cs.facing, gait);
                return;
            }
            // Halt on the position the enemy left (seed 000, the Young Guard occupies it).
            const Vec from = cs.pos;
            const i64 to_go = std::min(remaining, geom::length(target_left_from - from));
            Vec to = from + geom::scale(cs.facing, to_go);
            for (std::size_t u = 0; u < units_.size(); ++u)
                if (static_cast<int>(u) != c && units_[u].on_table &&
                    geom::overlaps(rect_at(c, to, cs.facing), rect_of(static_cast<int>(u))))
                    to = from;
            if (to == from) {
                emit("charge_move", {c}, kChargeRule, name(c) + " halts", 600);
                return;
            }
            emit_motion("charge_move", c, {c}, kChargeRule,
                        name(c) + " halts on the position " + name(t) + " left, still formed", from,
                        to, cs.facing, gait);
            return;
        }
    }
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
            emit_motion("move", s, {s, c},
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
        emit_motion("evade", s, {s, c},
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
            emit_motion("move", u, {u}, rules_.guns_rule,
                        name(u) + ": the crew makes its way back towards its guns", s.pos,
                        s.pos + geom::scale(dir, moves(u).move_mm), dir, "walk");
            continue;
        }
        const Vec from = s.pos;
        s.guns_abandoned = false;
        emit_motion("guns_remanned", u, {u}, rules_.guns_rule,
                    name(u) + ": the enemy has gone, the crew returns and re-mans its guns", from,
                    s.guns_at, dir, "walk");
    }
}

void Battle::movement_phase() {
    phase_ = "movement";
    for (const auto& o : scenario_.orders) {
        if (o.turn != turn_ || (o.kind != OrderKind::move && o.kind != OrderKind::formation))
            continue;
        auto& s = units_[static_cast<std::size_t>(o.unit)];
        if (!can_act(o.unit) || s.charged || s.was_charged) continue;
        if (o.kind == OrderKind::formation) {
            if (s.formation == o.formation) continue;
            const std::string before(gdb::to_string(s.formation));
            s.formation = o.formation;
            emit("formation_change", {o.unit}, rules_.formation_rule,
                 name(o.unit) + " changes formation from " + before + " to " +
                     std::string(gdb::to_string(o.formation)));
            continue;
        }
        const Vec delta = o.to - s.pos;
        const i64 len = geom::length(delta);
        if (len == 0) continue;
        const Vec dir = geom::normalize(delta);
        const i64 step = std::min(len, moves(o.unit).move_mm);
        emit_motion("move", o.unit, {o.unit}, "GdB movement", name(o.unit) + " moves " + cm(step),
                    s.pos, s.pos + geom::scale(dir, step), dir,
                    is_cavalry(o.unit) ? "trot" : "walk");
    }
}

}  // namespace vedette::sim::battle
