// Every shipped replay, read as a viewer of the videos reads it: no caption (an event's text and
// its second line), no line of a result card and no subtitle shows an internal id (a word with an
// underscore, "defender_retreats"), and every melee or shock card whose explanation applied
// modifiers names them. No rules are loaded: the replays' records are all there is.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "renderer/export/captions.h"
#include "renderer/export/subtitles.h"
#include "renderer/scene/result_card.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace shipped_words_test {

using sim::record::Category;
using sim::record::Explanation;
using sim::record::SectionKind;

// The first internal id in `text` ("" when none): letters, an underscore, letters.
std::string first_id(const std::string& text) {
    static const std::regex id("[A-Za-z]+_[A-Za-z_]+");
    std::smatch m;
    return std::regex_search(text, m, id) ? m.str() : "";
}

std::vector<std::string> shipped_replays() {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kSource + "/replays")) {
        const std::string path = entry.path().string();
        if (entry.is_regular_file() && path.size() > 12 &&
            path.compare(path.size() - 12, 12, ".replay.json") == 0)
            files.push_back(path);
    }
    std::sort(files.begin(), files.end());
    return files;
}

// The names of the modifiers the explanation applied before its result: lit rows whose value in
// some column is signed ("+2", "-1"), as a modifier table prints a change to a roll.
std::vector<std::string> applied_modifiers(const Explanation& e) {
    std::vector<std::string> names;
    for (const auto& s : e.sections) {
        if (s.kind == SectionKind::results || s.kind == SectionKind::odds) break;
        if (s.kind != SectionKind::modifiers) continue;
        for (const auto& row : s.rows)
            for (const auto& v : row.values)
                if (row.lit && v.size() > 1 && (v[0] == '+' || v[0] == '-') &&
                    std::isdigit(static_cast<unsigned char>(v[1]))) {
                    names.push_back(row.label);
                    break;
                }
    }
    return names;
}

std::string folder_of(const std::string& path) {
    return std::filesystem::path(path).parent_path().filename().string();
}

TEST(ShippedWords, TheIdFinderFindsIds) {
    EXPECT_EQ(first_id("(2, 3) DRM +2, defender_retreats"), "defender_retreats");
    EXPECT_EQ(first_id("Revel: disordered_retreat_check"), "disordered_retreat_check");
    EXPECT_EQ(first_id("attacker disordered; takes a retreat cohesion check"), "");
    EXPECT_EQ(first_id("1 roll in 5 gives this result or worse"), "");
}

TEST(ShippedWords, NoCaptionCardLineOrSubtitleShowsAnId) {
    const auto files = shipped_replays();
    ASSERT_GT(files.size(), 30u) << "the shipped replays of all three systems";
    int captions = 0, cards = 0;
    for (const auto& file : files) {
        const ReplayScene scene = load_replay_scene(file);
        const auto& events = scene.replay.events;
        ASSERT_FALSE(events.empty()) << file;
        for (std::size_t i = 0; i < events.size(); ++i) {
            const auto& e = events[i];
            for (const std::string& caption : {e.text, caption_detail(scene, e)}) {
                ++captions;
                EXPECT_EQ(first_id(caption), "") << file << " event " << i << ": " << caption;
            }
            if (!e.explanation) continue;
            const auto card = result_card_of(*e.explanation);
            if (!card) continue;
            ++cards;
            for (const auto& line : card_lines(*card))
                EXPECT_EQ(first_id(line), "") << file << " event " << i << " card: " << line;
        }
        std::istringstream srt(srt_of(scene, 0, events.back().t1_ms, 1.0));
        for (std::string line; std::getline(srt, line);)
            EXPECT_EQ(first_id(line), "") << file << " subtitle: " << line;
    }
    EXPECT_GT(captions, 1000);
    EXPECT_GT(cards, 100);
}

TEST(ShippedWords, EveryMeleeCardNamesTheModifiersThatApplied) {
    std::map<std::string, int> named;  // cards that name modifiers, by replay folder
    for (const auto& file : shipped_replays()) {
        const ReplayScene scene = load_replay_scene(file);
        for (std::size_t i = 0; i < scene.replay.events.size(); ++i) {
            const auto& e = scene.replay.events[i];
            if (e.category != Category::melee || !e.explanation) continue;
            const auto card = result_card_of(*e.explanation);
            const auto applied = applied_modifiers(*e.explanation);
            if (!card || applied.empty()) continue;
            ASSERT_FALSE(card->modifiers.empty())
                << file << " event " << i << ": " << applied.size() << " applied, e.g. "
                << applied.front() << ", but the card names none";
            // What the card names is what the table lit, with its value and a rule.
            for (const auto& side : card->modifiers)
                for (const auto& m : side.modifiers) {
                    EXPECT_NE(std::find(applied.begin(), applied.end(), m.name), applied.end())
                        << file << " event " << i << ": " << m.text;
                    EXPECT_NE(m.text.find(m.name + " " + m.value), std::string::npos) << m.text;
                    EXPECT_FALSE(m.rule.empty()) << file << " event " << i << ": " << m.text;
                }
            const auto lines = card_lines(*card);
            const std::string& first = card->modifiers.front().modifiers.front().text;
            EXPECT_TRUE(std::any_of(
                lines.begin(), lines.end(),
                [&](const std::string& l) { return l.find(first) != std::string::npos; }))
                << file << " event " << i << ": the card's lines omit " << first;
            ++named[folder_of(file)];
        }
    }
    // Each rule system's melees are covered: GdB (the demo), Borodino's shocks, the dice pool.
    for (const char* folder : {"demo", "borodino", "dicepool"})
        EXPECT_GT(named[folder], 0) << "no melee card with modifiers in replays/" << folder;
}

// The first results table of an explanation (the one its card reads its row from).
const sim::record::Section* first_results(const Explanation& e) {
    for (const auto& s : e.sections)
        if (s.kind == SectionKind::results) return &s;
    return nullptr;
}

// One voice (issue 41): for every event of every shipped replay with a result card, the card and
// the caption say the same thing. The caption never names the other side the winner ("attacker
// wins" under a card whose headline has the defender win, "cavalry won" under "the square
// holds"), and it quotes no row of the result table but the one the card shows lit.
TEST(ShippedWords, TheCardAndTheCaptionSayTheSameThing) {
    int cards = 0, with_winner = 0, quoting = 0;
    std::vector<std::string> disagree;
    for (const auto& file : shipped_replays()) {
        const ReplayScene scene = load_replay_scene(file);
        for (std::size_t i = 0; i < scene.replay.events.size(); ++i) {
            const auto& e = scene.replay.events[i];
            if (!e.explanation) continue;
            const auto card = result_card_of(*e.explanation);
            if (!card) continue;
            ++cards;
            const std::string where = file + " event " + std::to_string(i) + ": ";
            if (card->winner == "attacker" || card->winner == "defender") {
                ++with_winner;
                const std::string other = card->winner == "attacker" ? "defender" : "attacker";
                if (e.text.find(other + " wins") != std::string::npos ||
                    (card->winner == "defender" && e.text.find("cavalry won") != std::string::npos))
                    disagree.push_back(where + card->outcome + " | " + e.text);
            }
            const auto* table = first_results(*e.explanation);
            if (!table) continue;
            for (const auto& row : table->results) {
                if (row.label.size() < 8 || e.text.find(row.label) == std::string::npos) continue;
                ++quoting;
                const bool shown =
                    std::any_of(card->table_rows.begin(), card->table_rows.end(),
                                [&](const ResultCard::TableRow& r) { return r.row == row.label; });
                if (!shown) disagree.push_back(where + "caption quotes \"" + row.label + "\"");
            }
        }
    }
    EXPECT_GT(cards, 100);
    EXPECT_GT(with_winner, 20);
    EXPECT_GT(quoting, 20);
    std::string list;
    for (const auto& d : disagree) list += "\n  " + d;
    EXPECT_TRUE(disagree.empty()) << disagree.size() << " disagree:" << list;
}

// The broken words the videos once showed (issue 41), none left in any caption, card line or
// subtitle of the shipped replays: "Less fails", "1 0 passes", "loses 1 models", "(a square is
// broken too)" where no square fought, and the battle's title said twice in the first cue.
TEST(ShippedWords, NoBrokenWordsInCaptionsCardsOrSubtitles) {
    const std::vector<std::pair<std::regex, std::string>> broken = {
        {std::regex("(^|[^0-9 ])less fails", std::regex::icase), "a bare 'less fails'"},
        {std::regex("\\b[0-9]+ 0 (passes|fails)"), "a zero modifier said as ' 0'"},
        // (A signed "-1 models lost" is a modifier's name and value, not a count.)
        {std::regex("(^|[^0-9+-])1 (models|hits|figures|disorder markers)\\b"), "a plural after 1"},
        {std::regex("a square is broken too"), "a square no one formed"},
    };
    int lines = 0;
    for (const auto& file : shipped_replays()) {
        const ReplayScene scene = load_replay_scene(file);
        std::vector<std::string> texts;
        for (const auto& e : scene.replay.events) {
            texts.push_back(e.text);
            if (!e.explanation) continue;
            if (const auto card = result_card_of(*e.explanation))
                for (const auto& l : card_lines(*card)) texts.push_back(l);
        }
        for (const auto& t : texts) {
            ++lines;
            for (const auto& [re, what] : broken)
                EXPECT_FALSE(std::regex_search(t, re)) << file << ": " << what << ": " << t;
        }
        // The first cue: the setup's caption, its second line never the same title again.
        const std::string srt = srt_of(scene, 0, scene.replay.events.back().t1_ms, 1.0);
        const std::string& title = scene.replay.header.title;
        if (!title.empty()) {
            const std::size_t first = srt.find(title);
            EXPECT_TRUE(first == std::string::npos ||
                        srt.find(title, first + title.size()) > srt.find("\n\n"))
                << file << ": the title twice in the first cue:\n"
                << srt.substr(0, 300);
        }
    }
    EXPECT_GT(lines, 3000);
}

// The charge card shown while a unit reacts is the card of the charge on that unit, even when
// its activation holds other charges (Borodino: "Perm forms square" once showed another
// regiment's charge).
TEST(ShippedWords, AChargeCardIsTheChargeOfTheEventsUnits) {
    int checked = 0;
    for (const auto& file : shipped_replays()) {
        const ReplayScene scene = load_replay_scene(file);
        const auto& events = scene.replay.events;
        for (std::size_t i = 0; i < events.size(); ++i) {
            // A reaction (forming square, standing, evading) is to one charge: its card's.
            if (events[i].category != Category::react || events[i].units.empty()) continue;
            const auto card = charge_card_of(events, int(i));
            if (!card) continue;
            ++checked;
            // Some unit of the event is named in the charge's headline ("X charges Y").
            bool named = false;
            for (const int u : events[i].units)
                named =
                    named || card->outcome.find(scene.replay.header.units[std::size_t(u)].name) !=
                                 std::string::npos;
            EXPECT_TRUE(named) << file << " event " << i << " (" << events[i].text
                               << ") shows the card of: " << card->outcome;
        }
    }
    EXPECT_GT(checked, 30);
}

}  // namespace shipped_words_test
}  // namespace vedette::render
