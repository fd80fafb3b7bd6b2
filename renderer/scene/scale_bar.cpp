#include "renderer/scene/scale_bar.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <glm/glm.hpp>

namespace vedette::render {

namespace {

// "6", "15.2": one decimal, none when it is whole.
std::string short_number(double v) {
    char buf[32];
    const double tenths = std::round(v * 10.0) / 10.0;
    if (std::abs(tenths - std::round(tenths)) < 1e-9)
        std::snprintf(buf, sizeof buf, "%.0f", tenths);
    else
        std::snprintf(buf, sizeof buf, "%.1f", tenths);
    return buf;
}

std::string unit_label(double value, const BoardUnit& unit) {
    switch (unit.kind) {
        case BoardUnit::Kind::inches:
            return short_number(value) + " in";
        case BoardUnit::Kind::hexes:
            return short_number(value) + (value == 1.0 ? " hex" : " hexes");
        case BoardUnit::Kind::centimetres:
            break;
    }
    return short_number(value) + " cm";
}

// The round lengths a bar may have, in the unit, shortest first. Inches go by the steps players
// measure in (3, 6, 12 inches); the others by 1, 2, 5.
std::vector<double> round_values(const BoardUnit& unit) {
    if (unit.kind == BoardUnit::Kind::inches) return {1, 2, 3, 6, 12, 24, 48, 96};
    std::vector<double> v;
    for (double decade = 1; decade <= 1000; decade *= 10)
        for (double m : {1.0, 2.0, 5.0}) v.push_back(m * decade);
    return v;
}

}  // namespace

BoardUnit board_unit(const sim::record::Board& board) {
    BoardUnit u;
    if (board.hex && board.hex->size_mm > 0) {
        u.kind = BoardUnit::Kind::hexes;
        u.hex.emplace(*board.hex);
        u.mm = 2.0 * u.hex->apothem_mm();  // centre to centre
        return u;
    }
    if (board.table_in_inches) {
        u.kind = BoardUnit::Kind::inches;
        u.mm = 25.4;
    }
    return u;
}

ScaleBar choose_scale_bar(double mm_per_px, float max_px, const BoardUnit& unit) {
    const std::vector<double> values = round_values(unit);
    double best = values.front();
    if (mm_per_px > 0)
        for (double v : values)
            if (v * unit.mm / mm_per_px <= static_cast<double>(max_px)) best = v;
    ScaleBar bar;
    bar.value = best;
    bar.length_mm = best * unit.mm;
    bar.px = mm_per_px > 0 ? static_cast<float>(bar.length_mm / mm_per_px) : 0.0f;
    bar.label = unit_label(best, unit);
    return bar;
}

bool screen_to_table(const Camera& camera, float sx, float sy, float width, float height,
                     double ground_mm, double& x_mm, double& y_mm) {
    if (width <= 0 || height <= 0) return false;
    // Back through the projection (Vulkan clip space: depth 0 to 1, y down the screen).
    const glm::mat4 inv = glm::inverse(camera.view_proj);
    const float nx = sx / width * 2.0f - 1.0f, ny = sy / height * 2.0f - 1.0f;
    glm::vec4 a = inv * glm::vec4(nx, ny, 0.0f, 1.0f);
    glm::vec4 b = inv * glm::vec4(nx, ny, 1.0f, 1.0f);
    if (std::abs(a.w) < 1e-12f || std::abs(b.w) < 1e-12f) return false;
    const glm::vec3 p0 = glm::vec3(a) / a.w, p1 = glm::vec3(b) / b.w;
    const glm::vec3 dir = p1 - p0;
    // World y is the height above the table.
    if (std::abs(dir.y) < 1e-9f) return false;
    const float t = (static_cast<float>(ground_mm) - p0.y) / dir.y;
    if (t < 0) return false;
    const glm::vec3 hit = p0 + dir * t;
    x_mm = static_cast<double>(hit.x);
    y_mm = -static_cast<double>(hit.z);
    return true;
}

double mm_per_pixel_at_centre(const Camera& camera, float width, float height, double ground_mm) {
    const float cx = width / 2, cy = height / 2, step = std::max(8.0f, width / 20);
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    if (!screen_to_table(camera, cx - step / 2, cy, width, height, ground_mm, x0, y0) ||
        !screen_to_table(camera, cx + step / 2, cy, width, height, ground_mm, x1, y1))
        return 0;
    return std::hypot(x1 - x0, y1 - y0) / static_cast<double>(step);
}

int hex_steps(const HexLayout& layout, double x0, double y0, double x1, double y1) {
    const HexCoord a = layout.nearest(x0, y0), b = layout.nearest(x1, y1);
    const int dq = b.q - a.q, dr = b.r - a.r;
    return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

RulerReading ruler_reading(double x0, double y0, double x1, double y1, const BoardUnit& unit) {
    RulerReading r;
    r.mm = std::hypot(x1 - x0, y1 - y0);
    char mm[32];
    std::snprintf(mm, sizeof mm, "%.0f mm", r.mm);
    std::string in_unit;
    switch (unit.kind) {
        case BoardUnit::Kind::inches:
            in_unit = short_number(r.mm / 25.4) + "\"";
            break;
        case BoardUnit::Kind::hexes: {
            const int steps = unit.hex ? hex_steps(*unit.hex, x0, y0, x1, y1) : 0;
            in_unit = std::to_string(steps) + (steps == 1 ? " hex" : " hexes");
            break;
        }
        case BoardUnit::Kind::centimetres:
            in_unit = short_number(r.mm / 10.0) + " cm";
            break;
    }
    r.text = std::string(mm) + " (" + in_unit + ")";
    return r;
}

}  // namespace vedette::render
