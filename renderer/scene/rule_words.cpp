#include "renderer/scene/rule_words.h"

#include <cctype>

namespace vedette::render {

std::string readable_rule(const std::string& rule) {
    // "X charges (seed 000)" -> "X charges"; "(seed 000; RULINGS evaders)" -> "(RULINGS
    // evaders)"; "1.2 c; seed 000 (routers ...)" -> "1.2 c (routers ...)". The seeds are the
    // project's sources, not words a viewer knows.
    std::string out = rule;
    for (std::size_t at = out.find("seed "); at != std::string::npos; at = out.find("seed ", at)) {
        std::size_t end = at + 5;
        while (end < out.size() && std::isdigit(static_cast<unsigned char>(out[end]))) ++end;
        if (end == at + 5) {
            at = end;
            continue;
        }
        std::size_t begin = at;
        if (end < out.size() && out[end] == ';') {
            ++end;  // "seed 000; X": keep X
            while (end < out.size() && out[end] == ' ') ++end;
        } else {
            while (begin > 0 && out[begin - 1] == ' ') --begin;
            if (begin > 0 && out[begin - 1] == ';') --begin;  // "X; seed 000": keep X
        }
        out.erase(begin, end - begin);
        at = begin;
    }
    // "()" left by "(seed 000)", and the space before it.
    for (std::size_t p = out.find("()"); p != std::string::npos; p = out.find("()")) {
        std::size_t begin = p;
        while (begin > 0 && out[begin - 1] == ' ') --begin;
        out.erase(begin, p + 2 - begin);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::string caption_detail(const ReplayScene& scene, const sim::record::Event& e) {
    const auto& header = scene.replay.header;
    // Events of a turn name the turn, their phase (as the replay labels it) and their rule; the
    // setup before the first turn names the battle.
    // (Not when the setup's caption names the battle itself: the title would be said twice.)
    if (e.turn <= 0) return e.text.find(header.title) != std::string::npos ? "" : header.title;
    std::string detail = "Turn " + std::to_string(e.turn) + ", " + header.phase_label(e.phase);
    if (!e.rule.empty()) detail += "  -  " + readable_rule(e.rule);
    return detail;
}

}  // namespace vedette::render
