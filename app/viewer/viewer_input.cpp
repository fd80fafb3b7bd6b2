#include "app/viewer/viewer_input.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/viewer/panels/panels.h"

namespace vedette::viewer {

namespace {
bool pressed(ImGuiKey key) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), true);
}

// Turns the camera into the free orbit camera, starting from wherever it is now.
void take_over(const ViewerModel& model, const render::Camera& camera, CommandQueue& q) {
    if (model.camera_mode == ViewerModel::CameraMode::orbit) return;
    const render::OrbitView start = render::orbit_from_camera(camera);
    q.push([start](ViewerModel& m) {
        m.orbit = start;
        m.camera_mode = ViewerModel::CameraMode::orbit;
    });
}
}  // namespace

bool handle_input(const ViewerModel& model, const render::Camera& camera, CommandQueue& q) {
    const ImGuiIO& io = ImGui::GetIO();
    bool stepped = false;
    if (!io.WantTextInput && model.tour_waits_for_key &&
        (pressed(ImGuiKey_Space) || pressed(ImGuiKey_RightArrow) || pressed(ImGuiKey_PageDown))) {
        // A tour's `wait key`: the key (a presenter's clicker sends PageDown) moves the tour on
        // and does nothing else.
        q.push([](ViewerModel& m) { m.tour_key = true; });
        return false;
    }
    if (!io.WantTextInput) {
        const EventFilter filter = model.filter;
        auto step = [&](StepUnit unit, int dir) {
            q.push([unit, dir, filter](ViewerModel& m) {
                m.timeline.step(unit, dir, unit == StepUnit::event ? filter : EventFilter{});
            });
            stepped = true;
        };
        if (pressed(ImGuiKey_Space)) q.push([](ViewerModel& m) { m.timeline.toggle_play(); });
        for (int dir : {-1, 1})
            if (pressed(dir < 0 ? ImGuiKey_LeftArrow : ImGuiKey_RightArrow)) {
                if (io.KeyCtrl)
                    step(StepUnit::turn, dir);
                else if (io.KeyShift)
                    step(StepUnit::phase, dir);
                else
                    step(StepUnit::event, dir);
            }
        if (pressed(ImGuiKey_Home)) {
            q.push([](ViewerModel& m) { m.timeline.seek(0); });
            stepped = true;
        }
        if (pressed(ImGuiKey_End)) {
            q.push([](ViewerModel& m) { m.timeline.seek(m.timeline.duration_ms()); });
            stepped = true;
        }
        for (ImWchar c : io.InputQueueCharacters) {
            if (c == '+' || c == '=') q.push([](ViewerModel& m) { m.timeline.faster(); });
            if (c == '-') q.push([](ViewerModel& m) { m.timeline.slower(); });
            if (c == 'c' || c == 'C') q.push([](ViewerModel& m) { m.counters = !m.counters; });
            if (c == 'v' || c == 'V')  // the table as the presenter video will show it
                q.push([](ViewerModel& m) { m.panels.video = !m.panels.video; });
            if (c == 'n' || c == 'N')  // a note at the playhead, the notes panel open to edit it
                q.push([](ViewerModel& m) {
                    add_note_now(m, "note", "");
                    m.panels.notes = true;
                });
            if (c == 'd' || c == 'D')  // draw mode: drag arrows and circles into the note shown
                q.push([](ViewerModel& m) { m.draw_notes = !m.draw_notes; });
            if (c == 'm' || c == 'M')  // the ruler: measure by dragging on the table
                q.push([](ViewerModel& m) { m.ruler = {!m.ruler.on, false, 0, 0, 0, 0}; });
            if (c == 'p' || c == 'P')
                q.push([](ViewerModel& m) {
                    set_layout(
                        m, m.layout == Layout::presenter ? Layout::standard : Layout::presenter);
                });
            // `vedette edit`: Q and E turn the selected unit 15 degrees left and right; Z undoes
            // the last edit, Y redoes it.
            if ((c == 'q' || c == 'Q' || c == 'e' || c == 'E') && model.deployment &&
                model.selected_unit >= 0)
                q.push([turn = (c == 'q' || c == 'Q') ? -15 : 15](ViewerModel& m) {
                    if (m.selected_unit >= 0 &&
                        std::size_t(m.selected_unit) < m.scene.replay.header.units.size())
                        turn_unit(m, m.scene.replay.header.units[std::size_t(m.selected_unit)].id,
                                  turn);
                });
            if ((c == 'g' || c == 'G') && model.deployment)  // place the selected unit by a click
                q.push([](ViewerModel& m) { m.placing = !m.placing; });
            if ((c == 'z' || c == 'Z') && model.deployment)
                q.push([](ViewerModel& m) { undo_edit(m, true); });
            if ((c == 'y' || c == 'Y') && model.deployment)
                q.push([](ViewerModel& m) { undo_edit(m, false); });
            if (c == 'l' || c == 'L')  // labels: name, short name, id, name...
                q.push([](ViewerModel& m) {
                    using render::LabelStyle;
                    m.labels = m.labels == LabelStyle::name         ? LabelStyle::short_name
                               : m.labels == LabelStyle::short_name ? LabelStyle::id
                                                                    : LabelStyle::name;
                });
        }
        if (pressed(ImGuiKey_Escape)) q.push([](ViewerModel& m) { m.selected_unit = -1; });
    }
    if (io.WantCaptureMouse) return stepped;
    const ImVec2 d = io.MouseDelta;
    const bool right = ImGui::IsMouseDragging(ImGuiMouseButton_Right, 2.0f);
    const bool middle = ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 2.0f);
    if ((right || middle) && (d.x != 0 || d.y != 0)) {
        take_over(model, camera, q);
        if (middle || io.KeyShift)
            q.push([d](ViewerModel& m) { m.orbit.pan(-d.x * 0.0015f, d.y * 0.0015f); });
        else
            q.push([d](ViewerModel& m) { m.orbit.orbit(d.x * 0.3f, d.y * 0.3f); });
    }
    if (io.MouseWheel != 0 && model.deployment && model.placing && model.selected_unit >= 0) {
        // `vedette edit`, placing (G): the wheel turns the selected unit 15 degrees a notch (a
        // tour's `wheel X Y 3` is three notches: 45 degrees).
        const int notches = std::max(1, int(std::lround(std::fabs(io.MouseWheel))));
        q.push([turn = (io.MouseWheel > 0 ? -15 : 15) * notches](ViewerModel& m) {
            if (m.selected_unit >= 0 &&
                std::size_t(m.selected_unit) < m.scene.replay.header.units.size())
                turn_unit(m, m.scene.replay.header.units[std::size_t(m.selected_unit)].id, turn);
        });
    } else if (io.MouseWheel != 0) {
        take_over(model, camera, q);
        const float factor = std::pow(io.MouseWheel > 0 ? 0.85f : 1.0f / 0.85f,
                                      std::max(1.0f, std::round(std::fabs(io.MouseWheel))));
        q.push([factor](ViewerModel& m) { m.orbit.zoom(factor); });
    }
    return stepped;
}

}  // namespace vedette::viewer
