// The melee phase: every group of units in contact is resolved by the chapter XII engine, whose
// explanation record goes into the event stream; the results become pending mandatory moves.

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"
#include "sim/rulesets/gdb/melee/melee_odds.h"

namespace vedette::sim::battle {

using geom::Vec;

namespace {
gdb::Terrain melee_terrain(const TerrainFeature* f) {
    if (!f) return gdb::Terrain::open;
    switch (f->kind) {
        case FeatureKind::woods:
        case FeatureKind::rough:
            return gdb::Terrain::rough;
        case FeatureKind::built_up:
            return gdb::Terrain::built_up;
        case FeatureKind::fortified:
            return gdb::Terrain::fortified;
        default:
            return gdb::Terrain::open;
    }
}

// The loser the winners would pursue: the largest unit of the losing side, as an index into the
// prepared melee; -1 if nobody lost.
int pursued_loser(const gdb::PreparedMelee& prep, const gdb::Decision& dec, std::size_t count) {
    const int loser_side = dec.winner < 0 ? -1 : 1 - dec.winner;
    int chase = -1;
    for (std::size_t i = 0; i < count; ++i)
        if (loser_side >= 0 && prep.units[i].side == loser_side &&
            (chase < 0 || prep.units[i].unit->figures >
                              prep.units[static_cast<std::size_t>(chase)].unit->figures))
            chase = static_cast<int>(i);
    return chase;
}

// The exact odds before the dice were thrown go into the record, so a viewer can show where
// the actual result fell. Huge melees (too many rolling units to enumerate) go without.
std::optional<gdb::MeleeOdds> odds_if_countable(const gdb::PreparedMelee& prep) {
    std::optional<gdb::MeleeOdds> odds;
    try {
        odds = gdb::melee_odds(prep);
    } catch (const std::invalid_argument&) {
    }
    return odds;
}
}  // namespace

void Battle::melee_phase() {
    phase_ = "melee";
    std::vector<int> defenders;
    for (const auto& c : contacts_)
        if (std::find(defenders.begin(), defenders.end(), c.defender) == defenders.end())
            defenders.push_back(c.defender);
    std::vector<int> done;
    for (int d : defenders) {
        if (std::find(done.begin(), done.end(), d) != done.end()) continue;
        std::vector<int> attackers;
        bool first_round = false;
        for (const auto& c : contacts_)
            if (c.defender == d && units_[static_cast<std::size_t>(c.attacker)].on_table) {
                attackers.push_back(c.attacker);
                first_round |= c.first_round;
            }
        if (attackers.empty() || !units_[static_cast<std::size_t>(d)].on_table) continue;
        // 12.9 A: the attacker fights every unit holding the built-up area (or the sector).
        std::vector<int> group = {d};
        const TerrainFeature* area = feature_at(units_[static_cast<std::size_t>(d)].pos);
        if (area && (area->kind == FeatureKind::built_up || area->kind == FeatureKind::fortified)) {
            const std::vector<Vec>* sector = nullptr;
            for (const auto& s : area->sectors)
                if (geom::point_in_polygon(units_[static_cast<std::size_t>(d)].pos, s)) sector = &s;
            for (std::size_t u = 0; u < units_.size(); ++u) {
                const int id = static_cast<int>(u);
                if (id == d || !units_[u].on_table ||
                    scenario_.units[u].side != scenario_.units[static_cast<std::size_t>(d)].side)
                    continue;
                if (!geom::point_in_polygon(units_[u].pos, sector ? *sector : area->points))
                    continue;
                if (in_contact(id) &&
                    std::find(defenders.begin(), defenders.end(), id) == defenders.end())
                    continue;
                group.push_back(id);
                for (const auto& c : contacts_)
                    if (c.defender == id && std::find(attackers.begin(), attackers.end(),
                                                      c.attacker) == attackers.end())
                        attackers.push_back(c.attacker);
            }
        }
        done.insert(done.end(), group.begin(), group.end());
        resolve_contact_group(group, attackers, first_round);
    }
    // Contacts that go on (draws) are no longer first rounds; the rest end.
    std::vector<Contact> kept;
    for (auto c : contacts_) {
        if (!units_[static_cast<std::size_t>(c.attacker)].on_table ||
            !units_[static_cast<std::size_t>(c.defender)].on_table)
            continue;
        if (units_[static_cast<std::size_t>(c.attacker)].pending != Pending::none ||
            units_[static_cast<std::size_t>(c.defender)].pending != Pending::none)
            continue;
        if (c.first_round == false ||
            units_[static_cast<std::size_t>(c.defender)].status == gdb::Status::unformed) {
            c.first_round = false;
            kept.push_back(c);
        }
    }
    contacts_ = std::move(kept);
    // A built-up-area melee that has ended is over: a later one starts afresh (12.19 j counts
    // push backs "в течении одной рукопашной схватки").
    for (std::size_t u = 0; u < units_.size(); ++u)
        if (!in_contact(static_cast<int>(u)) && units_[u].pending != Pending::push_back) {
            units_[u].pushed_back_before = false;
            units_[u].street_fight = false;
        }
}

void Battle::resolve_contact_group(const std::vector<int>& defenders,
                                   const std::vector<int>& attackers, bool first_round) {
    const int d = defenders.front();
    const TerrainFeature* where = feature_at(units_[static_cast<std::size_t>(d)].pos);
    auto setup = std::make_unique<gdb::MeleeSetup>();
    setup->source = scenario_.file;
    setup->terrain = melee_terrain(where);
    setup->first_round = first_round;
    for (int a : attackers)
        setup->sides[gdb::kAttacker].push_back(melee_unit(a, true, first_round, where));
    for (int def : defenders)
        setup->sides[gdb::kDefender].push_back(melee_unit(def, false, first_round, where));

    std::vector<int> all = attackers;  // by melee index
    all.insert(all.end(), defenders.begin(), defenders.end());
    set_aside_odd_melee_dice(all);
    const gdb::PreparedMelee prep = gdb::prepare_melee(melee_rules_, *setup);
    gdb::MeleeOutcome out;
    const gdb::MeleeDiceSource source = melee_dice(all);
    gdb::resolve_melee(prep, prng_, out, &tape_, &source);
    const gdb::Decision& dec = *out.decision;

    std::string text = "Melee: ";
    for (std::size_t i = 0; i < all.size(); ++i) {
        text += name(all[i]);
        if (out.units[i].total) text += " " + std::to_string(out.units[i].total);
        text += i + 1 < all.size() ? (i + 1 == attackers.size() ? " against " : ", ") : "";
    }
    // Ruled otherwise at the table: the scores thrown stand, so no difference is claimed for the
    // row the table applied (its note says what the rules gave).
    const std::string table_words = dec.winner == gdb::kAttacker   ? "the attacker wins"
                                    : dec.winner == gdb::kDefender ? "the defender wins"
                                                                   : "a draw";
    text += ": " + (out.played.by_rules && dec.row
                        ? table_words + " as played at the table (" + dec.row->label + ")"
                        : dec.why);
    // Whom pursuers follow: the chased loser, unless it is gone from the table.
    const int chase = pursued_loser(prep, dec, all.size());
    int pursuit_target = -1;
    if (chase >= 0) {
        const gdb::StatusAfter chased = out.units[static_cast<std::size_t>(chase)].status;
        if (chased != gdb::StatusAfter::dispersed && chased != gdb::StatusAfter::removed)
            pursuit_target = all[static_cast<std::size_t>(chase)];
    }

    // Apply every result first, so that each event below carries the state after it.
    for (std::size_t i = 0; i < all.size(); ++i) {
        const int u = all[i];
        auto& st = units_[static_cast<std::size_t>(u)];
        st.figures = std::max(0, st.figures - out.units[i].casualties);
        st.pending_enemy = prep.units[i].side == gdb::kAttacker ? d : attackers.front();
        apply_melee_status(u, out.units[i].status, pursuit_target);
        st.bonus_moves = out.units[i].bonus_moves;
        st.retreat_as_played_mm = 0;
        if (static_cast<int>(i) == out.played.unit && !out.played.retreat.empty() &&
            (st.pending == Pending::retreat || st.pending == Pending::rout ||
             st.pending == Pending::push_back))
            st.retreat_as_played_mm = ruled_length_mm(out.played.retreat);
    }
    mark_area_to_occupy(where, defenders, attackers);
    const std::optional<gdb::MeleeOdds> odds = odds_if_countable(prep);
    record::Event& melee = emit(EventKind::melee, all, "GdB 12.2-12.20", text, 2500);
    melee.explanation = gdb::explain_melee(prep, out, odds ? &*odds : nullptr, tables_);
    melee.as_played = melee_as_played(out, all);
    for (std::size_t i = 0; i < all.size(); ++i)
        narrate_melee_losses(all[i], out.units[i].casualties, out.units[i].status);
    for (std::size_t i = 0; i < all.size(); ++i) narrate_pursuit_test(all[i], prep, out, i);
    if (dec.continues)
        emit(EventKind::melee, all, "GdB 12.19 draw", "The melee is a draw: it continues next turn",
             800);
}

// Defenders of a built-up area who all lose and leave it give it up: the first winning infantry
// unit must occupy it (12.9 f, 12.21 a).
void Battle::mark_area_to_occupy(const TerrainFeature* where, const std::vector<int>& defenders,
                                 const std::vector<int>& attackers) {
    if (!where || (where->kind != FeatureKind::built_up && where->kind != FeatureKind::fortified))
        return;
    for (int d : defenders) {
        const auto& ds = units_[static_cast<std::size_t>(d)];
        if (ds.on_table && ds.pending != Pending::retreat && ds.pending != Pending::rout) return;
    }
    for (int a : attackers) {
        auto& as = units_[static_cast<std::size_t>(a)];
        if (!as.on_table || as.pending != Pending::none ||
            !gdb::is_infantry(scenario_.units[static_cast<std::size_t>(a)].unit.type))
            continue;
        as.occupies = true;
        as.occupy_at = units_[static_cast<std::size_t>(defenders.front())].pos;
        return;
    }
}

// A unit as the melee engine sees it: its scenario entry with this turn's state.
gdb::MeleeUnit Battle::melee_unit(int u, bool attacker, bool first_round,
                                  const TerrainFeature* where) const {
    const auto& st = units_[static_cast<std::size_t>(u)];
    gdb::MeleeUnit mu = scenario_.units[static_cast<std::size_t>(u)].unit;
    mu.figures = std::max(1, st.figures);
    mu.formation = st.formation;
    mu.status = st.status;
    // A reinforcement charged this turn into a melee already fought: the engine shows the charge
    // bonus it does not get (12.8 c).
    mu.charging = attacker && st.charged && (first_round || st.reinforcement) && !st.pursuing;
    mu.countercharging = !attacker && st.countercharged && st.countercharge_bonus && first_round;
    mu.pursuing = st.pursuing;
    mu.reinforcement = attacker && st.reinforcement;
    mu.pursued_last_turn = st.pursued_last_turn;
    mu.flank_or_rear = !attacker && st.flank_contact && first_round;
    const Commander* g = attached_general(u);
    mu.general = g ? g->skill : gdb::General::none;
    mu.general_leads = g && st.general_leads && first_round;
    mu.pushed_back_before = st.pushed_back_before;
    // Once a push back has carried the fight into the streets, neither side has the building
    // modifiers (12.19 i).
    if (!attacker && where && !st.street_fight &&
        (where->kind == FeatureKind::built_up || where->kind == FeatureKind::fortified))
        mu.cover =
            where->kind == FeatureKind::fortified ? gdb::Cover::fortified : gdb::Cover::building;
    else if (!attacker && st.behind_obstacle && first_round)
        mu.cover = gdb::Cover::cover;
    // Its dice come from the battle's dice source as the melee throws them (melee_dice).
    return mu;
}

namespace {

// The scenario's name for the forced dice a melee die of `purpose` takes (melee_unit).
const char* forced_purpose(gdb::DiePurpose purpose) {
    switch (purpose) {
        case gdb::DiePurpose::melee:
            return "melee";
        case gdb::DiePurpose::sapper_reroll:
            return "sapper";
        case gdb::DiePurpose::formation_test:
        case gdb::DiePurpose::pursuit_test:
            return "melee_test";
        case gdb::DiePurpose::double_six:
        case gdb::DiePurpose::general_at_risk:
            return "melee_event";
    }
    return "melee";
}

}  // namespace

gdb::MeleeDiceSource Battle::melee_dice(const std::vector<int>& units) {
    gdb::MeleeDiceSource source;
    source.given = [this, units](int unit, gdb::DiePurpose purpose) {
        return dice_.take(turn_, units[static_cast<std::size_t>(unit)], forced_purpose(purpose));
    };
    source.from_seed = [this, units](int unit, gdb::DiePurpose purpose) {
        dice_.from_seed(turn_, units[static_cast<std::size_t>(unit)], forced_purpose(purpose));
    };
    return source;
}

// A melee takes a unit's given dice only in the counts it throws them (2 melee dice, 2 for the
// test after it, 1 sapper's re-roll); dice given in another count are set aside before it (the
// seed throws instead), which `vedette check` and `vedette record` report as an error.
void Battle::set_aside_odd_melee_dice(const std::vector<int>& units) {
    struct Exact {
        const char* purpose;
        int count;
        const char* problem;
    };
    static const Exact kExact[] = {{"melee", 2, "a unit throws exactly 2 melee dice"},
                                   {"melee_test", 2, "a test after a melee takes exactly 2 dice"},
                                   {"sapper", 1, "a sapper's re-roll is exactly 1 die"}};
    for (const int u : units)
        for (const Exact& x : kExact)
            if (dice_.remaining(turn_, u, x.purpose) % x.count != 0)
                dice_.set_aside(turn_, u, x.purpose, x.problem);
}

// The melee's verdict on one unit becomes its status and what it must do in the mandatory phase.
void Battle::apply_melee_status(int u, gdb::StatusAfter status, int pursuit_target) {
    auto& st = units_[static_cast<std::size_t>(u)];
    switch (status) {
        case gdb::StatusAfter::formed:
            st.status = gdb::Status::formed;
            break;
        case gdb::StatusAfter::unformed:
            st.status = gdb::Status::unformed;
            break;
        case gdb::StatusAfter::wavering:
            st.status = gdb::Status::wavering;
            break;
        case gdb::StatusAfter::retreating:
            st.status = gdb::Status::retreating;
            st.pending = Pending::retreat;
            break;
        case gdb::StatusAfter::broken:
            st.status = gdb::Status::broken;
            st.pending = Pending::rout;
            break;
        case gdb::StatusAfter::pushed_back:
            st.status = gdb::Status::unformed;
            st.pending = Pending::push_back;
            break;
        case gdb::StatusAfter::blown:
            st.status = gdb::Status::unformed;
            st.blown = true;  // it retires in the next movement phase (12.24)
            break;
        case gdb::StatusAfter::pursuing:
            st.status = gdb::Status::unformed;
            st.pursuing = true;
            if (pursuit_target < 0) {
                st.uncontrolled = true;  // nobody left to follow
            } else {
                st.pending = Pending::pursue;
                st.pending_enemy = pursuit_target;
            }
            break;
        case gdb::StatusAfter::dispersed:
            st.dispersed = true;
            st.on_table = false;
            break;
        case gdb::StatusAfter::removed:
            st.on_table = false;
            break;
    }
}

// The melee as played at the table, against the rules (a unit's melee dice with as_played):
// the result and the losses the table ruled, each with what the rules give; "" when they agree.
std::string Battle::melee_as_played(const gdb::MeleeOutcome& out, const std::vector<int>& all) {
    const gdb::MeleeOutcome::Played& p = out.played;
    if (p.unit < 0) return "";
    const int u = all[static_cast<std::size_t>(p.unit)];
    std::string note;
    if (p.by_rules)
        note = "\"" + p.result + "\" for " + name(u) + " at the table; by the rules (" +
               melee_rules_.results_rule + ") " + std::to_string(out.score[gdb::kAttacker]) +
               " against " + std::to_string(out.score[gdb::kDefender]) + " gives \"" +
               p.by_rules->why + "\"";
    const int lost = out.units[static_cast<std::size_t>(p.unit)].casualties;
    if (p.casualties >= 0 && p.casualties != p.casualties_by_rules)
        note += std::string(note.empty() ? "" : "; ") + name(u) + " lost " + std::to_string(lost) +
                " figure" + (lost == 1 ? "" : "s") + " at the table; by the rules (" +
                melee_rules_.casualties_rule + ") " + std::to_string(p.casualties_by_rules) +
                (p.casualties_by_rules == 1 ? " figure" : " figures");
    return note;
}

void Battle::narrate_pursuit_test(int u, const gdb::PreparedMelee& prep,
                                  const gdb::MeleeOutcome& out, std::size_t index) {
    const gdb::TestRecord& t = out.units[index].test;
    if (t.kind != gdb::TestKind::pursuit || !t.row) return;
    // The dice, modifiers and table are shown once, in the melee's explanation (its follow-up
    // tests); the event says what they came to.
    std::string mods;
    for (const gdb::TestMod& m : prep.units[index].pursuit_mods)
        mods += " " + std::string(m.value < 0 ? "- " : "+ ") + std::to_string(std::abs(m.value)) +
                " (" + m.row->label + ")";
    record::Event& e =
        emit(EventKind::pursuit_test, {u}, melee_rules_.pursuit_rule,
             name(u) + " pursuit test: 2D6 " + std::to_string(t.dice[0]) + " + " +
                 std::to_string(t.dice[1]) + mods + " = " + std::to_string(t.total) +
                 (t.downgraded ? " (" + melee_rules_.pursuit_superb_downgrade.label + ")" : "") +
                 ": " + t.row->label + (t.by_rules ? " (as played at the table)" : ""),
             800);
    if (t.by_rules)  // the game as it was played, against the rules
        e.as_played = "\"" + t.row->label + "\" at the table; by the rules (" +
                      melee_rules_.pursuit_rule + ") the total " + std::to_string(t.total) +
                      " gives \"" + t.by_rules->label + "\"";
}

void Battle::narrate_melee_losses(int u, int casualties, gdb::StatusAfter status) {
    if (casualties > 0)
        emit(EventKind::casualties, {u}, melee_rules_.casualties_rule,
             name(u) + " loses " + std::to_string(casualties) + " figure" +
                 (casualties > 1 ? "s" : "") + " in the melee");
    if (status == gdb::StatusAfter::dispersed)
        emit(EventKind::dispersed, {u}, "GdB 12.19 h, 12.16",
             name(u) + " is dispersed and leaves the table");
    if (status == gdb::StatusAfter::removed)
        emit(EventKind::removed, {u}, "GdB 12.12, 12.14", name(u) + " is removed from the table");
}

}  // namespace vedette::sim::battle
