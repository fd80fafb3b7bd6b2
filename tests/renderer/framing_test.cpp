// Framing a presenter video (renderer/scene/framing.h, the director with presenter limits): in 30
// settled frames of each rule system's presenter export, the current event's units stand clear of
// the caption band and of the result card, and at most 15% of the frame shows what lies beyond the
// table. No GPU: the camera, the overlay's boxes and the void are all geometry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "renderer/export/pacing.h"
#include "renderer/export/presenter_overlay.h"
#include "renderer/scene/director.h"
#include "renderer/scene/framing.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {
namespace framing_test {

constexpr std::uint32_t kW = 1920, kH = 1080;
constexpr int kFps = 10;  // the director steps as it would at 30 fps, three times as fast

const std::string kSource = VEDETTE_SOURCE_DIR;

// The screen box of a unit's footprint (its four corners, a little above the ground).
std::optional<PixelRect> unit_box(const Camera& c, const UnitView& u) {
    const double rx = u.facing_y, ry = -u.facing_x;
    const double hw = u.width_mm / 2, hd = u.depth_mm / 2;
    std::optional<PixelRect> box;
    for (const double sx : {-1.0, 1.0})
        for (const double sy : {-1.0, 1.0}) {
            float x = 0, y = 0;
            const glm::vec3 p = table_point(u.x_mm + rx * hw * sx + u.facing_x * hd * sy,
                                            u.y_mm + ry * hw * sx + u.facing_y * hd * sy, 5.0);
            if (!project_to_screen(c, p, float(kW), float(kH), x, y)) return std::nullopt;
            // Clamped before the cast: a corner near the camera's plane projects far away.
            const int ix = int(std::clamp(x, -1e6f, 1e6f)), iy = int(std::clamp(y, -1e6f, 1e6f));
            if (!box)
                box = PixelRect{ix, iy, ix, iy};
            else
                *box = {std::min(box->x0, ix), std::min(box->y0, iy), std::max(box->x1, ix),
                        std::max(box->y1, iy)};
        }
    return box;
}

bool overlap(const PixelRect& a, const PixelRect& b) {
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

struct Report {
    int frames = 0, clear = 0;
    float worst_void = 0;
    std::string first_problem;
};

Report film(const std::string& replay) {
    const ReplayScene scene = load_replay_scene(kSource + "/" + replay);
    Pacing p;
    p.fps = kFps;
    // Every event up 4.5 s at least: each has a settled shot to check (the director keeps a shot
    // 2 s, then eases in).
    p.min_caption_s = 4.5;
    p.reading_chars_per_s = 15.0;
    const PacedVideo v = pace_video(scene, 0, scene.duration_ms, p);
    // The frames to check: settled ones (a second into a held moment, the shot taken) of events
    // with units.
    std::vector<std::size_t> settled;
    for (std::size_t i = 0; i < v.frames.size(); ++i) {
        const PacedSegment& s = v.segments[std::size_t(v.frames[i].segment)];
        const double at = double(i) / kFps - s.video_start_s;
        // Settled: the director keeps a shot at least 2 s before it moves on (min_shot_s), then
        // eases in for about a second.
        if (s.event < 0 || at < std::max(s.play_s + 0.8, 3.2) || at > s.play_s + s.hold_s) continue;
        const auto& e = scene.replay.events[std::size_t(s.event)];
        // An event naming every unit (the setup) gets an establishing shot of the table instead.
        const bool everyone = e.units.size() >= scene.replay.header.units.size();
        if (!e.units.empty() && !everyone && e.category != sim::record::Category::turn)
            settled.push_back(i);
    }
    std::vector<std::size_t> checked;
    for (int k = 0; k < 30 && !settled.empty(); ++k)
        checked.push_back(settled[settled.size() * std::size_t(k) / 30]);

    static const Visuals visuals;
    PresenterOverlay overlay(kW, kH, LabelStyle::name, visuals);
    DirectorCamera director(2.0, 0.6, presenter_shot_limits());
    const float aspect = float(kW) / float(kH);
    const double table_w = double(scene.replay.header.board.terrain.width_mm);
    const double table_d = double(scene.replay.header.board.terrain.depth_mm);
    Report r;
    for (std::size_t i = 0; i <= (checked.empty() ? 0 : checked.back()); ++i) {
        const SceneState state = scene_at_time(scene, v.frames[i].replay_ms);
        const Camera camera = director.next(scene, state, aspect, i == 0 ? 0.0 : 1.0 / kFps);
        if (std::find(checked.begin(), checked.end(), i) == checked.end()) continue;
        ++r.frames;
        const float lost = void_fraction(camera, aspect, table_w, table_d, 192, 108);
        if (std::getenv("VEDETTE_DEBUG_FRAMING"))
            std::printf("frame %zu event %d void %.3f eye %.0f %.0f %.0f target %.0f %.0f %.0f\n",
                        i, state.event, lost, camera.eye.x, camera.eye.y, camera.eye.z,
                        camera.target.x, camera.target.y, camera.target.z);
        r.worst_void = std::max(r.worst_void, lost);
        const auto& e = scene.replay.events[std::size_t(state.event)];
        std::vector<PixelRect> boxes;
        int sum_x = 0;
        for (const auto& u : state.units)
            if (u.on_table && std::find(e.units.begin(), e.units.end(), u.unit) != e.units.end())
                if (const auto b = unit_box(camera, u)) {
                    boxes.push_back(*b);
                    sum_x += (b->x0 + b->x1) / 2;
                }
        if (boxes.empty()) {  // the event's units have all left the table: nothing to cover
            ++r.clear;
            continue;
        }
        // The card stands in the top corner farther from the action (as the overlay decides).
        const bool left = sum_x / int(boxes.size()) > int(kW) / 2;
        const PixelRect caption = overlay.caption_box(kW, kH, e.text);
        const auto card = overlay.card_box(kW, kH, scene, state.event, left);
        bool clear = true;
        for (const auto& b : boxes) {
            const bool off = b.x1 < 0 || b.y1 < 0 || b.x0 > int(kW) || b.y0 > int(kH);
            if (off || overlap(b, caption) || (card && overlap(b, *card))) clear = false;
        }
        r.clear += clear ? 1 : 0;
        if (!clear && r.first_problem.empty())
            r.first_problem = "event " + std::to_string(state.event) + " (" + e.text + ")";
    }
    return r;
}

// The result card's side, read from the frame: its gold edge at the left card's left edge or at
// the right card's. 0: no card; 1 left; 2 right.
int card_side_in(const RgbaImage& frame) {
    const int w = int(frame.width), h = int(frame.height);
    const int card_w = std::max(w * 3 / 10, std::min(240, w / 2)), margin = std::max(4, h / 54);
    const auto gold = [&](int x) {
        const std::uint8_t* p = frame.at(std::uint32_t(x), std::uint32_t(margin + 2));
        return p[0] == 255 && p[1] == 214 && p[2] == 90;
    };
    return gold(margin + 1) ? 1 : gold(w - margin - card_w + 1) ? 2 : 0;
}

// The card's side over the frames of a presenter export: it stands where the episode's card first
// showed and changes sides only when the camera brings the action under it (the units are never
// hidden), so never back and forth: at most twice an episode (the action crossing the frame and
// back), and never twice within 2 s.
TEST(PresenterCard, ChangesSidesOnlyToUncoverTheActionNeverBackAndForth) {
    const ReplayScene scene =
        load_replay_scene(kSource + "/replays/dicepool/14_action.replay.json");
    Pacing p;
    p.fps = kFps;
    p.min_caption_s = 2.0;
    const PacedVideo v = pace_video(scene, 0, scene.duration_ms / 3, p);
    static const Visuals visuals;
    constexpr std::uint32_t w = 768, h = 432;
    PresenterOverlay overlay(w, h, LabelStyle::name, visuals);
    DirectorCamera director(2.0, 0.6, presenter_shot_limits());
    const TerrainModel terrain(scene.replay.header.board.terrain);
    std::map<int, int> side_of;        // episode (or -2 - event) -> the side last seen
    std::map<int, int> changes_of;     // episode -> how often its card changed sides
    std::map<int, double> changed_at;  // episode -> when it last did (video seconds)
    int cards = 0;
    for (std::size_t i = 0; i < v.frames.size(); ++i) {
        const SceneState state = scene_at_time(scene, v.frames[i].replay_ms);
        const Camera camera = director.next(scene, state, float(w) / float(h), 1.0 / kFps);
        const int shown = card_event(scene, state.event);
        if (shown < 0) continue;
        RgbaImage frame(w, h);
        const PacedSegment& segment = v.segments[std::size_t(v.frames[i].segment)];
        overlay.paint(frame, scene, {state, camera, terrain, segment, double(i) / kFps});
        const int side = card_side_in(frame);
        ASSERT_NE(side, 0) << "frame " << i << ": no card found though event " << shown
                           << " has one";
        ++cards;
        const int episode = scene.replay.events[std::size_t(shown)].episode;
        const int key = episode >= 0 ? episode : -2 - shown;
        const auto [it, first] = side_of.emplace(key, side);
        if (first || it->second == side) continue;
        const double now = double(i) / kFps;
        EXPECT_FALSE(changes_of[key] > 0 && now - changed_at[key] < 2.0)
            << "the card of " << key << " changed sides twice within 2 s";
        ++changes_of[key];
        changed_at[key] = now;
        it->second = side;
    }
    EXPECT_GT(cards, 30);
    for (const auto& [key, n] : changes_of) EXPECT_LE(n, 2) << "episode " << key;
}

class PresenterFraming : public ::testing::TestWithParam<const char*> {};

TEST_P(PresenterFraming, UnitsStandClearOfCaptionAndCardAndTheTableFillsTheFrame) {
    const Report r = film(GetParam());
    ASSERT_EQ(r.frames, 30);
    EXPECT_EQ(r.clear, r.frames) << "first covered: " << r.first_problem;
    EXPECT_LE(r.worst_void, 0.15f);
}

// Issue 41, item 4: at the settled end of every event of the shipped battles (its last frame,
// the shot taken and the card read), the overlay as it paints that frame keeps the event's units
// (their projected bases) clear of its card and of its caption band.
TEST_P(PresenterFraming, NoEventsUnitsStandUnderTheCardOrTheCaptionAtAnyEvent) {
    const ReplayScene scene = load_replay_scene(kSource + "/" + GetParam());
    Pacing p;
    p.fps = kFps;
    p.min_caption_s = 1.5, p.max_caption_s = 7.0, p.reading_chars_per_s = 15.0;
    const PacedVideo v = pace_video(scene, 0, scene.duration_ms, p);
    static const Visuals visuals;
    PresenterOverlay overlay(kW, kH, LabelStyle::name, visuals);
    DirectorCamera director(2.0, 0.6, presenter_shot_limits());
    const TerrainModel terrain(scene.replay.header.board.terrain);
    const float aspect = float(kW) / float(kH);
    int checked = 0;
    std::vector<std::string> covered;
    for (std::size_t i = 0; i < v.frames.size(); ++i) {
        const SceneState state = scene_at_time(scene, v.frames[i].replay_ms);
        const Camera camera = director.next(scene, state, aspect, i == 0 ? 0.0 : 1.0 / kFps);
        const bool last_of_segment =
            i + 1 == v.frames.size() || v.frames[i + 1].segment != v.frames[i].segment;
        const PacedSegment& segment = v.segments[std::size_t(v.frames[i].segment)];
        if (!last_of_segment || state.event < 0 || segment.event != state.event) continue;
        const auto& e = scene.replay.events[std::size_t(state.event)];
        const bool everyone = e.units.size() >= scene.replay.header.units.size();
        if (e.units.empty() || everyone || e.category == sim::record::Category::turn) continue;
        RgbaImage frame(kW, kH);
        overlay.paint(frame, scene, {state, camera, terrain, segment, double(i) / kFps});
        const PixelRect caption{0, overlay.last_caption_top(), int(kW), int(kH)};
        ++checked;
        for (const auto& u : state.units) {
            if (!u.on_table || std::find(e.units.begin(), e.units.end(), u.unit) == e.units.end())
                continue;
            const auto b = unit_box(camera, u);
            if (!b) continue;
            const bool under_card = overlay.last_card() && overlap(*b, *overlay.last_card());
            if (under_card || overlap(*b, caption))
                covered.push_back("event " + std::to_string(state.event) + " (" +
                                  scene.replay.header.units[std::size_t(u.unit)].name +
                                  (under_card ? " under the card" : " under the caption") + ")");
        }
    }
    EXPECT_GT(checked, 5);
    std::string list;
    for (const auto& c : covered) list += "\n  " + c;
    EXPECT_TRUE(covered.empty()) << covered.size() << " covered of " << checked
                                 << " events checked:" << list;
}

INSTANTIATE_TEST_SUITE_P(EverySystem, PresenterFraming,
                         ::testing::Values("replays/demo/demo_battle.replay.json",
                                           "replays/borodino/shevardino_battle.replay.json",
                                           "replays/dicepool/14_action.replay.json"));

}  // namespace framing_test
}  // namespace vedette::render
