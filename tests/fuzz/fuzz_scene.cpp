#include "tests/fuzz/fuzz_scene.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/export/captions.h"
#include "renderer/export/pacing.h"
#include "renderer/export/subtitles.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/director.h"
#include "renderer/scene/figure_layout.h"
#include "renderer/scene/hex_cells.h"
#include "renderer/scene/label_layout.h"
#include "renderer/scene/result_card.h"
#include "renderer/scene/scale_bar.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/scenery_layout.h"
#include "renderer/scene/table_marks.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/unit_labels.h"
#include "renderer/scene/visuals.h"
#include "tests/fuzz/fuzz_common.h"

namespace vedette::fuzz {

namespace {

using render::ReplayScene;
using render::SceneState;

// A 720p frame, the viewer's default window.
constexpr float kWidth = 1280, kHeight = 720;
// Explanations turned into result cards per input: a replay of thousands of melees says no more.
constexpr std::size_t kMaxCards = 64;
// Subtitles are paced at a speed that keeps the video this short, whatever the replay's clock.
constexpr double kMaxSubtitleFrames = 2000;

const render::Visuals& shipped_visuals() {
    static const render::Visuals visuals = render::load_visuals(render::default_visuals_file());
    return visuals;
}

// The moments the viewer opens on and a user jumps to: the start, the end, the middle, and the
// first, middle and last events' own moments.
std::vector<std::int64_t> moments(const ReplayScene& scene) {
    std::vector<std::int64_t> out{0, scene.duration_ms / 2, scene.duration_ms};
    const int n = static_cast<int>(scene.replay.events.size());
    for (int seq : {0, n / 2, n - 1})
        if (seq >= 0 && seq < n) out.push_back(render::time_of_event(scene, seq));
    return out;
}

// The exporter's name tags: each unit's label above it, projected, then spread apart.
void name_tags(const SceneState& state, const render::Camera& camera,
               const render::TerrainModel& terrain) {
    std::vector<render::LabelBox> boxes;
    for (const auto& u : state.units) {
        if (!u.on_table) continue;
        const float lift = terrain.height(float(u.x_mm), float(u.y_mm)) + 22.0f;
        float sx = 0, sy = 0;
        if (!render::project_to_screen(camera, render::table_point(u.x_mm, u.y_mm, lift), kWidth,
                                       kHeight, sx, sy))
            continue;
        // About 7 pixels a letter, as the painter's font at 720p.
        const float w = 7.0f * float(render::label_text(u, render::LabelStyle::name).size());
        boxes.push_back({sx - w / 2 - 4, sy - 18, sx + w / 2 + 4, sy + 2});
    }
    const std::vector<float> rise = render::spread_labels(boxes);
    expect(rise.size() == boxes.size(), "spread_labels moved another number of labels");
}

void measure(const ReplayScene& scene, const SceneState& state, const render::Camera& camera) {
    const render::BoardUnit unit = render::board_unit(scene.replay.header.board);
    const double mm_per_px = render::mm_per_pixel_at_centre(camera, kWidth, kHeight, 0);
    (void)render::choose_scale_bar(mm_per_px, 200, unit);
    if (state.units.size() >= 2)
        (void)render::ruler_reading(state.units[0].x_mm, state.units[0].y_mm,
                                    state.units.back().x_mm, state.units.back().y_mm, unit);
}

void texels(const render::HexCells& cells, const SceneState& state) {
    expect(cells.bytes() == std::size_t(cells.columns()) * std::size_t(cells.rows()) * 8,
           "the hex cells are not two texels a hex of their rectangle");
    expect(cells.texels(state.hex_marks).size() == cells.bytes(),
           "the marked hex texels are not the size of the board's");
}

void result_cards(const ReplayScene& scene) {
    const auto& events = scene.replay.events;
    std::size_t cards = 0;
    for (std::size_t i = 0; i < events.size() && cards < kMaxCards; ++i) {
        if (!events[i].explanation) continue;
        ++cards;
        if (const auto card = render::result_card_of(*events[i].explanation)) {
            for (const auto& luck : card->luck)
                expect(luck.this_or_worse >= 0 && luck.this_or_worse <= 1 &&
                           luck.this_or_better >= 0 && luck.this_or_better <= 1,
                       "a luck meter's chance is outside 0..1");
        }
        (void)render::related_explained_event(events, int(i), sim::record::Category::melee);
    }
}

void captions(const ReplayScene& scene, const SceneState& state) {
    if (state.event >= 0) {
        const auto& e = scene.replay.events[std::size_t(state.event)];
        (void)render::caption_detail(scene, e);
    }
}

void subtitles(const ReplayScene& scene) {
    render::Pacing pacing;
    pacing.speed = std::max(1.0, double(scene.duration_ms) / 1000.0 * 30 / kMaxSubtitleFrames);
    if (!(render::paced_frame_count(scene, 0, scene.duration_ms, pacing) <= kMaxSubtitleFrames))
        return;  // the export refuses a video that long (sim::limits::kMaxExportFrames)
    (void)render::srt_of(scene, 0, scene.duration_ms, pacing.speed);
}

// Every panel drawn by Dear ImGui without a window (as `--overlay viewer` does for a video), with
// the text capture on, at the scene's moment. A context of its own per replay, so nothing one input
// left in Dear ImGui's state (window sizes, tree nodes by id) reaches the next; the font atlas is
// built once and shared, being the slow part.
class Panels {
public:
    explicit Panels(ImFontAtlas& fonts) {
        ImGui::CreateContext(&fonts);
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(kWidth, kHeight);
        io.DeltaTime = 1.0f / 30.0f;
        ImGui::StyleColorsDark();
    }
    ~Panels() { ImGui::DestroyContext(); }
    Panels(const Panels&) = delete;
    Panels& operator=(const Panels&) = delete;

    static ImFontAtlas& fonts() {
        static ImFontAtlas* atlas = [] {
            auto* a = new ImFontAtlas;  // kept for the whole run, like the fonts of the viewer
            unsigned char* pixels = nullptr;
            int w = 0, h = 0;
            a->GetTexDataAsRGBA32(&pixels, &w, &h);  // NewFrame needs the font built
            return a;
        }();
        return *atlas;
    }

    void draw(const ReplayScene& scene, const SceneState& state, const render::Camera& camera,
              const render::TerrainModel& terrain, bool presenter) {
        viewer::ViewerModel model(scene);
        if (presenter) viewer::set_layout(model, viewer::Layout::presenter);
        model.panels.rules = model.panels.notes = true;
        model.timeline.seek(state.time_ms);
        const viewer::SceneRect r = viewer::scene_rect(model.panels, kWidth, kHeight, model.layout);
        viewer::CommandQueue ignored;  // nobody clicks
        viewer::ui::capture_begin();
        // Twice, as the first frame of a video: tables settle on their second frame.
        for (int pass = 0; pass < 2; ++pass) {
            ImGui::NewFrame();
            const viewer::FrameView view{model, state, camera, terrain, kWidth, kHeight,
                                         true,  r.x,   r.y,    r.w,     r.h,    &shipped_visuals()};
            viewer::draw_panels(view, ignored);
            ImGui::Render();
        }
        (void)viewer::ui::capture_end();
    }
};

}  // namespace

void show_replay(const sim::replay::Replay& replay) {
    const ReplayScene scene = render::scene_of(replay);
    const render::Visuals& visuals = shipped_visuals();
    const auto& board = scene.replay.header.board;
    const render::HexCells cells(board.hex);
    const render::TerrainModel terrain(board.terrain, board.hex, visuals);
    (void)render::layout_scenery(board.terrain);
    render::DirectorCamera director;
    Panels panels(Panels::fonts());
    const std::vector<std::int64_t> times = moments(scene);
    for (std::size_t i = 0; i < times.size(); ++i) {
        const std::int64_t t = times[i];
        const SceneState state = render::scene_at_time(scene, t);
        texels(cells, state);
        (void)render::layout_figures(state, visuals);
        (void)render::table_marks(scene, state, visuals);
        const render::Camera camera =
            render::make_camera(render::CameraSpec{}, scene, state, kWidth / kHeight);
        (void)director.next(scene, state, kWidth / kHeight, 0.5);
        name_tags(state, camera, terrain);
        measure(scene, state, camera);
        captions(scene, state);
        // The panels are the slowest part: at the middle of the replay in the standard layout
        // and at its last event in the presenter's.
        if (i == 1 || i + 1 == times.size()) panels.draw(scene, state, camera, terrain, i != 1);
    }
    result_cards(scene);
    subtitles(scene);
}

}  // namespace vedette::fuzz
