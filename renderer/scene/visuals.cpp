#include "renderer/scene/visuals.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <vector>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"

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

// A figure model's height_mm or width_mm: above 0 up to sim::limits::kMaxModelHeightMm, as in
// models.json.
float figure_model_mm(const JsonNode& node) {
    const double mm = number(node, 0, sim::limits::kMaxModelHeightMm);
    if (mm == 0)
        node.fail("expected a number above 0 up to " +
                  std::to_string(sim::limits::kMaxModelHeightMm) + " (mm), found 0");
    return static_cast<float>(mm);
}

// The slot of a figure model: the one of a visual read before that draws the same model, else
// a new one.
MeshId figure_model_slot(FigureModel model, Visuals& v) {
    for (std::size_t i = 0; i < v.models.size(); ++i)
        if (v.models[i].same_model(model)) return kFixedMeshes + i;
    v.models.push_back(std::move(model));
    return kFixedMeshes + v.models.size() - 1;
}

// What a figure entry draws: "mesh", a model kind of the models mapping (a fixed kind such as
// "gun" keeps its own slot), or "model", a glTF file beside the visuals file, scaled to its
// height_mm (width_mm and yaw_deg optional, as in models.json).
MeshId figure_mesh(const JsonNode& node, Visuals& v) {
    const auto mesh = node.optional("mesh");
    const auto file = node.optional("model");
    if (mesh.has_value() == file.has_value())
        node.fail(
            "expected either \"mesh\" (a model kind of models.json) or \"model\" (a glTF "
            "file)");
    FigureModel model;
    if (mesh) {
        for (const char* key : {"height_mm", "width_mm", "yaw_deg", "far_model"})
            if (const auto extra = node.optional(key))
                extra->fail(
                    "only with \"model\": \"mesh\" draws the model as models.json sizes it");
        model.kind = mesh->as_string();
        if (model.kind.empty() || model.kind == "about")
            mesh->fail("expected the name of a model kind of models.json");
        if (const auto fixed = model_kind_named(model.kind)) return mesh_id(*fixed);
        model.path = mesh->path();
    } else {
        const std::string name = file->as_string();
        if (name.empty()) file->fail("expected a glTF file name, found an empty string");
        // The visuals file is the user's own configuration: absolute paths are allowed here.
        model.file = (fs::path(node.file()).parent_path() / name).string();
        model.height_mm = figure_model_mm(node.required("height_mm"));
        if (const auto width = node.optional("width_mm")) model.width_mm = figure_model_mm(*width);
        if (const auto yaw = node.optional("yaw_deg"))
            model.yaw_deg = static_cast<float>(number(*yaw, -360, 360));
        if (const auto far = node.optional("far_model")) {
            const std::string far_name = far->as_string();
            if (far_name.empty()) far->fail("expected a glTF file name, found an empty string");
            model.far_file = (fs::path(node.file()).parent_path() / far_name).string();
        }
        model.path = file->path();
    }
    return figure_model_slot(std::move(model), v);
}

const std::vector<std::string>& counter_symbol_names() {
    static const std::vector<std::string> names{"infantry", "cavalry", "artillery"};
    return names;
}

const std::vector<std::string_view>& paint_names() {
    static const std::vector<std::string_view> names{"facings", "trousers", "headgear", "horse",
                                                     "flag"};
    return names;
}

// {"facings": [r, g, b], ...}: any of the paints, each optional.
void read_paints(const JsonNode& node, std::array<std::optional<Colour>, kPaints>& out) {
    if (!node.raw().is_object())
        node.fail("expected an object, found " + sim::json_type_name(node.raw()));
    node.expect_only_keys(paint_names());
    for (std::size_t p = 0; p < kPaints; ++p)
        if (const auto c = node.optional(std::string(paint_names()[p]))) out[p] = colour(*c);
}

// A figure entry; `has_symbol` says whether it gives its counter symbol (counter_symbol_without_one
// chooses one where it does not).
FigureVisual figure_visual(const JsonNode& node, Visuals& v, bool& has_symbol) {
    node.expect_only_keys({"mesh", "model", "far_model", "height_mm", "width_mm", "yaw_deg",
                           "spacing_mm", "figures_per_gun", "symbol", "flag", "paints",
                           "model_base_mm"});
    FigureVisual f;
    f.mesh = figure_mesh(node, v);
    f.spacing_mm = static_cast<float>(number(node.required("spacing_mm"), 1, kMaxSpacingMm));
    f.figures_per_gun = static_cast<int>(node.int_or("figures_per_gun", 0, 0, kMaxFiguresPerGun));
    const auto symbol = node.optional("symbol");
    has_symbol = symbol.has_value();
    if (symbol) f.symbol = static_cast<CounterSymbol>(symbol->as_choice(counter_symbol_names()));
    f.flag = node.bool_or("flag", f.figures_per_gun == 0);
    if (const auto base = node.optional("model_base_mm")) {
        const auto items = base->items();
        if (items.size() != 2) base->fail("expected [width, depth] in mm");
        f.model_base_w = static_cast<float>(number(items[0], 1, kMaxSpacingMm));
        f.model_base_d = static_cast<float>(number(items[1], 1, kMaxSpacingMm));
    }
    if (const auto paints = node.optional("paints")) read_paints(*paints, f.paints);
    return f;
}

// The model kind a figure draws ("" for a glTF file of the visuals file's own).
std::string figure_model_kind(const FigureVisual& f, const Visuals& v) {
    if (f.mesh < kFixedMeshes) return mesh_kind_key(static_cast<MeshKind>(f.mesh));
    return v.models[f.mesh - kFixedMeshes].kind;
}

Visuals read_visuals_file(const std::string& file, bool fill_symbols);

// The counter symbol the shipped visuals.json gives each model kind (empty if it cannot be read).
const std::map<std::string, CounterSymbol, std::less<>>& shipped_counter_symbols() {
    static const auto symbols = [] {
        std::map<std::string, CounterSymbol, std::less<>> by_kind;
        try {
            const Visuals shipped = read_visuals_file(shipped_visuals_file(), false);
            for (const auto& [key, f] : shipped.figures)
                if (const std::string kind = figure_model_kind(f, shipped); !kind.empty())
                    by_kind.emplace(kind, f.symbol);
        } catch (const sim::InputError&) {
        }
        return by_kind;
    }();
    return symbols;
}

// A figure entry written before "symbol" existed: a crew's counter shows artillery, any other
// the symbol the shipped visuals.json gives the model kind it draws (so a copy of an older
// shipped file keeps its counters), else infantry.
CounterSymbol counter_symbol_without_one(const FigureVisual& f, const Visuals& v) {
    if (f.figures_per_gun > 0) return CounterSymbol::artillery;
    const auto& shipped = shipped_counter_symbols();
    const auto it = shipped.find(figure_model_kind(f, v));
    return it == shipped.end() ? CounterSymbol::infantry : it->second;
}

std::uint8_t byte_of(float c) {
    return static_cast<std::uint8_t>(std::lround(std::clamp(c, 0.0f, 1.0f) * 255.0f));
}

// An arrow style's entry: {"colour", "width", "dashed", "dash", "heads", "opacity", "whole_path"},
// each optional
// over the built-in look of that style (or of "move" for a style of the file's own).
ArrowLook arrow_look(const JsonNode& node, ArrowLook a) {
    if (!node.raw().is_object())
        node.fail("expected an object, found " + sim::json_type_name(node.raw()));
    node.expect_only_keys({"colour", "width", "dashed", "dash", "heads", "opacity", "whole_path"});
    if (const auto c = node.optional("colour")) {
        const Colour rgb = colour(*c);
        a.r = byte_of(rgb[0]), a.g = byte_of(rgb[1]), a.b = byte_of(rgb[2]);
    }
    if (const auto w = node.optional("width")) a.width = static_cast<float>(number(*w, 0.1, 5));
    a.dashed = node.bool_or("dashed", a.dashed);
    if (const auto d = node.optional("dash")) a.dash = static_cast<float>(number(*d, 0.1, 5));
    a.heads = static_cast<int>(node.int_or("heads", a.heads, 0, 2));
    if (const auto o = node.optional("opacity")) a.opacity = static_cast<float>(number(*o, 0, 1));
    a.whole_path = node.bool_or("whole_path", a.whole_path);
    return a;
}

StatusLook status_look(const JsonNode& node, const std::string& name) {
    node.expect_only_keys({"colour", "label"});
    const Colour rgb = colour(node.required("colour"));
    StatusLook s{byte_of(rgb[0]), byte_of(rgb[1]), byte_of(rgb[2]), node.string_or("label", name)};
    if (s.label.empty() || s.label.size() > 24)
        node.required("label").fail("expected a short label of 1 to 24 characters");
    return s;
}

// The optional table-mark sections: a file written before them keeps the built-in looks.
void read_marks(const JsonNode& root, Visuals& v) {
    if (const auto arrows = root.optional("arrows"))
        for (const auto& [key, node] : members(*arrows)) {
            const auto known = v.arrows.find(key);
            v.arrows[key] =
                arrow_look(node, known != v.arrows.end() ? known->second : v.arrows.at("move"));
        }
    if (const auto markers = root.optional("status_markers"))
        for (const auto& [key, node] : members(*markers))
            v.status_markers[key] = status_look(node, key);
    if (const auto planned = root.optional("planned_opacity"))
        v.planned_opacity = static_cast<float>(number(*planned, 0, 1));
}

}  // namespace

const std::map<std::string, ArrowLook, std::less<>>& default_arrow_looks() {
    // r, g, b, width, dashed, dash, heads, opacity, whole_path: the bytes assets/visuals.json's
    // colours give, so a file without "arrows" draws what the shipped one does (docs/VIEWER.md,
    // table marks).
    static const std::map<std::string, ArrowLook, std::less<>> looks{
        {"charge", {235, 74, 26, 1.8f, false, 1.0f, 1, 1.0f}},
        {"countercharge", {250, 186, 36, 1.8f, false, 1.0f, 1, 1.0f}},
        {"evade", {89, 199, 235, 1.1f, true, 1.0f, 1, 1.0f, true}},
        {"retreat", {224, 224, 224, 1.0f, true, 1.0f, 1, 0.9f, true}},
        {"rout", {240, 150, 150, 0.7f, true, 0.6f, 1, 0.9f, true}},
        {"push_back", {214, 161, 61, 2.4f, false, 1.0f, 1, 1.0f, true}},
        {"pursuit", {219, 33, 41, 1.4f, true, 0.35f, 1, 1.0f, true}},
        {"advance", {120, 219, 120, 1.2f, false, 1.0f, 1, 1.0f}},
        {"move", {255, 255, 255, 0.8f, false, 1.0f, 1, 0.7f}}};
    return looks;
}

const std::map<std::string, StatusLook, std::less<>>& default_status_looks() {
    static const std::map<std::string, StatusLook, std::less<>> looks{
        {"disordered", {240, 199, 61, "disordered"}},  {"wavering", {250, 140, 41, "wavering"}},
        {"blown", {140, 176, 255, "blown"}},           {"broken", {219, 41, 41, "broken"}},
        {"retreating", {199, 199, 199, "retreating"}}, {"pursuing", {171, 31, 31, "pursuing"}},
        {"pushed_back", {214, 161, 61, "pushed back"}}};
    return looks;
}

const ArrowLook& Visuals::arrow(const std::string& style) const {
    const auto it = arrows.find(style);
    if (it != arrows.end()) return it->second;
    const auto move = arrows.find("move");
    return move != arrows.end() ? move->second : default_arrow_looks().at("move");
}

StatusLook Visuals::status(const std::string& marker) const {
    const auto it = status_markers.find(marker);
    if (it != status_markers.end()) return it->second;
    return {170, 170, 170, marker};
}

namespace {

Visuals read_visuals_file(const std::string& file, bool fill_symbols) {
    const sim::Json json = sim::read_json_file(file);
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"about", "figures", "unknown_figures", "nations", "side_colours",
                           "hex_terrain", "hex_edge", "arrows", "status_markers", "planned_opacity",
                           "uniforms"});
    if (auto about = root.optional("about")) about->as_string();
    Visuals v;
    v.file = file;
    for (const auto& [key, node] : members(root.required("figures"))) {
        bool has_symbol = false;
        FigureVisual f = figure_visual(node, v, has_symbol);
        if (!has_symbol && fill_symbols) f.symbol = counter_symbol_without_one(f, v);
        v.figures.emplace(key, f);
    }
    if (v.figures.empty()) root.required("figures").fail("expected at least one figure visual");
    // Unknown visuals draw as one of the listed ones, so a new roster key still shows figures.
    const JsonNode unknown = root.required("unknown_figures");
    const std::string fallback = unknown.as_string();
    if (!v.figures.count(fallback))
        unknown.fail("\"" + fallback + "\" is not one of the visuals under \"figures\"");
    v.unknown = v.figures.at(fallback);
    for (const auto& [key, node] : members(root.required("nations")))
        v.nations.emplace(key, colour(node));
    if (const auto uniforms = root.optional("uniforms"))
        for (const auto& [key, node] : members(*uniforms)) {
            std::array<std::optional<Colour>, kPaints> paints{};
            read_paints(node, paints);
            const auto coat = v.nations.find(key);
            Uniform u = default_uniform(coat != v.nations.end() ? coat->second : v.sides[0]);
            for (std::size_t p = 0; p < kPaints; ++p)
                if (paints[p]) u[p] = *paints[p];
            v.uniforms.emplace(key, u);
        }
    const JsonNode sides = root.required("side_colours");
    const auto side_items = sides.items();
    if (side_items.size() != 2) sides.fail("expected two colours: side 0, then every other side");
    v.sides = {colour(side_items[0]), colour(side_items[1])};
    // Optional, so a visuals file written before hex boards still loads.
    if (const auto hexes = root.optional("hex_terrain"))
        for (const auto& [key, node] : members(*hexes)) v.hex_terrain.emplace(key, colour(node));
    if (const auto edge = root.optional("hex_edge"))
        v.hex_edge = static_cast<float>(number(*edge, 0, 1));
    read_marks(root, v);
    return v;
}

}  // namespace

Visuals load_visuals(const std::string& file) {
    return read_visuals_file(file, true);
}

std::string default_visuals_file() {
    if (const char* env = std::getenv("VEDETTE_ASSETS_DIR"); env && *env)
        return (fs::path(env) / "visuals.json").string();
    return shipped_visuals_file();
}

std::string shipped_visuals_file() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec && fs::exists(exe.parent_path() / "assets" / "visuals.json"))
        return (exe.parent_path() / "assets" / "visuals.json").string();
    return std::string(VEDETTE_ASSETS_SOURCE_DIR) + "/visuals.json";
}

Uniform default_uniform(const Colour& coat) {
    const bool red_coat = coat[0] > 0.45f && coat[1] < 0.3f && coat[2] < 0.3f;
    const Colour facings = red_coat ? Colour{0.86f, 0.78f, 0.52f} : Colour{0.70f, 0.12f, 0.10f};
    return {facings, Colour{0.86f, 0.84f, 0.78f}, Colour{0.09f, 0.09f, 0.10f},
            Colour{0.40f, 0.25f, 0.14f}, coat};
}

Uniform Visuals::uniform(const std::string& nation, int side, const FigureVisual& figure) const {
    const auto it = uniforms.find(nation);
    Uniform u = it != uniforms.end() ? it->second : default_uniform(nation_colour(nation, side));
    for (std::size_t p = 0; p < kPaints; ++p)
        if (figure.paints[p]) u[p] = *figure.paints[p];
    return u;
}

const char* counter_symbol_name(CounterSymbol s) {
    return counter_symbol_names().at(static_cast<std::size_t>(s)).c_str();
}

std::vector<TagColour> side_tag_colours(const Visuals& visuals,
                                        const std::vector<sim::record::SideInfo>& sides) {
    // Lightened four tenths of the way to white: a dark green coat still reads on a tag's dark
    // shade, and stays apart from a blue one.
    const auto tag = [](const Colour& c) {
        const auto light = [](float v) { return byte_of(v + (1.0f - v) * 0.4f); };
        return TagColour{light(c[0]), light(c[1]), light(c[2])};
    };
    std::vector<TagColour> out;
    for (std::size_t i = 0; i < sides.size(); ++i)
        out.push_back(tag(visuals.nation_colour(sides[i].nation, int(i))));
    // Two sides that would look alike (French against Bavarians in blue) keep blue and red.
    const auto apart = [](const TagColour& a, const TagColour& b) {
        return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b) >= 80;
    };
    if (out.size() >= 2 && !apart(out[0], out[1])) {
        out[0] = {170, 200, 255};
        for (std::size_t i = 1; i < out.size(); ++i) out[i] = {255, 170, 160};
    }
    return out;
}

}  // namespace vedette::render
