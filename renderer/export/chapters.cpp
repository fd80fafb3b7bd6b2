#include "renderer/export/chapters.h"

#include <cmath>
#include <cstdio>
#include <set>

namespace vedette::render {

namespace {

constexpr std::size_t kMaxTitle = 60;

std::size_t words_in(const std::string& text) {
    std::size_t words = 0;
    bool in_word = false;
    for (const char c : text) {
        const bool letter = c != ' ';
        words += letter && !in_word;
        in_word = letter;
    }
    return words;
}

// A caption as a chapter's title: up to the first colon that leaves at least three words before
// it ("1er cuirassiers charges Sandham's foot battery: 22.5 cm away..." -> its first part, "Melee:
// 1er cuirassiers 17 against Sandham's foot battery 3: ..." -> up to the second colon), at most 60
// characters, cut at a space.
std::string title_of(const std::string& caption) {
    std::string title = caption;
    for (std::size_t at = caption.find(':'); at != std::string::npos;
         at = caption.find(':', at + 1)) {
        if (words_in(caption.substr(0, at)) >= 3) {
            title = caption.substr(0, at);
            break;
        }
    }
    if (title.size() > kMaxTitle) {
        const std::size_t space = title.rfind(' ', kMaxTitle);
        title = title.substr(0, space == std::string::npos ? kMaxTitle : space) + "...";
    }
    return title;
}

std::string clock(double seconds) {
    const long total = std::lround(std::floor(std::max(0.0, seconds)));
    char out[32];
    if (total >= 3600)
        std::snprintf(out, sizeof out, "%ld:%02ld:%02ld", total / 3600, (total / 60) % 60,
                      total % 60);
    else
        std::snprintf(out, sizeof out, "%02ld:%02ld", total / 60, total % 60);
    return out;
}

}  // namespace

std::vector<Chapter> chapters_of(const ReplayScene& scene, const PacedVideo& video) {
    const auto& h = scene.replay.header;
    std::vector<Chapter> out{{0.0, h.title.empty() ? "Opening" : h.title}};
    std::set<int> seen;
    for (const auto& s : video.segments) {
        if (s.event == kEndCard) {
            out.push_back({s.video_start_s, "The result"});
            continue;
        }
        if (s.event < 0) continue;
        const auto& e = scene.replay.events[static_cast<std::size_t>(s.event)];
        if (e.episode < 0 || e.text.empty() || !seen.insert(e.episode).second) continue;
        out.push_back({s.video_start_s, title_of(e.text)});
    }
    // Chapters a second apart at least (players round to seconds); a later one replaces an
    // earlier one at the same second, but never the opening.
    std::vector<Chapter> kept;
    for (const auto& c : out) {
        if (!kept.empty() && std::floor(c.start_s) <= std::floor(kept.back().start_s)) {
            if (kept.size() > 1) kept.back() = c;
            continue;
        }
        kept.push_back(c);
    }
    return kept;
}

std::string chapters_text(const std::vector<Chapter>& chapters) {
    std::string out;
    for (const auto& c : chapters) out += clock(c.start_s) + " " + c.title + "\n";
    return out;
}

std::string ffmetadata_of(const std::vector<Chapter>& chapters, double seconds) {
    std::string out = ";FFMETADATA1\n";
    for (std::size_t i = 0; i < chapters.size(); ++i) {
        const double end = i + 1 < chapters.size() ? chapters[i + 1].start_s : seconds;
        std::string title;
        for (const char c : chapters[i].title) {  // = ; # \ and newlines are escaped
            if (c == '=' || c == ';' || c == '#' || c == '\\' || c == '\n') title += '\\';
            title += c;
        }
        out += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=" +
               std::to_string(std::llround(chapters[i].start_s * 1000)) +
               "\nEND=" + std::to_string(std::llround(std::max(end, chapters[i].start_s) * 1000)) +
               "\ntitle=" + title + "\n";
    }
    return out;
}

}  // namespace vedette::render
