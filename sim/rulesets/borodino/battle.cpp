#include <algorithm>

#include "sim/core/input_error.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/borodino/battle_engine.h"

namespace vedette::sim::borodino {

namespace {

std::string facing_text(int vertex) {
    return std::to_string(degrees_of_vertex(vertex)) + " deg";
}

record::Header make_header(const BorodinoRules& rules, const BattleScenario& s);

}  // namespace

Battle::Battle(const BorodinoRules& rules, const BattleScenario& s, std::uint64_t seed)
    : rules_(rules),
      s_(s),
      units_(s.units),
      fate_(s.units.size()),
      square_(s.units.size(), false),
      start_hex_(s.units.size()),
      rallied_(s.units.size(), false),
      prng_(seed),
      seed_(seed),
      tape_(s.branch, [this] { return static_cast<int>(rec_.events().size()); }),
      dice_(s.dice.given, s.dice.loose) {}

record::Snapshot Battle::snap(int u) const {
    const BattleUnit& x = unit(u);
    const std::vector<int> stack = stack_at(x.hex);
    const std::int64_t size = s_.board.size_mm;
    geom::Vec pos = centre_mm(x.hex, s_.board.origin, size);
    const geom::Vec f = facing_vector(x.facing);
    const bool stacked = on_map(u) && stack.size() > 1;
    if (stacked) {  // the top unit stands in front, the one under it in a second line (9.24 note)
        const std::int64_t shift = stack.front() == u ? size / 4 : -size / 4;
        pos = pos + geom::Vec{f.x * shift / kQ16, f.y * shift / kQ16};
    }
    record::Look look;
    look.figures = x.type->figures;
    look.layout = square_[std::size_t(u)]         ? "square"
                  : x.type->arm == Arm::artillery ? "unlimbered"
                                                  : "line";
    look.stand = square_[std::size_t(u)] ? record::Stand::four_faces : record::Stand::ranks;
    // A line a hex and a half wide and two thirds deep (a third in a stack's two lines); a
    // square as deep as it is wide, its four faces within the hex (a stacked one in its half).
    const bool square = square_[std::size_t(u)];
    look.width_mm = square ? (stacked ? size / 2 : size) : size * 3 / 2;
    look.depth_mm = square ? look.width_mm : stacked ? size / 3 : size * 2 / 3;
    look.disordered = x.disordered;
    look.off_table = !on_map(u);
    const int cohesion = x.disordered ? x.cohesion_disordered : x.cohesion;
    // The counter's printed values: strength-cohesion (artillery: its cohesion only).
    look.counter = (x.type->arm == Arm::artillery ? "" : std::to_string(x.strength) + "-") +
                   std::to_string(cohesion);
    const std::string state = !on_map(u)                ? fate_[std::size_t(u)]
                              : x.disordered            ? "disordered"
                              : square_[std::size_t(u)] ? "square"
                                                        : "formed";
    record::Snapshot out{u, {pos, f}, look, state, {}};
    if (on_map(u)) out.properties = panel_properties(u, stack);
    return out;
}

// The unit panel's values now (they replace the roster's values at the start).
std::vector<record::KeyValue> Battle::panel_properties(int u, const std::vector<int>& stack) const {
    const BattleUnit& x = unit(u);
    const std::string cohesion = x.disordered ? std::to_string(x.cohesion_disordered) +
                                                    " (disordered side; formed " +
                                                    std::to_string(x.cohesion) + ")"
                                              : std::to_string(x.cohesion) + " (disordered " +
                                                    std::to_string(x.cohesion_disordered) + ")";
    const std::string zoc = !x.type->zoc              ? "no"
                            : x.disordered            ? "none while disordered"
                            : square_[std::size_t(u)] ? "none in square"
                                                      : "yes";
    std::string in_stack = "alone in " + to_string(x.hex);
    if (stack.size() > 1) {
        const int other = stack.front() == u ? stack.back() : stack.front();
        in_stack = std::string(stack.front() == u ? "top" : "bottom") + " of two in " +
                   to_string(x.hex) + ", with " + unit(other).name;
    }
    return {{"strength", std::to_string(x.strength)},
            {"cohesion", cohesion},
            {"facing", std::to_string(degrees_of_vertex(x.facing)) + " deg (vertex)"},
            {"ZOC", zoc},
            {"stack", in_stack}};
}

std::vector<record::Snapshot> Battle::all() const {
    std::vector<record::Snapshot> v;
    for (std::size_t u = 0; u < units_.size(); ++u) v.push_back(snap(static_cast<int>(u)));
    return v;
}

record::Event& Battle::emit(const std::string& phase, record::Category c, const std::string& kind,
                            std::vector<int> units, const std::string& rule, std::string text,
                            std::int64_t ms) {
    // Every unit of a hex the event touches may have moved within its stack: snapshot them all.
    std::set<int> changed(units.begin(), units.end());
    for (int u : units)
        for (int v : stack_at(unit(u).hex)) changed.insert(v);
    std::vector<record::Snapshot> after;
    for (int u : changed) after.push_back(snap(u));
    return rec_.emit(phase, c, kind, std::move(units), rule, std::move(text), ms, std::move(after));
}

int Battle::roll(int u, const std::string& purpose, bool& forced) {
    const replay::Die die = dice_.roll(turn_, u, purpose, 0, 9, tape_,
                                       [this] { return static_cast<int>(prng_.below(10)); });
    last_as_played_ = die.as_played;
    forced = die.forced || tape_.last_changed();  // a branch's die is not the seed's
    return die.value;
}

std::vector<int> Battle::stack_at(Hex h) const {
    std::vector<int> v;
    for (std::size_t u = 0; u < units_.size(); ++u)
        if (on_map(static_cast<int>(u)) && units_[u].hex == h) v.push_back(static_cast<int>(u));
    return v;
}

// ZOC: the six hexes around a unit, except artillery, disordered units, squares and militia
// (rulings: type data says which), never across an impassable hexside.
bool Battle::enemy_zoc(Hex h, int side, const std::set<int>& ignore) const {
    for (std::size_t u = 0; u < units_.size(); ++u) {
        const BattleUnit& x = units_[u];
        if (!on_map(int(u)) || x.side == side || ignore.count(int(u))) continue;
        if (!x.type->zoc || x.disordered || square_[u]) continue;
        const int d = direction_to(x.hex, h);
        if (d < 0) continue;
        const Hexside* side_feature = s_.board.hexside(x.hex, d);
        if (side_feature && !side_feature->passable) continue;
        return true;
    }
    return false;
}

bool Battle::all_round(int u) const {
    const BattleUnit& x = unit(u);
    return square_[std::size_t(u)] ||
           (x.type->arm == Arm::infantry && s_.board.terrain(x.hex).all_round_infantry);
}

int Battle::cohesion_now(int u) const {
    return unit(u).disordered ? unit(u).cohesion_disordered : unit(u).cohesion;
}

const Order* Battle::order_for(int u, bool (*pick)(const Order&)) const {
    for (const auto& o : s_.orders)
        if (o.turn == turn_ && o.unit == u && pick(o)) return &o;
    for (const auto& o : stance_orders_)
        if (o.turn == turn_ && o.unit == u && pick(o)) return &o;
    return nullptr;
}

record::Explanation Battle::check_explanation(const std::string& title, const std::string& rule,
                                              int die, bool forced, int drm, int target,
                                              const std::vector<record::ModifierRow>& rows) const {
    record::Explanation e{title, rule, {}};
    record::Section dice{record::SectionKind::dice, "The die", rule};
    dice.dice.push_back({"d10",
                         {{die, forced ? "forced" : "", forced}},
                         std::to_string(die) + " + DRM " + signed_text(drm) + " = " +
                             std::to_string(die + drm) + " against " + std::to_string(target),
                         "",
                         10});
    e.sections.push_back(dice);
    record::Section mods{record::SectionKind::modifiers, "DRMs", rule};
    mods.columns = {"value"};
    mods.rows = rows;
    e.sections.push_back(mods);
    const bool pass = die + drm <= target;
    record::Section res{record::SectionKind::results, "Result", rule};
    res.results = {{"not higher than " + std::to_string(target) + ": passes", rule, pass},
                   {"higher: fails", rule, !pass}};
    e.sections.push_back(res);
    int passing = 0;
    for (int f = 0; f <= 9; ++f) passing += f + drm <= target ? 1 : 0;
    record::Section odds{record::SectionKind::odds, "Odds before the die", rule};
    odds.denominator = "10";
    odds.sides = {"the unit tested"};
    odds.outcomes = {{"passes", std::to_string(passing), passing / 10.0, pass, 1},
                     {"fails", std::to_string(10 - passing), (10 - passing) / 10.0, !pass, 0}};
    e.sections.push_back(odds);
    return e;
}

bool Battle::played_check(bool pass, const std::string& rule, int die, int drm, int target,
                          std::string& note) const {
    note.clear();
    if (last_as_played_.empty() || (last_as_played_ == "passes") == pass) return pass;
    note = std::string(pass ? "failed" : "passed") + " at the table; by the rules (" + rule +
           ") the die " + std::to_string(die) + (drm ? " " + signed_text(drm) : "") + " against " +
           std::to_string(target) + (pass ? " passes" : " fails");
    return !pass;
}

// A cohesion check (ПС): d10 + DRMs, passed when not higher than the current cohesion.
bool Battle::cohesion_check(int u, const std::string& rule, const std::string& why, int drm) {
    bool forced = false;
    const int die = roll(u, "cohesion", forced);
    const int target = cohesion_now(u);
    std::string played;
    const bool pass = played_check(die + drm <= target, rule, die, drm, target, played);
    std::vector<record::ModifierRow> rows;
    if (drm != 0) rows.push_back({"DRM", rule, {signed_text(drm)}, true, ""});
    record::Event& e =
        emit(phase_, record::Category::test, "cohesion_check", {u}, rule,
             unit(u).name + " takes a cohesion check (" + why + "): " + std::to_string(die) +
                 (drm ? " " + signed_text(drm) : "") + (pass ? " passes" : " fails") + " against " +
                 std::to_string(target) + (played.empty() ? "" : " (as played at the table)"),
             800);
    e.explanation =
        check_explanation("Cohesion check: " + unit(u).name, rule, die, forced, drm, target, rows);
    e.as_played = played;
    return pass;
}

void Battle::remove(int u, const std::string& fate, const std::string& rule,
                    const std::string& why) {
    fate_[std::size_t(u)] = fate;
    square_[std::size_t(u)] = false;
    emit(phase_, record::Category::leave, fate == "withdrawn" ? "withdrawal" : "eliminated", {u},
         rule, unit(u).name + (fate == "withdrawn" ? " withdraws" : " is eliminated") + ": " + why,
         900);
}

// Disorder: a unit already disordered withdraws (artillery is eliminated) (rulings, Results).
void Battle::disorder(int u, const std::string& rule, const std::string& why) {
    if (unit(u).disordered) {
        remove(u, unit(u).type->arm == Arm::artillery ? "eliminated" : "withdrawn", rule,
               "disordered again (" + why + ")");
        return;
    }
    unit(u).disordered = true;
    square_[std::size_t(u)] = false;
    emit(phase_, record::Category::loss, "disorder", {u}, rule,
         unit(u).name + " is disordered: " + why, 700);
}

void Battle::place(int u, Hex to, const std::string& kind, record::Category c,
                   const std::string& rule, const std::string& text, const std::string& gait) {
    const geom::Vec from = snap(u).pose.pos;
    const Hex old = unit(u).hex;
    unit(u).hex = to;
    record::Event& e = emit(phase_, c, kind, {u}, rule, text, 900);
    for (int v : stack_at(old))  // the unit left behind now stands alone
        if (std::none_of(e.after.begin(), e.after.end(), [&](auto& sn) { return sn.unit == v; }))
            e.after.push_back(snap(v));
    std::sort(e.after.begin(), e.after.end(), [](auto& a, auto& b) { return a.unit < b.unit; });
    e.motion = record::Motion{{from, snap(u).pose.pos}, facing_vector(unit(u).facing), gait};
}

// Movement along the order's hexes: each step costs its terrain (plus a stream hexside); an
// impassable hexside or the stacking limit stops it; entering an enemy ZOC ends it (rulings).
// Moving into an enemy is an error in the scenario.
void Battle::move_unit(const Order& o) {
    const int u = o.unit;
    if (!on_map(u)) return;
    int points = unit(u).type->movement;
    std::string stop = "end of its path";
    // An order through an enemy is a mistake in the scenario, wherever the move would stop.
    for (std::size_t i = 0; i < o.move.size(); ++i) {
        const std::vector<int> there = stack_at(o.move[i]);
        if (!there.empty() && unit(there.front()).side != unit(u).side)
            throw InputError(s_.file, o.path + ".move[" + std::to_string(i) + "]",
                             "the move goes through the enemy unit " + unit(there.front()).id +
                                 " in hex " + to_string(o.move[i]) + " on turn " +
                                 std::to_string(turn_));
    }
    for (std::size_t i = 0; i < o.move.size(); ++i) {
        const Hex from = unit(u).hex, to = o.move[i];
        const int d = direction_to(from, to);
        const std::string where = o.path + ".move[" + std::to_string(i) + "]";
        if (d < 0)
            throw InputError(s_.file, where,
                             "hex " + to_string(to) + " is not next to " + to_string(from) +
                                 " on turn " + std::to_string(turn_));
        const std::vector<int> there = stack_at(to);
        const Hexside* side = s_.board.hexside(from, d);
        if (side && !side->passable) {
            stop = "an impassable hexside";
            break;
        }
        const int cost = s_.board.terrain(to).move_cost + (side ? side->move_cost_extra : 0);
        if (cost > points) {
            stop = "not enough movement points";
            break;
        }
        if (static_cast<int>(there.size()) >= rules_.stack_limit.value) {
            stop = "a full stack in " + to_string(to);
            break;
        }
        points -= cost;
        unit(u).facing = vertex_facing(from, to, unit(u).facing);
        square_[std::size_t(u)] = false;
        const bool zoc = enemy_zoc(to, unit(u).side);
        place(u, to, "move", record::Category::move, "Hex movement",
              unit(u).name + " moves to " + to_string(to) + " (" + s_.board.terrain(to).label +
                  ", " + std::to_string(cost) + " MP)" + (zoc ? ": enemy ZOC, it stops" : ""),
              "walk");
        if (zoc) {
            stop = "enemy ZOC";
            break;
        }
    }
    // Nothing silent: a scenario's move cut short (not by a ZOC, which its move says) says why.
    if (o.path.rfind("$", 0) == 0 && stop != "end of its path" && stop != "enemy ZOC")
        emit(phase_, record::Category::info, "move_stopped", {u}, "Hex movement",
             unit(u).name + " stops in " + to_string(unit(u).hex) +
                 " short of the end of its path: " + stop,
             300);
    if (o.face && *o.face != unit(u).facing) {
        unit(u).facing = *o.face;
        emit(phase_, record::Category::move, "face", {u}, "Hex facing",
             unit(u).name + " faces " + facing_text(*o.face), 400);
    }
}

void Battle::activate(int g) {
    const Group& group = s_.groups[std::size_t(g)];
    phase_ = "movement";
    emit(phase_, record::Category::info, "activation", {}, "Hex activation",
         group.name + " is activated" + (group.orders ? "" : " (no orders)"), 300);
    for (std::size_t u = 0; u < units_.size(); ++u) start_hex_[u] = units_[u].hex;
    std::fill(rallied_.begin(), rallied_.end(), false);
    rally_group(g);
    for (const auto& o : s_.orders) {
        // A face is obeyed with any order (a shock's too): the unit turns in its movement.
        if (o.turn != turn_ || unit(o.unit).group != g || (o.move.empty() && !o.face)) continue;
        if (rallied(o.unit))  // rulings, turn 3: "Rally replaces acting"
            emit(phase_, record::Category::info, "move_refused", {o.unit}, "Hex rally",
                 unit(o.unit).name +
                     " does not move: it rallied in this activation (rulings: a unit that "
                     "rallies neither moves, shocks nor charges in that activation)",
                 300);
        else
            move_unit(o);
    }
    stance_moves(g);
    phase_ = "shock";
    shock_segment(g);
    stance_orders_.clear();
}

std::string Battle::state_hash() const {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t u = 0; u < units_.size(); ++u) {
        const int v[] = {units_[u].hex.q, units_[u].hex.r, units_[u].facing,
                         units_[u].disordered ? 1 : 0, fate_[u].empty() ? 0 : 1};
        h = fnv1a64(v, sizeof v, h);
    }
    return hex16(h);
}

replay::Recorded Battle::run() {
    std::vector<int> everyone;
    for (std::size_t u = 0; u < units_.size(); ++u) everyone.push_back(static_cast<int>(u));
    emit("setup", record::Category::info, "setup", everyone, "Hex setup", "Setup: " + s_.title,
         500);
    for (turn_ = 1; turn_ <= s_.turns; ++turn_) {
        rec_.begin_turn(turn_, all());
        // Every command group is activated once a turn, in a seeded random order.
        std::vector<int> order;
        for (std::size_t g = 0; g < s_.groups.size(); ++g) order.push_back(static_cast<int>(g));
        for (std::size_t i = order.size(); i > 1; --i)
            std::swap(order[i - 1], order[prng_.below(i)]);
        std::string names;
        for (int g : order) names += (names.empty() ? "" : ", ") + s_.groups[std::size_t(g)].name;
        emit("activation", record::Category::turn, "turn_start", {}, "Hex activation",
             "Turn " + std::to_string(turn_) + ": groups activate in the order " + names, 500);
        for (int g : order) activate(g);
        rec_.end_turn(state_hash());
    }
    replay::Recorded out = rec_.finish(make_header(rules_, s_), seed_, s_.json_text);
    out.dice = dice_.audit();
    out.tape = tape_.dice();
    out.branch = s_.branch;
    return out;
}

namespace {

record::Header make_header(const BorodinoRules& rules, const BattleScenario& s) {
    record::Header h =
        ruleset::start_header("borodino", rules.hash, rules.looks, s.title, s.description,
                              {{"setup", "Setup"},
                               {"activation", "Activation"},
                               {"movement", "Movement"},
                               {"shock", "Shock segment"}});
    h.sides = s.sides;
    for (const auto& u : s.units) {
        record::RosterUnit r{
            u.id, u.name, u.id, u.side, s.sides[std::size_t(u.side)].nation, u.type->visual};
        r.properties = {{"side", s.sides[std::size_t(u.side)].name},
                        {"type", u.type->label},
                        {"group", s.groups[std::size_t(u.group)].name},
                        {"strength", std::to_string(u.strength)},
                        {"cohesion", std::to_string(u.cohesion) + " (disordered " +
                                         std::to_string(u.cohesion_disordered) + ")"},
                        {"facing", std::to_string(degrees_of_vertex(u.facing)) + " deg (vertex)"},
                        {"ZOC", u.type->zoc ? "yes" : "no"}};
        // Offsets from the unit's hex: the viewer moves and turns them with the unit.
        record::Overlay front{"hexes", "frontal hexes", 0, 0, std::nullopt, -1, {}};
        front.relative = true;
        for (Hex f : frontal_hexes(u.hex, u.facing))
            front.hexes.push_back({f.q - u.hex.q, f.r - u.hex.r});
        r.overlays.push_back(front);
        if (u.type->zoc) {
            // Every hex around a formed unit (Hex ZOC: none while disordered or in square); the
            // viewer shows those of the selected unit's side. (Not drawn: that no ZOC crosses an
            // impassable hexside, which the engine applies.)
            record::Overlay zoc{"hexes", "zone of control", 0, 0, std::nullopt, -1, {}};
            zoc.relative = true;
            zoc.side_wide = true;
            zoc.states = {"formed"};
            for (int d = 0; d < kDirections; ++d) {
                const Hex n = neighbour(u.hex, d);
                zoc.hexes.push_back({n.q - u.hex.q, n.r - u.hex.r});
            }
            r.overlays.push_back(zoc);
        }
        h.units.push_back(r);
    }
    h.board = s.record_board;
    return h;
}

}  // namespace

replay::Recorded run_battle(const BorodinoRules& rules, const BattleScenario& s,
                            std::uint64_t seed) {
    return Battle(rules, s, seed).run();
}

}  // namespace vedette::sim::borodino
