// "Walk and bump": a test ruleset of a few dozen rules lines, to show that a rule system plugs
// into the core with no change to renderer/ or app/. Units walk 10 cm a turn towards where their
// orders send them; a unit that ends its walk within 6 cm of an enemy bumps it: each throws a die
// (the walker wins on a higher die), the loser loses a figure and steps back 5 cm, and a unit
// with no figures left is gone. A scenario may lay a hex grid on the table ("hex", as a replay's
// board has it); each unit then shows the hexes around where it starts. It registers itself as
// "walkbump" from a static initialiser, so linking this file into a `vedette` program is all it
// takes.

#include <cmath>
#include <memory>
#include <set>

#include "sim/board/terrain.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/prng.h"
#include "sim/record/record_json.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/registry.h"

namespace vedette::walkbump {

using sim::geom::Vec;
namespace record = sim::record;

constexpr std::int64_t kWalkMm = 100, kBumpMm = 60, kStepBackMm = 50, kSpacingMm = 15;

struct Unit {
    std::string id, name;
    int side = 0, figures = 0;
    Vec at, to, facing{0, 65536};
};

class Scenario : public sim::ruleset::Scenario {
public:
    std::string title;
    int turns = 3;
    std::vector<Unit> units;
    record::Board board;
    sim::Json json;  // as read: the board is written from it
};

// The board as a replay writes it: the scenario's table, and its hex grid when it has one.
nlohmann::ordered_json board_json(const sim::Json& scenario) {
    nlohmann::ordered_json b = {{"table", scenario["table"]}};
    if (scenario.contains("hex")) b["hex"] = scenario["hex"];
    return b;
}

// The hex (axial q, r) holding a point, then that hex and its six neighbours that are on the
// grid: the unit's "hexes" overlay. Doubles are fine here: the overlay is only drawn.
std::vector<Vec> hexes_around(const record::HexGrid& g, Vec at) {
    const double s = static_cast<double>(g.size_mm), r3 = std::sqrt(3.0);
    const double x = static_cast<double>(at.x - g.origin.x) / s;
    const double y = static_cast<double>(at.y - g.origin.y) / s;
    const bool pointy = g.orientation != "flat";
    const double fq = pointy ? r3 / 3 * x - y / 3 : 2.0 / 3 * x;
    const double fr = pointy ? 2.0 / 3 * y : -x / 3 + r3 / 3 * y;
    const double fs = -fq - fr;
    double q = std::round(fq), r = std::round(fr), t = std::round(fs);
    if (std::abs(q - fq) > std::abs(r - fr) && std::abs(q - fq) > std::abs(t - fs))
        q = -r - t;
    else if (std::abs(r - fr) > std::abs(t - fs))
        r = -q - t;
    std::set<std::pair<std::int64_t, std::int64_t>> on_grid;
    for (const auto& h : g.hexes) on_grid.insert({h.q, h.r});
    const std::int64_t cq = static_cast<std::int64_t>(q), cr = static_cast<std::int64_t>(r);
    std::vector<Vec> out;
    for (const auto& [dq, dr] : std::vector<std::pair<int, int>>{
             {0, 0}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}})
        if (on_grid.count({cq + dq, cr + dr})) out.push_back({cq + dq, cr + dr});
    return out;
}

class Battle {
public:
    Battle(const Scenario& s, std::uint64_t seed) : s_(s), units_(s.units), prng_(seed) {}

    sim::replay::Recorded run(const record::Header& header) {
        out_.header = header;
        std::vector<int> everyone;  // the setup event places every unit
        for (std::size_t u = 0; u < units_.size(); ++u) everyone.push_back(static_cast<int>(u));
        emit(0, "setup", "setup", record::Category::info, everyone, "Walk and bump: " + s_.title,
             0);
        for (int turn = 1; turn <= s_.turns; ++turn) {
            out_.keyframes.push_back({static_cast<int>(out_.events.size()), turn, now_, all()});
            for (std::size_t u = 0; u < units_.size(); ++u) walk(turn, static_cast<int>(u));
            std::uint64_t h = 0xcbf29ce484222325ULL;
            for (const auto& u : units_) h = sim::fnv1a64(&u.figures, sizeof u.figures, h);
            out_.turn_hashes.push_back({turn, sim::hex16(h)});
        }
        return std::move(out_);
    }

private:
    record::Snapshot snap(int u) const {
        const Unit& x = units_[static_cast<std::size_t>(u)];
        const std::int64_t width = std::max(1, x.figures) * kSpacingMm;
        return {u,
                {x.at, x.facing},
                {x.figures, "line", width, 20, false, false, x.figures == 0, {}},
                x.figures == 0 ? "gone" : "walking"};
    }
    std::vector<record::Snapshot> all() const {
        std::vector<record::Snapshot> v;
        for (std::size_t u = 0; u < units_.size(); ++u) v.push_back(snap(static_cast<int>(u)));
        return v;
    }
    record::Event& emit(int turn, const std::string& phase, const std::string& kind,
                        record::Category category, std::vector<int> units, std::string text,
                        std::int64_t ms) {
        record::Event e{static_cast<int>(out_.events.size()),
                        turn,
                        phase,
                        category,
                        kind,
                        units,
                        "Walk and bump " + std::string(phase == "bump" ? "2" : "1"),
                        std::move(text),
                        now_,
                        now_ + ms};
        for (int u : units) e.after.push_back(snap(u));
        now_ += ms;
        out_.events.push_back(std::move(e));
        return out_.events.back();
    }

    void walk(int turn, int u) {
        Unit& w = units_[static_cast<std::size_t>(u)];
        const std::int64_t left = sim::geom::length(w.to - w.at);
        if (w.figures == 0 || left == 0) return;
        const Vec dir = sim::geom::normalize(w.to - w.at);
        const Vec from = w.at;
        w.at = w.at + sim::geom::scale(dir, std::min(kWalkMm, left));
        w.facing = dir;
        record::Event& e =
            emit(turn, "walk", "walk", record::Category::move, {u}, w.name + " walks", 800);
        e.motion = record::Motion{{from, w.at}, dir, "walk"};
        for (std::size_t v = 0; v < units_.size(); ++v)
            if (units_[v].side != w.side && units_[v].figures > 0 &&
                sim::geom::length(units_[v].at - w.at) <= kBumpMm)
                return bump(turn, u, static_cast<int>(v));
    }

    void bump(int turn, int walker, int other) {
        const int a = prng_.d6(), b = prng_.d6();
        const int loser = a > b ? other : walker;
        Unit& l = units_[static_cast<std::size_t>(loser)];
        record::Section dice{record::SectionKind::dice, "The dice", "Walk and bump 2"};
        dice.dice = {{units_[static_cast<std::size_t>(walker)].name, {{a, ""}}, "", ""},
                     {units_[static_cast<std::size_t>(other)].name, {{b, ""}}, "", ""}};
        record::Section result{record::SectionKind::results, "Who gives way", "Walk and bump 2"};
        result.results = {{"the walker's die is higher: the bumped unit gives way", "", a > b},
                          {"otherwise the walker gives way", "", a <= b}};
        record::Event& e =
            emit(turn, "bump", "bump", record::Category::test, {walker, other},
                 "bump: " + std::to_string(a) + " against " + std::to_string(b), 1000);
        e.effects = {{record::EffectKind::clash, {walker, other}, std::nullopt, 0, 0}};
        e.explanation = record::Explanation{"A bump", "Walk and bump 2", {dice, result}};
        const Vec from = l.at;
        l.figures -= 1;
        l.at = l.at - sim::geom::scale(l.facing, kStepBackMm);
        record::Event& back = emit(turn, "bump", l.figures ? "step_back" : "gone",
                                   l.figures ? record::Category::loss : record::Category::leave,
                                   {loser}, l.name + " loses a figure and steps back", 700);
        back.motion = record::Motion{{from, l.at}, l.facing, "walk"};
    }

    const Scenario& s_;
    std::vector<Unit> units_;
    sim::Prng prng_;
    sim::replay::Recorded out_;
    std::int64_t now_ = 0;
};

class Ruleset : public sim::ruleset::Ruleset {
public:
    std::string id() const override { return "walkbump"; }
    std::string name() const override { return "Walk and bump (a test ruleset)"; }
    std::string data_file() const override { return "(built in)"; }
    std::string data_hash() const override { return sim::fnv1a64_hex("walkbump 1"); }
    nlohmann::json data() const override { return nlohmann::json::object(); }
    std::string describe_tables() const override { return "walk 10 cm, bump within 6 cm, d6\n"; }

    std::unique_ptr<sim::ruleset::Scenario> parse_scenario(const sim::Json& json,
                                                           const std::string& file) const override {
        const sim::JsonNode root(json, file, "$");
        root.expect_only_keys({"ruleset", "title", "seed", "turns", "table", "hex", "units"});
        auto s = std::make_unique<Scenario>();
        s->file = file;
        s->json = json;
        s->json_text = json.dump();
        s->title = root.string_or("title", "");
        s->seed = static_cast<std::uint64_t>(root.int_or("seed", 1, 0, INT64_MAX));
        s->turns = static_cast<int>(root.int_or("turns", 3, 1, 20));
        // The board's own parser checks the hex grid, with paths into this file ($.hex.size_mm).
        s->board = record::board_from_json(board_json(json), file, "$");
        for (const auto& n : root.required("units").items()) {
            n.expect_only_keys({"id", "name", "side", "figures", "at", "to"});
            Unit u{n.required("id").as_string(),
                   n.required("name").as_string(),
                   static_cast<int>(n.required("side").as_int(0, 1)),
                   static_cast<int>(n.required("figures").as_int(1, 50)),
                   sim::board::parse_point(n.required("at")),
                   sim::board::parse_point(n.required("to"))};
            s->unit_ids.push_back(u.id);
            s->units.push_back(u);
        }
        return s;
    }

    sim::replay::Recorded run(const sim::ruleset::Scenario& scenario,
                              std::uint64_t seed) const override {
        const auto& s = dynamic_cast<const Scenario&>(scenario);
        record::Header h{"walkbump",
                         data_hash(),
                         s.title,
                         "",
                         {{"setup", "Setup"}, {"walk", "Walk"}, {"bump", "Bump"}},
                         {{"red", "Red", ""}, {"blue", "Blue", ""}},
                         {},
                         {}};
        for (const auto& u : s.units) {
            h.units.push_back({u.id,
                               u.name,
                               "",
                               u.side,
                               "",
                               "infantry",
                               {{"figures", std::to_string(u.figures)}},
                               {{"ring", "bump distance", kBumpMm, 0, std::nullopt, -1, {}}}});
            if (s.board.hex)
                h.units.back().overlays.push_back(
                    {"hexes", "start", 0, 0, std::nullopt, -1, hexes_around(*s.board.hex, u.at)});
        }
        h.board = s.board;
        record::set_written_board(h.board, board_json(s.json));
        sim::replay::Recorded r = Battle(s, seed).run(h);
        r.seed = seed;
        r.scenario_text = s.json_text;
        return r;
    }

    sim::ruleset::Resolution resolve(const sim::Json&, const std::string& file,
                                     const sim::ruleset::ResolveOptions&) const override {
        throw sim::InputError(file, "$", "walkbump has no single resolution");
    }
};

[[maybe_unused]] const bool registered = sim::ruleset::register_ruleset(
    "walkbump", [](const std::string&) { return std::make_unique<Ruleset>(); });

}  // namespace vedette::walkbump
