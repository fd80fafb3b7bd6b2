// A video's title and end cards over the whole frame, the table darkened behind them: the title
// card gives the scenario (title, description, the sides, the rule system); the end card what
// the video showed, each result card's outcome as a headline over the caption it came with.

#include <cctype>

#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"

namespace vedette::render {

namespace {

class FullFrameCardsLayer final : public OverlayLayer {
public:
    const char* name() const override { return "title and end cards"; }
    bool full_frame() const override { return true; }
    void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout&) override {
        if (m.full_frame == OverlayMoment::FullFrame::title)
            title_card(canvas, m.scene, m.full_frame_fade);
        else if (m.full_frame == OverlayMoment::FullFrame::end && m.recap)
            end_card(canvas, m.scene, *m.recap, m.full_frame_fade);
    }

private:
    // The table darkened, the more the further the card has faded in, and the battle's title at
    // `top`. Returns the y under the title, or -1 while the card is still too faint for words.
    static int full_frame_title(Canvas& c, const ReplayScene& scene, double fade, int top) {
        const auto& h = scene.replay.header;
        c.shade(0, 0, c.width(), c.height(), float(1.0 - 0.8 * fade));
        if (fade < 0.35) return -1;
        const int margin = c.width() / 10;
        return c.text(presenter_type::title, h.title.empty() ? "A Vedette replay" : h.title, margin,
                      top, c.width() - 2 * margin, {255, 235, 180});
    }

    // The last line of a full-frame card: the rule system, and what replayed it.
    static void rules_line(Canvas& c, const ReplayScene& scene, int y) {
        const int margin = c.width() / 10;
        c.text(presenter_type::small,
               "Rules: " + scene.replay.header.ruleset + "   -   replayed with Vedette", margin,
               y + 24, c.width() - 2 * margin, {180, 170, 140});
    }

    static void title_card(Canvas& c, const ReplayScene& scene, double fade) {
        int y = full_frame_title(c, scene, fade, c.height() / 4);
        if (y < 0) return;
        const auto& h = scene.replay.header;
        const int margin = c.width() / 10, max_w = c.width() - 2 * margin;
        std::string sides;
        for (const auto& s : h.sides) sides += (sides.empty() ? "" : "  v  ") + s.name;
        if (!sides.empty())
            y = c.text(presenter_type::caption, sides, margin, y + 8, max_w, {235, 235, 235});
        if (!h.description.empty())
            y = c.text(presenter_type::card, h.description, margin, y + 16, max_w, {210, 210, 200});
        rules_line(c, scene, y);
    }

    // The last four result cards' outcomes, each over the caption it came with.
    static void end_card(Canvas& c, const ReplayScene& scene, const std::vector<int>& recap,
                         double fade) {
        int y = full_frame_title(c, scene, fade, c.height() / 6);
        if (y < 0) return;
        const int margin = c.width() / 10, max_w = c.width() - 2 * margin;
        const auto& events = scene.replay.events;
        for (std::size_t i = recap.size() > 4 ? recap.size() - 4 : 0; i < recap.size(); ++i) {
            const auto& e = events[static_cast<std::size_t>(recap[i])];
            const auto result = result_card_of(*e.explanation);
            if (!result) continue;
            std::string outcome = result->outcome;
            if (!outcome.empty())
                outcome[0] = char(std::toupper(static_cast<unsigned char>(outcome[0])));
            y = c.text(presenter_type::caption, outcome, margin, y + 16, max_w, {255, 214, 90});
            y = c.text(presenter_type::card, e.text, margin, y + 4, max_w, {225, 225, 215});
        }
        rules_line(c, scene, y);
    }
};

}  // namespace

std::unique_ptr<OverlayLayer> full_frame_cards_layer(const LayerOptions&) {
    return std::make_unique<FullFrameCardsLayer>();
}

}  // namespace vedette::render
