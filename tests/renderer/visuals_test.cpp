// How units look comes from data (assets/visuals.json), not code: the shipped file loads with the
// values the renderer always drew with (so the golden images stay), the figures follow a unit's
// roster visual and its look's layout, footprint and markers, and a bad file is refused naming
// the file and the JSON path (the CLI exits 2 on it). No GPU needed.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "renderer/scene/figure_layout.h"
#include "renderer/scene/visuals.h"
#include "sim/core/input_error.h"
#include "sim/replay/older_facts.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

namespace fs = std::filesystem;

std::size_t mesh(MeshKind k) {
    return mesh_id(k);
}
// The slot the shipped visuals draw a roster visual's figures with.
std::size_t slot_of_visual(const std::string& visual) {
    return visuals().figure(visual).mesh;
}
// The model kind a figure slot draws ("" for a glTF file of the visuals' own).
std::string kind_in(const Visuals& v, MeshId slot) {
    if (slot < kFixedMeshes) return mesh_kind_key(static_cast<MeshKind>(slot));
    return v.models.at(slot - kFixedMeshes).kind;
}

TEST(Visuals, TheShippedFileHasTheColoursAndSpacingsTheRendererAlwaysUsed) {
    const Visuals& v = visuals();
    EXPECT_EQ(v.nation_colour("french", 1), (Colour{0.16f, 0.24f, 0.62f}));
    EXPECT_EQ(v.nation_colour("polish", 1), (Colour{0.16f, 0.24f, 0.62f}));
    EXPECT_EQ(v.nation_colour("british", 0), (Colour{0.72f, 0.10f, 0.10f}));
    EXPECT_EQ(v.nation_colour("prussian", 0), (Colour{0.10f, 0.12f, 0.22f}));
    EXPECT_EQ(v.nation_colour("austrian", 0), (Colour{0.88f, 0.88f, 0.82f}));
    EXPECT_EQ(v.nation_colour("russian", 0), (Colour{0.12f, 0.34f, 0.16f}));
    EXPECT_EQ(v.nation_colour("spanish", 0), (Colour{0.80f, 0.66f, 0.22f}));
    EXPECT_EQ(v.nation_colour("hanoverian", 0), (Colour{0.62f, 0.12f, 0.14f}));
    EXPECT_EQ(v.nation_colour("nassau", 0), (Colour{0.20f, 0.36f, 0.20f}));
    EXPECT_EQ(v.nation_colour("ruritanian", 0), (Colour{0.2f, 0.3f, 0.7f}));
    EXPECT_EQ(v.nation_colour("ruritanian", 1), (Colour{0.7f, 0.2f, 0.2f}));
    EXPECT_EQ(v.nation_colour("ruritanian", 2), (Colour{0.7f, 0.2f, 0.2f}));
    // The figure kinds the renderer once listed in code each draw their own models.json kind,
    // in slots after the fixed ones; cavalry stands 14 mm apart, crews 9 mm, foot 7 mm; the
    // counters view shows the symbols it always did.
    struct Kind {
        const char* key;
        float spacing;
        CounterSymbol symbol;
    };
    const Kind kinds[] = {{"infantry", 7, CounterSymbol::infantry},
                          {"open_order", 7, CounterSymbol::infantry},
                          {"skirmishers", 7, CounterSymbol::infantry},
                          {"cuirassiers", 14, CounterSymbol::cavalry},
                          {"heavy_cavalry", 14, CounterSymbol::cavalry},
                          {"dragoons", 14, CounterSymbol::cavalry},
                          {"lancers", 14, CounterSymbol::cavalry},
                          {"light_cavalry", 14, CounterSymbol::cavalry},
                          {"cossacks", 14, CounterSymbol::cavalry},
                          {"artillery_crew", 9, CounterSymbol::artillery}};
    std::set<MeshId> slots;
    for (const Kind& k : kinds) {
        const FigureVisual& f = v.figure(k.key);
        EXPECT_GE(f.mesh, kFixedMeshes) << k.key;
        EXPECT_LT(f.mesh, v.mesh_count()) << k.key;
        EXPECT_EQ(kind_in(v, f.mesh), k.key);
        EXPECT_EQ(f.spacing_mm, k.spacing) << k.key;
        EXPECT_EQ(f.figures_per_gun, k.symbol == CounterSymbol::artillery ? 4 : 0) << k.key;
        EXPECT_EQ(f.symbol, k.symbol) << k.key;
        slots.insert(f.mesh);
    }
    EXPECT_EQ(slots.size(), std::size(kinds)) << "one slot per model kind";
    EXPECT_EQ(v.models.size(), std::size(kinds)) << "the dice-pool visuals share these kinds";
    EXPECT_EQ(v.figure("dicepool_line_infantry").mesh, v.figure("infantry").mesh);
    EXPECT_EQ(v.figure("dicepool_heavy_cavalry").symbol, CounterSymbol::cavalry);
    EXPECT_EQ(v.figure("grenadiers_a_cheval_de_fantaisie").mesh, v.figure("infantry").mesh);
}

// One unit at the origin facing +y.
UnitView unit(const std::string& visual, const std::string& layout, int figures, double w,
              double d) {
    UnitView u;
    u.unit = 3;
    u.nation = "british";
    u.visual = visual;
    u.layout = layout;
    u.formation = u.from_formation = formation_of(sim::replay::stand_in_words(layout));
    u.figures = figures;
    u.width_mm = u.from_width_mm = w;
    u.depth_mm = u.from_depth_mm = d;
    return u;
}

InstanceBatches draw(const UnitView& u) {
    SceneState s;
    s.units = {u};
    return layout_figures(s, visuals());
}

TEST(FigureLayout, TheRosterVisualPicksTheFiguresAndTheLookTheirBlock) {
    const auto lancers = draw(unit("lancers", "line", 6, 90, 30));
    EXPECT_EQ(lancers.by_mesh[slot_of_visual("lancers")].size(), 6u);
    EXPECT_TRUE(lancers.by_mesh[slot_of_visual("infantry")].empty());
    ASSERT_EQ(lancers.by_mesh[mesh(MeshKind::base)].size(), 2u);  // the edge, the flock
    EXPECT_EQ(lancers.by_mesh[mesh(MeshKind::base)][0].sx, 90.0f);
    EXPECT_EQ(lancers.by_mesh[mesh(MeshKind::base)][0].sy, 30.0f);
    // 90 mm at 14 mm a figure: six files, one rank, every figure on the block.
    for (const auto& f : lancers.by_mesh[slot_of_visual("lancers")]) {
        EXPECT_LE(std::abs(f.x), 45.0f);
        EXPECT_LE(std::abs(f.y), 15.0f);
        EXPECT_EQ(f.yaw, 0.0f);
    }
    const auto unknown = draw(unit("war_elephants", "line", 4, 30, 15));
    EXPECT_EQ(unknown.by_mesh[slot_of_visual("infantry")].size(), 4u);
}

TEST(FigureLayout, SquaresFaceOutwardsOnFourSides) {
    const auto square = draw(unit("infantry", "square", 16, 60, 60));
    const auto& figs = square.by_mesh[slot_of_visual("infantry")];
    ASSERT_EQ(figs.size(), 16u);
    int faces[4] = {0, 0, 0, 0};
    for (const auto& f : figs) {
        const float yaw = f.yaw;
        faces[std::abs(yaw) < 0.1f             ? 0
              : std::abs(yaw - 1.5708f) < 0.1f ? 1
              : std::abs(yaw - 3.1416f) < 0.1f ? 2
                                               : 3]++;
    }
    for (int n : faces) EXPECT_EQ(n, 4);
    const auto line = draw(unit("infantry", "line", 16, 60, 60));
    for (const auto& f : line.by_mesh[slot_of_visual("infantry")]) EXPECT_EQ(f.yaw, 0.0f);
}

TEST(FigureLayout, CrewsServeGunsLimbersWhenLimberedAbandonedGunsAtTheirMarker) {
    const auto battery = draw(unit("artillery_crew", "unlimbered", 8, 80, 40));
    EXPECT_EQ(battery.by_mesh[mesh(MeshKind::gun)].size(), 2u);
    EXPECT_EQ(battery.by_mesh[slot_of_visual("artillery_crew")].size(), 8u);
    EXPECT_TRUE(battery.by_mesh[mesh(MeshKind::limber)].empty());
    const auto limbered = draw(unit("artillery_crew", "limbered", 8, 40, 80));
    EXPECT_EQ(limbered.by_mesh[mesh(MeshKind::limber)].size(), 2u);
    EXPECT_TRUE(limbered.by_mesh[mesh(MeshKind::gun)].empty());
    const auto foot = draw(unit("infantry", "line", 8, 60, 15));
    EXPECT_TRUE(foot.by_mesh[mesh(MeshKind::gun)].empty());

    UnitView left = unit("artillery_crew", "unlimbered", 4, 40, 40);
    left.x_mm = 500, left.y_mm = 500;
    left.markers.push_back({kAbandonedGunsMarker, sim::geom::Vec{100, 200}});
    const auto abandoned = draw(left);
    ASSERT_EQ(abandoned.by_mesh[mesh(MeshKind::gun)].size(), 1u);
    EXPECT_EQ(abandoned.by_mesh[mesh(MeshKind::gun)][0].x, 100.0f);
    EXPECT_EQ(abandoned.by_mesh[mesh(MeshKind::gun)][0].y, 200.0f);
    EXPECT_EQ(abandoned.by_mesh[mesh(MeshKind::gun)][0].unit, 0.0f) << "not on the unit's base";
    ASSERT_EQ(abandoned.by_mesh[mesh(MeshKind::marker)].size(), 1u);
    EXPECT_EQ(abandoned.by_mesh[mesh(MeshKind::marker)][0].x, 100.0f);
}

TEST(FigureLayout, DisorderedFiguresStandUntidilyAndOffTableUnitsAreNotDrawn) {
    UnitView u = unit("infantry", "line", 12, 90, 15);
    const auto tidy = draw(u);
    u.disordered = true;
    const auto untidy = draw(u);
    const auto& a = tidy.by_mesh[slot_of_visual("infantry")];
    const auto& b = untidy.by_mesh[slot_of_visual("infantry")];
    ASSERT_EQ(a.size(), b.size());
    int moved = 0;
    for (std::size_t i = 0; i < a.size(); ++i) moved += a[i].x != b[i].x || a[i].yaw != b[i].yaw;
    EXPECT_GT(moved, 6);
    u.on_table = false;
    EXPECT_EQ(draw(u).figures, 0u);
    EXPECT_TRUE(draw(u).by_mesh[mesh(MeshKind::base)].empty());
}

// A copy of the shipped file with `from` replaced by `to`, and the error loading it. The copy is
// the running test's own (ctest -j runs each test as a process of its own, at the same time).
std::string error_for(const std::string& from, const std::string& to) {
    std::ifstream in(kSource + "/assets/visuals.json");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return "";
    text.replace(at, from.size(), to);
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "visuals-errors";
    fs::create_directories(dir);
    const std::string file =
        (dir / (std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
                "-visuals.json"))
            .string();
    std::ofstream(file) << text;
    try {
        load_visuals(file);
    } catch (const sim::InputError& e) {
        EXPECT_EQ(e.file(), file);
        return e.what();
    }
    ADD_FAILURE() << "accepted: " << to;
    return "";
}

TEST(Visuals, ABadFileIsRefusedNamingTheFileAndThePlace) {
    struct Case {
        const char* from;
        const char* to;
        const char* says;
    };
    const Case cases[] = {
        {"\"mesh\": \"lancers\"", "\"mesh\": \"\"",
         "$.figures.lancers.mesh: expected the name of a model kind"},
        {"\"mesh\": \"lancers\"", "\"mesh\": \"lancers\", \"model\": \"lancer.gltf\"",
         "$.figures.lancers: expected either \"mesh\""},
        {"\"mesh\": \"lancers\", ", "", "$.figures.lancers: expected either"},
        {"\"mesh\": \"lancers\"", "\"mesh\": \"lancers\", \"height_mm\": 15",
         "$.figures.lancers.height_mm: only with \"model\""},
        {"\"mesh\": \"lancers\"", "\"model\": \"lancer.gltf\"",
         "$.figures.lancers: missing required field \"height_mm\""},
        {"\"mesh\": \"lancers\"", "\"model\": \"lancer.gltf\", \"height_mm\": 0",
         "$.figures.lancers.height_mm: expected a number above 0"},
        {"\"mesh\": \"lancers\"", "\"model\": \"lancer.gltf\", \"height_mm\": 9, \"yaw_deg\": 400",
         "$.figures.lancers.yaw_deg: expected a number from -360 to 360"},
        {"\"mesh\": \"lancers\"", "\"model\": \"\", \"height_mm\": 9",
         "$.figures.lancers.model: expected a glTF file name"},
        {"\"symbol\": \"infantry\"}", "\"symbol\": \"camel\"}",
         "$.figures.infantry.symbol: unknown value"},
        {"\"spacing_mm\": 9", "\"spacing_mm\": \"9\"",
         "$.figures.artillery_crew.spacing_mm: expected a number"},
        {"\"spacing_mm\": 9", "\"spacing_mm\": 0",
         "$.figures.artillery_crew.spacing_mm: expected a number from"},
        {"\"figures_per_gun\": 4", "\"figures_per_gun\": -1",
         "$.figures.artillery_crew.figures_per_gun"},
        {"\"spacing_mm\": 7, ", "\"spacing_mm\": 7, \"colour\": 1, ",
         "$.figures.infantry.colour: unknown field"},
        {"[0.16, 0.24, 0.62]", "[0.16, 1.24, 0.62]", "$.nations.french[1]: expected a number from"},
        {"[0.72, 0.10, 0.10]", "[0.72, 0.10]", "$.nations.british: expected [red, green, blue]"},
        {"\"unknown_figures\": \"infantry\"", "\"unknown_figures\": \"hussars\"",
         "$.unknown_figures: \"hussars\" is not"},
        {"\"side_colours\": [[0.2, 0.3, 0.7], ", "\"side_colours\": [",
         "$.side_colours: expected two colours"},
        {"\"nations\"", "\"nationz\"", "$.nationz: unknown field"},
        {"\"figures\": {", "\"figures\": [", "line "},
        {"\"hex_edge\": 0.55", "\"hex_edge\": 2", "$.hex_edge: expected a number from 0 to 1"},
        {"\"model_base_mm\": [20, 20]", "\"model_base_mm\": [20]",
         "$.figures.dicepool_line_infantry.model_base_mm: expected [width, depth] in mm"},
        {"\"model_base_mm\": [20, 20]", "\"model_base_mm\": [20, 0]",
         "$.figures.dicepool_line_infantry.model_base_mm[1]: expected a number from"},
        {"\"paints\": {\"horse\": [0.16, 0.11, 0.08]}", "\"paints\": {\"horse\": [0.16, 0.11]}",
         "$.figures.cuirassiers.paints.horse: expected [red, green, blue]"},
        {"\"paints\": {\"horse\": [0.16, 0.11, 0.08]}", "\"paints\": {\"hair\": [0, 0, 0]}",
         "$.figures.cuirassiers.paints.hair: unknown field"},
        {"\"french\": {\"facings\"", "\"french\": {\"lapels\"",
         "$.uniforms.french.lapels: unknown field"},
        {"\"flag\": false", "\"flag\": \"no\"", "$.figures.open_order.flag: expected"},
        {"\"woods\": [0.15, 0.30, 0.13]", "\"woods\": [0.15, 0.30]",
         "$.hex_terrain.woods: expected [red, green, blue]"},
    };
    for (const Case& c : cases) {
        const std::string what = error_for(c.from, c.to);
        EXPECT_NE(what.find(c.says), std::string::npos) << c.to << " -> " << what;
        EXPECT_NE(what.find("visuals.json"), std::string::npos) << what;
    }
    try {
        load_visuals("/no/such/visuals.json");
        FAIL();
    } catch (const sim::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("/no/such/visuals.json"), std::string::npos);
    }
}

// Issue 37: a stray member is answered with the whole list of fields its object may hold: every
// member the shipped file uses at the root, in a figure and in a uniform is in the message.
TEST(Visuals, AStrayMemberIsAnsweredWithEveryFieldItsObjectMayHold) {
    std::ifstream in(kSource + "/assets/visuals.json");
    const auto shipped = nlohmann::json::parse(in);
    auto expect_all = [](const std::string& message, const std::set<std::string>& keys) {
        for (const auto& k : keys)
            EXPECT_NE(message.find(k), std::string::npos) << k << ": " << message;
    };
    std::set<std::string> root, figure, uniform;
    for (const auto& [k, v] : shipped.items()) root.insert(k);
    for (const auto& [name, f] : shipped["figures"].items())
        for (const auto& [k, v] : f.items()) figure.insert(k);
    for (const auto& [nation, u] : shipped["uniforms"].items())
        for (const auto& [k, v] : u.items()) uniform.insert(k);
    ASSERT_GE(root.size(), 10u);
    ASSERT_GE(figure.size(), 6u);
    expect_all(error_for("\"nations\"", "\"stray\": 1, \"nations\""), root);
    expect_all(error_for("\"spacing_mm\": 7, ", "\"spacing_mm\": 7, \"stray\": 1, "), figure);
    expect_all(error_for("\"french\": {\"facings\"", "\"french\": {\"stray\": 1, \"facings\""),
               uniform);
}

}  // namespace
}  // namespace vedette::render

namespace vedette::render {
namespace side_tag_colours_test {

int apart(const TagColour& a, const TagColour& b) {
    return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b);
}

// Name tags and front edges wear the side's nation colour, as its figures do (Borodino's Russians
// green, the French blue), unless the two sides would look alike.
TEST(SideTagColours, FollowTheNationsUniformsAndStayApart) {
    const Visuals v = load_visuals(std::string(VEDETTE_SOURCE_DIR) + "/assets/visuals.json");
    const std::vector<sim::record::SideInfo> borodino = {{"ru", "Russians", "russian"},
                                                         {"fr", "French", "french"}};
    const auto c = side_tag_colours(v, borodino);
    ASSERT_EQ(c.size(), 2u);
    EXPECT_GT(c[0].g, c[0].b) << "Russian green";
    EXPECT_GT(c[1].b, c[1].g) << "French blue";
    EXPECT_GE(apart(c[0], c[1]), 80);
    // Lightened: every channel at least four tenths of the way to white.
    EXPECT_GE(std::min({c[0].r, c[0].g, c[0].b, c[1].r, c[1].g, c[1].b}), 102);
    const std::vector<sim::record::SideInfo> alike = {{"a", "French", "french"},
                                                      {"b", "Poles", "polish"}};
    const auto d = side_tag_colours(v, alike);
    ASSERT_EQ(d.size(), 2u);
    EXPECT_GE(apart(d[0], d[1]), 150) << "alike nations fall back to blue and red";
}

}  // namespace side_tag_colours_test
}  // namespace vedette::render
