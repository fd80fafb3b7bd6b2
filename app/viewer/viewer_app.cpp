#include "app/viewer/viewer_app.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <numeric>
#include <optional>
#include <vector>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/viewer/board_marks.h"
#include "app/viewer/deployment.h"
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
#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/play_record.h"
#include "sim/replay/replay.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/registry.h"

namespace vedette::viewer {

std::string default_replay() {
    // The demo battle ships beside the rulesets' source tree; VEDETTE_DEMO_REPLAY overrides.
    if (const char* p = std::getenv("VEDETTE_DEMO_REPLAY")) return p;
    return VEDETTE_DEMO_REPLAY_PATH;
}

namespace {
using Clock = std::chrono::steady_clock;

// A replay to view. A scenario is simulated on the spot, the replay `vedette simulate` would
// write built in memory (sim::replay::replay_of), so a scenario writer sees the battle at once;
// `simulated` says so for the title bar.
render::ReplayScene open_for_viewing(const std::string& path, const std::string& rules_dir,
                                     bool& simulated) {
    if (path.size() > 5 && path.compare(path.size() - 5, 5, ".game") == 0) {
        // A game record (docs/GAME_RECORD.md), played as `vedette record --roll-missing` would:
        // the player sees the table of the game being typed.
        sim::gamerecord::ReadRecord record = sim::gamerecord::read_record_file(path);
        std::unique_ptr<sim::ruleset::Ruleset> rules;
        try {
            rules = sim::ruleset::make_ruleset(sim::gamerecord::ruleset_of(record), rules_dir, path,
                                               "$.ruleset");
        } catch (const sim::InputError&) {
            sim::gamerecord::rethrow_at_record_line(record, path);
        }
        simulated = true;
        return render::scene_of(
            sim::replay::replay_of(sim::gamerecord::play_record(*rules, record, path), path));
    }
    const sim::Json json = sim::read_json_file(path);
    simulated = json.is_object() && json.contains("format") && json["format"].is_string() &&
                json["format"].get<std::string>() == "vedette-scenario";
    if (!simulated) return render::load_replay_scene(path);
    const auto rules =
        sim::ruleset::make_ruleset(sim::ruleset::ruleset_of(json, path), rules_dir, path);
    const auto scenario = rules->read_scenario(json, path);
    return render::scene_of(sim::replay::replay_of(rules->run(*scenario, scenario->seed), path));
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
        r.data = std::make_shared<const nlohmann::json>(sim::read_json_file(path));
        r.file = path;
    } catch (const std::exception& e) {
        r.data.reset();
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
// A window-system context; VEDETTE_VALIDATION=1 (tests) asks for the validation layer, and then
// a missing layer is an error.
render::ContextOptions window_context_options() {
    render::ContextOptions co;
    const char* v = std::getenv("VEDETTE_VALIDATION");
    co.validation = v && v[0] == '1';
    co.require_validation = co.validation;
    co.instance_extensions = render::GlfwWindow::required_instance_extensions();
    co.swapchain = true;
    co.can_present = &render::GlfwWindow::can_present;
    return co;
}

// The replay as opened: its scene and notes, or why it could not be opened (the viewer then
// shows an error dialog instead of the battle).
struct OpenedReplay {
    std::unique_ptr<render::ReplayScene> scene;
    std::shared_ptr<Deployment> deployment;  // `vedette edit`
    render::ReplayNotes notes;
    bool simulated = false;  // a scenario, simulated for viewing
    std::string error_title, error_message;
};

OpenedReplay open_replay(const ViewerOptions& options) {
    const std::string replay_path = options.replay.empty() ? default_replay() : options.replay;
    OpenedReplay r;
    std::string opening = replay_path;  // the file the error dialog names
    try {
        if (options.edit) {
            r.deployment = open_deployment(replay_path, options.rules_dir);
            r.scene = std::make_unique<render::ReplayScene>(*r.deployment->scenes.back());
            r.simulated = true;
        } else {
            r.scene = std::make_unique<render::ReplayScene>(
                open_for_viewing(replay_path, options.rules_dir, r.simulated));
        }
        // The notes beside the replay (none yet: empty, created on the first change).
        opening = options.notes.empty() ? render::notes_file_for(replay_path) : options.notes;
        r.notes = render::load_notes(opening, *r.scene);
        const bool record =
            replay_path.size() > 5 && replay_path.compare(replay_path.size() - 5, 5, ".game") == 0;
        if (r.simulated && record)
            std::printf(
                "%s is a game record: played it for viewing (save the replay with "
                "`vedette record %s -o REPLAY`)\n",
                replay_path.c_str(), replay_path.c_str());
        else if (r.simulated)
            std::printf(
                "%s is a scenario: simulated it for viewing (save the replay with "
                "`vedette simulate %s -o REPLAY`)\n",
                replay_path.c_str(), replay_path.c_str());
    } catch (const std::exception& e) {
        r.scene.reset();
        r.error_title = "Vedette cannot open " + opening;
        r.error_message = e.what();
        std::fprintf(stderr, "error: %s\n", e.what());
    }
    return r;
}

std::string window_title(const OpenedReplay& opened) {
    return "Vedette: " + (opened.scene ? opened.scene->replay.header.title : std::string("error")) +
           (opened.simulated ? " (simulated from the scenario)" : "");
}

// The viewer's state for the replay (timeline, panels, camera) as the options open it.
std::unique_ptr<ViewerModel> make_viewer_model(const ViewerOptions& options,
                                               const render::ReplayScene& scene,
                                               render::ReplayNotes notes) {
    auto model = std::make_unique<ViewerModel>(scene);
    model->ruleset = load_ruleset_data(options.rules_dir, scene.replay.header.ruleset);
    model->rules_dir = options.rules_dir;
    model->notes = std::move(notes);
    if (options.all_panels) model->panels.rules = model->panels.notes = true;
    model->labels = options.labels;
    if (options.presenter) set_layout(*model, Layout::presenter);
    if (options.font_scale > 0) model->font_scale = options.font_scale;
    model->timeline.seek_event(std::min<int>(1, int(scene.replay.events.size()) - 1));
    return model;
}

// The window and what one frame leaves for the next. A frame: the window's input, the tour's
// commands, the update (timeline, panels, keys), the draw and the present, then its figures and
// any screenshot the tour asked for.
class ViewerLoop {
public:
    ViewerLoop(const ViewerOptions& options, render::VulkanContext& ctx, OpenedReplay& opened,
               TourRunner* tour);
    // Runs until the window closes, the error dialog's Quit or the tour's end; the exit code.
    int run();

private:
    // What one frame shows, from its update to its screenshot.
    struct Frame {
        VkExtent2D window{};  // the framebuffer's size
        Clock::time_point start;
        render::SceneState state;
        render::Camera camera;
        SceneRect rect{};
        bool capture = false;               // this frame is the tour's screenshot
        std::vector<std::string> captured;  // then the panels' text, for the .txt beside it
        std::vector<std::string> layout;    // and each item's size and place (.layout.txt)
    };
    enum class TourStep { go_on, quit, bad_tour };

    bool poll_input(Frame& frame);
    void resize(VkExtent2D extent);
    TourStep run_tour(const Frame& frame);
    void update(Frame& frame, double dt);
    void draw(const Frame& frame);
    void present(const Frame& frame);
    void save_screenshot(const Frame& frame);
    void switch_scene();
    const render::OffscreenTarget& target() const {
        return renderer_ ? renderer_->target() : *blank_;
    }

    const ViewerOptions& options_;
    render::VulkanContext& ctx_;
    OpenedReplay& opened_;
    TourRunner* tour_;  // null: no tour
    render::GlfwWindow window_;
    const VkExtent2D extent_;  // the first frame's size
    render::Presenter presenter_;
    std::unique_ptr<render::BattlefieldRenderer> renderer_;  // with a replay
    std::unique_ptr<ViewerModel> model_;
    std::unique_ptr<render::OffscreenTarget> blank_;    // without: the error dialog's background
    std::unique_ptr<render::Readback> blank_readback_;  // its screenshots
    render::ImGuiLayer ui_layer_;
    CommandQueue queue_;
    Stats stats_;
    bool quit_ = false, relayout_ = true;
    float text_scale_ = 0;  // the text's scale the panels were last laid out for
    std::optional<std::string> screenshot_;
    int screenshot_settle_ = 0;
    // When a step or seek was asked for (to measure until its frame is done).
    std::optional<Clock::time_point> step_started_;
    int step_frames_ = 0;  // frames still to finish before the step shows: 0 for tours, 1 for keys
    Clock::time_point last_ = Clock::now();
};

// The window's framebuffer, or the asked-for size while it has none yet.
VkExtent2D first_extent(render::GlfwWindow& window, VkExtent2D asked) {
    const VkExtent2D extent = window.framebuffer_extent();
    return extent.width == 0 || extent.height == 0 ? asked : extent;
}

ViewerLoop::ViewerLoop(const ViewerOptions& options, render::VulkanContext& ctx,
                       OpenedReplay& opened, TourRunner* tour)
    : options_(options),
      ctx_(ctx),
      opened_(opened),
      tour_(tour),
      window_(int(options.size.width), int(options.size.height), window_title(opened)),
      extent_(first_extent(window_, options.size)),
      presenter_(ctx, window_.create_surface(ctx.instance()), extent_, options.vsync),
      renderer_(opened.scene
                    ? std::make_unique<render::BattlefieldRenderer>(ctx, extent_, *opened.scene)
                    : nullptr),
      model_(opened.scene ? make_viewer_model(options, *opened.scene, std::move(opened.notes))
                          : nullptr),
      blank_(opened.scene ? nullptr : std::make_unique<render::OffscreenTarget>(ctx, extent_)),
      blank_readback_(opened.scene ? nullptr : std::make_unique<render::Readback>(ctx, extent_, 1)),
      ui_layer_(ctx, window_.handle(), target()) {
    if (renderer_) renderer_->set_surround_colour(kPanelBackground);
    if (model_) model_->deployment = opened.deployment;
}

int ViewerLoop::run() {
    while (!quit_ && !window_.should_close()) {
        Frame frame;
        if (!poll_input(frame)) continue;
        frame.start = Clock::now();
        const double dt = std::chrono::duration<double>(frame.start - last_).count();
        last_ = frame.start;
        const TourStep tour = run_tour(frame);
        if (tour == TourStep::bad_tour) return sim::kExitBadInput;
        if (tour == TourStep::quit) break;
        update(frame, dt);
        draw(frame);
        present(frame);
    }
    presenter_.wait_idle();
    if (!options_.stats.empty())
        stats_.write(options_.stats, ctx_.device_name(), target().extent());
    if (ctx_.validation_errors() > 0) {
        std::fprintf(stderr, "viewer: %u Vulkan validation errors\n", ctx_.validation_errors());
        return 1;
    }
    return opened_.scene ? 0 : sim::kExitBadInput;
}

// The window's events and size. False while it is minimised: nothing to draw until it is back.
bool ViewerLoop::poll_input(Frame& frame) {
    glfwPollEvents();
    frame.window = window_.framebuffer_extent();
    if (frame.window.width == 0 || frame.window.height == 0) {
        glfwWaitEventsTimeout(0.1);
        return false;
    }
    if (frame.window.width != target().extent().width ||
        frame.window.height != target().extent().height)
        resize(frame.window);
    return true;
}

void ViewerLoop::resize(VkExtent2D extent) {
    presenter_.wait_idle();
    if (renderer_) {
        renderer_->resize(extent);
    } else {
        blank_ = std::make_unique<render::OffscreenTarget>(ctx_, extent);
        blank_readback_ = std::make_unique<render::Readback>(ctx_, extent, 1);
    }
    ui_layer_.retarget(target());
    relayout_ = true;
}

// The tour's commands for this frame (none while a screenshot is pending).
ViewerLoop::TourStep ViewerLoop::run_tour(const Frame& frame) {
    if (!tour_ || screenshot_) return TourStep::go_on;
    TourRequests r;
    try {
        r = tour_->run(model_.get(), frame.start);
    } catch (const sim::InputError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return TourStep::bad_tour;
    }
    if (r.quit) return TourStep::quit;
    if (r.resize) glfwSetWindowSize(window_.handle(), r.resize->first, r.resize->second);
    if (r.click) ui_layer_.click_at(float(r.click->first), float(r.click->second));
    if (r.drag)
        ui_layer_.drag(float((*r.drag)[0]), float((*r.drag)[1]), float((*r.drag)[2]),
                       float((*r.drag)[3]));
    if (r.wheel)
        ui_layer_.wheel_at(float((*r.wheel)[0]), float((*r.wheel)[1]), float((*r.wheel)[2]));
    if (r.screenshot) {
        screenshot_ = r.screenshot;
        screenshot_settle_ = 2;  // let ImGui settle layouts and scrolling first
    }
    if (r.stepped && !step_started_) step_started_ = frame.start, step_frames_ = 0;
    return TourStep::go_on;
}

// Advances the timeline and lays out this frame's scene, camera and panels (or the error dialog),
// taking the keys and clicks the panels did not.
void ViewerLoop::update(Frame& frame, double dt) {
    const float w = float(target().extent().width), h = float(target().extent().height);
    ui_layer_.new_frame();
    frame.capture = screenshot_ && screenshot_settle_ == 0;
    if (frame.capture) ui::capture_begin();
    frame.rect = SceneRect{0, 0, w, h};
    if (model_) {
        model_->timeline.advance(dt);
        frame.state = render::scene_at_time(model_->scene, model_->timeline.time_ms());
        if (model_->panels.overlays) add_selection_hex_marks(*model_, frame.state);
        frame.state.counters = model_->counters;
        frame.rect = scene_rect(model_->panels, w, h, model_->layout);
        const float text_scale = model_->font_scale * window_text_factor(*model_, h);
        render::set_ui_text_scale(text_scale);
        // Larger text widens the presenter's column and heightens its timeline: lay them out.
        const bool lay_out = relayout_ || model_->relayout || text_scale != text_scale_;
        text_scale_ = text_scale;
        model_->relayout = false;
        const float aspect = frame.rect.w / frame.rect.h;
        try {
            frame.camera = camera_for(*model_, frame.state, aspect);
        } catch (const std::invalid_argument&) {  // a followed unit left the table
            model_->camera_mode = ViewerModel::CameraMode::director;
            frame.camera = camera_for(*model_, frame.state, aspect);
        }
        model_->last_camera = frame.camera;
        const FrameView view{.model = *model_,
                             .state = frame.state,
                             .camera = frame.camera,
                             .terrain = renderer_->terrain(),
                             .width = w,
                             .height = h,
                             .relayout = lay_out,
                             .scene_x = frame.rect.x,
                             .scene_y = frame.rect.y,
                             .scene_w = frame.rect.w,
                             .scene_h = frame.rect.h,
                             .visuals = &renderer_->visuals()};
        draw_panels(view, queue_);
        // A key's step is applied after this frame, so the frame after it shows the result.
        if (handle_input(*model_, frame.camera, queue_) && !step_started_)
            step_started_ = frame.start, step_frames_ = 1;
    } else {
        error_dialog(opened_.error_title, opened_.error_message, w, h, quit_);
    }
    relayout_ = false;
    if (frame.capture) {
        frame.captured = ui::capture_end();
        frame.layout = ui::capture_layout();
    }
}

// Records the scene (or the error dialog's blank background), the UI over it and, for a
// screenshot, the copy of the finished frame.
void ViewerLoop::draw(const Frame& frame) {
    VkCommandBuffer cmd = presenter_.begin_frame();
    if (renderer_) {
        const VkRect2D viewport{{int(frame.rect.x), int(frame.rect.y)},
                                {std::uint32_t(frame.rect.w), std::uint32_t(frame.rect.h)}};
        renderer_->record(cmd, frame.state, frame.camera, 0, viewport);
    } else {
        const float grey[4] = {0.12f, 0.13f, 0.15f, 1.0f};
        blank_->begin(cmd, grey);
        blank_->end(cmd);
    }
    ui_layer_.record(cmd);
    if (frame.capture) {
        if (renderer_)
            renderer_->record_readback(cmd, 0);
        else
            blank_readback_->record_copy(cmd, blank_->color(), 0);
    }
}

// Presents the frame and applies the commands it queued, then measures it (waiting for it when
// a step's latency or a screenshot needs it finished) and saves the screenshot.
void ViewerLoop::present(const Frame& frame) {
    presenter_.end_frame(target().color(), frame.window);
    if (model_) queue_.apply(*model_);
    if (model_ && model_->switch_to != ViewerModel::SceneSwitch::none) switch_scene();

    if (step_started_ || frame.capture) presenter_.wait_idle();
    const auto frame_end = Clock::now();
    stats_.frame_ms.push_back(
        std::chrono::duration<double, std::milli>(frame_end - frame.start).count());
    if (step_started_ && step_frames_-- == 0) {
        stats_.step_ms.push_back(
            std::chrono::duration<double, std::milli>(frame_end - *step_started_).count());
        step_started_.reset();
    }
    if (frame.capture)
        save_screenshot(frame);
    else if (screenshot_ && screenshot_settle_ > 0)
        --screenshot_settle_;
}

// The A/B switch of "What if...": a model of the other scene (the battle as played or its
// branch) takes over with the same view and moment. The board and roster are the same, so the
// renderer stays.
void ViewerLoop::switch_scene() {
    if (model_->switch_to == ViewerModel::SceneSwitch::edited) {
        // `vedette edit`: the record's new table, same board and roster, same view and moment.
        model_->switch_to = ViewerModel::SceneSwitch::none;
        if (!model_->deployment || model_->deployment->scenes.empty()) return;
        const render::ReplayScene& scene = *model_->deployment->scenes.back();
        auto next = std::make_unique<ViewerModel>(scene);
        carry_view(*model_, *next);
        // A terrain piece drawn changes the board: the renderer builds its ground again.
        if (renderer_ &&
            scene.replay.header.board.written != model_->scene.replay.header.board.written) {
            presenter_.wait_idle();
            renderer_ =
                std::make_unique<render::BattlefieldRenderer>(ctx_, target().extent(), scene);
            renderer_->set_surround_colour(kPanelBackground);
            ui_layer_.retarget(target());
        }
        model_ = std::move(next);
        return;
    }
    const bool to_branch = model_->switch_to == ViewerModel::SceneSwitch::branch;
    model_->switch_to = ViewerModel::SceneSwitch::none;
    const std::shared_ptr<WhatIf> what_if = model_->what_if;
    if (!what_if || !what_if->branch || !what_if->parent) return;
    auto next = std::make_unique<ViewerModel>(to_branch ? *what_if->branch : *what_if->parent);
    carry_view(*model_, *next);
    model_ = std::move(next);
    what_if->showing_branch = to_branch;
}

// The PNG the tour asked for, the panels' text beside it (.txt) and the text's sizes and places
// (.layout.txt).
void ViewerLoop::save_screenshot(const Frame& frame) {
    const render::RgbaImage image = renderer_ ? renderer_->readback(0) : blank_readback_->fetch(0);
    render::write_png(*screenshot_, image);
    auto joined = [](const std::vector<std::string>& lines) {
        std::string text;
        for (const auto& line : lines) text += line + "\n";
        return text;
    };
    const std::string stem = screenshot_->substr(0, screenshot_->size() - 4);
    const std::string txt = stem + ".txt";
    sim::write_file_atomically(txt, joined(frame.captured));
    sim::write_file_atomically(stem + ".layout.txt", joined(frame.layout));
    std::printf("screenshot %s (%ux%u) and %s\n", screenshot_->c_str(), image.width, image.height,
                txt.c_str());
    screenshot_.reset();
    tour_->screenshot_done();
}
}  // namespace

int run_viewer(const ViewerOptions& options) {
    std::unique_ptr<TourRunner> tour;
    if (!options.script.empty()) tour = std::make_unique<TourRunner>(load_tour(options.script));

    render::GlfwWindow::init_glfw();
    render::VulkanContext ctx(window_context_options());
    // A bad replay is shown in an error dialog instead of the battle.
    OpenedReplay opened = open_replay(options);
    ViewerLoop loop(options, ctx, opened, tour.get());
    return loop.run();
}

}  // namespace vedette::viewer
