// Renderer frame times, offscreen on lavapipe at 1280x720, each beside an empty frame (clear and
// readback only) in the same run:
//   BM_EmptyFrame, BM_DemoBattleFrame, BM_BorodinoBattleFrame, BM_DicepoolActionFrame,
//   BM_Figures/1000, /10000, /50000 (goal: 10,000 figures at 12 frames a second or better; the
//   demo battle at 30 or better).
//   build/bench/bench_render

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "renderer/battlefield_renderer.h"

using namespace vedette;
using namespace vedette::render;

namespace {

VulkanContext& context() {
    static std::unique_ptr<VulkanContext> ctx = [] {
        setenv("VK_DRIVER_FILES", "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json", 0);
        setenv("VK_ICD_FILENAMES", "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json", 0);
        ContextOptions o;
        o.prefer_gpu = false;
        return std::make_unique<VulkanContext>(o);
    }();
    return *ctx;
}

// A replay and a renderer for its table, made once per replay.
struct Fixture {
    ReplayScene scene;
    std::unique_ptr<BattlefieldRenderer> renderer;
};

Fixture& fixture(const std::string& replay = "demo/demo_battle.replay.json") {
    // The context first: statics are destroyed in reverse, so the renderers go before it.
    context();
    static std::map<std::string, Fixture> made;
    auto it = made.find(replay);
    if (it == made.end()) {
        Fixture x;
        x.scene = load_replay_scene(std::string(VEDETTE_SOURCE_DIR) + "/replays/" + replay);
        x.renderer =
            std::make_unique<BattlefieldRenderer>(context(), VkExtent2D{1280, 720}, x.scene);
        it = made.emplace(replay, std::move(x)).first;
    }
    return it->second;
}

// Battalions of 24 figures in a grid over the demo table, in column: six 30 mm bases, two abreast
// (the footprint the demo's own infantry columns have).
SceneState crowd(int figures) {
    SceneState s;
    const int units = (figures + 23) / 24;
    const int per_row = 40;
    for (int i = 0; i < units; ++i) {
        UnitView u;
        u.unit = i;
        u.side = i % 2;
        u.nation = i % 2 ? "british" : "french";
        u.visual = "infantry";
        u.layout = "column";
        u.width_mm = 60;
        u.depth_mm = 45;
        u.figures = std::min(24, figures - i * 24);
        u.x_mm = 30 + (i % per_row) * 43;
        u.y_mm = 30 + (i / per_row) * (1240.0 / std::max(1, (units + per_row - 1) / per_row));
        u.state = "formed";
        s.units.push_back(u);
    }
    return s;
}

void run(benchmark::State& state, const SceneState& scene, bool empty,
         const std::string& replay = "demo/demo_battle.replay.json") {
    Fixture& f = fixture(replay);
    const Camera cam = make_camera(parse_camera("overview"), f.scene, scene, 1280.0f / 720.0f);
    SceneState frame = empty ? SceneState{} : scene;
    for (auto _ : state) {
        ++frame.time_ms;
        f.renderer
            ->invalidate_shadow_map();  // the worst case: casters moved, the shadow map is redrawn
        const RgbaImage img = f.renderer->render(frame, cam);
        benchmark::DoNotOptimize(img.pixels.data());
    }
    state.counters["fps"] =
        benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["figures"] = double(f.renderer->last_figures());
}

void BM_EmptyFrame(benchmark::State& state) {
    run(state, SceneState{}, true);
}
void BM_DemoBattleFrame(benchmark::State& state) {
    Fixture& f = fixture();
    run(state, scene_at_time(f.scene, time_of_event(f.scene, 60)), false);
}
// The other rule systems' battles through the same renderer, at their busiest moment: the
// Borodino hex battle (issue 14) and the dice-pool action (issue 15).
void frame_of_other_system(benchmark::State& state, const std::string& replay, int event) {
    Fixture& f = fixture(replay);
    run(state, scene_at_time(f.scene, time_of_event(f.scene, event)), false, replay);
}
void BM_BorodinoBattleFrame(benchmark::State& state) {
    frame_of_other_system(state, "borodino/shevardino_battle.replay.json", 150);
}
void BM_DicepoolActionFrame(benchmark::State& state) {
    frame_of_other_system(state, "dicepool/14_action.replay.json", 97);
}
void BM_Figures(benchmark::State& state) {
    run(state, crowd(int(state.range(0))), false);
}

}  // namespace

BENCHMARK(BM_EmptyFrame)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();
BENCHMARK(BM_DemoBattleFrame)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();
BENCHMARK(BM_BorodinoBattleFrame)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();
BENCHMARK(BM_DicepoolActionFrame)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();
BENCHMARK(BM_Figures)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(50000)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0)
    ->UseRealTime();
BENCHMARK_MAIN();
