#pragma once
// `--overlay presenter`: a video made to be watched, not a desktop captured. Over each frame:
// - a title card from the scenario first (title, description, the sides, the rule system);
// - the table's marks (table_marks.h): styled arrows of the charge or melee shown, a clash
//   marker, front edges, status chips;
// - name tags over the units, and the units of the current event outlined in gold;
// - a teacher's note (replay_notes.h) at its moment: its text in the card's column (under the
//   card), its arrows and circles on the table;
// - a lower-third caption in large type (what happened; turn, phase and rule);
// - while a melee or a shock is shown, a result card (card_painter.h: outcome, dice, reasons,
//   luck) in the top corner farther from the action, kept on that side for the whole episode;
// - with `luck` (`--luck`), the battle's luck strip above the caption band (luck_painter.h).
// Type is sized from the frame height, so a 1080p video reads like a 720p one. Nothing here knows
// a rule system: it reads the replay's records and the result card (renderer/scene/result_card.h).

#include <map>
#include <memory>
#include <optional>

#include "renderer/export/captions.h"
#include "renderer/export/card_painter.h"
#include "renderer/export/luck_painter.h"
#include "renderer/export/marks_painter.h"
#include "renderer/export/overlay_painter.h"
#include "renderer/export/pacing.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/unit_labels.h"

namespace vedette::render {

struct PixelRect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// Where the current event's units stand on screen (the box round their centres), or nullopt
// when the event has none on screen. Overlays put their boxes on the other side.
std::optional<PixelRect> event_units_box(const RgbaImage& frame, const ReplayScene& scene,
                                         const SceneState& state, const Camera& camera,
                                         const TerrainModel& terrain);
// Whether a box in a top corner should stand on the left: the event's units are right of centre.
bool box_goes_left(const RgbaImage& frame, const ReplayScene& scene, const SceneState& state,
                   const Camera& camera, const TerrainModel& terrain);

// The height a presenter frame's type is sized from: the frame's height, or a portrait frame's
// width (a vertical video's text is as large as a landscape one's of the same width).
int type_height(std::uint32_t width, std::uint32_t height);
// The share of a portrait frame's height the table takes, above the card (framing.h).
constexpr float kPortraitTableShare = 0.44f;

class PresenterOverlay {
public:
    // `visuals` draws the marks; `notes` (may be null) are shown at their moments. Both must
    // outlive the overlay. `luck`: the luck strip too.
    PresenterOverlay(std::uint32_t width, std::uint32_t height, LabelStyle labels,
                     const Visuals& visuals, const ReplayNotes* notes = nullptr, bool luck = false);
    void paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m);
    // Where the result card shown at `event` stands in a frame of that size, on the `left` or
    // the right (nullopt: no card at that event), as a video pages it or (`still`) as a still
    // grows it; where the caption band of `caption` starts.
    std::optional<PixelRect> card_box(std::uint32_t width, std::uint32_t height,
                                      const ReplayScene& scene, int event, bool left,
                                      bool still = false);
    PixelRect caption_box(std::uint32_t width, std::uint32_t height, const std::string& caption);
    // Whether the card of an episode (or of an event outside any, as -2 - its index) stood left.
    bool card_left(int episode_or_event) const;
    // What the last paint covered: the card's box (nullopt: none) and the caption band's top.
    const std::optional<PixelRect>& last_card() const { return last_card_; }
    int last_caption_top() const { return last_caption_top_; }

private:
    PresenterOverlay(LabelStyle labels, const Visuals& visuals, const ReplayNotes* notes, bool luck,
                     std::uint32_t type_height);
    int full_frame_title(RgbaImage& frame, const ReplayScene& scene, double fade, int top);
    void rules_line(RgbaImage& frame, const ReplayScene& scene, int y);
    void title_card(RgbaImage& frame, const ReplayScene& scene, double fade);
    void end_card(RgbaImage& frame, const ReplayScene& scene, const std::vector<int>& recap,
                  double fade);
    void highlight_event_units(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m);
    // Each returns the box it painted (nullopt: none).
    // (`max_bottom`: the card's reasons stop above it.)
    std::optional<PixelRect> result_card(RgbaImage& frame, const ReplayScene& scene,
                                         const FrameMoment& m, int max_bottom);
    std::optional<PixelRect> charge_card(RgbaImage& frame, const ReplayScene& scene,
                                         const FrameMoment& m, int max_bottom);
    int note_height(const FrameMoment& m, int width);
    void note(RgbaImage& frame, const FrameMoment& m, const PixelRect& column);
    void luck_strip(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m,
                    const std::optional<PixelRect>& card, int caption_top);
    static int card_limit(std::uint32_t height);
    // Whether the card of an episode (or of an event outside any) stands left at this moment.
    bool side_for(int key, const RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m);

    LabelStyle labels_;
    const Visuals& visuals_;
    const ReplayNotes* notes_;
    MarksPainter marks_;
    CaptionPainter title_, caption_, card_text_, small_, label_text_;
    CardPainter card_;
    std::unique_ptr<LuckPainter> luck_;  // with --luck
    std::map<int, bool> card_side_;      // episode (or -2 - event) -> the card stands left
    std::optional<PixelRect> last_card_;
    int last_caption_top_ = 0;
};

}  // namespace vedette::render
