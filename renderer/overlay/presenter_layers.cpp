// The presenter's layers in the order they draw, bottom to top. Each is made in its own file
// under layers/; a maker may decline (null) when its option is off.

#include "renderer/overlay/overlay_layer.h"

namespace vedette::render {

std::unique_ptr<OverlayLayer> table_marks_layer(const LayerOptions& o);
std::unique_ptr<OverlayLayer> unit_highlight_layer(const LayerOptions& o);
std::unique_ptr<OverlayLayer> name_tags_layer(const LayerOptions& o);
std::unique_ptr<OverlayLayer> caption_layer(const LayerOptions& o);
std::unique_ptr<OverlayLayer> card_layer(const LayerOptions& o);
std::unique_ptr<OverlayLayer> note_layer(const LayerOptions& o);
std::unique_ptr<OverlayLayer> luck_layer(const LayerOptions& o);
std::unique_ptr<OverlayLayer> full_frame_cards_layer(const LayerOptions& o);
std::unique_ptr<OverlayLayer> scale_bar_layer(const LayerOptions& o);

OverlayLayers presenter_layers(const LayerOptions& o) {
    using Maker = std::unique_ptr<OverlayLayer> (*)(const LayerOptions&);
    const Maker makers[] = {
        table_marks_layer,       // the arrows, the clash, front edges and chips on the table
        unit_highlight_layer,    // the event's units outlined in gold
        name_tags_layer,         // a name over each unit
        caption_layer,           // the lower third
        card_layer,              // the result card in its top corner
        note_layer,              // a teacher's note, under the card
        luck_layer,              // --luck: the luck strip above the caption
        scale_bar_layer,         // a scale bar under the card
        full_frame_cards_layer,  // a video's title and end cards
    };
    OverlayLayers layers;
    for (const Maker make : makers)
        if (auto layer = make(o)) layers.push_back(std::move(layer));
    return layers;
}

void draw_layers(OverlayLayers& layers, Canvas& canvas, const OverlayMoment& m,
                 const PresenterLayout& layout) {
    for (auto& layer : layers)
        if (layer->full_frame() == layout.full_frame) layer->draw(canvas, m, layout);
}

}  // namespace vedette::render
