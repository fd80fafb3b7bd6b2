// The figure models tools/make_models.py generates (assets/models/), read as the renderer reads
// them (load_gltf_model): every model of the shipped mapping loads with its far level; the near
// level of a foot figure has at least 300 triangles and of a horse and rider at least 600; the
// far level is lighter; legs carry their part ids and swing from the hip, flags and pennons wave.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "renderer/assets/gltf_model.h"
#include "sim/core/json_reader.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace shipped_models_test {

const std::set<std::string> kFoot = {"infantry",   "open_order", "skirmishers",
                                     "grenadiers", "guard",      "artillery_crew"};
const std::set<std::string> kMounted = {"cuirassiers",   "heavy_cavalry", "dragoons", "lancers",
                                        "light_cavalry", "cossacks",      "general"};

struct Parts {
    std::set<int> ids;       // the part ids present
    std::set<int> swinging;  // parts with a vertex at swing 1 (a foot, a hoof, a flag's fly)
    std::set<int> paints;    // the paints present
};

Parts parts_of(const std::vector<ModelVertex>& vertices) {
    Parts p;
    for (const auto& v : vertices) {
        p.ids.insert(static_cast<int>(v.part));
        p.paints.insert(static_cast<int>(v.paint));
        if (v.swing > 0.9f) p.swinging.insert(static_cast<int>(v.part));
    }
    return p;
}

constexpr int part(FigurePart p) {
    return static_cast<int>(p);
}
// A man's two legs and a horse's four, by the part ids figure.vert moves (gltf_model.h).
const std::initializer_list<int> kLegs = {part(FigurePart::left_leg), part(FigurePart::right_leg)};
const std::initializer_list<int> kHorseLegs = {
    part(FigurePart::fore_left_leg), part(FigurePart::fore_right_leg),
    part(FigurePart::hind_left_leg), part(FigurePart::hind_right_leg)};

bool has_all(const std::set<int>& s, std::initializer_list<int> want) {
    return std::all_of(want.begin(), want.end(), [&](int k) { return s.count(k) > 0; });
}

TEST(ShippedModels, EveryFigureHasItsTrianglesItsFarLevelAndMovingParts) {
    const std::string file = kSource + "/assets/models.json";
    const sim::Json mapping = sim::read_json_file(file);
    int checked = 0;
    for (auto it = mapping.begin(); it != mapping.end(); ++it) {
        const std::string kind = it.key();
        if (kind == "about") continue;
        const auto dir = std::filesystem::path(file).parent_path();
        const ModelMesh near =
            load_gltf_model((dir / it.value()["model"].get<std::string>()).string());
        const std::size_t near_tris = near.vertices.size() / 3;
        const Parts p = parts_of(near.vertices);
        const bool foot = kFoot.count(kind) > 0, mounted = kMounted.count(kind) > 0;
        if (foot) {
            EXPECT_GE(near_tris, 300u) << kind;
            EXPECT_TRUE(has_all(p.swinging, kLegs)) << kind << ": legs";
            EXPECT_TRUE(has_all(p.paints, {1, 3})) << kind << ": coat and trousers";
        }
        if (mounted) {
            EXPECT_GE(near_tris, 600u) << kind;
            EXPECT_TRUE(has_all(p.swinging, kHorseLegs)) << kind << ": a horse's four legs";
            EXPECT_TRUE(has_all(p.paints, {1, 5})) << kind << ": coat and horse";
        }
        if (kind == "flag" || kind == "lancers") {
            EXPECT_TRUE(has_all(p.swinging, {part(FigurePart::flag_cloth)}))
                << kind << ": the cloth waves";
        }
        if (foot || mounted || kind == "flag") {
            ASSERT_TRUE(it.value().contains("far_model")) << kind;
            const ModelMesh far =
                load_gltf_model((dir / it.value()["far_model"].get<std::string>()).string());
            EXPECT_LT(far.vertices.size(), near.vertices.size() / 2) << kind;
            EXPECT_GT(far.vertices.size(), 0u) << kind;
            const Parts fp = parts_of(far.vertices);
            if (foot) {
                EXPECT_TRUE(has_all(fp.swinging, kLegs)) << kind << " far: legs";
            }
            if (mounted) {
                EXPECT_TRUE(has_all(fp.swinging, kHorseLegs)) << kind << " far";
            }
            ++checked;
        }
    }
    EXPECT_EQ(checked, static_cast<int>(kFoot.size() + kMounted.size()) + 1);
}

// Every triangle of a shipped model faces the way its normals say (the renderer culls back
// faces: a triangle wound the wrong way would be a hole in the figure).
TEST(ShippedModels, TrianglesFaceOutwards) {
    for (const auto& entry : std::filesystem::directory_iterator(kSource + "/assets/models")) {
        if (entry.path().extension() != ".gltf") continue;
        const ModelMesh m = load_gltf_model(entry.path().string());
        int wrong = 0;
        for (std::size_t i = 0; i + 2 < m.vertices.size(); i += 3) {
            const auto& a = m.vertices[i];
            const auto& b = m.vertices[i + 1];
            const auto& c = m.vertices[i + 2];
            const float ux = b.px - a.px, uy = b.py - a.py, uz = b.pz - a.pz;
            const float vx = c.px - a.px, vy = c.py - a.py, vz = c.pz - a.pz;
            const float nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            if (nx * (a.nx + b.nx + c.nx) + ny * (a.ny + b.ny + c.ny) + nz * (a.nz + b.nz + c.nz) <
                0)
                ++wrong;
        }
        EXPECT_EQ(wrong, 0) << entry.path().filename();
    }
}

}  // namespace shipped_models_test
}  // namespace vedette::render
