#include "renderer/scene/visuals.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <vector>

#include "sim/core/json_reader.h"

namespace vedette::render {

namespace {

namespace fs = std::filesystem;
using sim::JsonNode;

// Bounds that keep a typo from drawing nonsense (a 7 m gap between figures, a million guns).
constexpr double kMaxSpacingMm = 100;
constexpr std::int64_t kMaxFiguresPerGun = 100;

std::string shortest(double d) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", d);
    return text;
}

double number(const JsonNode& node, double lo, double hi) {
    const auto& v = node.raw();
    if (!v.is_number()) node.fail("expected a number, found " + sim::json_type_name(v));
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < lo || d > hi)
        node.fail("expected a number from " + shortest(lo) + " to " + shortest(hi) + ", found " +
                  shortest(d));
    return d;
}

// A colour as [r, g, b], each from 0 to 1.
Colour colour(const JsonNode& node) {
    const auto parts = node.items();
    if (parts.size() != 3) node.fail("expected [red, green, blue], each from 0 to 1");
    Colour c{};
    for (std::size_t i = 0; i < 3; ++i) c[i] = static_cast<float>(number(parts[i], 0, 1));
    return c;
}

// The members of an object with their JSON paths (JsonNode reads known keys only).
std::vector<std::pair<std::string, JsonNode>> members(const JsonNode& node) {
    if (!node.raw().is_object())
        node.fail("expected an object, found " + sim::json_type_name(node.raw()));
    std::vector<std::pair<std::string, JsonNode>> out;
    for (auto it = node.raw().begin(); it != node.raw().end(); ++it)
        out.emplace_back(it.key(), JsonNode(*it, node.file(), node.path() + "." + it.key()));
    return out;
}

MeshKind figure_mesh(const JsonNode& node) {
    std::vector<std::string> names;
    for (int k = kFirstFigureKind; k <= kLastFigureKind; ++k)
        names.emplace_back(mesh_kind_key(static_cast<MeshKind>(k)));
    return static_cast<MeshKind>(kFirstFigureKind + static_cast<int>(node.as_choice(names)));
}

FigureVisual figure_visual(const JsonNode& node) {
    node.expect_only_keys({"mesh", "spacing_mm", "figures_per_gun"});
    FigureVisual f;
    f.mesh = figure_mesh(node.required("mesh"));
    f.spacing_mm = static_cast<float>(number(node.required("spacing_mm"), 1, kMaxSpacingMm));
    f.figures_per_gun = static_cast<int>(node.int_or("figures_per_gun", 0, 0, kMaxFiguresPerGun));
    return f;
}

}  // namespace

Visuals load_visuals(const std::string& file) {
    const sim::Json json = sim::read_json_file(file);
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"about", "figures", "unknown_figures", "nations", "side_colours",
                           "hex_terrain", "hex_edge"});
    if (auto about = root.optional("about")) about->as_string();
    Visuals v;
    v.file = file;
    for (const auto& [key, node] : members(root.required("figures")))
        v.figures.emplace(key, figure_visual(node));
    if (v.figures.empty()) root.required("figures").fail("expected at least one figure visual");
    // Unknown visuals draw as one of the listed ones, so a new roster key still shows figures.
    const JsonNode unknown = root.required("unknown_figures");
    const std::string fallback = unknown.as_string();
    if (!v.figures.count(fallback))
        unknown.fail("\"" + fallback + "\" is not one of the visuals under \"figures\"");
    v.unknown = v.figures.at(fallback);
    for (const auto& [key, node] : members(root.required("nations")))
        v.nations.emplace(key, colour(node));
    const JsonNode sides = root.required("side_colours");
    const auto side_items = sides.items();
    if (side_items.size() != 2) sides.fail("expected two colours: side 0, then every other side");
    v.sides = {colour(side_items[0]), colour(side_items[1])};
    // Optional, so a visuals file written before hex boards still loads.
    if (const auto hexes = root.optional("hex_terrain"))
        for (const auto& [key, node] : members(*hexes)) v.hex_terrain.emplace(key, colour(node));
    if (const auto edge = root.optional("hex_edge"))
        v.hex_edge = static_cast<float>(number(*edge, 0, 1));
    return v;
}

std::string default_visuals_file() {
    if (const char* env = std::getenv("VEDETTE_ASSETS_DIR"); env && *env)
        return (fs::path(env) / "visuals.json").string();
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec && fs::exists(exe.parent_path() / "assets" / "visuals.json"))
        return (exe.parent_path() / "assets" / "visuals.json").string();
    return std::string(VEDETTE_ASSETS_SOURCE_DIR) + "/visuals.json";
}

}  // namespace vedette::render
