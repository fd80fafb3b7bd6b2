#pragma once
// The presenter's overlays as scene-level layers: each draws one thing (the result card, the
// caption, name tags, the table's marks, a note, the luck strip, the scale bar) on a canvas
// (canvas.h) from the moment shown and the frame's layout (presenter_layout.h), knowing nothing
// of the back end. The export paints them on its frames, the viewer draws them over its table:
// one description, two back ends. Nothing here knows a rule system.
//
// A new overlay is one file in layers/ and one line in presenter_layers.cpp.

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "renderer/overlay/canvas.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/result_card.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/unit_labels.h"

namespace vedette::render {

struct ReplayNotes;
struct Visuals;

// What a frame shows: the table's state, the camera that drew it and, in a video, what its
// pacing (renderer/export/pacing.h) decided for this frame.
struct OverlayMoment {
    const ReplayScene& scene;
    const SceneState& state;
    const Camera& camera;
    const TerrainModel& terrain;
    // A still picture or the viewer: a long card grows a second column instead of turning pages.
    bool still = false;
    // Of the result card shown, how many parts a video has revealed yet (result_card.h
    // card_part_chars' order); all of them by default.
    std::size_t card_parts = std::size_t(-1);
    // A video's title or end card over the whole frame (never in the viewer or a still), how far
    // it has faded in (0 to 1) and the end card's recap: the events whose cards the video showed.
    enum class FullFrame { none, title, end } full_frame = FullFrame::none;
    double full_frame_fade = 1.0;
    const std::vector<int>* recap = nullptr;
};

// Where the presenter's boxes stand in this frame, laid out once before any layer draws, so
// that no layer covers another's box or the units of the moment.
struct PresenterLayout {
    bool full_frame = false;  // a title or end card fills the frame: only full-frame layers draw
    int margin = 0;           // kept from the frame's edges
    int caption_top = 0;      // the caption band's top (the canvas's height: no caption)
    // The result card (or a charge's card) shown, the column it is laid out in and the box it
    // takes (two columns wide when it grew); its reasons stop above card_max_bottom and only its
    // first card_parts parts are revealed yet.
    std::optional<ResultCard> card;
    PixelRect card_column;
    PixelRect card_box;
    bool card_left = false;
    int card_max_bottom = 0;
    std::size_t card_parts = std::size_t(-1);
    PixelRect note_column;  // where a teacher's note goes: under the card, else a top corner
    std::optional<PixelRect> note_box;  // the note shown now, in its column (nullopt: none)
};

class OverlayLayer {
public:
    virtual ~OverlayLayer() = default;
    virtual void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout& layout) = 0;
    // What it draws, in a word ("caption", "card"): the viewer picks layers by it, tests too.
    virtual const char* name() const = 0;
    // A layer that fills the whole frame (the title and end cards): drawn alone while
    // layout.full_frame, never otherwise.
    virtual bool full_frame() const { return false; }
};

using OverlayLayers = std::vector<std::unique_ptr<OverlayLayer>>;

struct LayerOptions {
    const Visuals& visuals;                // the sides' colours, the marks' looks
    LabelStyle labels = LabelStyle::name;  // what the name tags say
    const ReplayNotes* notes = nullptr;    // a teacher's notes, shown at their moments
    bool luck = false;                     // the battle's luck strip (--luck)
};

// The presenter's layers, bottom to top (presenter_layers.cpp). `o.visuals` and `o.notes` must
// outlive them.
OverlayLayers presenter_layers(const LayerOptions& o);

// Draws `layers` over `canvas` for the moment: the full-frame ones while a title or end card
// shows, the others otherwise.
void draw_layers(OverlayLayers& layers, Canvas& canvas, const OverlayMoment& m,
                 const PresenterLayout& layout);

}  // namespace vedette::render
