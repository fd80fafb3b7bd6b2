// A hex board's numbers where the texts cite them (renderer/scene/hex_numbers.h): "hex (q, r)"
// found in a text, and on the shipped Shevardino battle every hex a shock's card cites printed on
// that hex of the board; a board without a hex grid has none.

#include "renderer/scene/hex_numbers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "renderer/scene/scene_state.h"

namespace vedette::render {
namespace {

TEST(HexNumbers, FindsEveryHexATextCitesOnce) {
    const auto h = hexes_cited("Result, hex (-1, 6): 5-9 | hex (2,5); again hex (-1, 6)");
    ASSERT_EQ(h.size(), 2u);
    EXPECT_EQ(h[0], (HexCoord{-1, 6}));
    EXPECT_EQ(h[1], (HexCoord{2, 5}));
}

TEST(HexNumbers, ReadsOnlyTheWordHexBeforeTwoNumbers) {
    EXPECT_TRUE(hexes_cited("Vertex (1, 2)").empty());
    EXPECT_TRUE(hexes_cited("hex (a, 2)").empty());
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
            EXPECT_NE(texts.find("hex " + found->text), std::string::npos) << found->text;
            ++numbered;
        }
    }
    EXPECT_GT(numbered, 5) << "the shocks' cards cite their hexes";
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
