// The timeline: transport buttons, speed, loop, and a ruler with the turns and phases as bands
// (labelled from the replay's phases) and one marker per event coloured by category; click or
// drag on the ruler to scrub.

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/scene/luck_strip.h"
#include "renderer/scene/visuals.h"

namespace vedette::viewer {

namespace {
std::string clock(std::int64_t ms) {
    char b[32];
    std::snprintf(b, sizeof b, "%lld:%04.1f", static_cast<long long>(ms / 60000),
                  double(ms % 60000) / 1000.0);
    return b;
}

// The phases of a turn in the replay's order as bands of five shades in turn; a phase the header
// does not list gets the first.
ImU32 phase_band(const sim::record::Header& header, const std::string& phase) {
    static const ImU32 shades[5] = {IM_COL32(60, 60, 60, 255), IM_COL32(80, 60, 40, 255),
                                    IM_COL32(50, 65, 50, 255), IM_COL32(90, 45, 45, 255),
                                    IM_COL32(55, 55, 80, 255)};
    for (std::size_t i = 0; i < header.phases.size(); ++i)
        if (header.phases[i].id == phase) return shades[i % 5];
    return shades[0];
}
// "What if...": A (the battle as played) or B (its branch), at the same moment.
void ab_switch(const FrameView& f, CommandQueue& q) {
    const auto& w = f.model.what_if;
    if (!w || !w->branch) return;
    if (ImGui::RadioButton("A: as played", !w->showing_branch))
        q.push([](ViewerModel& m) { show_branch(m, false); });
    ImGui::SameLine();
    const std::string b = "B: what if " + w->outcome + " (event " + std::to_string(w->at) + ")";
    if (ImGui::RadioButton(b.c_str(), w->showing_branch))
        q.push([](ViewerModel& m) { show_branch(m, true); });
    ui::note(std::string("A/B switch: ") + (w->showing_branch ? "B " : "A ") + b);
    ImGui::SameLine();
}

// Transport buttons, speed and loop.
void transport(const FrameView& f, CommandQueue& q) {
    const Timeline& tl = f.model.timeline;
    const EventFilter filter = f.model.filter;
    auto button = [&](const char* label, const char* tip, Command c) {
        if (ImGui::Button(label)) q.push(std::move(c));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
        ImGui::SameLine();
    };
    button("|<", "Start (Home)", [](ViewerModel& m) { m.timeline.seek(0); });
    button("<T", "Previous turn (Ctrl+Left)",
           [](ViewerModel& m) { m.timeline.step(StepUnit::turn, -1); });
    button("<P", "Previous phase (Shift+Left)",
           [](ViewerModel& m) { m.timeline.step(StepUnit::phase, -1); });
    button("<E", "Previous event (Left)",
           [filter](ViewerModel& m) { m.timeline.step(StepUnit::event, -1, filter); });
    button(tl.playing() ? "Pause" : "Play", "Play / pause (Space)",
           [](ViewerModel& m) { m.timeline.toggle_play(); });
    button("E>", "Next event (Right)",
           [filter](ViewerModel& m) { m.timeline.step(StepUnit::event, 1, filter); });
    button("P>", "Next phase (Shift+Right)",
           [](ViewerModel& m) { m.timeline.step(StepUnit::phase, 1); });
    button("T>", "Next turn (Ctrl+Right)",
           [](ViewerModel& m) { m.timeline.step(StepUnit::turn, 1); });
    button(">|", "End (End)", [](ViewerModel& m) { m.timeline.seek(m.timeline.duration_ms()); });
    float speed = static_cast<float>(tl.speed());
    const bool presenter = f.model.layout == Layout::presenter;
    ImGui::SetNextItemWidth(120);
    if (ImGui::SliderFloat("speed", &speed, 0.25f, 8.0f, "%.2fx", ImGuiSliderFlags_Logarithmic))
        q.push([speed](ViewerModel& m) { m.timeline.set_speed(speed); });
    ImGui::SameLine();
    ab_switch(f, q);
    // The presenter's row keeps to what a talk needs, so it fits at a large font scale.
    if (presenter) return;
    const std::int64_t now = tl.time_ms();
    if (ImGui::Button("Loop from here"))
        q.push([now](ViewerModel& m) {
            const auto l = m.timeline.loop();
            m.timeline.set_loop(now, l ? l->second : m.timeline.duration_ms());
        });
    ImGui::SameLine();
    if (ImGui::Button("to here"))
        q.push([now](ViewerModel& m) {
            const auto l = m.timeline.loop();
            m.timeline.set_loop(l ? l->first : 0, now);
        });
    ImGui::SameLine();
    if (tl.loop() && ImGui::Button("No loop"))
        q.push([](ViewerModel& m) { m.timeline.clear_loop(); });
}

// The current turn, phase, event and clock.
void status_line(const FrameView& f) {
    const Timeline& tl = f.model.timeline;
    const auto& events = f.model.events();
    const auto& header = f.model.scene.replay.header;
    const std::int64_t now = tl.time_ms();
    const int cur = tl.current_event();
    if (cur >= 0) {
        const auto& e = events[static_cast<std::size_t>(cur)];
        ui::text("Turn %d, %s | event %d of %zu: %s | %s / %s | %.2fx%s", e.turn,
                 header.phase_label(e.phase).c_str(), e.seq, events.size(), e.kind.c_str(),
                 clock(now).c_str(), clock(tl.duration_ms()).c_str(), tl.speed(),
                 tl.playing() ? " playing" : "");
    } else {
        ui::text("Before the first event | %s / %s", clock(now).c_str(),
                 clock(tl.duration_ms()).c_str());
    }
}

// The ruler: phase bands, turn marks, one marker per event by category, the loop and the
// playhead; click or drag to scrub, hover for the event there.
void ruler(const FrameView& f, CommandQueue& q) {
    const Timeline& tl = f.model.timeline;
    const auto& events = f.model.events();
    const auto& header = f.model.scene.replay.header;
    const EventFilter& filter = f.model.filter;
    const std::int64_t now = tl.time_ms();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    // The presenter's bar grows with the text (it is what a projector's audience watches).
    const float h =
        f.model.layout == Layout::presenter ? presenter_scrub_height(ImGui::GetFontSize()) : 34.0f;
    const float w = std::max(50.0f, ImGui::GetContentRegionAvail().x);
    ImGui::InvisibleButton("ruler", ImVec2(w, h));
    ui::note_item("scrub", "scrub bar", h, p0.y, p0.y + h,
                  ImGui::GetWindowPos().y + ImGui::GetWindowHeight());
    const double total = double(std::max<std::int64_t>(1, tl.duration_ms()));
    auto x_of = [&](std::int64_t t) { return p0.x + float(double(w) * double(t) / total); };
    if (ImGui::IsItemActive()) {
        const float mx = ImGui::GetIO().MousePos.x;
        const auto t =
            static_cast<std::int64_t>(double(std::clamp(mx - p0.x, 0.0f, w)) / double(w) * total);
        q.push([t](ViewerModel& m) {
            m.timeline.pause();
            m.timeline.seek(t);
        });
    }
    dl->AddRectFilled(p0, ImVec2(p0.x + w, p0.y + h), IM_COL32(35, 38, 45, 255));
    if (const auto l = tl.loop())
        dl->AddRectFilled(ImVec2(x_of(l->first), p0.y), ImVec2(x_of(l->second), p0.y + h),
                          IM_COL32(70, 90, 140, 120));
    // Phase bands (alternating shades) and turn labels.
    for (std::size_t i = 0; i < events.size(); ++i) {
        const auto& e = events[i];
        const bool phase_start =
            i == 0 || events[i - 1].phase != e.phase || events[i - 1].turn != e.turn;
        if (phase_start) {
            std::size_t j = i;
            while (j + 1 < events.size() && events[j + 1].phase == e.phase &&
                   events[j + 1].turn == e.turn)
                ++j;
            const ImU32 band = phase_band(header, e.phase);
            dl->AddRectFilled(ImVec2(x_of(e.t0_ms), p0.y + h * 0.35f),
                              ImVec2(x_of(events[j].t1_ms), p0.y + h * 0.47f), band);
        }
        if (e.category == sim::record::Category::turn) {
            dl->AddLine(ImVec2(x_of(e.t0_ms), p0.y), ImVec2(x_of(e.t0_ms), p0.y + h),
                        IM_COL32(230, 230, 230, 200));
            dl->AddText(ImVec2(x_of(e.t0_ms) + 3, p0.y), IM_COL32(230, 230, 230, 255),
                        ("T" + std::to_string(e.turn)).c_str());
        }
        const EventColour c = category_colour(e.category);
        const float alpha = filter.passes(e) ? 255.0f : 60.0f;
        dl->AddLine(ImVec2(x_of(e.t0_ms), p0.y + h * 0.53f), ImVec2(x_of(e.t0_ms), p0.y + h - 2),
                    IM_COL32(c.r, c.g, c.b, static_cast<int>(alpha)));
        if (!e.as_played.empty()) {  // a rule disagreement of a game recorded as played
            const float ex = x_of(e.t0_ms), ey = p0.y + h * 0.75f, r = h * 0.18f;
            dl->AddQuadFilled(ImVec2(ex, ey - r), ImVec2(ex + r, ey), ImVec2(ex, ey + r),
                              ImVec2(ex - r, ey), IM_COL32(255, 158, 50, 255));
            ui::note("as played: event " + std::to_string(e.seq));
        }
    }
    const float x = x_of(now);
    // (the rest of the ruler is drawn below; the playhead goes on top)
    dl->AddTriangleFilled(ImVec2(x - 5, p0.y), ImVec2(x + 5, p0.y), ImVec2(x, p0.y + 7),
                          IM_COL32(255, 255, 255, 255));
    dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p0.y + h), IM_COL32(255, 255, 255, 255), 2.0f);
    if (ImGui::IsItemHovered()) {
        const auto t =
            static_cast<std::int64_t>(double(ImGui::GetIO().MousePos.x - p0.x) / double(w) * total);
        for (const auto& e : events)
            if (t >= e.t0_ms && t < e.t1_ms) {
                ImGui::SetTooltip("event %d, turn %d, %s: %s\n%s", e.seq, e.turn,
                                  header.phase_label(e.phase).c_str(), e.kind.c_str(),
                                  e.text.c_str());
                break;
            }
    }
}

// The luck strip under the ruler (renderer/scene/luck_strip.h), aligned with it: each side's luck
// in every event with exact odds as bars, its running sum as a line; a click seeks to the event
// nearest the click, hovering names it.
void luck_strip(const FrameView& f, CommandQueue& q) {
    const auto& luck = f.model.luck();
    const auto& events = f.model.events();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float w = std::max(50.0f, ImGui::GetContentRegionAvail().x), h = kLuckStripHeight;
    ImGui::InvisibleButton("luck strip", ImVec2(w, h));
    const render::LuckStrip strip = render::luck_strip(luck, events, f.model.timeline.duration_ms(),
                                                       p0.x, p0.y, p0.x + w, p0.y + h);
    dl->AddRectFilled(p0, ImVec2(p0.x + w, p0.y + h), IM_COL32(28, 30, 36, 255));
    dl->AddLine(ImVec2(p0.x, strip.mid), ImVec2(p0.x + w, strip.mid), IM_COL32(120, 120, 120, 200));
    static const render::Visuals built_in;
    const auto colours = render::side_tag_colours(f.visuals ? *f.visuals : built_in,
                                                  f.model.scene.replay.header.sides);
    auto colour = [&](int side, int alpha) {
        if (side < 0 || side >= int(colours.size())) return IM_COL32(200, 200, 200, alpha);
        const auto& c = colours[std::size_t(side)];
        return IM_COL32(c.r, c.g, c.b, alpha);
    };
    for (const auto& b : strip.bars)
        dl->AddRectFilled(ImVec2(b.x0, b.y0), ImVec2(b.x1, b.y1), colour(b.side, 200));
    for (std::size_t k = 0; k < strip.running.size(); ++k) {
        std::vector<ImVec2> line;
        for (const auto& [x, y] : strip.running[k]) line.emplace_back(x, y);
        dl->AddPolyline(line.data(), int(line.size()), colour(int(k), 255), 0, 2.0f);
    }
    // The legend: each side's name in its colour (bars up: lucky; the line: the running sum).
    ImVec2 at(p0.x + 4, p0.y + 1);
    auto word = [&](const std::string& text, ImU32 c) {
        dl->AddText(at, c, text.c_str());
        at.x += ImGui::CalcTextSize(text.c_str()).x + 8;
    };
    if (strip.bars.empty()) {
        word("luck: no event with exact odds", IM_COL32(200, 200, 200, 220));
    } else {
        word("luck (up: lucky)", IM_COL32(200, 200, 200, 220));
        for (std::size_t k = 0; k < std::min<std::size_t>(2, luck.sides.size()); ++k)
            word(luck.sides[k], colour(int(k), 255));
    }
    for (std::size_t i = 0; i < strip.moment_x.size(); ++i)
        ui::note("luck moment: event " + std::to_string(strip.moment_event[i]) + " x " +
                 std::to_string(int(strip.moment_x[i])));
    ui::note("luck strip: " + std::to_string(strip.moment_x.size()) + " moments, rect " +
             std::to_string(int(p0.x)) + " " + std::to_string(int(p0.y)) + " " +
             std::to_string(int(p0.x + w)) + " " + std::to_string(int(p0.y + h)));
    const float mx = ImGui::GetIO().MousePos.x;
    const int near = ImGui::IsItemHovered() ? render::luck_event_at(strip, mx) : -1;
    if (near >= 0) {
        const auto& e = events[std::size_t(near)];
        ImGui::SetTooltip("event %d, turn %d: %s\n(click to go there)", e.seq, e.turn,
                          e.text.c_str());
    }
    if (near >= 0 && ImGui::IsItemClicked())
        q.push([near](ViewerModel& m) {
            m.timeline.pause();
            m.timeline.seek_event(near);
        });
}

// Which panels are open, the camera, and figures or counters.
void panels_and_camera(const FrameView& f, CommandQueue& q) {
    ImGui::TextUnformatted("Panels:");
    auto toggle = [&](const char* label, bool on, bool PanelVisibility::*flag) {
        ImGui::SameLine();
        bool value = on;
        if (ImGui::Checkbox(label, &value))
            q.push([flag, value](ViewerModel& m) { m.panels.*flag = value; });
    };
    const PanelVisibility& p = f.model.panels;
    toggle("log", p.events, &PanelVisibility::events);
    toggle("explanation", p.explanation, &PanelVisibility::explanation);
    toggle("episode", p.episode, &PanelVisibility::episode);
    toggle("unit", p.unit, &PanelVisibility::unit);
    toggle("rules", p.rules, &PanelVisibility::rules);
    toggle("overlays", p.overlays, &PanelVisibility::overlays);
    toggle("notes", p.notes, &PanelVisibility::notes);
    toggle("video", p.video, &PanelVisibility::video);
    ImGui::SameLine();
    ImGui::TextUnformatted("  Camera:");
    using Mode = ViewerModel::CameraMode;
    for (const auto& [label, mode] :
         {std::pair{"director", Mode::director}, std::pair{"top", Mode::top},
          std::pair{"overview", Mode::overview}, std::pair{"orbit", Mode::orbit}}) {
        ImGui::SameLine();
        if (ImGui::RadioButton(label, f.model.camera_mode == mode)) {
            const render::OrbitView start = render::orbit_from_camera(f.camera);
            const Mode chosen = mode;
            q.push([chosen, start](ViewerModel& m) {
                if (chosen == Mode::orbit && m.camera_mode != Mode::orbit) m.orbit = start;
                m.camera_mode = chosen;
            });
        }
    }
    if (f.model.camera_mode == Mode::follow) {
        ImGui::SameLine();
        ImGui::Text("following %s", f.model.follow_unit.c_str());
    }
    ImGui::SameLine();
    ImGui::TextUnformatted("  Show:");
    ImGui::SameLine();
    bool counters = f.model.counters;
    if (ImGui::Checkbox("counters (C)", &counters))
        q.push([counters](ViewerModel& m) { m.counters = counters; });
    ImGui::SameLine();
    if (ImGui::SmallButton("presenter layout (P)"))
        q.push([](ViewerModel& m) { set_layout(m, Layout::presenter); });
}
}  // namespace

void timeline_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.timeline) return;
    place_panel(f, "timeline", 0, f.height - timeline_height(f), f.width, timeline_height(f));
    const bool presenter = f.model.layout == Layout::presenter;
    ImGui::Begin("Timeline", nullptr,
                 presenter ? kDockedPanel | ImGuiWindowFlags_NoTitleBar : kDockedPanel);
    transport(f, q);
    if (presenter) {
        // Compact: the buttons, where we are and the scrub bar; the full timeline is one click
        // away.
        if (ImGui::SmallButton("standard layout"))
            q.push([](ViewerModel& m) { set_layout(m, Layout::standard); });
        status_line(f);
        ruler(f, q);
        ImGui::End();
        return;
    }
    status_line(f);
    ruler(f, q);
    luck_strip(f, q);
    panels_and_camera(f, q);
    ImGui::End();
}

}  // namespace vedette::viewer
