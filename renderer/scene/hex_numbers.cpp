#include "renderer/scene/hex_numbers.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "renderer/scene/result_card.h"

namespace vedette::render {

namespace {

// Reads an optionally signed integer at `at`, skipping spaces before it; advances past it.
bool read_int(std::string_view s, std::size_t& at, int& out) {
    while (at < s.size() && s[at] == ' ') ++at;
    const char* first = s.data() + at;
    const auto [end, error] = std::from_chars(first, s.data() + s.size(), out);
    if (error != std::errc{} || end == first) return false;
    at += std::size_t(end - first);
    return true;
}

bool expect(std::string_view s, std::size_t& at, char c) {
    while (at < s.size() && s[at] == ' ') ++at;
    if (at >= s.size() || s[at] != c) return false;
    ++at;
    return true;
}

void add_cited(std::vector<HexCoord>& out, std::string_view text) {
    for (const HexCoord& h : hexes_cited(text))
        if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
}

// Every text of the event a viewer reads that may cite a hex.
std::vector<HexCoord> cited_by(const sim::record::Event& e) {
    std::vector<HexCoord> out;
    add_cited(out, e.text);
    if (!e.explanation) return out;
    for (const auto& s : e.explanation->sections) {
        add_cited(out, s.title);
        for (const auto& c : s.columns) add_cited(out, c);
        for (const auto& l : s.lines) add_cited(out, l.key + " " + l.value);
        for (const auto& n : s.notes) add_cited(out, n);
    }
    return out;
}

}  // namespace

std::vector<HexCoord> hexes_cited(std::string_view text) {
    std::vector<HexCoord> out;
    // "(q, r)": with "hex " before it or bare ("retreats to (-1, 7)"), as the records write a hex.
    for (std::size_t at = text.find('('); at != std::string_view::npos;
         at = text.find('(', at + 1)) {
        std::size_t i = at + 1;
        HexCoord h;
        if (!read_int(text, i, h.q) || !expect(text, i, ',') || !read_int(text, i, h.r) ||
            !expect(text, i, ')'))
            continue;
        if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
    }
    return out;
}

std::vector<HexNumberMark> hex_number_marks(const ReplayScene& scene, const SceneState& state) {
    const auto& grid = scene.replay.header.board.hex;
    const auto& events = scene.replay.events;
    if (!grid || state.event < 0 || state.event >= static_cast<int>(events.size())) return {};
    const HexLayout layout(*grid);
    // The event's own citations, and those of the result card shown with it (a retreat shows
    // the card of the shock that caused it).
    std::vector<HexCoord> cited = cited_by(events[static_cast<std::size_t>(state.event)]);
    const int card = card_event(scene, state.event);
    if (card >= 0 && card != state.event)
        for (const HexCoord& h : cited_by(events[static_cast<std::size_t>(card)]))
            if (std::find(cited.begin(), cited.end(), h) == cited.end()) cited.push_back(h);
    std::vector<HexNumberMark> out;
    for (const HexCoord& h : cited) {
        const bool on_board = std::any_of(grid->hexes.begin(), grid->hexes.end(),
                                          [&](const auto& g) { return g.q == h.q && g.r == h.r; });
        if (!on_board) continue;
        const auto [x, y] = layout.centre(h);
        out.push_back({h, x, y, "(" + std::to_string(h.q) + ", " + std::to_string(h.r) + ")",
                       layout.corners(h)});
    }
    return out;
}

}  // namespace vedette::render
