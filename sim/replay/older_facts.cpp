#include "sim/replay/older_facts.h"

#include <cctype>
#include <string_view>

namespace vedette::sim::replay {

namespace {

bool digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

}  // namespace

int die_sides_in_words(const std::string& words) {
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        const char c = words[i];
        if (c != 'd' && c != 'D') continue;
        const bool starts = i == 0 || !std::isalpha(static_cast<unsigned char>(words[i - 1]));
        std::size_t j = i + 1;
        int sides = 0;
        while (j < words.size() && digit(words[j]) && sides < 1000)
            sides = sides * 10 + (words[j++] - '0');
        const bool ends = j == words.size() || !std::isalnum(static_cast<unsigned char>(words[j]));
        if (starts && ends && j > i + 1 && sides >= 2 && sides <= 100) return sides;
    }
    return 6;
}

int target_in_words(const std::string& words) {
    constexpr std::string_view kWord = "needs ";
    for (std::size_t at = words.find(kWord); at != std::string::npos;
         at = words.find(kWord, at + 1)) {
        if (at > 0 && std::isalpha(static_cast<unsigned char>(words[at - 1]))) continue;
        std::size_t j = at + kWord.size();
        const std::size_t first = j;
        int target = 0;
        while (j < words.size() && j - first < 2 && digit(words[j]))
            target = target * 10 + (words[j++] - '0');
        if (j > first && j < words.size() && words[j] == '+' && target > 0) return target;
    }
    return 0;
}

record::Stand stand_in_words(std::string_view layout) {
    if (layout == "square" || layout == "mass") return record::Stand::four_faces;
    if (layout == "limbered") return record::Stand::limbered;
    if (layout == "skirmish" || layout == "open_order" || layout == "loose")
        return record::Stand::open;
    return record::Stand::ranks;
}

namespace {

void state_look(record::Look& look) {
    look.stand = stand_in_words(look.layout);
}

}  // namespace

void state_older_facts(std::vector<record::Event>& events,
                       std::vector<record::Keyframe>& keyframes) {
    for (auto& e : events) {
        for (auto& s : e.after) state_look(s.look);
        for (auto& effect : e.effects)
            if (effect.look) state_look(*effect.look);
        if (!e.explanation) continue;
        for (auto& s : e.explanation->sections)
            for (auto& g : s.dice) {
                if (g.sides == 6) g.sides = die_sides_in_words(s.title + " " + g.label);
                if (g.target == 0) g.target = target_in_words(g.label);
            }
    }
    for (auto& k : keyframes)
        for (auto& s : k.units) state_look(s.look);
}

}  // namespace vedette::sim::replay
