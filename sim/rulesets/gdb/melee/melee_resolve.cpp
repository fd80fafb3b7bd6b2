// resolve_melee: the dice of one GdB melee and what follows from them.

#include <cstdlib>
#include <map>

#include "sim/rulesets/gdb/melee/melee_engine.h"

namespace vedette::sim::gdb {

const char* die_purpose_label(DiePurpose p) {
    switch (p) {
        case DiePurpose::melee:
            return "melee 2D6 (GdB 12.2)";
        case DiePurpose::sapper_reroll:
            return "sapper re-roll (GdB 12.10)";
        case DiePurpose::formation_test:
            return "formation test 2D6 (GdB 12.22)";
        case DiePurpose::pursuit_test:
            return "pursuit test 2D6 (GdB 12.23)";
        case DiePurpose::double_six:
            return "double-six table 1D6 (GdB 12.15)";
        case DiePurpose::general_at_risk:
            return "general at risk 2D6 (GdB 12.15)";
    }
    return "die";
}

namespace {

// Takes given dice first (the battle's source, else the unit's forced dice), then the PRNG;
// logs every die with its purpose, marked forced as it is thrown.
class DiceBox {
public:
    DiceBox(Prng& prng, std::vector<DieRecord>& log, replay::DiceTape* tape,
            const MeleeDiceSource* source)
        : prng_(prng), log_(log), tape_(tape), source_(source) {}
    int roll(int unit, DiePurpose purpose, const std::vector<int>& forced, std::size_t& next) {
        std::optional<int> given;
        as_played_.clear();
        ruled_.clear();
        if (source_) {
            if (const auto die = source_->given(unit, purpose)) {
                given = die->value;
                as_played_ = die->as_played;
                ruled_ = die->ruled;
            } else {
                source_->from_seed(unit, purpose);
            }
        } else if (next < forced.size()) {
            given = forced[next++];
        }
        bool is_forced = given.has_value();
        int value = given ? *given : prng_.d6();
        if (tape_) {  // a battle's tape: written down, and a branch may set it
            value = tape_->take(value, 1, 6, -1, die_purpose_label(purpose));
            is_forced = is_forced || tape_->last_changed();
        }
        log_.push_back({unit, purpose, value, is_forced});
        return value;
    }
    // The table's ruling given with the last die (the first of its entry), from the source.
    const std::string& as_played() const { return as_played_; }
    const std::map<std::string, std::string>& ruled() const { return ruled_; }

private:
    Prng& prng_;
    std::vector<DieRecord>& log_;
    replay::DiceTape* tape_;
    const MeleeDiceSource* source_;
    std::string as_played_;
    std::map<std::string, std::string> ruled_;
};

// The table's ruling of a melee for one unit's side: the decision that gives it, the one nearest
// the difference thrown; `d` when it already does (or none does).
const Decision* played_decision(const PreparedMelee& m, const Decision* d, int difference, int side,
                                const std::string& result) {
    const int winner = result == "won" ? side : result == "lost" ? 1 - side : -1;
    if (d->winner == winner) return d;
    const Decision* best = nullptr;
    int best_gap = 0;
    for (int diff = m.min_difference; diff <= m.max_difference; ++diff) {
        const Decision& c = m.decision_for(diff);
        if (c.winner != winner) continue;
        const int gap = std::abs(diff - difference);
        if (!best || gap < best_gap) {
            best = &c;
            best_gap = gap;
        }
    }
    return best ? best : d;
}

void roll_events(const PreparedMelee& m, int id, int first_die, int second_die, DiceBox& box,
                 MeleeOutcome& out) {
    if (first_die != second_die) return;
    const PreparedUnit& p = m.units[id];
    std::size_t next = 0;
    if (first_die == 6) {
        EventRecord e{DiePurpose::double_six, id, -1, {0, 0}, nullptr};
        e.dice[0] = box.roll(id, DiePurpose::double_six, p.unit->event_dice, next);
        e.row = &row_for(m.rules->double_six_rows, e.dice[0]);
        out.events.push_back(e);
    }
    // Any double puts a general leading the enemy at risk.
    for (int enemy : m.side_units[1 - p.side]) {
        const MeleeUnit& eu = *m.units[enemy].unit;
        if (!eu.general_leads || eu.general == General::inept || eu.general == General::none)
            continue;
        if (m.units[enemy].fate != Fate::fights) continue;
        EventRecord e{DiePurpose::general_at_risk, id, enemy, {0, 0}, nullptr};
        e.dice[0] = box.roll(id, DiePurpose::general_at_risk, p.unit->event_dice, next);
        e.dice[1] = box.roll(id, DiePurpose::general_at_risk, p.unit->event_dice, next);
        e.row = &row_for(m.rules->general_risk_rows, e.dice[0] + e.dice[1]);
        out.events.push_back(e);
    }
}

void run_test(const PreparedMelee& m, int id, const UnitDecision& ud, DiceBox& box,
              UnitOutcome& uo) {
    const PreparedUnit& p = m.units[id];
    TestRecord& t = uo.test;
    t.kind = ud.test;
    if (t.kind == TestKind::none) return;
    std::size_t next = 0;
    const DiePurpose purpose =
        t.kind == TestKind::formation ? DiePurpose::formation_test : DiePurpose::pursuit_test;
    t.dice[0] = box.roll(id, purpose, p.unit->test_dice, next);
    // The table's ruling comes with the test's first die (a battle's source), or with the
    // unit's forced test dice (a melee file).
    const std::string given_played = box.as_played();
    t.dice[1] = box.roll(id, purpose, p.unit->test_dice, next);
    const auto& mods = t.kind == TestKind::formation ? p.formation_mods : p.pursuit_mods;
    t.modifier = 0;
    for (const auto& mod : mods) t.modifier += mod.value;
    t.total = t.dice[0] + t.dice[1] + t.modifier;
    if (t.kind == TestKind::formation) {
        t.target = p.formation_target;
        t.passed = t.total >= t.target;
        if (!t.passed) uo.status = StatusAfter::unformed;
        return;
    }
    const GdbRules& r = *m.rules;
    int effective = t.total;
    const RangeRow& first = row_for(r.pursuit_rows, effective);
    if (first.outcome == "superb" && p.pursuit_superb_downgrade) {
        effective = r.pursuit_superb_downgrade.value;
        t.downgraded = true;
    }
    t.row = &row_for(r.pursuit_rows, effective);
    const std::string played = !given_played.empty()        ? given_played
                               : !p.unit->test_dice.empty() ? p.unit->test_as_played
                                                            : std::string();
    if (!played.empty() && played != t.row->outcome)
        for (const RangeRow& row : r.pursuit_rows)
            if (row.outcome == played) {
                t.by_rules = t.row;
                t.row = &row;
                break;
            }
    const std::string& o = t.row->outcome;
    if (o == "superb")
        uo.status = StatusAfter::formed;
    else if (o == "unformed")
        uo.status = StatusAfter::unformed;
    else if (o == "blown")
        uo.status = StatusAfter::blown;
    else
        uo.status = StatusAfter::pursuing;
}

// 12.21: the winners' bonus moves.
void add_bonus_moves(const PreparedMelee& m, const Decision& d, MeleeOutcome& out) {
    if (d.winner < 0) return;
    bool position_taken = false;  // the losers defended a position and left it
    for (int id : m.side_units[1 - d.winner]) {
        const PreparedUnit& p = m.units[id];
        const bool held_position =
            p.unit->cover != Cover::none ||
            (p.side == kDefender &&
             (m.setup->terrain == Terrain::built_up || m.setup->terrain == Terrain::fortified));
        const StatusAfter s = out.units[id].status;
        position_taken |=
            held_position && (s == StatusAfter::broken || s == StatusAfter::retreating ||
                              s == StatusAfter::removed || s == StatusAfter::dispersed);
    }
    for (int id : m.side_units[d.winner]) {
        const PreparedUnit& p = m.units[id];
        if (p.fate != Fate::fights) continue;
        UnitOutcome& uo = out.units[id];
        if (uo.status == StatusAfter::pushed_back) continue;
        uo.bonus_moves |= kBonusTurn45;
        if (!p.cavalry && is_infantry(p.unit->type) && position_taken)
            uo.bonus_moves |= kBonusOccupy;
        if (uo.test.kind == TestKind::pursuit && uo.test.row && uo.test.row->outcome == "superb")
            uo.bonus_moves |= kBonusHalfChargeMove;
    }
}

}  // namespace

void resolve_melee(const PreparedMelee& m, Prng& prng, MeleeOutcome& out, replay::DiceTape* tape,
                   const MeleeDiceSource* source) {
    out.units.assign(m.units.size(), UnitOutcome{});
    out.events.clear();
    out.dice.clear();
    out.score = {0, 0};
    out.best_unit = {-1, -1};
    out.difference = 0;
    DiceBox box(prng, out.dice, tape, source);

    const Decision* d = &m.automatic_decision;
    if (!m.automatic) {
        for (int side = 0; side < 2; ++side) {
            for (int id : m.fighters[side]) {
                const PreparedUnit& p = m.units[id];
                UnitOutcome& uo = out.units[id];
                std::size_t next = 0;
                uo.dice[0] = box.roll(id, DiePurpose::melee, p.unit->dice, next);
                if (!box.as_played().empty() && out.played.unit < 0) {
                    out.played.unit = id;
                    out.played.result = box.as_played();
                    const auto& ruled = box.ruled();
                    if (const auto c = ruled.find("casualties"); c != ruled.end())
                        out.played.casualties = std::stoi(c->second);
                    if (const auto r = ruled.find("retreat"); r != ruled.end())
                        out.played.retreat = r->second;
                }
                uo.dice[1] = box.roll(id, DiePurpose::melee, p.unit->dice, next);
                const int rolled0 = uo.dice[0], rolled1 = uo.dice[1];
                if (p.sapper_usable) {
                    // The sapper re-rolls the lower die when it is low enough to be worth it.
                    const int low = uo.dice[0] <= uo.dice[1] ? 0 : 1;
                    if (uo.dice[low] <= m.rules->sapper_reroll_if_at_most.value) {
                        std::size_t sapper_next = 0;
                        uo.sapper_from = uo.dice[low];
                        uo.sapper_to = box.roll(id, DiePurpose::sapper_reroll, p.unit->sapper_die,
                                                sapper_next);
                        uo.dice[low] = uo.sapper_to;
                    }
                }
                uo.total = uo.dice[0] + uo.dice[1] + p.modifier_total;
                if (out.best_unit[side] < 0 || uo.total > out.score[side]) {
                    out.score[side] = uo.total;
                    out.best_unit[side] = id;
                }
                roll_events(m, id, rolled0, rolled1, box, out);
            }
        }
        out.difference = out.score[kAttacker] - out.score[kDefender];
        d = &m.decision_for(out.difference);
        if (out.played.unit >= 0) {
            const Decision* table = played_decision(
                m, d, out.difference, m.units[out.played.unit].side, out.played.result);
            if (table != d) {
                out.played.by_rules = d;
                d = table;
            }
        }
    }
    out.decision = d;
    for (std::size_t id = 0; id < m.units.size(); ++id) {
        UnitOutcome& uo = out.units[id];
        const UnitDecision& ud = d->units[id];
        uo.status = ud.status;
        uo.casualties = ud.casualties;
        if (static_cast<int>(id) == out.played.unit && out.played.casualties >= 0) {
            out.played.casualties_by_rules =
                (out.played.by_rules ? out.played.by_rules->units[id] : ud).casualties;
            uo.casualties = out.played.casualties;
        }
        run_test(m, static_cast<int>(id), ud, box, uo);
    }
    add_bonus_moves(m, *d, out);
}

}  // namespace vedette::sim::gdb
