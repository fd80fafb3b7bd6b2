// The map of `vedette check --png`: the table straight from above at the start, drawn as a map a
// scenario writer can measure on. A grid in the unit the table is written in (every centimetre
// or inch when the lines are far enough apart, stronger and numbered lines every 10 cm or 12 in),
// every unit's name, the command radius the record gives each general as a circle round him,
// and every move of every turn as an arrow in its style's colour, labelled with its turn. All of
// it comes from the record: the roster's ring overlays, the events' motions and the header's looks.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include <glm/gtc/matrix_transform.hpp>

#include "app/graph_paint.h"
#include "app/render_options.h"
#include "renderer/battlefield_renderer.h"
#include "renderer/export/captions.h"
#include "renderer/export/image_canvas.h"
#include "renderer/export/stroke_painter.h"
#include "renderer/overlay/label_painter.h"
#include "renderer/scene/hex_layout.h"
#include "renderer/scene/scale_bar.h"
#include "renderer/scene/table_marks.h"
#include "sim/replay/replay.h"

namespace vedette::app {

namespace {

using render::RgbaImage;
using render::ScreenPoint;

constexpr std::uint32_t kMapWidth = 1600, kMapHeight = 1000;
// Room round the table: the grid's numbers above and left of it, the title band below.
constexpr float kLeft = 56, kTop = 34, kRight = 16, kBottom = 92;

// An orthographic camera straight down: a map, where every point of the table lies at its true
// place whatever its height, so the grid measures hills as truly as flat ground. `px_per_mm`
// pixels to a millimetre; the table's corner (0, 0) at `origin` (the bottom left).
struct MapView {
    render::Camera camera;
    float px_per_mm = 1;
    ScreenPoint origin;
    ScreenPoint at(double x_mm, double y_mm) const {
        return {origin.first + float(x_mm) * px_per_mm, origin.second - float(y_mm) * px_per_mm};
    }
};

MapView map_view(double width_mm, double depth_mm) {
    const float w = float(kMapWidth), h = float(kMapHeight);
    MapView v;
    v.px_per_mm =
        std::min((w - kLeft - kRight) / float(width_mm), (h - kTop - kBottom) / float(depth_mm));
    const float cx = (kLeft + w - kRight) / 2, cy = (kTop + h - kBottom) / 2;
    v.origin = {cx - float(width_mm) / 2 * v.px_per_mm, cy + float(depth_mm) / 2 * v.px_per_mm};
    // The table point under the frame's centre, and the eye far above it.
    const double tx = width_mm / 2 + (w / 2 - cx) / v.px_per_mm;
    const double ty = depth_mm / 2 - (h / 2 - cy) / v.px_per_mm;
    const float eye_mm = 4000.0f;
    const glm::vec3 target = render::table_point(tx, ty, 0),
                    eye = render::table_point(tx, ty, eye_mm);
    const float half_w = w / 2 / v.px_per_mm, half_h = h / 2 / v.px_per_mm;
    glm::mat4 proj = glm::ortho(-half_w, half_w, -half_h, half_h, 10.0f, eye_mm * 2);
    proj[1][1] *= -1.0f;  // Vulkan's clip space has y down
    v.camera.view_proj = proj * glm::lookAt(eye, target, glm::vec3(0, 0, -1));
    v.camera.eye = eye;
    v.camera.target = target;
    // What a figure's size on screen is estimated from (the renderer draws far figures simply).
    v.camera.focal = v.px_per_mm * eye_mm / (h / 2);
    return v;
}

// Dark text on a light backing is hard on a green table: every map label is light text on a
// darkened box, like the units' name tags.
void label(render::CaptionPainter& text, RgbaImage& image, const std::string& s, int x, int y,
           Rgb c) {
    const int w = text.text_width(s);
    text.shade(image, x - 3, y, x + w + 3, y + text.line_height(), 0.4f);
    text.draw_text(image, s, x, y, w + 6, c.r, c.g, c.b);
}

// A side's colour made light enough to read on a darkened box.
Rgb light(Rgb c) {
    auto up = [](std::uint8_t v) { return std::uint8_t(v + (255 - v) * 6 / 10); };
    return {up(c.r), up(c.g), up(c.b)};
}

// Labels placed so far (pixel boxes): a later label tries other places before it would cover one.
class LabelPlaces {
public:
    bool take(int x0, int y0, int x1, int y1) {
        if (x0 < 0 || y0 < 0 || x1 > int(kMapWidth) || y1 > int(kMapHeight) - int(kBottom))
            return false;
        for (const auto& b : boxes_)
            if (x0 < b[2] && b[0] < x1 && y0 < b[3] && b[1] < y1) return false;
        boxes_.push_back({x0, y0, x1, y1});
        return true;
    }

private:
    std::vector<std::array<int, 4>> boxes_;
};

// The grid: lines every `minor` units, numbered ones every `major`, in the board's unit.
struct GridSteps {
    double unit_mm = 10;
    int minor = 1, major = 10;
    const char* name = "cm";
};

// Every unit when its lines are at least 6 px apart, else every 5 (inches: 6) or 10 (12).
GridSteps grid_steps(const sim::record::Board& board, float px_per_mm) {
    const bool inches = render::board_unit(board).kind == render::BoardUnit::Kind::inches;
    GridSteps s;
    if (inches) s = {25.4, 1, 12, "in"};
    const int coarser[2] = {inches ? 6 : 5, inches ? 12 : 10};
    for (int step : coarser)
        if (double(s.minor) * s.unit_mm * px_per_mm < 6.0) s.minor = step;
    if (s.minor == s.major) s.major *= inches ? 2 : 5;
    return s;
}

void paint_grid(RgbaImage& image, render::CaptionPainter& text, LabelPlaces& places,
                const MapView& v, const sim::record::Board& board) {
    const double w = double(board.terrain.width_mm), d = double(board.terrain.depth_mm);
    const GridSteps s = grid_steps(board, v.px_per_mm);
    render::Stroke minor{20, 24, 20, 1.0f, 0.18f};
    render::Stroke major{15, 18, 15, 1.6f, 0.55f};
    const int line = text.line_height();
    // Lines across x (numbered above the table), then across y (numbered left of it, from the
    // bottom edge, where the table's y starts).
    for (int axis = 0; axis < 2; ++axis) {
        const double length = axis == 0 ? w : d;
        for (int n = 0; double(n) * s.unit_mm <= length + 0.5; n += s.minor) {
            const double at = double(n) * s.unit_mm;
            const bool numbered = n % s.major == 0;
            const ScreenPoint a = axis == 0 ? v.at(at, 0) : v.at(0, at);
            const ScreenPoint b = axis == 0 ? v.at(at, d) : v.at(w, at);
            render::paint_segment(image, a, b, numbered ? major : minor);
            // The corner's 0 is the left edge's; the last number along the top names the unit.
            if (!numbered || (axis == 0 && n == 0)) continue;
            std::string number = std::to_string(n);
            if (axis == 0 && double(n + s.major) * s.unit_mm > length + 0.5)
                number += std::string(" ") + s.name;
            const int tw = text.text_width(number);
            const int x = axis == 0 ? int(b.first) - tw / 2 : int(a.first) - tw - 8;
            const int y = axis == 0 ? int(b.second) - line - 4 : int(a.second) - line / 2;
            places.take(x - 3, y, x + tw + 3, y + line);
            label(text, image, number, x, y, {235, 235, 225});
        }
    }
}

// A hex board's grid is its hexes: their edges drawn firmly enough to count them.
void paint_hexes(RgbaImage& image, const MapView& v, const sim::record::HexGrid& grid) {
    const render::HexLayout layout(grid);
    for (const auto& h : grid.hexes) {
        std::vector<ScreenPoint> edge;
        for (const auto& [x, y] : layout.corners({h.q, h.r})) edge.push_back(v.at(x, y));
        render::paint_polyline(image, edge, {15, 18, 15, 1.2f, 0.45f}, true);
    }
}

// A ring overlay centred on someone else than the unit that holds it (a fixed point, or another
// unit) is a commander's radius: one circle per commander, however many units share it. A ring
// round the unit itself belongs to that unit and is shown by the viewer when it is selected.
struct Ring {
    std::string label;
    double x_mm = 0, y_mm = 0, radius_mm = 0;
    int side = 0;
    std::string nation;
};

std::vector<Ring> command_rings(const sim::record::Header& header,
                                const render::SceneState& state) {
    std::vector<Ring> rings;
    std::set<std::tuple<std::string, double, double, double>> seen;
    for (std::size_t u = 0; u < header.units.size(); ++u)
        for (const auto& o : header.units[u].overlays) {
            if (o.kind != "ring" || o.radius_mm <= 0) continue;
            Ring r{
                o.label, 0, 0, double(o.radius_mm), header.units[u].side, header.units[u].nation};
            if (o.centre) {
                r.x_mm = double(o.centre->x), r.y_mm = double(o.centre->y);
            } else if (o.centre_unit >= 0 && std::size_t(o.centre_unit) < state.units.size()) {
                const auto& c = state.units[std::size_t(o.centre_unit)];
                r.x_mm = c.x_mm, r.y_mm = c.y_mm;
            } else {
                continue;
            }
            if (seen.insert({r.label, r.x_mm, r.y_mm, r.radius_mm}).second)
                rings.push_back(std::move(r));
        }
    return rings;
}

Rgb map_colour(const render::Visuals& visuals, const std::string& nation, int side) {
    const render::Colour& c = visuals.nation_colour(nation, side);
    auto byte = [](float f) { return std::uint8_t(std::clamp(f, 0.0f, 1.0f) * 255.0f + 0.5f); };
    return {byte(c[0]), byte(c[1]), byte(c[2])};
}

void paint_rings(RgbaImage& image, render::CaptionPainter& text, LabelPlaces& places,
                 const MapView& v, const std::vector<Ring>& rings, const render::Visuals& visuals) {
    for (const auto& r : rings) {
        const Rgb c = map_colour(visuals, r.nation, r.side);
        std::vector<ScreenPoint> circle;
        for (const auto& [x, y] : render::circle_points(r.x_mm, r.y_mm, r.radius_mm, 96))
            circle.push_back(v.at(x, y));
        // A light halo under the side's colour: a dark blue circle still shows on dark woods.
        render::paint_polyline(image, circle, {240, 240, 230, 3.5f, 0.35f}, true);
        render::paint_polyline(image, circle, {c.r, c.g, c.b, 2.0f, 1.0f, 9.0f}, true);
        const ScreenPoint centre = v.at(r.x_mm, r.y_mm);
        render::paint_polyline(
            image, {{centre.first - 5, centre.second}, {centre.first + 5, centre.second}},
            {c.r, c.g, c.b, 3.0f});
        render::paint_polyline(
            image, {{centre.first, centre.second - 5}, {centre.first, centre.second + 5}},
            {c.r, c.g, c.b, 3.0f});
        // The label under the circle's lowest point, else above its highest.
        const int tw = text.text_width(r.label), line = text.line_height();
        const float reach = float(r.radius_mm) * v.px_per_mm;
        const int x0 = int(centre.first) - tw / 2;
        for (int y0 : {int(centre.second + reach) + 2, int(centre.second - reach) - line - 2})
            if (places.take(x0 - 3, y0, x0 + tw + 3, y0 + line)) {
                label(text, image, r.label, x0, y0, light(c));
                break;
            }
    }
}

// Each base's outline in its side's colour, its front edge thicker (which way it faces); the
// place of its name tag is kept free of the map's own labels (the tags are painted last).
void paint_bases(RgbaImage& image, render::CaptionPainter& names, LabelPlaces& places,
                 const MapView& v, const render::SceneState& state,
                 const render::Visuals& visuals) {
    for (const auto& u : state.units) {
        if (!u.on_table) continue;
        const Rgb c = light(map_colour(visuals, u.nation, u.side));
        const double hw = std::max(4.0, u.width_mm / 2), hd = std::max(2.0, u.depth_mm / 2);
        const double rx = u.facing_y, ry = -u.facing_x;  // to the unit's right
        auto corner = [&](double across, double ahead) {
            return v.at(u.x_mm + rx * across + u.facing_x * ahead,
                        u.y_mm + ry * across + u.facing_y * ahead);
        };
        const ScreenPoint fl = corner(-hw, hd), fr = corner(hw, hd);
        render::paint_polyline(image, {fl, fr, corner(hw, -hd), corner(-hw, -hd)},
                               {c.r, c.g, c.b, 1.5f, 0.9f}, true);
        render::paint_segment(image, fl, fr, {c.r, c.g, c.b, 3.5f});
        const ScreenPoint at = v.at(u.x_mm, u.y_mm);
        const int tw = names.text_width(render::label_text(u, render::LabelStyle::name));
        const int x0 = int(at.first) - tw / 2 - 4, y0 = int(at.second) - names.line_height() - 2;
        places.take(x0, y0, x0 + tw + 8, int(at.second) + 2);
    }
}

// "push_back" as a legend says it.
std::string words(std::string s) {
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

// Every motion of every turn, oldest first so a later turn's arrow lies on top; returns the
// styles drawn, for the legend.
std::vector<std::string> paint_moves(RgbaImage& image, render::CaptionPainter& text,
                                     LabelPlaces& places, const MapView& v,
                                     const render::ReplayScene& scene,
                                     const render::Visuals& visuals) {
    std::vector<std::string> styles;
    struct Tag {
        std::string text;
        ScreenPoint head, dir;
        Rgb colour;
    };
    std::vector<Tag> tags;
    for (const auto& e : scene.replay.events) {
        if (!e.motion || e.motion->path.size() < 2) continue;
        const std::string style = render::arrow_style(scene.replay.header, e);
        if (style == "none") continue;
        const render::ArrowLook& look = visuals.arrow(style);
        std::vector<ScreenPoint> path;
        for (const auto& p : e.motion->path) path.push_back(v.at(double(p.x), double(p.y)));
        // Opaque and outlined whatever the look's opacity: on a map every move must show.
        const float width = std::max(2.5f, 2.5f * look.width);
        const float dash = look.dashed ? 10.0f * look.dash : 0.0f;
        render::paint_polyline(image, path, {20, 20, 20, width + 2.0f, 0.8f, dash}, false,
                               width * 4 + 2);
        render::paint_polyline(image, path, {look.r, look.g, look.b, width, 1.0f, dash}, false,
                               width * 4);
        if (std::find(styles.begin(), styles.end(), style) == styles.end()) styles.push_back(style);
        const ScreenPoint& a = path[path.size() - 2];
        const ScreenPoint& b = path.back();
        const float len = std::max(1.0f, std::hypot(b.first - a.first, b.second - a.second));
        tags.push_back({"T" + std::to_string(e.turn),
                        b,
                        {(b.first - a.first) / len, (b.second - a.second) / len},
                        {look.r, look.g, look.b}});
    }
    // The turn beside each arrow's head: ahead of it, else to either side, else behind.
    const int line = text.line_height();
    for (const auto& t : tags) {
        const int tw = text.text_width(t.text);
        const float gap = float(line) * 0.8f;
        const ScreenPoint offsets[4] = {{t.dir.first * gap, t.dir.second * gap},
                                        {-t.dir.second * gap, t.dir.first * gap},
                                        {t.dir.second * gap, -t.dir.first * gap},
                                        {-t.dir.first * gap * 2, -t.dir.second * gap * 2}};
        for (const auto& o : offsets) {
            const int x0 = int(t.head.first + o.first) - tw / 2;
            const int y0 = int(t.head.second + o.second) - line / 2;
            if (places.take(x0 - 3, y0, x0 + tw + 3, y0 + line)) {
                label(text, image, t.text, x0, y0, t.colour);
                break;
            }
        }
    }
    return styles;
}

// The band under the table: the title, what the map shows, and a legend of the arrows' colours.
void paint_band(RgbaImage& image, render::CaptionPainter& text, const std::string& title,
                const std::string& grid_words, const std::vector<std::string>& styles,
                const render::Visuals& visuals) {
    const int top = int(kMapHeight) - int(kBottom) + 16, line = text.line_height();
    text.shade(image, 0, top, int(kMapWidth), int(kMapHeight), 0.35f);
    int x = int(kMapWidth) - 16;
    for (auto it = styles.rbegin(); it != styles.rend(); ++it) {
        const render::ArrowLook& look = visuals.arrow(*it);
        const std::string name = words(*it);
        x -= text.text_width(name) + 58;
        const float y = float(top + 10 + line / 2);
        render::paint_polyline(image, {{float(x), y}, {float(x + 40), y}},
                               {look.r, look.g, look.b, 3.0f, 1.0f, look.dashed ? 8.0f : 0.0f},
                               false, 12);
        text.draw_text(image, name, x + 48, top + 10, text.text_width(name) + 8, 235, 235, 225);
    }
    text.draw_text(image, title, 16, top + 10, std::max(100, x - 40), 250, 246, 232);
    text.draw_text(image, grid_words, 16, top + 14 + line, int(kMapWidth) - 32, 200, 190, 150);
}

std::string grid_words(const GridSteps& s, bool rings) {
    const std::string unit = s.name;
    return "From above at the start. Grid: " + std::to_string(s.minor) + " " + unit +
           ", numbered every " + std::to_string(s.major) + " " + unit +
           " from the bottom left corner. Arrows: every move (T2: in turn 2)." +
           (rings ? " Circles: command radii." : "");
}

}  // namespace

void write_deployment_map(const sim::replay::Recorded& recorded, const std::string& file,
                          const std::string& png) {
    const render::ReplayScene scene = render::scene_of(sim::replay::replay_of(recorded, file));
    const VkExtent2D size{kMapWidth, kMapHeight};
    const render::SceneState state = render::scene_at_time(scene, 0);
    const auto& board = scene.replay.header.board;
    const MapView view = map_view(double(board.terrain.width_mm), double(board.terrain.depth_mm));
    render::VulkanContext ctx(default_context_options());
    render::BattlefieldRenderer renderer(ctx, size, scene);
    RgbaImage image = renderer.render(state, view.camera);
    const render::Visuals& visuals = renderer.visuals();
    render::CaptionPainter text(size.height, 52.0f);
    render::CaptionPainter names(size.height, 46.0f);
    LabelPlaces places;
    // A hex board's hexes are its grid; a square grid over them would only confuse.
    if (board.hex)
        paint_hexes(image, view, *board.hex);
    else
        paint_grid(image, text, places, view, board);
    paint_bases(image, names, places, view, state, visuals);
    const std::vector<Ring> rings = command_rings(scene.replay.header, state);
    paint_rings(image, text, places, view, rings, visuals);
    const auto styles = paint_moves(image, text, places, view, scene, visuals);
    render::TypeCache types;
    render::ImageCanvas canvas(image, types, int(size.height));
    render::paint_unit_labels(canvas, render::Type{46.0f}, state, view.camera, renderer.terrain(),
                              render::LabelStyle::name);
    render::CaptionPainter band(size.height, 42.0f);
    paint_band(image, band, scene.replay.header.title,
               board.hex ? std::string("From above at the start, on the board's hexes. Arrows: "
                                       "every move (T2: in turn 2).")
                         : grid_words(grid_steps(board, view.px_per_mm), !rings.empty()),
               styles, visuals);
    render::write_png(png, image);
    if (ctx.validation_errors() != 0) std::fprintf(stderr, "warning: Vulkan validation errors\n");
}

}  // namespace vedette::app
