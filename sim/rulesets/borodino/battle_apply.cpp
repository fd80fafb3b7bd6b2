// What a shock's statuses do on the map: disorder, withdrawal and elimination, the retreat
// cohesion check of the top unit of each stack, retreats one hex away keeping facing, and the
// advance of the participants into a hex the defender left (9.23).

#include <algorithm>

#include "sim/rulesets/borodino/battle_engine.h"

namespace vedette::sim::borodino {

namespace {

// An empty hex an enemy has in front of it: a unit retreating into it withdraws (rulings). The
// enemy's state does not matter (rulings, turn 3: "retreating into an empty frontal hex of a
// disordered enemy withdraws the unit, as for a formed one").
bool enemy_front(const Battle& b, Hex h, int side) {
    for (std::size_t u = 0; u < b.units_.size(); ++u) {
        const BattleUnit& x = b.units_[u];
        if (b.on_map(int(u)) && x.side != side &&
            is_frontal(x.hex, x.facing, h, b.all_round(int(u))))
            return true;
    }
    return false;
}

// What a retreating stack of `size` units of `side` finds one step from `from` in direction d.
enum class Into { open, friends, full, enemy_front, blocked };

Into step_into(const Battle& b, Hex from, int d, int side, std::size_t size) {
    const Hex n = neighbour(from, d);
    const Hexside* hs = b.s_.board.hexside(from, d);
    if (!b.s_.board.on_board(n) || (hs && !hs->passable)) return Into::blocked;
    const std::vector<int> there = b.stack_at(n);
    if (!there.empty()) {
        if (b.unit(there.front()).side != side) return Into::blocked;  // into an enemy: no way
        return static_cast<int>(there.size() + size) > b.rules_.stack_limit.value ? Into::full
                                                                                  : Into::friends;
    }
    return enemy_front(b, n, side) ? Into::enemy_front : Into::open;
}

// How many hexes further from `away_from` a step from `from` to `to` takes the stack.
int gain(const Battle& b, Hex from, Hex to, const std::vector<int>& away_from) {
    int score = 0;
    for (int a : away_from) score += distance(to, b.unit(a).hex) - distance(from, b.unit(a).hex);
    return score;
}

// The ways a retreat may go, best first: an empty safe hex; a hex of friends with room; through
// a full hex of friends to the next legal hex beyond it (rulings, turn 3: "when no legal empty
// hex is open to it"); an empty enemy frontal hex (withdrawal); the same beyond friends; none
// leaves elimination. We rank a withdrawal after the ways through friends: the unit leaves the
// map by it, and the rulings allow friends "only if there is no other way" that keeps it there.
enum class Way { safe, friends, through, withdraw, through_to_withdraw, none };

struct RetreatWay {
    Way way = Way::none;
    Hex to;                      // where it ends (or the enemy front it withdraws into)
    std::optional<Hex> through;  // the full hex of friends it passes through
};

// The next legal hex beyond the full friends' hex `n` (entered in direction d): further from the
// attackers again, straight on first.
std::optional<RetreatWay> beyond(const Battle& b, Hex n, int d, int side, std::size_t size,
                                 const std::vector<int>& away_from) {
    std::optional<RetreatWay> best;
    int best_score = 0;
    for (int k = 0; k < kDirections; ++k) {
        const int d2 = (d + k) % kDirections;
        const Into into = step_into(b, n, d2, side, size);
        const Hex n2 = neighbour(n, d2);
        const int score = gain(b, n, n2, away_from);
        if (score <= 0 || into == Into::blocked || into == Into::full) continue;
        const Way way = into == Into::enemy_front ? Way::through_to_withdraw : Way::through;
        if (!best || way < best->way || (way == best->way && score > best_score))
            best = RetreatWay{way, n2, n}, best_score = score;
    }
    return best;
}

// The best way one step away from `away_from`, by the ranking of Way, then the furthest.
RetreatWay pick_retreat(const Battle& b, const std::vector<int>& stack,
                        const std::vector<int>& away_from) {
    const Hex at = b.unit(stack.front()).hex;
    const int side = b.unit(stack.front()).side;
    RetreatWay best;
    int best_score = 0;
    for (int d = 0; d < kDirections; ++d) {
        const Hex n = neighbour(at, d);
        const int score = gain(b, at, n, away_from);
        if (score <= 0) continue;
        std::optional<RetreatWay> way;
        switch (step_into(b, at, d, side, stack.size())) {
            case Into::open:
                way = RetreatWay{Way::safe, n, std::nullopt};
                break;
            case Into::friends:
                way = RetreatWay{Way::friends, n, std::nullopt};
                break;
            case Into::enemy_front:
                way = RetreatWay{Way::withdraw, n, std::nullopt};
                break;
            case Into::full:
                way = beyond(b, n, d, side, stack.size(), away_from);
                break;
            case Into::blocked:
                break;
        }
        if (way && (way->way < best.way || (way->way == best.way && score > best_score)))
            best = *way, best_score = score;
    }
    return best;
}

void apply_status(Battle& b, int u, const std::string& status, std::vector<Hex>& check_hexes,
                  std::vector<Hex>& retreat_hexes) {
    if (!b.on_map(u)) return;
    if (status == "eliminated")
        return b.remove(
            u, "eliminated", b.unit(u).type->arm == Arm::artillery ? "Hex 9.25" : "Hex 9.22",
            b.unit(u).type->arm == Arm::artillery ? "artillery shocked alone (or disordered again)"
                                                  : "the shock result");
    if (status == "withdrawn")
        return b.remove(u, "withdrawn", "Hex 9.22", "disordered again by the shock");
    if (status == "formed") return;
    b.set_disordered(u, "Hex 9.22", "shock result");
    const Hex h = b.unit(u).hex;
    if (status == "disordered_retreat_check" &&
        !std::count(check_hexes.begin(), check_hexes.end(), h))
        check_hexes.push_back(h);
    if (status == "retreats" && !std::count(retreat_hexes.begin(), retreat_hexes.end(), h))
        retreat_hexes.push_back(h);
}

bool declines_break_through(const std::vector<Attack*>& attacks, int u) {
    for (const Attack* a : attacks)
        if (a->unit == u && a->order && a->order->decline_break_through) return true;
    return false;
}

// Rulings, Results: "10 or more | defender disordered and retreats; infantry attackers may break
// through". Our rule (borodino.json, break_through): the infantry that advanced into the hex goes
// on into the hex the defender's retreat led into, if that hex is now empty, on the board and
// one it could enter (terrain within its movement, no impassable hexside). Entering an enemy ZOC
// stops it there, as it stops any move; nothing more. A refusal says why (info).
void break_through(Battle& b, const std::vector<Attack*>& attacks, const std::vector<int>& movers,
                   Hex at, const Battle::RetreatLine& line) {
    const BorodinoRules& rules = b.rules_;
    if (rules.break_through.value == 0 || movers.empty()) return;
    for (int u : movers)
        if (b.unit(u).type->arm != Arm::infantry) return;  // infantry only; charges pursue
    const std::string& rule = rules.break_through.rule;
    const std::string who = b.unit(movers.front()).name;
    auto refuse = [&](const std::string& kind, const std::string& why) {
        b.emit(b.phase_, record::Category::info, kind, movers, rule,
               who + " does not break through from " + to_string(at) + ": " + why, 400);
    };
    for (int u : movers)
        if (declines_break_through(attacks, u))
            return refuse("break_through_declined", "its order declines it");
    if (!line.into)
        return refuse("break_through_blocked",
                      "the defender left no line of retreat (it did not retreat into a hex)");
    const Hex to = *line.into;
    const std::vector<int> there = b.stack_at(to);
    if (!there.empty())
        return refuse("break_through_blocked", to_string(to) +
                                                   ", the hex the defender retreated into, holds " +
                                                   b.unit(there.front()).name);
    const int d = direction_to(at, to);
    const Hexside* side = d < 0 ? nullptr : b.s_.board.hexside(at, d);
    if (d < 0 || !b.s_.board.on_board(to) || (side && !side->passable))
        return refuse("break_through_blocked", "it cannot enter " + to_string(to) +
                                                   " (off the board or across an "
                                                   "impassable hexside)");
    const int cost = b.s_.board.terrain(to).move_cost + (side ? side->move_cost_extra : 0);
    for (int u : movers)
        if (cost > b.unit(u).type->movement)
            return refuse("break_through_blocked",
                          to_string(to) + " costs " + std::to_string(cost) +
                              " movement points, more than " + b.unit(u).name + " has");
    const int band_min = rules.band_for(line.modified).min;
    for (int u : movers) {
        const bool zoc = b.enemy_zoc(to, b.unit(u).side);
        b.place(u, to, "break_through", record::Category::move, rule,
                b.unit(u).name + " breaks through into " + to_string(to) +
                    ", where the defender's retreat led: its shock scored " +
                    std::to_string(line.modified) + " (" + std::to_string(band_min) +
                    " or more) [default: " + std::to_string(rules.break_through.value) + " hex]" +
                    (zoc ? "; enemy ZOC, it stops there" : ""),
                "walk");
    }
}

// The participants advance into a hex the defender left: the stack with the best cohesion
// (9.23: only units that declared the shock; "Наступление ... позволяется только тем войскам,
// которые участвовали в освобождении гекса"); on the top band the infantry may break through.
void advance(Battle& b, const std::vector<Attack*>& attacks, const std::vector<Hex>& vacated,
             const std::map<Hex, Battle::RetreatLine>& lines) {
    for (Hex h : vacated) {
        if (!b.stack_at(h).empty()) continue;
        int best = -1;
        for (const Attack* a : attacks)
            if (b.on_map(a->unit) && (a->charge || !b.unit(a->unit).disordered) &&
                distance(b.unit(a->unit).hex, h) == 1 &&
                (best < 0 || b.cohesion_now(a->unit) > b.cohesion_now(best)))
                best = a->unit;
        if (best < 0) continue;
        const Hex from = b.unit(best).hex;
        std::vector<int> movers;
        for (const Attack* a : attacks)
            if (b.on_map(a->unit) && b.unit(a->unit).hex == from) {
                b.place(a->unit, h, "advance", record::Category::move, "Hex 9.23",
                        b.unit(a->unit).name + " advances into " + to_string(h) +
                            " (participants only, 9.23)",
                        a->charge ? "gallop" : "walk");
                movers.push_back(a->unit);
            }
        if (const auto line = lines.find(h); line != lines.end())
            break_through(b, attacks, movers, h, line->second);
        return;  // one hex taken per shock
    }
}

}  // namespace

void Battle::set_disordered(int u, const std::string& rule, const std::string& why) {
    if (unit(u).disordered) return;
    unit(u).disordered = true;
    square_[std::size_t(u)] = false;
    emit("shock", record::Category::loss, "disorder", {u}, rule,
         unit(u).name + " is disordered (" + why + ")", 600);
}

namespace {

// The friends in `h` (not of the retreating stack) take a cohesion check: the top unit rolls for
// its stack, and a fail disorders every unit of it (rulings: "Only the top unit of a stack rolls
// ... its result applies to the stack").
void friends_check(Battle& b, Hex h, const std::vector<int>& stack, const std::string& rule) {
    std::vector<int> friends;
    for (int f : b.stack_at(h))
        if (!std::count(stack.begin(), stack.end(), f)) friends.push_back(f);
    if (friends.empty() || b.cohesion_check(friends.front(), rule, "friends retreat through it"))
        return;
    for (int f : friends) b.disorder(f, rule, "retreating friends");
}

}  // namespace

std::optional<Hex> Battle::retreat(const std::vector<int>& stack, const std::vector<int>& away_from,
                                   const std::string& rule) {
    const RetreatWay w = pick_retreat(*this, stack, away_from);
    const std::string via =
        w.through ? " through " + units_in(*this, *w.through) + " in " + to_string(*w.through) : "";
    for (int u : stack) {
        if (!on_map(u)) continue;
        if (w.way == Way::none) {
            remove(u, "eliminated", rule, "no hex to retreat into, even through friends");
        } else if (w.way == Way::withdraw || w.way == Way::through_to_withdraw) {
            remove(u, "withdrawn", rule,
                   "its retreat" + via + " leads into an enemy's frontal hex");
        } else {
            place(u, w.to, "retreat", record::Category::loss, rule,
                  unit(u).name + " retreats" + via + " to " + to_string(w.to) +
                      (w.way == Way::friends ? " through friends" : "") + ", keeping its facing",
                  "flee");
        }
    }
    if (w.way == Way::none) return std::nullopt;
    if (w.through) friends_check(*this, *w.through, stack, rule);
    if (w.way == Way::friends || w.way == Way::through) friends_check(*this, w.to, stack, rule);
    return w.to;
}

void Battle::apply_shock(const std::vector<Attack*>& attacks, const ResolvedShock& r,
                         const std::vector<int>& attackers, const std::vector<int>& defenders,
                         std::vector<Hex>& vacated) {
    std::vector<Hex> d_checks, d_retreats, a_checks, a_retreats, before;
    for (int d : defenders) before.push_back(unit(d).hex);
    for (std::size_t i = 0; i < defenders.size(); ++i)
        apply_status(*this, defenders[i], r.status.defenders[i], d_checks, d_retreats);
    for (std::size_t i = 0; i < attackers.size(); ++i)
        apply_status(*this, attackers[i], r.status.attackers[i], a_checks, a_retreats);
    std::map<Hex, Hex> retreated_into;  // the defenders' retreats: from where, into where
    auto run_checks = [&](const std::vector<Hex>& checks, std::vector<Hex>& retreats,
                          const std::vector<int>& enemies, std::map<Hex, Hex>* into) {
        for (Hex h : checks) {
            const int top = top_at(h);
            if (top >= 0 && !cohesion_check(top, "Hex 9.22", "retreat check after the shock"))
                retreats.push_back(h);
        }
        for (Hex h : retreats) {
            const std::vector<int> stack = stack_at(h);  // artillery goes with its stack (9.25)
            if (stack.empty()) continue;
            const std::optional<Hex> to = retreat(stack, enemies, "Hex 9.22");
            if (to && into) (*into)[h] = *to;
        }
    };
    run_checks(d_checks, d_retreats, attackers, &retreated_into);
    run_checks(a_checks, a_retreats, defenders, nullptr);
    // Below 0 the defender may counter-shock (rulings, Shock resolution); not after a
    // counter-shock, so that one shock cannot start an endless exchange (counter_shock says so).
    for (const auto& h : r.prepared.hexes)
        if (!h.artillery_alone && r.roll &&
            hex_band(rules_, *r.roll + h.drm, r.as_played).result ==
                "attacker_disordered_counter_shock")
            counter_shock(attacks, before[std::size_t(h.defenders.front())]);
    for (Hex h : before)
        if (stack_at(h).empty() && !std::count(vacated.begin(), vacated.end(), h))
            vacated.push_back(h);
    // The hexes the top band cleared, and where each defender's retreat led (the break-through).
    std::map<Hex, RetreatLine> lines;
    for (const auto& h : r.prepared.hexes) {
        if (h.artillery_alone || !r.roll) continue;
        const int modified = *r.roll + h.drm;
        const Hex at = before[std::size_t(h.defenders.front())];
        if (hex_band(rules_, modified, r.as_played).result != "defender_retreats" ||
            !std::count(vacated.begin(), vacated.end(), at))
            continue;
        const auto it = retreated_into.find(at);
        lines[at] = {modified,
                     it == retreated_into.end() ? std::nullopt : std::optional<Hex>(it->second)};
    }
    // On 10 or more charging cavalry must pursue (rulings, Charges); others advance (9.23).
    std::vector<int> fled;
    for (std::size_t i = 0; i < defenders.size(); ++i)
        if (r.status.defenders[i] == "retreats" && on_map(defenders[i]) &&
            unit(defenders[i]).hex != before[i])
            fled.push_back(defenders[i]);
    std::vector<Attack*> group = attacks;
    if (attacks.front()->charge && !fled.empty())
        pursue(group,
               before[std::size_t(std::find(defenders.begin(), defenders.end(), fled.front()) -
                                  defenders.begin())],
               fled);
    else if (attacks.front()->counter)
        advance(*this, attacks, vacated, lines);  // the defender's advance with its counter-shock
    else
        pending_advances_.push_back({attacks, vacated, lines});
}

void Battle::advance_after_shocks() {
    for (const auto& p : pending_advances_) advance(*this, p.attacks, p.vacated, p.lines);
    pending_advances_.clear();
}

}  // namespace vedette::sim::borodino
