#pragma once
// The presenter's one layout step (overlay_layer.h PresenterLayout): where the caption band, the
// result card and a teacher's note stand in a frame, before any layer draws. The card takes the
// top corner farther from the action and keeps it for its episode; the caption band sits at the
// bottom; a note goes under the card. The export's frames and the viewer's table share it.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "renderer/overlay/overlay_layer.h"

namespace vedette::render {

// The presenter's type, as lines per type height: large enough for a phone screen at any size.
namespace presenter_type {
inline constexpr Type title{12.0f}, caption{20.0f}, card{30.0f}, small{38.0f}, label{36.0f};
}

// The height a presenter frame's type is sized from: the frame's height, or a portrait frame's
// width (a vertical video's text is as large as a landscape one's of the same width).
int type_height(std::uint32_t width, std::uint32_t height);
// The share of a portrait frame's height the table takes, above the card (framing.h).
constexpr float kPortraitTableShare = 0.44f;

// The margin overlays keep from the frame's edges.
int frame_margin(int width, int height);
// The column a card (or a note) stands in: a top corner (landscape) or the width under the table
// (portrait); y1 is the frame's bottom. `paged`: a video's card, which turns pages.
PixelRect card_column(int width, int height, bool left, bool paged = false);
// Whether a card grows its second column to the left (a card in the right corner).
bool grows_left(int width, int height, bool card_left);
// How far down a card's reasons may go: above the caption band.
int card_limit(int height);

// The four corners of a unit's footprint on the table (a little outside its base).
std::vector<std::pair<double, double>> footprint(const UnitView& u);
// The units of the event shown (null: none, or a turn's start).
const std::vector<int>* event_units(const ReplayScene& scene, const SceneState& state);
// Where the current event's units stand on screen (the box round their centres), or nullopt
// when the event has none on screen. Overlays put their boxes on the other side.
std::optional<PixelRect> event_units_box(int width, int height, const ReplayScene& scene,
                                         const SceneState& state, const Camera& camera,
                                         const TerrainModel& terrain);
// Whether a box in a top corner should stand on the left: the event's units are right of centre.
bool box_goes_left(int width, int height, const ReplayScene& scene, const SceneState& state,
                   const Camera& camera, const TerrainModel& terrain);

// The caption band's top for `caption` on a canvas (in presenter_type::caption).
int caption_band_top(Canvas& canvas, const Type& type, const std::string& caption);

class PresenterLayouter {
public:
    explicit PresenterLayouter(const ReplayNotes* notes = nullptr) : notes_(notes) {}
    // The layout of this moment on `canvas` (whose metrics measure the text). Remembers which
    // side each episode's card took.
    PresenterLayout lay_out(Canvas& canvas, const OverlayMoment& m);
    // Where the result card shown at `event` stands on a canvas of that size, on the `left` or
    // the right (nullopt: no card at that event), as a video pages it or (`still`) as a still
    // grows it.
    std::optional<PixelRect> card_box(Canvas& metrics, int width, int height,
                                      const ReplayScene& scene, int event, bool left,
                                      bool still = false);
    // Whether the card of an episode (or of an event outside any, as -2 - its index) stood left.
    bool card_left(int episode_or_event) const;

private:
    bool side_for(int key, Canvas& canvas, const OverlayMoment& m);
    int note_height(Canvas& canvas, const OverlayMoment& m, int width);
    const ReplayNotes* notes_;
    std::map<int, bool> card_side_;  // episode (or -2 - event) -> the card stands left
};

}  // namespace vedette::render
