#include "app/viewer/viewer_app.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <numeric>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/viewer/board_marks.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/tour_runner.h"
#include "app/viewer/ui_text.h"
#include "app/viewer/viewer_input.h"
#include "renderer/battlefield_renderer.h"
#include "renderer/ui/imgui_layer.h"
#include "renderer/window/glfw_window.h"
#include "renderer/window/presenter.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/registry.h"

namespace vedette::viewer {

namespace {
using Clock = std::chrono::steady_clock;

std::string default_replay() {
    // The demo battle ships beside the rulesets' source tree; VEDETTE_DEMO_REPLAY overrides.
    if (const char* p = std::getenv("VEDETTE_DEMO_REPLAY")) return p;
    return VEDETTE_DEMO_REPLAY_PATH;
}

// A replay to view. A scenario is simulated on the spot, exactly as `vedette simulate` would
// write it (its bytes are parsed back like a replay file's), so a scenario writer sees the
// battle at once; `simulated` says so for the title bar.
render::ReplayScene open_for_viewing(const std::string& path, const std::string& rules_dir,
                                     bool& simulated) {
    const sim::Json json = sim::read_json_file(path);
    simulated = json.is_object() && json.contains("format") && json["format"].is_string() &&
                json["format"].get<std::string>() == "vedette-scenario";
    if (!simulated) return render::load_replay_scene(path);
    const auto rules =
        sim::ruleset::make_ruleset(sim::ruleset::ruleset_of(json, path), rules_dir, path);
    const auto scenario = rules->parse_scenario(json, path);
    const std::string text = sim::replay::write_replay_text(rules->run(*scenario, scenario->seed));
    return render::scene_of(sim::replay::parse_replay(text, path, rules_dir));
}

render::Camera camera_for(const ViewerModel& m, const render::SceneState& state, float aspect) {
    using Mode = ViewerModel::CameraMode;
    if (m.camera_mode == Mode::orbit) return render::make_orbit_camera(m.orbit, aspect);
    render::CameraSpec spec;
    spec.mode = m.camera_mode == Mode::top        ? render::CameraSpec::Mode::top
                : m.camera_mode == Mode::overview ? render::CameraSpec::Mode::overview
                : m.camera_mode == Mode::follow   ? render::CameraSpec::Mode::follow
                                                  : render::CameraSpec::Mode::director;
    spec.unit = m.follow_unit;
    return render::make_camera(spec, m.scene, state, aspect);
}

void error_dialog(const std::string& title, const std::string& message, float width, float height,
                  bool& quit) {
    ui::set_panel("error");
    ImGui::SetNextWindowPos(ImVec2(width * 0.5f, height * 0.4f), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(720.0f, width - 40), 0), ImGuiCond_Always);
    ImGui::Begin("Cannot open this replay", nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove);
    ui::text_coloured(ImVec4(1, 0.5f, 0.4f, 1), "%s", title.c_str());
    ImGui::Separator();
    ui::text_wrapped("%s", message.c_str());
    ImGui::Separator();
    ui::text_dim(
        "Check the file (vedette verify FILE names the first problem), or open another replay.");
    if (ImGui::Button("Quit")) quit = true;
    ImGui::End();
}

// The rules panel's data: the replay's ruleset data file, read as plain data through the guarded
// reader when it is installed. A missing or unreadable file is no error: the viewer shows any
// replay from its records alone, and the panel says why it has nothing.
RulesetData load_ruleset_data(const std::string& rules_dir, const std::string& id) {
    RulesetData r;
    // The id comes from the replay: only a plain name may become part of a path.
    const bool plain = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
    if (!plain) {
        r.problem = "the replay names no plain ruleset id";
        return r;
    }
    try {
        const std::string path = sim::ruleset_path(sim::find_rules_dir(rules_dir), id);
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) {
            r.problem = "no " + path;
            return r;
        }
        r.data = sim::read_json_file(path);
        r.file = path;
    } catch (const std::exception& e) {
        r.data = nullptr;
        r.problem = e.what();
    }
    return r;
}

struct Stats {
    std::vector<double> frame_ms;
    std::vector<double> step_ms;
    void write(const std::string& path, const std::string& device, VkExtent2D size) const {
        auto mean = [](const std::vector<double>& v) {
            return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
        };
        auto pct = [](std::vector<double> v, double p) {
            if (v.empty()) return 0.0;
            std::sort(v.begin(), v.end());
            return v[std::min(v.size() - 1, static_cast<std::size_t>(p * double(v.size())))];
        };
        nlohmann::ordered_json j;
        j["device"] = device;
        j["size"] = std::to_string(size.width) + "x" + std::to_string(size.height);
        j["frames"] = frame_ms.size();
        j["frame_ms_mean"] = mean(frame_ms);
        j["frame_ms_p95"] = pct(frame_ms, 0.95);
        j["fps"] = mean(frame_ms) > 0 ? 1000.0 / mean(frame_ms) : 0.0;
        j["steps"] = step_ms.size();
        j["step_to_frame_ms_mean"] = mean(step_ms);
        j["step_to_frame_ms_max"] =
            step_ms.empty() ? 0.0 : *std::max_element(step_ms.begin(), step_ms.end());
        sim::write_file_atomically(path, j.dump(2) + "\n");
        std::printf(
            "viewer: %zu frames, %.1f ms a frame (%.1f fps), step to new frame %.1f ms (max %.1f) "
            "on %s\n",
            frame_ms.size(), mean(frame_ms), j["fps"].get<double>(), mean(step_ms),
            j["step_to_frame_ms_max"].get<double>(), device.c_str());
    }
};
}  // namespace

int run_viewer(const ViewerOptions& options) {
    std::unique_ptr<TourRunner> tour;
    if (!options.script.empty()) tour = std::make_unique<TourRunner>(load_tour(options.script));

    render::GlfwWindow::init_glfw();
    render::ContextOptions co;
    const char* v = std::getenv("VEDETTE_VALIDATION");
    co.validation = v && v[0] == '1';
    co.require_validation =
        co.validation;  // asked for explicitly (tests): a missing layer is an error
    co.instance_extensions = render::GlfwWindow::required_instance_extensions();
    co.swapchain = true;
    co.can_present = &render::GlfwWindow::can_present;
    render::VulkanContext ctx(co);

    // Load the replay; a bad one is shown in an error dialog instead of the battle.
    const std::string replay_path = options.replay.empty() ? default_replay() : options.replay;
    std::string error_title, error_message;
    std::unique_ptr<render::ReplayScene> scene;
    render::ReplayNotes notes;
    bool simulated = false;
    std::string opening = replay_path;  // the file the error dialog names
    try {
        scene = std::make_unique<render::ReplayScene>(
            open_for_viewing(replay_path, options.rules_dir, simulated));
        // The notes beside the replay (none yet: empty, created on the first change).
        opening = options.notes.empty() ? render::notes_file_for(replay_path) : options.notes;
        notes = render::load_notes(opening, *scene);
        if (simulated)
            std::printf(
                "%s is a scenario: simulated it for viewing (save the replay with "
                "`vedette simulate %s -o REPLAY`)\n",
                replay_path.c_str(), replay_path.c_str());
    } catch (const std::exception& e) {
        scene.reset();
        error_title = "Vedette cannot open " + opening;
        error_message = e.what();
        std::fprintf(stderr, "error: %s\n", e.what());
    }

    render::GlfwWindow window(
        int(options.size.width), int(options.size.height),
        "Vedette: " + (scene ? scene->replay.header.title : std::string("error")) +
            (simulated ? " (simulated from the scenario)" : ""));
    VkSurfaceKHR surface = window.create_surface(ctx.instance());
    VkExtent2D extent = window.framebuffer_extent();
    if (extent.width == 0 || extent.height == 0) extent = options.size;
    render::Presenter presenter(ctx, surface, extent, options.vsync);

    std::unique_ptr<render::BattlefieldRenderer> renderer;
    std::unique_ptr<render::OffscreenTarget> blank;    // the error dialog's background
    std::unique_ptr<render::Readback> blank_readback;  // its screenshots
    std::unique_ptr<ViewerModel> model;
    if (scene) {
        renderer = std::make_unique<render::BattlefieldRenderer>(ctx, extent, *scene);
        renderer->set_surround_colour(kPanelBackground);
        model = std::make_unique<ViewerModel>(*scene);
        model->ruleset = load_ruleset_data(options.rules_dir, scene->replay.header.ruleset);
        model->notes = std::move(notes);
        if (options.all_panels) model->panels.rules = model->panels.notes = true;
        model->labels = options.labels;
        if (options.presenter) set_layout(*model, Layout::presenter);
        if (options.font_scale > 0) model->font_scale = options.font_scale;
        model->timeline.seek_event(std::min<int>(1, int(scene->replay.events.size()) - 1));
    } else {
        blank = std::make_unique<render::OffscreenTarget>(ctx, extent);
        blank_readback = std::make_unique<render::Readback>(ctx, extent, 1);
    }
    auto target = [&]() -> const render::OffscreenTarget& {
        return renderer ? renderer->target() : *blank;
    };
    render::ImGuiLayer ui_layer(ctx, window.handle(), target());

    CommandQueue queue;
    Stats stats;
    bool quit = false, relayout = true;
    std::optional<std::string> screenshot;
    int screenshot_settle = 0;
    // When a step or seek was asked for (to measure until its frame is done); epoch: none.
    Clock::time_point step_started{};
    const Clock::time_point none{};
    int step_frames = 0;  // frames still to finish before the step shows: 0 for tours, 1 for keys
    int exit_code = scene ? 0 : sim::kExitBadInput;
    auto last = Clock::now();

    while (!quit && !window.should_close()) {
        glfwPollEvents();
        VkExtent2D fb = window.framebuffer_extent();
        if (fb.width == 0 || fb.height == 0) {  // minimised: draw nothing until it comes back
            glfwWaitEventsTimeout(0.1);
            continue;
        }
        if (fb.width != target().extent().width || fb.height != target().extent().height) {
            presenter.wait_idle();
            if (renderer)
                renderer->resize(fb);
            else {
                blank = std::make_unique<render::OffscreenTarget>(ctx, fb);
                blank_readback = std::make_unique<render::Readback>(ctx, fb, 1);
            }
            ui_layer.retarget(target());
            relayout = true;
        }
        const auto frame_start = Clock::now();
        const double dt = std::chrono::duration<double>(frame_start - last).count();
        last = frame_start;

        if (tour && !screenshot) {
            TourRequests r;
            try {
                r = tour->run(model.get(), frame_start);
            } catch (const sim::InputError& e) {
                std::fprintf(stderr, "error: %s\n", e.what());
                return sim::kExitBadInput;
            }
            if (r.quit) break;
            if (r.resize) glfwSetWindowSize(window.handle(), r.resize->first, r.resize->second);
            if (r.screenshot) {
                screenshot = r.screenshot;
                screenshot_settle = 2;  // let ImGui settle layouts and scrolling first
            }
            if (r.stepped && step_started == none) step_started = frame_start, step_frames = 0;
        }

        const float w = float(target().extent().width), h = float(target().extent().height);
        ui_layer.new_frame();
        const bool capture = screenshot && screenshot_settle == 0;
        if (capture) ui::capture_begin();
        render::SceneState state;
        render::Camera camera;
        SceneRect rect{0, 0, w, h};
        if (model) {
            model->timeline.advance(dt);
            state = render::scene_at_time(*scene, model->timeline.time_ms());
            if (model->panels.overlays) add_selection_hex_marks(*model, state);
            state.counters = model->counters;
            rect = scene_rect(model->panels, w, h, model->layout);
            ImGui::GetIO().FontGlobalScale = model->font_scale;
            const bool lay_out = relayout || model->relayout;
            model->relayout = false;
            try {
                camera = camera_for(*model, state, rect.w / rect.h);
            } catch (const std::invalid_argument&) {  // a followed unit left the table
                model->camera_mode = ViewerModel::CameraMode::director;
                camera = camera_for(*model, state, rect.w / rect.h);
            }
            model->last_camera = camera;
            const FrameView view{*model, state,  camera, renderer->terrain(), w, h, lay_out, rect.x,
                                 rect.y, rect.w, rect.h, &renderer->visuals()};
            draw_panels(view, queue);
            // A key's step is applied after this frame, so the frame after it shows the result.
            if (handle_input(*model, camera, queue) && step_started == none)
                step_started = frame_start, step_frames = 1;
        } else {
            error_dialog(error_title, error_message, w, h, quit);
        }
        relayout = false;
        const std::vector<std::string> captured =
            capture ? ui::capture_end() : std::vector<std::string>{};

        VkCommandBuffer cmd = presenter.begin_frame();
        if (renderer) {
            const VkRect2D viewport{{int(rect.x), int(rect.y)},
                                    {std::uint32_t(rect.w), std::uint32_t(rect.h)}};
            renderer->record(cmd, state, camera, 0, viewport);
        } else {
            const float grey[4] = {0.12f, 0.13f, 0.15f, 1.0f};
            blank->begin(cmd, grey);
            blank->end(cmd);
        }
        ui_layer.record(cmd);
        if (capture) {
            if (renderer)
                renderer->record_readback(cmd, 0);
            else
                blank_readback->record_copy(cmd, blank->color(), 0);
        }
        presenter.end_frame(target().color(), fb);
        if (model) queue.apply(*model);

        if (step_started != none || capture) presenter.wait_idle();
        const auto frame_end = Clock::now();
        stats.frame_ms.push_back(
            std::chrono::duration<double, std::milli>(frame_end - frame_start).count());
        if (step_started != none && step_frames-- == 0) {
            stats.step_ms.push_back(
                std::chrono::duration<double, std::milli>(frame_end - step_started).count());
            step_started = none;
        }
        if (capture) {
            const render::RgbaImage image =
                renderer ? renderer->readback(0) : blank_readback->fetch(0);
            render::write_png(*screenshot, image);
            std::string text;
            for (const auto& line : captured) text += line + "\n";
            const std::string txt = screenshot->substr(0, screenshot->size() - 4) + ".txt";
            sim::write_file_atomically(txt, text);
            std::printf("screenshot %s (%ux%u) and %s\n", screenshot->c_str(), image.width,
                        image.height, txt.c_str());
            screenshot.reset();
            tour->screenshot_done();
        } else if (screenshot && screenshot_settle > 0) {
            --screenshot_settle;
        }
    }
    presenter.wait_idle();
    if (!options.stats.empty()) stats.write(options.stats, ctx.device_name(), target().extent());
    if (ctx.validation_errors() > 0) {
        std::fprintf(stderr, "viewer: %u Vulkan validation errors\n", ctx.validation_errors());
        return 1;
    }
    return exit_code;
}

}  // namespace vedette::viewer
