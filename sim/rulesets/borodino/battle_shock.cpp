// The shock segment of an activation, in the rulings' order: declaration (9.21, 9.22, 9.24,
// 9.25), retreat before shock (9.31, unstacked jager 9.32), commitment checks, stacked jager
// (9.32, after commitment), charge moves and squares, artillery reaction fire (9.24), the 9.22
// fallback, then the shocks by arm (9.23).

#include <algorithm>

#include "sim/rulesets/borodino/battle_engine.h"

namespace vedette::sim::borodino {

namespace {

bool is_shock(const Order& o) {
    return o.shock || o.charge_target >= 0;
}
bool is_retreat(const Order& o) {
    return o.retreat_before_shock > 0;
}
bool is_hold(const Order& o) {
    return o.hold;
}
bool is_move(const Order& o) {
    return !o.move.empty();
}

bool has_enemy(const Battle& b, Hex h, int side) {
    const int top = b.top_at(h);
    return top >= 0 && b.unit(top).side != side;
}

void refuse(Battle& b, int u, const std::string& why, bool charge) {
    const std::string rule = why.rfind("Hex ", 0) == 0 ? why.substr(0, why.find(':'))
                             : charge                  ? "Hex charge"
                                                       : "Hex 9.21";
    b.emit("shock", record::Category::declare, "shock_refused", {u}, rule,
           b.unit(u).name + (charge ? " may not charge: " : " may not shock: ") + why, 500);
}

// Shocks named for only some frontal hexes leave the others to friends (9.22); a hex no friend
// takes is added: the unit must attack every enemy in its frontal hexes.
void oblige(Battle& b, std::vector<Attack>& attacks) {
    for (auto& a : attacks) {
        if (a.charge) continue;
        for (Hex h : frontal_enemy_hexes(b, a.unit)) {
            if (std::count(a.targets.begin(), a.targets.end(), h)) continue;
            int friend_index = -1;
            for (std::size_t f = 0; f < attacks.size(); ++f)
                if (attacks[f].unit != a.unit &&
                    std::count(attacks[f].targets.begin(), attacks[f].targets.end(), h))
                    friend_index = static_cast<int>(f);
            if (friend_index >= 0) {
                a.left_to[h] = friend_index;
            } else {
                a.targets.push_back(h);
            }
        }
    }
}

// Why a unit ordered to shock has no target: nobody in front, or only across an impassable
// hexside ("за исключением тех случаев, когда она отделена ... стороной гекса с непроходимой
// местностью", 9.21).
std::string no_target_reason(const Battle& b, int u) {
    const BattleUnit& x = b.unit(u);
    for (int d : frontal_directions(x.facing)) {
        const Hex h = neighbour(x.hex, d);
        const Hexside* side = b.s_.board.hexside(x.hex, d);
        if (side && !side->passable && has_enemy(b, h, x.side))
            return "Hex 9.21: an impassable hexside separates it from " + units_in(b, h) + " in " +
                   to_string(h);
    }
    return "Hex 9.21: no enemy in its frontal hexes";
}

// Rulings, turn 4 (9.24): "a shock order for a stack's top unit also commits the formed unit
// under it: it adds its strength, rolls no check of its own and advances with the stack, unless
// its own order says it holds." Each such unit gets an attack of its own on the top unit's
// targets (the same arm only: 9.23 never adds strengths between arms); one that holds by its
// order is said to stay behind. Called after the 9.22 obligations, so the targets are final.
std::vector<std::pair<int, int>> commit_stacks(Battle& b, std::vector<Attack>& attacks, int group) {
    std::vector<std::pair<int, int>> holding;  // (unit, its top) left behind by their order
    const std::size_t declared = attacks.size();
    for (std::size_t i = 0; i < declared; ++i) {
        if (attacks[i].charge) continue;
        const int top = attacks[i].unit;
        const std::vector<int> stack = b.stack_at(b.unit(top).hex);
        if (stack.empty() || stack.front() != top) continue;
        for (int v : stack) {
            if (v == top || b.unit(v).group != group || b.order_for(v, is_shock)) continue;
            const BattleUnit& x = b.unit(v);
            if (x.disordered || x.type->arm != b.unit(top).type->arm || b.rallied(v) ||
                !may_not_shock(b, v).empty())
                continue;
            if (b.order_for(v, is_hold)) {
                holding.push_back({v, top});
                continue;
            }
            Attack a{v, attacks[i].order};  // the top unit's order commits it
            a.targets = attacks[i].targets;
            a.left_to = attacks[i].left_to;
            a.with_stack = true;
            attacks.push_back(a);
        }
    }
    // A unit that began the activation in the stack and left it by its own move order.
    for (std::size_t i = 0; i < declared; ++i) {
        if (attacks[i].charge) continue;
        const int top = attacks[i].unit;
        if (b.top_at(b.unit(top).hex) != top) continue;
        for (std::size_t w = 0; w < b.units_.size(); ++w) {
            const int v = static_cast<int>(w);
            const Order* own = b.order_for(v, is_move);
            if (v == top || !b.on_map(v) || b.unit(v).group != group || !own ||
                b.start_hex_[w] != b.start_hex_[std::size_t(top)] ||
                b.unit(v).hex == b.unit(top).hex)
                continue;
            holding.push_back({v, top});
        }
    }
    return holding;
}

// An order the declaration refuses, and why.
struct Refusal {
    int unit = -1;
    std::string why;
    bool charge = false;
};

std::vector<Attack> declare(Battle& b, int group) {
    std::vector<Attack> attacks;
    std::vector<Refusal> refusals;
    for (std::size_t i = 0; i < b.units_.size(); ++i) {
        const int u = static_cast<int>(i);
        if (b.unit(u).group != group || !b.on_map(u)) continue;
        const Order* o = b.order_for(u, is_shock);
        if (!o) continue;
        std::string why = b.rallied(u) ? "Hex rally: it rallied in this activation (rulings: a "
                                         "unit that rallies neither moves, shocks nor charges "
                                         "in that activation)"
                                       : may_not_shock(b, u);
        Attack a{u, o};
        if (why.empty() && o->charge_target >= 0) {
            why = may_not_charge(b, u, o->charge_target);
            a.charge = true;
            a.targets = {b.unit(o->charge_target).hex};
        } else if (why.empty()) {
            a.targets = o->shock_hexes.empty() ? frontal_enemy_hexes(b, u) : o->shock_hexes;
            for (Hex h : a.targets) {
                const auto front = frontal_enemy_hexes(b, u);
                if (!std::count(front.begin(), front.end(), h))
                    why = "Hex 9.21: no enemy it may shock in its frontal hex " + to_string(h);
                else if (b.unit(u).type->arm == Arm::cavalry && distance(b.start_hex_[i], h) != 1)
                    why =
                        "Hex 9.21: cavalry shocks only an enemy it began its activation "
                        "next to (or charges)";
            }
            if (a.targets.empty()) why = no_target_reason(b, u);
        }
        if (!why.empty()) {
            refusals.push_back({u, why, o->charge_target >= 0});
            continue;
        }
        attacks.push_back(a);
    }
    // One episode for the whole segment, from its first declaration or refusal to the last
    // advance: the group's attacks are declared together before any die, retreats before shock
    // and the 9.22 fallback move targets from one attack to another, and the advances wait for
    // every shock (9.23), so the segment is the story each of its shocks belongs to. A segment
    // of refusals alone is no episode, as a refused charge in the other systems.
    if (!attacks.empty()) b.rec_.begin_episode();
    for (const Refusal& r : refusals) refuse(b, r.unit, r.why, r.charge);
    oblige(b, attacks);
    const auto holding = commit_stacks(b, attacks, group);
    for (const auto& a : attacks) {
        if (a.with_stack) {
            const int top = b.top_at(b.unit(a.unit).hex);
            b.emit("shock", record::Category::declare, "stack_committed", {a.unit, top}, "Hex 9.24",
                   b.unit(a.unit).name + " shocks with " + b.unit(top).name +
                       ", the top unit of its stack: it adds its strength, rolls no check of "
                       "its own and advances with the stack (rulings, turn 4)",
                   500);
            continue;
        }
        std::string text = b.unit(a.unit).name +
                           (a.charge ? " declares a charge on " : " declares a shock on ") +
                           units_in(b, a.targets);
        for (const auto& [h, f] : a.left_to)
            text += "; " + units_in(b, h) + " " + to_string(h) + " is left to " +
                    b.unit(attacks[std::size_t(f)].unit).name + " (9.22)";
        // The declarer first, then whom it is to shock: the viewer draws the charge arrow.
        std::vector<int> who{a.unit};
        for (Hex h : a.targets)
            for (int t : b.stack_at(h)) who.push_back(t);
        b.emit("shock", record::Category::declare, a.charge ? "charge_declared" : "shock_declared",
               who, a.charge ? "Hex charge" : "Hex 9.22", text, 500);
    }
    for (const auto& [v, top] : holding)
        b.emit("shock", record::Category::info, "stays_behind", {v, top}, "Hex 9.24",
               b.unit(v).name +
                   (b.order_for(v, is_hold) ? " holds by its own order"
                                            : " left its stack by its own move order") +
                   ": it does not shock with " + b.unit(top).name +
                   ", the top unit of its stack, and stays if " + b.unit(top).name +
                   " advances: the stack splits (rulings, turn 4)",
               500);
    return attacks;
}

bool attacked_only_by(const Battle& b, const std::vector<Attack>& attacks, Hex h,
                      bool (*ok)(const Battle&, const Attack&)) {
    bool any = false;
    for (const auto& a : attacks)
        if (a.committed && !a.lost && std::count(a.targets.begin(), a.targets.end(), h)) {
            if (!ok(b, a)) return false;
            any = true;
        }
    return any;
}

bool by_infantry(const Battle& b, const Attack& a) {
    return b.unit(a.unit).type->arm == Arm::infantry;
}
bool by_heavy(const Battle& b, const Attack& a) {
    return b.unit(a.unit).type->heavy;
}

// One step of a retreat before shock: the neighbour furthest from the attackers that is on the
// board, passable, empty, and outside every enemy ZOC (9.31, 9.32: not into another enemy's
// ZOC, nor through the ZOC of the unit evaded).
std::optional<Hex> evade_step(const Battle& b, int u, const std::vector<int>& attackers) {
    std::optional<Hex> best;
    int best_score = -1;
    const Hex at = b.unit(u).hex;
    for (int d = 0; d < kDirections; ++d) {
        const Hex n = neighbour(at, d);
        const Hexside* side = b.s_.board.hexside(at, d);
        if (!b.s_.board.on_board(n) || (side && !side->passable) || !b.stack_at(n).empty())
            continue;
        if (b.enemy_zoc(n, b.unit(u).side)) continue;
        int score = 0;
        for (int a : attackers) score += distance(n, b.unit(a).hex) - distance(at, b.unit(a).hex);
        if (score > 0 && score > best_score) best_score = score, best = n;
    }
    return best;
}

// Whether the board's edge is in the way: a step off the board would take the unit further
// from the attackers.
bool edge_in_the_way(const Battle& b, int u, const std::vector<int>& attackers) {
    const Hex at = b.unit(u).hex;
    for (int d = 0; d < kDirections; ++d) {
        const Hex n = neighbour(at, d);
        if (b.s_.board.on_board(n)) continue;
        int score = 0;
        for (int a : attackers) score += distance(n, b.unit(a).hex) - distance(at, b.unit(a).hex);
        if (score > 0) return true;
    }
    return false;
}

void evade(Battle& b, int u, int hexes, const std::vector<int>& attackers,
           const std::string& rule) {
    const Hex from = b.unit(u).hex;
    int moved = 0;
    for (; moved < hexes; ++moved) {
        const auto step = evade_step(b, u, attackers);
        if (!step) break;
        b.place(u, *step, "retreat_before_shock", record::Category::react, rule,
                b.unit(u).name + " retreats before shock to " + to_string(*step), "gallop");
    }
    // A retreat cut short by the board's edge is an event of its own: the unit stays on the map.
    if (moved > 0 && moved < hexes && edge_in_the_way(b, u, attackers))
        b.emit("shock", record::Category::info, "table_edge", {u}, rule,
               b.unit(u).name + " is stopped by the board edge after " + std::to_string(moved) +
                   " of its " + std::to_string(hexes) + " hexes: it stays on the map in " +
                   to_string(b.unit(u).hex),
               500);
    if (moved == 0)
        b.emit("shock", record::Category::react, "retreat_refused", {u}, rule,
               b.unit(u).name + " cannot retreat before shock from " + to_string(from) +
                   ": every way out is blocked or in an enemy ZOC",
               500);
}

void refuse_retreat(Battle& b, int u, const std::string& rule, const std::string& why) {
    b.emit("shock", record::Category::react, "retreat_refused", {u}, rule,
           b.unit(u).name + " may not retreat before shock: " + why, 500);
}

// 9.32: jager not disordered retreat one hex before an infantry shock; unstacked before the
// commitment check, stacked with their infantry after it. Returns the rule when it retreats.
std::string jager_retreat(Battle& b, std::vector<Attack>& attacks, int u, int wanted,
                          const std::vector<int>& attackers, bool after_commitment) {
    const BattleUnit& x = b.unit(u);
    const bool stacked = b.stack_at(x.hex).size() > 1;
    if (stacked != after_commitment) return "";  // the other moment of 9.32
    if (!b.s_.jager_rule) {
        refuse_retreat(b, u, "Hex 9.32", "9.32 is not used in this scenario (as in Borodino)");
    } else if (x.disordered) {
        refuse_retreat(b, u, "Hex 9.32", "only jager not disordered retreat before shock (9.32)");
    } else if (!attacked_only_by(b, attacks, x.hex, by_infantry)) {
        refuse_retreat(b, u, "Hex 9.32", "jager retreat only before an infantry shock (9.32)");
    } else {
        evade(b, u, std::min(wanted, b.rules_.jager_retreat_max.value), attackers, "Hex 9.32");
        return "Hex 9.32";
    }
    return "";
}

// 9.31: cavalry and horse artillery retreat one or two hexes before an infantry shock; light
// cavalry and horse artillery also before heavy cavalry (only), even disordered, and before a
// heavy charge they take a cohesion check (fail: disordered; already disordered: withdraws).
std::string cavalry_retreat(Battle& b, std::vector<Attack>& attacks, int u, int wanted,
                            const std::vector<int>& attackers) {
    const Hex from = b.unit(u).hex;
    const bool before_infantry = attacked_only_by(b, attacks, from, by_infantry);
    const bool light = b.unit(u).type->light || b.unit(u).type->horse;
    const bool before_heavy = light && attacked_only_by(b, attacks, from, by_heavy);
    if (!before_infantry && !before_heavy) {
        refuse_retreat(b, u, "Hex 9.31",
                       "cavalry retreats before an infantry shock, light cavalry also before "
                       "heavy cavalry only (9.31)");
        return "";
    }
    evade(b, u, std::min(wanted, b.rules_.cavalry_retreat_max.value), attackers, "Hex 9.31");
    bool heavy_charge = false;
    for (const auto& a : attacks)
        heavy_charge = heavy_charge || (a.charge && by_heavy(b, a) &&
                                        std::count(a.targets.begin(), a.targets.end(), from));
    if (!before_infantry && heavy_charge && b.unit(u).hex != from)
        if (!b.cohesion_check(u, "Hex 9.31", "retreating before charging heavy cavalry"))
            b.disorder(u, "Hex 9.31", "failed its check retreating before heavy cavalry");
    return "Hex 9.31";
}

// Who retreated before shock from a hex, and under which rule.
struct LeftBy {
    std::string rule, who;
};

// Declared targets the enemy left do not vanish: each attacker is told why its shock on that
// hex does not happen; one with no target left may advance into the hex (9.31, 9.32: optional).
void drop_vacated_targets(Battle& b, std::vector<Attack>& attacks,
                          const std::map<Hex, LeftBy>& left_by) {
    for (auto& a : attacks) {
        std::vector<Hex> kept, vacated;
        for (Hex h : a.targets)
            (has_enemy(b, h, b.unit(a.unit).side) ? kept : vacated).push_back(h);
        a.targets = kept;
        for (Hex h : vacated) {
            const auto it = left_by.find(h);
            const std::string rule = it != left_by.end() ? it->second.rule : "Hex 9.31";
            const std::string who = it != left_by.end() ? it->second.who : "the enemy";
            b.emit("shock", record::Category::info, "shock_cancelled", {a.unit}, rule,
                   b.unit(a.unit).name + "'s " + (a.charge ? "charge" : "shock") + " on " + who +
                       " does not happen: " + who + " retreated before it from " + to_string(h) +
                       " (" + rule.substr(4) + ")" +
                       (kept.empty() ? "" : "; it goes on against the rest"),
                   400);
        }
        if (vacated.empty() || !kept.empty() || !a.order || !a.order->advance ||
            !b.stack_at(vacated.front()).empty())
            continue;
        const auto it = left_by.find(vacated.front());
        const std::string rule = it != left_by.end() ? it->second.rule : "Hex 9.31";
        b.place(a.unit, vacated.front(), "advance", record::Category::move, rule,
                b.unit(a.unit).name + " advances into the vacated hex " +
                    to_string(vacated.front()) + " (optional, " + rule.substr(4) + ")",
                "walk");
    }
}

// 9.31 and 9.32: who may retreat before the shock on its hex. `after_commitment` selects the
// stacked jager, who decide after the commitment roll.
void retreats_before_shock(Battle& b, std::vector<Attack>& attacks, bool after_commitment) {
    std::map<Hex, LeftBy> left_by;
    for (std::size_t i = 0; i < b.units_.size(); ++i) {
        const int u = static_cast<int>(i);
        const Order* order = b.on_map(u) ? b.order_for(u, is_retreat) : nullptr;
        if (!order) continue;
        std::vector<int> attackers;
        for (const auto& a : attacks)
            if (a.committed && !a.lost &&
                std::count(a.targets.begin(), a.targets.end(), b.unit(u).hex))
                attackers.push_back(a.unit);
        if (attackers.empty()) continue;
        const Hex from = b.unit(u).hex;
        std::string rule;
        if (b.unit(u).type->is_jager())
            rule = jager_retreat(b, attacks, u, order->retreat_before_shock, attackers,
                                 after_commitment);
        else if (!after_commitment && b.unit(u).type->retreats_like_cavalry())
            rule = cavalry_retreat(b, attacks, u, order->retreat_before_shock, attackers);
        else if (!after_commitment)
            refuse_retreat(b, u, "Hex 9.31",
                           "only cavalry, horse artillery (9.31) and jager (9.32) retreat "
                           "before shock");
        if (!rule.empty() && b.unit(u).hex != from) {
            LeftBy& left = left_by[from];
            left.rule = rule;
            left.who += (left.who.empty() ? "" : " and ") + b.unit(u).name;
        }
    }
    drop_vacated_targets(b, attacks, left_by);
}

}  // namespace

std::string units_in(const Battle& b, Hex h) {
    std::string names;
    for (int u : b.stack_at(h)) names += (names.empty() ? "" : " with ") + b.unit(u).name;
    return names.empty() ? "the empty hex " + to_string(h) : names;
}

std::string units_in(const Battle& b, const std::vector<Hex>& hexes) {
    if (hexes.size() == 1) return units_in(b, hexes.front());
    std::string s;
    for (Hex h : hexes)
        s += (s.empty() ? "" : " and ") + units_in(b, h) +
             (b.stack_at(h).empty() ? "" : " " + to_string(h));
    return s;
}

// The enemy hexes a unit could shock: its frontal hexes, not across an impassable hexside (9.21);
// all six for infantry in a village or redoubt (rulings: "Infantry in a village or redoubt and
// units in square have all six hexes frontal").
std::vector<Hex> frontal_enemy_hexes(const Battle& b, int u) {
    std::vector<Hex> out;
    const BattleUnit& x = b.unit(u);
    const auto faced = frontal_directions(x.facing);
    std::vector<int> directions(faced.begin(), faced.end());  // the faced vertex's hexes first
    for (int d = 0; d < kDirections && b.all_round(u); ++d)
        if (d != faced[0] && d != faced[1]) directions.push_back(d);
    for (int d : directions) {
        const Hex h = neighbour(x.hex, d);
        const Hexside* side = b.s_.board.hexside(x.hex, d);
        if (side && !side->passable) continue;
        if (has_enemy(b, h, x.side)) out.push_back(h);
    }
    return out;
}

// 9.24: a disordered unit may not shock, nor the unit under a disordered infantry or cavalry top.
std::string may_not_shock(const Battle& b, int u) {
    const BattleUnit& x = b.unit(u);
    if (x.type->arm == Arm::artillery) return "Hex 9.25: artillery never shocks";
    if (x.disordered) return "Hex 9.24: a disordered unit may not shock";
    const int top = b.top_at(x.hex);
    if (top != u && b.unit(top).disordered && b.unit(top).type->arm != Arm::artillery)
        return "Hex 9.24: the unit under a disordered " + b.unit(top).type->label +
               " may not shock";
    return "";
}

namespace {

// A frontal hex of enemy cavalry with a ZOC (not disordered), other than the charged hex's.
bool in_enemy_cavalry_front(const Battle& b, Hex h, int side, Hex charged) {
    for (std::size_t i = 0; i < b.units_.size(); ++i) {
        const BattleUnit& x = b.units_[i];
        if (!b.on_map(int(i)) || x.side == side || x.hex == charged) continue;
        if (x.type->arm != Arm::cavalry || x.disordered || !x.type->zoc) continue;
        if (is_frontal(x.hex, x.facing, h, false)) return true;
    }
    return false;
}

// Depth first in direction order, each step one hex nearer the target: the first way found.
bool find_charge_way(const Battle& b, int u, Hex goal, Hex at, std::vector<Hex>& path) {
    if (distance(at, goal) == 1) return true;
    for (int d = 0; d < kDirections; ++d) {
        const Hex n = neighbour(at, d);
        const Hexside* side = b.s_.board.hexside(at, d);
        const std::vector<int> there = b.stack_at(n);  // friends with room: a stack rides on
        const bool open =
            there.empty() || (b.unit(there.front()).side == b.unit(u).side &&
                              static_cast<int>(there.size()) < b.rules_.stack_limit.value);
        if (!b.s_.board.on_board(n) || (side && !side->passable) || !open ||
            distance(n, goal) != distance(at, goal) - 1 ||
            in_enemy_cavalry_front(b, n, b.unit(u).side, goal))
            continue;
        path.push_back(n);
        if (find_charge_way(b, u, goal, n, path)) return true;
        path.pop_back();
    }
    return false;
}

// What stands in one hex of a charger's line of sight: terrain that blocks sight, else a unit
// when units block sight (borodino.json); "" when the hex is open (or off the board).
std::string sight_obstacle(const Battle& b, Hex h) {
    if (!b.s_.board.on_board(h)) return "";
    const Terrain& t = b.s_.board.terrain(h);
    if (t.blocks_sight) return t.label + " at " + to_string(h);
    const int top = b.top_at(h);
    if (b.rules_.units_block_sight.value != 0 && top >= 0)
        return b.unit(top).name + " at " + to_string(h);
    return "";
}

}  // namespace

std::string sight_blocked(const Battle& b, Hex from, Hex to) {
    const std::vector<LineStep> line = hex_line(from, to);
    for (std::size_t i = 1; i + 1 < line.size(); ++i) {
        const LineStep& step = line[i];
        const std::string first = sight_obstacle(b, step.hex);
        const std::string second = step.two_hexes() ? sight_obstacle(b, step.other) : "";
        if (step.along_hexside) {
            if (!first.empty() && !second.empty())
                return first + " and " + second + ", on both sides of the hexside the line " +
                       "runs along";
        } else if (!first.empty() || !second.empty()) {
            return first.empty() ? second : first;
        }
    }
    return "";
}

std::optional<std::vector<Hex>> charge_path(const Battle& b, int u, int target) {
    std::vector<Hex> path;
    if (!find_charge_way(b, u, b.unit(target).hex, b.unit(u).hex, path)) return std::nullopt;
    return path;
}

// A charge (Налет): cavalry 2-3 hexes from the target at the start of the activation, not starting
// in an enemy ZOC, not into terrain where charges are barred, in sight of it, with a way to it
// that crosses no frontal hex of other enemy cavalry (rulings, Charges).
std::string may_not_charge(const Battle& b, int u, int target) {
    const Hex from = b.start_hex_[std::size_t(u)];
    const int dist = distance(from, b.unit(target).hex);
    if (!b.on_map(target)) return "the target has left the map";
    if (dist < b.rules_.charge_min.value || dist > b.rules_.charge_max.value)
        return "the target is " + std::to_string(dist) + " hexes away, not " +
               std::to_string(b.rules_.charge_min.value) + "-" +
               std::to_string(b.rules_.charge_max.value);
    if (b.enemy_zoc(from, b.unit(u).side)) return "it starts in an enemy ZOC";
    if (b.unit(u).hex != from) return "it moved this activation: the charge is its move [default]";
    if (!b.s_.board.terrain(b.unit(target).hex).charge)
        return "no charge into " + b.s_.board.terrain(b.unit(target).hex).label;
    if (const std::string why = sight_blocked(b, from, b.unit(target).hex); !why.empty())
        return "no sight of " + b.unit(target).name + ": " + why;
    if (!charge_path(b, u, target))
        return "no way to the target that is open and crosses no frontal hex of enemy cavalry";
    return "";
}

void commitment_checks(Battle& b, std::vector<Attack>& attacks);
void reaction_fire(Battle& b, std::vector<Attack>& attacks);
void resolve_shocks(Battle& b, std::vector<Attack>& attacks);

void Battle::shock_segment(int group) {
    stance_orders_ = stance_attacks(group);
    std::vector<Attack> attacks = declare(*this, group);
    if (!attacks.empty()) {
        retreats_before_shock(*this, attacks, false);
        commitment_checks(*this, attacks);
        retreats_before_shock(*this, attacks, true);
        reaction_fire(*this, attacks);
        resolve_shocks(*this, attacks);
    }
    rec_.end_episode();  // declare() began it
}

}  // namespace vedette::sim::borodino
