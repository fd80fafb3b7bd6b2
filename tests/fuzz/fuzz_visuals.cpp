// fuzz_visuals: the visuals reader (renderer/scene/visuals load_visuals, assets/visuals.json: the
// figures of each roster `visual`, nation and side colours, hex terrain colours, arrow and status
// marker looks), compiled in without the renderer. A visuals file that loads is then used as the
// renderer uses it, on two shipped replays (a GdB battle with figures, a Borodino one on a hex
// board with counters): the figures laid out, the table marks, and the ground coloured by hex
// terrain. Expected for bad input: sim::InputError naming the file and the JSON path. (The models
// mapping, assets/models.json, is fuzz_gltf's.)

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "renderer/scene/figure_layout.h"
#include "renderer/scene/table_marks.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/visuals.h"
#include "sim/core/input_error.h"
#include "sim/replay/replay.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

struct Shown {
    render::ReplayScene scene;
    std::vector<render::SceneState> states;  // the middle of the replay and its last event
};

Shown shown(const std::string& relative) {
    Shown s;
    s.scene = render::scene_of(sim::replay::parse_replay(
        fuzz::source_file(relative), std::string(VEDETTE_FUZZ_SOURCE_DIR) + "/" + relative));
    for (const std::int64_t t : {s.scene.duration_ms / 2, s.scene.duration_ms})
        s.states.push_back(render::scene_at_time(s.scene, t));
    return s;
}

const std::vector<Shown>& replays() {
    static const std::vector<Shown> loaded = [] {
        std::vector<Shown> r;
        r.push_back(shown("replays/seed000/01_young_guard_vs_landwehr.replay.json"));
        r.push_back(shown("replays/borodino/clause_9_21_who_may_shock.replay.json"));
        return r;
    }();
    return loaded;
}

bool finite(const render::Instance& i) {
    for (float v : {i.x, i.y, i.z, i.yaw, i.sx, i.sy, i.sz, i.r, i.g, i.b, i.a})
        if (!std::isfinite(v)) return false;
    return true;
}

void use(const render::Visuals& visuals) {
    for (const Shown& s : replays()) {
        for (const render::SceneState& state : s.states) {
            const render::InstanceBatches batches = render::layout_figures(state, visuals);
            for (const auto& mesh : batches.by_mesh)
                for (const auto& i : mesh)
                    fuzz::expect(finite(i), "a figure is placed or coloured with a non-number");
            (void)render::table_marks(s.scene, state, visuals);
        }
        const auto& board = s.scene.replay.header.board;
        (void)render::TerrainModel(board.terrain, board.hex, visuals);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)replays();  // read before the first input, so a slow start is not the input's
    const std::string path = fuzz::write_scratch_file("visuals.json", fuzz::as_text(data, size));
    render::Visuals visuals;
    try {
        visuals = render::load_visuals(path);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input: `vedette view`, `render` and `export` report it (exit 2)
    }
    use(visuals);
    return 0;
}
