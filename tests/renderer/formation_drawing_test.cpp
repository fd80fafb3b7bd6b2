// Every formation the three rule systems name is drawn as such (issue 41, item 5): a square or
// mass hollow, its four faces looking outwards, inside its footprint; a column deeper than the
// line of the same troops; skirmish, open and loose order a scattered chain rather than a rank;
// limbered guns as limbers, unlimbered ones as guns. The names come from the systems themselves
// (GdB's and the dice-pool game's formation lists, and every layout any shipped replay writes),
// so a new formation name fails here until someone decides how it is drawn.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "renderer/scene/figure_layout.h"
#include "sim/replay/older_facts.h"
#include "sim/rulesets/dicepool/dp_rules.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/battle/formation_geometry.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

enum class Drawn { ranks, column, hollow_square, open_chain, limbers, guns };

// How a wargamer expects each name on the table.
const std::map<std::string, Drawn>& expected() {
    static const std::map<std::string, Drawn> m = {{"line", Drawn::ranks},
                                                   {"close_order", Drawn::ranks},
                                                   {"column", Drawn::column},
                                                   {"attack_column", Drawn::column},
                                                   {"squadron_column", Drawn::column},
                                                   {"square", Drawn::hollow_square},
                                                   {"mass", Drawn::hollow_square},
                                                   {"skirmish", Drawn::open_chain},
                                                   {"open_order", Drawn::open_chain},
                                                   {"loose", Drawn::open_chain},
                                                   {"limbered", Drawn::limbers},
                                                   {"unlimbered", Drawn::guns}};
    return m;
}

// Every layout name a shipped replay writes (Borodino has no list of its own: its line, square
// and guns are found here).
std::set<std::string> shipped_layouts() {
    std::set<std::string> names;
    const std::regex layout(R"re("layout"\s*:\s*"([a-z_]+)")re");
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kSource + "/replays")) {
        if (entry.path().string().find(".replay.json") == std::string::npos) continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string s = text.str();
        for (std::sregex_iterator it(s.begin(), s.end(), layout), end; it != end; ++it)
            names.insert((*it)[1].str());
    }
    return names;
}

TEST(FormationDrawing, EveryFormationASystemNamesHasAWayToBeDrawn) {
    std::set<std::string> names = shipped_layouts();
    EXPECT_GE(names.size(), 5u) << "the shipped replays write too few layouts to be read";
    for (const auto& n : sim::gdb::formation_names()) names.insert(n);
    for (const auto& n : sim::dicepool::formation_names()) names.insert(n);
    for (const auto& n : names) EXPECT_TRUE(expected().count(n)) << "no drawing decided for " << n;
}

const sim::battle::BattleRules& gdb_rules() {
    static const sim::battle::BattleRules r =
        sim::battle::load_battle_rules(kSource + "/sim/rulesets/gdb/gdb.json");
    return r;
}

// A GdB unit of `bases` bases in `layout`, with its rules' footprint, at the origin facing +y.
UnitView gdb_unit(sim::gdb::TroopType type, const std::string& layout, int bases) {
    const auto& names = sim::gdb::formation_names();
    const auto f = static_cast<sim::gdb::Formation>(std::find(names.begin(), names.end(), layout) -
                                                    names.begin());
    const int figures = bases * gdb_rules().base_of(type).figures;
    const auto block = sim::battle::unit_block(gdb_rules(), type, f, figures);
    UnitView u;
    u.unit = 3;
    u.visual = type == sim::gdb::TroopType::artillery ? "artillery_crew"
                                                      : std::string(sim::gdb::to_string(type));
    u.layout = layout;
    u.formation = u.from_formation = formation_of(sim::replay::stand_in_words(layout));
    u.figures = figures;
    u.width_mm = u.from_width_mm = double(block.width_mm);
    u.depth_mm = u.from_depth_mm = double(block.depth_mm);
    return u;
}

// A unit with the footprint a shipped replay gives it (dice-pool and Borodino looks).
UnitView unit_of(const std::string& visual, const std::string& layout, int figures, double w,
                 double d) {
    UnitView u;
    u.unit = 5;
    u.visual = visual;
    u.layout = layout;
    u.formation = u.from_formation = formation_of(sim::replay::stand_in_words(layout));
    u.figures = figures;
    u.width_mm = u.from_width_mm = w;
    u.depth_mm = u.from_depth_mm = d;
    return u;
}

struct Drawing {
    InstanceBatches batches;
    std::vector<Instance> figures;
};
Drawing draw(const UnitView& u) {
    SceneState s;
    s.units = {u};
    Drawing d{layout_figures(s, visuals()), {}};
    d.figures = d.batches.by_mesh[visuals().figure(u.visual).mesh];
    return d;
}

std::size_t ranks_of(const std::vector<Instance>& figures) {
    std::set<long> rows;
    for (const Instance& f : figures) rows.insert(std::lround(f.y * 10));
    return rows.size();
}

void expect_inside(const UnitView& u, const Drawing& d, const std::string& what) {
    for (const Instance& f : d.figures) {
        EXPECT_LE(std::abs(f.x), u.width_mm / 2 + 1e-3) << what;
        EXPECT_LE(std::abs(f.y), u.depth_mm / 2 + 1e-3) << what;
    }
}

// Hollow: nobody in the middle half; every figure faces away from the middle; all four faces
// manned.
void expect_hollow_square(const UnitView& u, const std::string& what) {
    const Drawing d = draw(u);
    ASSERT_EQ(d.figures.size(), std::size_t(u.figures)) << what;
    expect_inside(u, d, what);
    std::set<int> faces;
    for (const Instance& f : d.figures) {
        const double half = std::max(std::abs(f.x), std::abs(f.y));
        EXPECT_GT(half, u.width_mm / 4) << what << ": a figure in the middle of the square";
        // The figure's facing (yaw 0 = +y, clockwise) points away from the middle.
        EXPECT_GT(std::sin(f.yaw) * f.x + std::cos(f.yaw) * f.y, 0) << what << ": facing in";
        faces.insert(std::abs(f.x) > std::abs(f.y) ? (f.x > 0 ? 1 : 3) : (f.y > 0 ? 0 : 2));
    }
    EXPECT_EQ(faces.size(), 4u) << what;
}

// A scattered chain: one figure to a file, not all in one rank, files uneven but never nearer
// than half a file, each figure turned its own way.
void expect_open_chain(const UnitView& u, const std::string& what) {
    const Drawing d = draw(u);
    ASSERT_EQ(d.figures.size(), std::size_t(u.figures)) << what;
    expect_inside(u, d, what);
    std::vector<double> xs;
    std::set<long> yaws;
    for (const Instance& f : d.figures) {
        xs.push_back(f.x);
        yaws.insert(std::lround(f.yaw * 100));
    }
    std::sort(xs.begin(), xs.end());
    const double file = u.width_mm / u.figures;
    double least = 1e9, most = 0;
    for (std::size_t i = 1; i < xs.size(); ++i) {
        least = std::min(least, xs[i] - xs[i - 1]);
        most = std::max(most, xs[i] - xs[i - 1]);
    }
    EXPECT_GE(least, file / 2 - 1e-3) << what << ": two figures crowd one file";
    EXPECT_GT(most - least, file / 10) << what << ": the files are as regular as a rank";
    EXPECT_GE(yaws.size(), d.figures.size() / 2) << what << ": every figure faces the same way";
    const float fw = visuals().figure(u.visual).spacing_mm;
    if (u.depth_mm > 2 * fw) {
        EXPECT_GE(ranks_of(d.figures), d.figures.size() / 2) << what << ": standing in ranks";
    }
}

TEST(FormationDrawing, ASquareIsHollowWithFourFacesOutwardsInEverySystem) {
    using sim::gdb::TroopType;
    expect_hollow_square(gdb_unit(TroopType::infantry, "square", 6), "GdB square");
    expect_hollow_square(gdb_unit(TroopType::infantry, "mass", 6), "GdB mass");
    expect_hollow_square(unit_of("dicepool_line_infantry", "square", 9, 100, 100), "dice-pool");
    expect_hollow_square(unit_of("infantry", "square", 24, 58, 58), "Borodino square");
    expect_hollow_square(unit_of("infantry", "square", 24, 29, 29), "Borodino stacked square");
}

TEST(FormationDrawing, SkirmishOpenAndLooseOrderAreAScatteredChain) {
    using sim::gdb::TroopType;
    expect_open_chain(gdb_unit(TroopType::skirmishers, "skirmish", 4), "GdB skirmish");
    expect_open_chain(gdb_unit(TroopType::infantry, "open_order", 6), "GdB open order");
    expect_open_chain(unit_of("dicepool_skirmishers", "loose", 8, 375, 25), "dice-pool loose");
    // A line is not: its figures stand in even files in few ranks, all facing ahead.
    const UnitView line = gdb_unit(TroopType::infantry, "line", 6);
    const Drawing d = draw(line);
    EXPECT_LE(ranks_of(d.figures), 3u);
    for (const Instance& f : d.figures) EXPECT_FLOAT_EQ(f.yaw, 0.0f);
    // The scatter is the unit's own and the same in every frame.
    const UnitView sk = gdb_unit(TroopType::skirmishers, "skirmish", 4);
    const Drawing a = draw(sk), b = draw(sk);
    for (std::size_t i = 0; i < a.figures.size(); ++i)
        EXPECT_FLOAT_EQ(a.figures[i].x, b.figures[i].x);
}

TEST(FormationDrawing, AColumnIsDeeperAndNarrowerThanItsLine) {
    using sim::gdb::TroopType;
    struct Case {
        TroopType type;
        const char* column;
    };
    for (const Case c :
         {Case{TroopType::infantry, "column"}, Case{TroopType::infantry, "attack_column"},
          Case{TroopType::cuirassiers, "squadron_column"}}) {
        const UnitView line = gdb_unit(c.type, "line", 6), column = gdb_unit(c.type, c.column, 6);
        const std::string what = line.visual + " in " + c.column;
        EXPECT_LT(column.width_mm, line.width_mm) << what;
        EXPECT_GT(column.depth_mm / column.width_mm, line.depth_mm / line.width_mm) << what;
        const Drawing dl = draw(line), dc = draw(column);
        expect_inside(column, dc, what);
        EXPECT_GT(ranks_of(dc.figures), ranks_of(dl.figures)) << what;
        EXPECT_EQ(dc.figures.size(), dl.figures.size()) << what;
    }
}

TEST(FormationDrawing, LimberedGunsAreLimbersAndUnlimberedGunsAreGuns) {
    using sim::gdb::TroopType;
    const auto count = [](const Drawing& d, MeshKind k) {
        return d.batches.by_mesh[mesh_id(k)].size();
    };
    const Drawing limbered = draw(gdb_unit(TroopType::artillery, "limbered", 2));
    const Drawing unlimbered = draw(gdb_unit(TroopType::artillery, "unlimbered", 2));
    const Drawing borodino = draw(unit_of("artillery_crew", "unlimbered", 8, 87, 38));
    EXPECT_GT(count(limbered, MeshKind::limber), 0u);
    EXPECT_EQ(count(limbered, MeshKind::gun), 0u);
    EXPECT_GT(count(unlimbered, MeshKind::gun), 0u);
    EXPECT_EQ(count(unlimbered, MeshKind::limber), 0u);
    EXPECT_GT(count(borodino, MeshKind::gun), 0u);
}

}  // namespace
}  // namespace vedette::render
