// The replay's notes, like an analysis board's: the Notes panel lists the bookmarks (click one to
// jump there, x to delete it) and adds one at the playhead; over the table the note shown now is
// drawn (its arrows and circles on the ground, its text as a caption at the top of the table),
// with the tour's `caption`. In draw mode (the D key) a left-drag on the table draws an arrow and
// a Shift+drag a circle into the note at the playhead (a new one when none is shown). Every change
// is saved at once, atomically, to the notes file (REPLAY.notes.json beside the replay).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include <imgui.h>
#include <glm/glm.hpp>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/scene/table_marks.h"
#include "sim/core/limits.h"

namespace vedette::viewer {

namespace {

using render::Note;
using render::NoteDrawing;

// A table point (mm) on the ground as a screen point in the frame; false when behind the camera.
bool note_screen(const FrameView& f, double x_mm, double y_mm, ImVec2& out) {
    const float h = f.terrain.height(float(x_mm), float(y_mm)) + 3.0f;
    if (!render::project_to_screen(f.camera, render::table_point(x_mm, y_mm, h), f.scene_w,
                                   f.scene_h, out.x, out.y))
        return false;
    out.x += f.scene_x, out.y += f.scene_y;
    return true;
}

// The table point (mm) under a screen point: the camera ray met with the ground (a flat plane at
// the terrain's height there, refined a few times for hills). False when the ray misses the
// table's plane (pointing at the sky) or meets it so far off (near the horizon) that the point
// lies beyond the 1 km a notes file may hold.
bool note_table_point(const FrameView& f, ImVec2 s, double& x_mm, double& y_mm) {
    const float nx = (s.x - f.scene_x) / f.scene_w * 2.0f - 1.0f;
    const float ny = (s.y - f.scene_y) / f.scene_h * 2.0f - 1.0f;
    const glm::mat4 inv = glm::inverse(f.camera.view_proj);
    glm::vec4 a = inv * glm::vec4(nx, ny, 0.0f, 1.0f), b = inv * glm::vec4(nx, ny, 1.0f, 1.0f);
    if (std::fabs(a.w) < 1e-9f || std::fabs(b.w) < 1e-9f) return false;
    const glm::vec3 p0 = glm::vec3(a) / a.w, p1 = glm::vec3(b) / b.w, dir = p1 - p0;
    float ground = 0.0f;
    for (int i = 0; i < 4; ++i) {
        if (std::fabs(dir.y) < 1e-6f) return false;
        const float t = (ground - p0.y) / dir.y;
        if (t < 0) return false;
        const glm::vec3 hit = p0 + dir * t;
        x_mm = hit.x, y_mm = -hit.z;  // world (x, height, -y)
        const double far = double(sim::limits::kMaxLengthMm);
        if (!std::isfinite(x_mm) || !std::isfinite(y_mm) || std::fabs(x_mm) > far ||
            std::fabs(y_mm) > far)
            return false;
        ground = f.terrain.height(float(x_mm), float(y_mm));
    }
    return true;
}

ImU32 note_colour(const NoteDrawing& d, int alpha = 255) {
    return IM_COL32(d.r, d.g, d.b, alpha);
}

void note_arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour) {
    dl->AddLine(a, b, IM_COL32(0, 0, 0, 140), 6.0f);  // a dark edge: readable on any ground
    dl->AddLine(a, b, colour, 3.5f);
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1) return;
    const float ux = dx / len, uy = dy / len;
    dl->AddTriangleFilled(b, ImVec2(b.x - ux * 18 - uy * 9, b.y - uy * 18 + ux * 9),
                          ImVec2(b.x - ux * 18 + uy * 9, b.y - uy * 18 - ux * 9), colour);
}

void note_circle(const FrameView& f, ImDrawList* dl, double cx, double cy, double r, ImU32 colour) {
    std::vector<ImVec2> pts;
    for (const auto& [x, y] : render::circle_points(cx, cy, r)) {
        ImVec2 s;
        if (note_screen(f, x, y, s)) pts.push_back(s);
    }
    if (pts.size() < 3) return;
    dl->AddPolyline(pts.data(), int(pts.size()), IM_COL32(0, 0, 0, 140), ImDrawFlags_Closed, 6.0f);
    dl->AddPolyline(pts.data(), int(pts.size()), colour, ImDrawFlags_Closed, 3.5f);
}

void draw_note_drawing(const FrameView& f, ImDrawList* dl, const NoteDrawing& d) {
    char line[160];
    if (d.kind == NoteDrawing::Kind::circle) {
        note_circle(f, dl, d.x0_mm, d.y0_mm, d.radius_mm, note_colour(d));
        std::snprintf(line, sizeof line, "circle %.0f,%.0f r %.0f", d.x0_mm, d.y0_mm, d.radius_mm);
    } else {
        ImVec2 a, b;
        if (note_screen(f, d.x0_mm, d.y0_mm, a) && note_screen(f, d.x1_mm, d.y1_mm, b))
            note_arrow(dl, a, b, note_colour(d));
        std::snprintf(line, sizeof line, "arrow %.0f,%.0f -> %.0f,%.0f", d.x0_mm, d.y0_mm, d.x1_mm,
                      d.y1_mm);
    }
    ui::note(line);
}

// Lines of text in a dark band across the top of the table, large enough for a projector.
float note_banner(const FrameView& f, float top, const std::string& text, ImU32 colour) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    ImFont* font = ImGui::GetFont();
    const float size = std::max(ImGui::GetFontSize() * 1.2f, f.scene_h / 30.0f);
    const float margin = size * 0.5f, wrap = f.scene_w - 2 * margin;
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, wrap, text.c_str());
    const float bottom = top + extent.y + margin * 1.2f;
    dl->AddRectFilled(ImVec2(f.scene_x, top), ImVec2(f.scene_x + f.scene_w, bottom),
                      IM_COL32(0, 0, 0, 160));
    dl->AddText(font, size, ImVec2(f.scene_x + margin, top + margin * 0.6f), colour, text.c_str(),
                nullptr, wrap);
    return bottom;
}

// The drag being drawn in draw mode: where it started on the table (UI state, not the model's).
struct NoteDrag {
    double x = 0, y = 0;
};
std::optional<NoteDrag> note_drag;

// Draw mode: a left-drag on the table draws an arrow, a Shift+drag a circle.
void draw_with_mouse(const FrameView& f, CommandQueue& q, ImDrawList* dl) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool inside = io.MousePos.x >= f.scene_x && io.MousePos.y >= f.scene_y &&
                        io.MousePos.x < f.scene_x + f.scene_w &&
                        io.MousePos.y < f.scene_y + f.scene_h;
    double x = 0, y = 0;
    const bool on_table = inside && note_table_point(f, io.MousePos, x, y);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !io.WantCaptureMouse && on_table)
        note_drag = NoteDrag{x, y};
    if (!note_drag) return;
    NoteDrawing d;
    d.x0_mm = note_drag->x, d.y0_mm = note_drag->y, d.x1_mm = x, d.y1_mm = y;
    d.kind = io.KeyShift ? NoteDrawing::Kind::circle : NoteDrawing::Kind::arrow;
    d.radius_mm = std::hypot(x - d.x0_mm, y - d.y0_mm);
    if (on_table && d.kind == NoteDrawing::Kind::circle)
        note_circle(f, dl, d.x0_mm, d.y0_mm, d.radius_mm, note_colour(d, 160));
    ImVec2 a;
    if (on_table && d.kind == NoteDrawing::Kind::arrow && note_screen(f, d.x0_mm, d.y0_mm, a))
        note_arrow(dl, a, io.MousePos, note_colour(d, 160));
    if (!ImGui::IsMouseReleased(ImGuiMouseButton_Left)) return;
    note_drag.reset();
    // A click (no drag) or a release off the table draws nothing; whole millimetres are enough.
    if (!on_table || io.MouseDragMaxDistanceSqr[0] < 16.0f ||
        (d.kind == NoteDrawing::Kind::circle && d.radius_mm < 1))
        return;
    d.x0_mm = std::round(d.x0_mm), d.y0_mm = std::round(d.y0_mm);
    d.x1_mm = std::round(d.x1_mm), d.y1_mm = std::round(d.y1_mm);
    d.radius_mm = std::max(1.0, std::round(d.radius_mm));
    q.push([d](ViewerModel& m) { add_drawing_now(m, d); });
}

// The camera as a capture line in table millimetres (x, y, height), the form `camera at` takes.
void note_camera_line(const FrameView& f) {
    const glm::vec3 e = f.camera.eye, t = f.camera.target;
    char line[200];
    // Whole millimetres (rounded, so a float's -0.0001 reads 0, not -0).
    std::snprintf(line, sizeof line, "at %ld %ld %ld look %ld %ld %ld", std::lround(e.x),
                  std::lround(-e.z), std::lround(e.y), std::lround(t.x), std::lround(-t.z),
                  std::lround(t.y));
    ui::set_panel("camera");
    ui::note(line);
}

std::string note_when(std::int64_t time_ms) {
    char s[32];
    std::snprintf(s, sizeof s, "%.1f s", double(time_ms) / 1000.0);
    return s;
}

}  // namespace

void save_model_notes(ViewerModel& m) {
    try {
        if (m.notes.file.empty()) throw std::runtime_error("no notes file for this replay");
        render::save_notes(m.notes);
        m.notes_problem.clear();
    } catch (const std::exception& e) {
        m.notes_problem = std::string("not saved: ") + e.what();
    }
}

void add_note_now(ViewerModel& m, const std::string& name, const std::string& text) {
    if (m.notes.notes.size() >= std::size_t(sim::limits::kMaxNotes)) {
        m.notes_problem = "not added: the notes file holds at most " +
                          std::to_string(sim::limits::kMaxNotes) + " notes (docs/LIMITS.md)";
        return;
    }
    Note n;
    n.name = render::unique_note_name(m.notes, name.empty() ? "note" : name);
    n.time_ms = m.timeline.time_ms();
    n.text = text;  // the panel's text field is shorter than a note's text may be
    // At an event's moment the note keeps the event, so its time follows the replay.
    const int cur = m.timeline.current_event();
    if (cur >= 0 && render::time_of_event(m.scene, cur) == n.time_ms) n.event = cur;
    render::add_note(m.notes, std::move(n));
    save_model_notes(m);
}

// A drawing the notes file could not hold is refused here, said in the panel, so that every save
// loads again.
void add_drawing_now(ViewerModel& m, const NoteDrawing& d) {
    if (const std::string problem = render::drawing_problem(d); !problem.empty()) {
        m.notes_problem = "not drawn: " + problem + " (docs/LIMITS.md)";
        return;
    }
    const std::int64_t t = m.timeline.time_ms();
    const Note* shown = render::note_at(m.notes, t, render::kNoteShowMs);
    if (shown && shown->drawings.size() >= std::size_t(sim::limits::kMaxNoteDrawings)) {
        m.notes_problem = "not drawn: \"" + shown->name + "\" has " +
                          std::to_string(sim::limits::kMaxNoteDrawings) +
                          " drawings, the most a note holds (docs/LIMITS.md)";
        return;
    }
    if (!shown) add_note_now(m, "note", "");
    shown = render::note_at(m.notes, t, render::kNoteShowMs);
    if (!shown) return;  // the note could not be added (the panel says why)
    render::find_note(m.notes, shown->name)->drawings.push_back(d);
    save_model_notes(m);
}

void notes_overlay(const FrameView& f, CommandQueue& q) {
    const ViewerModel& m = f.model;
    note_camera_line(f);
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ImVec2(f.scene_x, f.scene_y),
                     ImVec2(f.scene_x + f.scene_w, f.scene_y + f.scene_h));
    float top = f.scene_y;
    if (!m.tour_caption.empty()) {
        top = note_banner(f, top, m.tour_caption, IM_COL32(250, 246, 232, 255));
        ui::set_panel("tour caption");
        ui::note(m.tour_caption);
    }
    if (const Note* n = render::note_at(m.notes, m.timeline.time_ms(), render::kNoteShowMs)) {
        ui::set_panel("note drawing");
        for (const auto& d : n->drawings) draw_note_drawing(f, dl, d);
        if (!n->text.empty()) note_banner(f, top, n->text, IM_COL32(255, 225, 120, 255));
        ui::set_panel("note");
        ui::note(n->name);
        if (!n->text.empty()) ui::note("text: " + n->text);
    }
    if (m.tour_waits_for_key) {
        const char* hint = "Space, Right or PageDown: go on";
        const ImVec2 size = ImGui::CalcTextSize(hint);
        const ImVec2 at(f.scene_x + f.scene_w - size.x - 12, f.scene_y + f.scene_h - size.y - 10);
        dl->AddRectFilled(ImVec2(at.x - 6, at.y - 4), ImVec2(at.x + size.x + 6, at.y + size.y + 4),
                          IM_COL32(0, 0, 0, 150), 4.0f);
        dl->AddText(at, IM_COL32(230, 230, 230, 255), hint);
        ui::set_panel("tour");
        ui::note("waiting for a key");
    }
    if (m.draw_notes) {
        draw_with_mouse(f, q, dl);
        ui::set_panel("notes");
        ui::note("draw mode");
    } else {
        note_drag.reset();
    }
    dl->PopClipRect();
}

void notes_panel(const FrameView& f, CommandQueue& q) {
    const ViewerModel& m = f.model;
    if (!m.panels.notes) return;
    place_panel(f, "notes", f.scene_x + 12, f.scene_y + 12, 380, std::min(420.0f, f.scene_h - 24));
    bool open = true;
    if (!ImGui::Begin("Notes", &open)) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& vm) { vm.panels.notes = false; });
    ui::text_dim("%s", m.notes.file.empty() ? "(no notes file)" : m.notes.file.c_str());
    if (!m.notes_problem.empty())
        ui::text_coloured(ImVec4(1, 0.6f, 0.3f, 1), "%s", m.notes_problem.c_str());
    const Note* shown = render::note_at(m.notes, m.timeline.time_ms(), render::kNoteShowMs);
    for (const Note& n : m.notes.notes) {
        ImGui::PushID(n.name.c_str());
        if (ImGui::SmallButton("x")) {
            const std::string name = n.name;
            q.push([name](ViewerModel& vm) {
                if (render::remove_note(vm.notes, name)) save_model_notes(vm);
            });
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("delete this note");
        ImGui::SameLine();
        const std::string label = n.name + "  (" + note_when(n.time_ms) +
                                  (n.event >= 0 ? ", event " + std::to_string(n.event) : "") + ")";
        if (ImGui::Selectable(label.c_str(), &n == shown)) {
            const std::int64_t t = n.time_ms;
            q.push([t](ViewerModel& vm) {
                vm.timeline.pause();
                vm.timeline.seek(t);
            });
        }
        if (!n.text.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", n.text.c_str());
        ui::note(label);
        ImGui::PopID();
    }
    if (m.notes.notes.empty()) ui::text_dim("No notes yet.");
    ImGui::Separator();
    // The new note's fields keep what was typed between frames (UI state, not the model's).
    static char name[sim::limits::kMaxNoteNameBytes + 1] = "";
    static char text[1024] = "";
    static_assert(sizeof text <= sim::limits::kMaxNoteTextBytes + 1);
    ImGui::InputText("name", name, sizeof name);
    ImGui::InputTextMultiline("text", text, sizeof text, ImVec2(-1, 60));
    if (ImGui::Button(
            ("add a note at " + note_when(m.timeline.time_ms()) + " (N)###add").c_str())) {
        const std::string n = name, t = text;
        q.push([n, t](ViewerModel& vm) { add_note_now(vm, n, t); });
        name[0] = text[0] = '\0';
    }
    bool draw = m.draw_notes;
    if (ImGui::Checkbox("draw on the table (D)", &draw))
        q.push([draw](ViewerModel& vm) { vm.draw_notes = draw; });
    ui::text_dim("drag: an arrow; Shift+drag: a circle (into the note shown)");
    ImGui::End();
}

}  // namespace vedette::viewer
