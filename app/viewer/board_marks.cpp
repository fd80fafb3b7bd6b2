#include "app/viewer/board_marks.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace vedette::viewer {

namespace {

// Tints for a unit's own overlays, in its list's order (frontal hexes first on a hex
// counter), and for its side's (zones of control).
constexpr std::array<std::array<float, 4>, 3> kOwnTints{
    {{1.0f, 0.86f, 0.25f, 0.55f}, {0.35f, 0.75f, 1.0f, 0.5f}, {0.8f, 0.45f, 1.0f, 0.5f}}};
constexpr std::array<float, 4> kSideTint{0.9f, 0.25f, 0.2f, 0.28f};

// Each unit's facing angle at the start of the replay (relative overlays are written for it).
std::vector<double> start_angles(const ViewerModel& m) {
    std::vector<double> out(m.roster().size(), 0.0);
    for (const auto& s : sim::replay::state_after(m.scene.replay, 0))
        if (s.unit >= 0 && s.unit < static_cast<int>(out.size()))
            out[std::size_t(s.unit)] = std::atan2(double(s.pose.facing.y), double(s.pose.facing.x));
    return out;
}

std::vector<render::HexCoord> hexes_now(const ViewerModel& m, const render::UnitView& unit,
                                        const sim::record::Overlay& o, double start_angle) {
    std::vector<render::HexCoord> out;
    const auto& grid = m.scene.replay.header.board.hex;
    if (!grid) return out;
    if (!o.relative) {
        for (const auto& h : o.hexes) out.push_back({int(h.x), int(h.y)});
        return out;
    }
    const render::HexLayout layout(*grid);
    const render::HexCoord here = layout.nearest(unit.x_mm, unit.y_mm);
    const auto [hx, hy] = layout.centre(here);
    const auto [ox, oy] = layout.centre({0, 0});
    const double turn = std::atan2(unit.facing_y, unit.facing_x) - start_angle;
    const double c = std::cos(turn), s = std::sin(turn);
    for (const auto& h : o.hexes) {
        const auto [px, py] = layout.centre({int(h.x), int(h.y)});
        const double dx = px - ox, dy = py - oy;
        out.push_back(layout.nearest(hx + c * dx - s * dy, hy + s * dx + c * dy));
    }
    return out;
}

}  // namespace

std::vector<render::HexCoord> overlay_hexes_now(const ViewerModel& m, const render::UnitView& unit,
                                                const sim::record::Overlay& o) {
    if (!o.relative) return hexes_now(m, unit, o, 0);
    const auto starts = start_angles(m);
    const auto i = static_cast<std::size_t>(unit.unit);
    return hexes_now(m, unit, o, i < starts.size() ? starts[i] : 0);
}

void add_selection_hex_marks(const ViewerModel& m, render::SceneState& state) {
    if (!m.scene.replay.header.board.hex) return;
    const render::UnitView* selected = nullptr;
    for (const auto& u : state.units)
        if (u.unit == m.selected_unit && u.on_table) selected = &u;
    if (!selected) return;
    const auto& roster = m.roster();
    const auto starts = start_angles(m);
    std::vector<render::HexMark> marks;
    // The side's first, so the selected unit's own hexes are drawn over them.
    for (const bool side_wide : {true, false})
        for (const auto& u : state.units) {
            if (!u.on_table || u.unit < 0 || u.unit >= static_cast<int>(roster.size())) continue;
            if (side_wide ? u.side != selected->side : u.unit != selected->unit) continue;
            std::size_t own = 0;
            for (const auto& o : roster[static_cast<std::size_t>(u.unit)].overlays) {
                if (o.kind != "hexes" || o.side_wide != side_wide) continue;
                if (!o.states.empty() &&
                    std::find(o.states.begin(), o.states.end(), u.state) == o.states.end())
                    continue;
                const auto tint = side_wide ? kSideTint : kOwnTints[own++ % kOwnTints.size()];
                // The side's zones (of control) as light outlines: a fill over half the board
                // hid it; the selected unit's own hexes filled.
                for (const auto h : hexes_now(m, u, o, starts[std::size_t(u.unit)]))
                    marks.push_back({h.q, h.r, tint, side_wide});
            }
        }
    state.hex_marks.insert(state.hex_marks.end(), marks.begin(), marks.end());
}

}  // namespace vedette::viewer
