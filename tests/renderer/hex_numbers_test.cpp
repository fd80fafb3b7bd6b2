// A hex board's numbers where the texts cite them (renderer/scene/hex_numbers.h): "hex (q, r)"
// found in a text, and on the shipped Shevardino battle every hex a shock's card cites printed on
// that hex of the board; a board without a hex grid has none.

#include "renderer/scene/hex_numbers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "renderer/scene/result_card.h"
#include "renderer/scene/scene_state.h"

namespace vedette::render {
namespace {

TEST(HexNumbers, FindsEveryHexATextCitesOnce) {
    const auto h = hexes_cited("Result, hex (-1, 6): 5-9 | hex (2,5); again hex (-1, 6)");
    ASSERT_EQ(h.size(), 2u);
    EXPECT_EQ(h[0], (HexCoord{-1, 6}));
    EXPECT_EQ(h[1], (HexCoord{2, 5}));
}

TEST(HexNumbers, ReadsTwoWholeNumbersInParentheses) {
    EXPECT_EQ(hexes_cited("retreats to (-1, 7), keeping its facing").size(), 1u);
    EXPECT_TRUE(hexes_cited("hex (a, 2)").empty());
    EXPECT_TRUE(hexes_cited("+2 (GdB 12.17 (6))").empty());
    EXPECT_TRUE(hexes_cited("hex (1, 2").empty());
    EXPECT_TRUE(hexes_cited("hex (1 2)").empty());
    EXPECT_TRUE(hexes_cited("hex (").empty());
    EXPECT_TRUE(hexes_cited("one hex (9.22)").empty());
    EXPECT_EQ(hexes_cited("(hex (0, -3))").size(), 1u);
}

ReplayScene shipped(const std::string& name) {
    return load_replay_scene(std::string(VEDETTE_SOURCE_DIR) + "/replays/" + name);
}

std::string card_texts(const sim::record::Event& e) {
    std::string all = e.text;
    if (e.explanation)
        for (const auto& s : e.explanation->sections) {
            all += " " + s.title;
            for (const auto& c : s.columns) all += " " + c;
        }
    return all;
}

TEST(HexNumbers, EveryHexAShevardinoCardCitesIsNumberedOnItsHex) {
    const ReplayScene scene = shipped("borodino/shevardino_battle.replay.json");
    ASSERT_TRUE(scene.replay.header.board.hex);
    const HexLayout layout(*scene.replay.header.board.hex);
    int numbered = 0;
    for (std::size_t i = 0; i < scene.replay.events.size(); ++i) {
        SceneState state;
        state.event = int(i);
        const auto marks = hex_number_marks(scene, state);
        const std::string texts = card_texts(scene.replay.events[i]);
        for (const HexCoord& h : hexes_cited(texts)) {
            const auto found =
                std::find_if(marks.begin(), marks.end(), [&](const auto& m) { return m.hex == h; });
            ASSERT_NE(found, marks.end()) << "event " << i << " cites hex (" << h.q << ", " << h.r
                                          << ") without its number on the board";
            const auto [x, y] = layout.centre(h);
            EXPECT_EQ(found->x_mm, x);
            EXPECT_EQ(found->y_mm, y);
            EXPECT_NE(texts.find(found->text), std::string::npos) << found->text;
            ++numbered;
        }
    }
    EXPECT_GT(numbered, 5) << "the shocks' cards cite their hexes";
}

TEST(HexNumbers, ARetreatNumbersItsHexAndTheHexOfTheShockWhoseCardShows) {
    const ReplayScene scene = shipped("borodino/shevardino_battle.replay.json");
    int checked = 0;
    for (std::size_t i = 0; i < scene.replay.events.size(); ++i) {
        const auto& e = scene.replay.events[i];
        const int card = card_event(scene, int(i));
        if (e.kind != "retreat" || card < 0 || card == int(i)) continue;
        SceneState state;
        state.event = int(i);
        const auto marks = hex_number_marks(scene, state);
        for (const HexCoord& h : hexes_cited(card_texts(scene.replay.events[std::size_t(card)])))
            EXPECT_TRUE(
                std::any_of(marks.begin(), marks.end(), [&](const auto& m) { return m.hex == h; }))
                << "retreat event " << i << " lacks its card's hex (" << h.q << ", " << h.r << ")";
        for (const HexCoord& h : hexes_cited(e.text))
            EXPECT_TRUE(
                std::any_of(marks.begin(), marks.end(), [&](const auto& m) { return m.hex == h; }))
                << "retreat event " << i << " lacks the hex its caption names";
        ++checked;
    }
    EXPECT_GT(checked, 0) << "Shevardino has retreats after a shock";
}

TEST(HexNumbers, ABoardWithoutHexesHasNone) {
    const ReplayScene scene = shipped("demo/demo_battle.replay.json");
    for (std::size_t i = 0; i < scene.replay.events.size(); ++i) {
        SceneState state;
        state.event = int(i);
        EXPECT_TRUE(hex_number_marks(scene, state).empty()) << "event " << i;
    }
}

}  // namespace
}  // namespace vedette::render
