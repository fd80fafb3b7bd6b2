#include "renderer/scene/hex_numbers.h"

#include <algorithm>
#include <cctype>
#include <charconv>

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
    constexpr std::string_view kWord = "hex (";
    for (std::size_t at = text.find(kWord); at != std::string_view::npos;
         at = text.find(kWord, at + 1)) {
        // A word of its own: "hex", not the end of "Vertex".
        if (at > 0 && std::isalpha(static_cast<unsigned char>(text[at - 1]))) continue;
        std::size_t i = at + kWord.size();
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
    std::vector<HexNumberMark> out;
    for (const HexCoord& h : cited_by(events[static_cast<std::size_t>(state.event)])) {
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
