// The viewer's back end of the overlay canvas (renderer/ui/imgui_canvas.h), without a GPU: the
// draw commands it queues on an ImGui draw list are read back. Text breaks into the same lines as
// in an export (renderer/export/image_canvas.h), and everything lands at the canvas's origin.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>

#include "renderer/export/image_canvas.h"
#include "renderer/ui/imgui_canvas.h"
#include "renderer/ui/typeface.h"

namespace vedette::render {
namespace {

constexpr float kOx = 40, kOy = 30;  // where the canvas's (0, 0) is on the screen
constexpr int kTypeHeight = 480;
const Type kType{20.0f};  // 480 / 20 = 24 pixels: the size the test's atlas holds

// One ImGui frame with the typeface at 24 pixels, as the viewer's atlas holds it among others.
class ImGuiCanvasTest : public ::testing::Test {
protected:
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        ASSERT_NE(add_typeface(*io.Fonts, 24), nullptr);
        ASSERT_TRUE(io.Fonts->Build());
        io.DisplaySize = ImVec2(800, 600);
        // Without anti-aliasing every shape is its bare vertices: a rectangle four, a triangle
        // three, a line's leg four, so the tests can find the points they expect.
        ImGui::GetStyle().AntiAliasedLines = false;
        ImGui::GetStyle().AntiAliasedFill = false;
        ImGui::NewFrame();
        list = ImGui::GetForegroundDrawList();
    }
    void TearDown() override {
        ImGui::EndFrame();
        ImGui::DestroyContext();
    }

    // The vertices added to the list since `from`.
    std::vector<ImDrawVert> since(int from) const {
        return std::vector<ImDrawVert>(list->VtxBuffer.begin() + from, list->VtxBuffer.end());
    }

    ImDrawList* list = nullptr;
};

TEST_F(ImGuiCanvasTest, TextBreaksIntoTheExportsLines) {
    ImGuiCanvas viewer(list, kOx, kOy, 640, 480, kTypeHeight);
    RgbaImage frame(64, 64);
    TypeCache types;
    ImageCanvas exported(frame, types, kTypeHeight);
    ASSERT_FLOAT_EQ(viewer.pixel_size(kType), 24.0f);

    const std::vector<std::string> texts = {
        "Charging / pursuing +2 (GdB 12.17 (6))",
        "The Old Guard advances on the farm of La Haye Sainte\nunder the fire of two batteries",
        "Cuirassiers of Milhaud; rule 9.99 (1) applies",
    };
    std::size_t most = 0;
    for (const auto& words : texts) {
        EXPECT_EQ(viewer.text_width(kType, words), exported.text_width(kType, words)) << words;
        for (int width = 40; width <= 600; width += 17) {
            const auto lines = viewer.wrapped_lines(kType, words, width);
            EXPECT_EQ(lines, exported.wrapped_lines(kType, words, width)) << width << ": " << words;
            most = std::max(most, lines.size());
        }
    }
    EXPECT_EQ(viewer.line_height(kType), exported.line_height(kType));
    EXPECT_GE(most, 4u) << "the narrow widths wrap";
}

// Between the atlas's sizes the font is scaled down, and wrapping measures it scaled: each line
// fits, and the next line's first word would not have.
TEST_F(ImGuiCanvasTest, TextWrapsAtTheScaledSize) {
    ImGuiCanvas canvas(list, kOx, kOy, 640, 480, kTypeHeight);
    const Type small{24.0f};  // 20 pixels, drawn with the 24-pixel font
    ASSERT_FLOAT_EQ(canvas.pixel_size(small), 20.0f);
    const std::string words =
        "The Old Guard advances on the farm of La Haye Sainte under the fire of two batteries";
    const int width = 230;
    const auto lines = canvas.wrapped_lines(small, words, width);
    ASSERT_GE(lines.size(), 3u);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        EXPECT_LE(canvas.text_width(small, lines[i]), width + 1) << lines[i];
        if (i + 1 == lines.size()) break;
        const std::string next = lines[i + 1].substr(0, lines[i + 1].find(' '));
        EXPECT_GT(canvas.text_width(small, lines[i] + " " + next), width - 1) << lines[i];
    }
}

TEST_F(ImGuiCanvasTest, TextReturnsTheYUnderItsLastLineAndDrawsAtTheOrigin) {
    ImGuiCanvas canvas(list, kOx, kOy, 640, 480, kTypeHeight);
    const std::string words = "The Old Guard advances on the farm of La Haye Sainte";
    const auto lines = canvas.wrapped_lines(kType, words, 200);
    ASSERT_GE(lines.size(), 2u);
    const int step = canvas.line_height(kType);
    EXPECT_EQ(step, 28);  // int(24 * 1.2)

    const int before = list->VtxBuffer.Size;
    EXPECT_EQ(canvas.text(kType, words, 10, 50, 200, Rgb{250, 246, 232}),
              50 + int(lines.size()) * step);
    const auto drawn = since(before);
    ASSERT_FALSE(drawn.empty());
    float left = 1e9f, bottom = -1e9f;
    for (const auto& v : drawn) left = std::min(left, v.pos.x), bottom = std::max(bottom, v.pos.y);
    EXPECT_NEAR(left, kOx + 10, 3.0f);
    EXPECT_GT(bottom, kOy + 50 + float(lines.size() - 1) * float(step)) << "the last line drawn";
    EXPECT_EQ(drawn.front().col, IM_COL32(250, 246, 232, 255));

    // Bold is the regular glyphs twice, the second a pixel to the right.
    const int regular_from = list->VtxBuffer.Size;
    canvas.text(kType, "Guard", 10, 200, 600, Rgb{});
    const int regular = list->VtxBuffer.Size - regular_from;
    const int bold_from = list->VtxBuffer.Size;
    canvas.text(Type{20.0f, Weight::bold}, "Guard", 10, 200, 600, Rgb{});
    ASSERT_EQ(list->VtxBuffer.Size - bold_from, 2 * regular);
    EXPECT_FLOAT_EQ(list->VtxBuffer[bold_from + regular].pos.x,
                    list->VtxBuffer[bold_from].pos.x + 1);
    EXPECT_FLOAT_EQ(list->VtxBuffer[bold_from].pos.x, list->VtxBuffer[regular_from].pos.x);
    // No words still take a line.
    EXPECT_EQ(canvas.text(kType, "", 0, 7, 200, Rgb{}), 7 + step);
}

TEST_F(ImGuiCanvasTest, RectanglesAreOffsetByTheOriginAndClippedToTheCanvas) {
    const ImVec2 screen_min = list->GetClipRectMin();
    {
        ImGuiCanvas canvas(list, kOx, kOy, 640, 480, kTypeHeight);
        EXPECT_FLOAT_EQ(list->GetClipRectMin().x, kOx);
        EXPECT_FLOAT_EQ(list->GetClipRectMin().y, kOy);
        EXPECT_FLOAT_EQ(list->GetClipRectMax().x, kOx + 640);
        EXPECT_FLOAT_EQ(list->GetClipRectMax().y, kOy + 480);

        int before = list->VtxBuffer.Size;
        canvas.fill(10, 20, 30, 40, Rgb{200, 30, 20});
        auto drawn = since(before);
        ASSERT_EQ(drawn.size(), 4u);
        float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
        for (const auto& v : drawn) {
            x0 = std::min(x0, v.pos.x), y0 = std::min(y0, v.pos.y);
            x1 = std::max(x1, v.pos.x), y1 = std::max(y1, v.pos.y);
            EXPECT_EQ(v.col, IM_COL32(200, 30, 20, 255));
        }
        EXPECT_FLOAT_EQ(x0, kOx + 10);
        EXPECT_FLOAT_EQ(y0, kOy + 20);
        EXPECT_FLOAT_EQ(x1, kOx + 30);
        EXPECT_FLOAT_EQ(y1, kOy + 40);

        // Shading to a quarter is black at three quarters over the table.
        before = list->VtxBuffer.Size;
        canvas.shade(0, 0, 100, 100, 0.25f);
        drawn = since(before);
        ASSERT_EQ(drawn.size(), 4u);
        EXPECT_EQ(drawn[0].col, IM_COL32(0, 0, 0, 191));
    }
    EXPECT_FLOAT_EQ(list->GetClipRectMin().x, screen_min.x) << "the canvas's clip is popped";
    EXPECT_FLOAT_EQ(list->GetClipRectMin().y, screen_min.y);
}

TEST_F(ImGuiCanvasTest, DashedLinesAreManyPiecesWithGapsWhereTheExportLeavesThem) {
    ImGuiCanvas canvas(list, kOx, kOy, 640, 480, kTypeHeight);
    const std::vector<ScreenPoint> path = {{20, 20}, {220, 20}, {220, 120}};  // 300 pixels
    int before = list->VtxBuffer.Size;
    canvas.polyline(path, Stroke{255, 255, 255, 3.0f, 1.0f, 0.0f});
    const int solid = list->VtxBuffer.Size - before;
    ASSERT_GT(solid, 0);

    before = list->VtxBuffer.Size;
    canvas.polyline(path, Stroke{255, 255, 255, 3.0f, 0.5f, 10.0f});
    const auto dashed = since(before);
    EXPECT_GT(int(dashed.size()), 4 * solid) << "about fifteen dashes, each its own piece";
    EXPECT_EQ(dashed[0].col, IM_COL32(255, 255, 255, 128)) << "opacity is the alpha";
    // The export's first dash is a core of 7 pixels with round caps 1.5 wide: it covers the
    // first 8.5 pixels of the line, and the next starts 10 pixels later.
    bool first_end = false;
    for (const auto& v : dashed) {
        if (std::abs(v.pos.y - (kOy + 20)) > 2) continue;  // the first leg's vertices only
        first_end |= std::abs(v.pos.x - (kOx + 20 + 8.5f)) < 0.01f;
        EXPECT_FALSE(v.pos.x > kOx + 20 + 9 && v.pos.x < kOx + 20 + 18)
            << v.pos.x << " is in a gap";
    }
    EXPECT_TRUE(first_end);
}

TEST_F(ImGuiCanvasTest, AnArrowHeadIsATriangleWithItsTipAtTheLastPoint) {
    ImGuiCanvas canvas(list, kOx, kOy, 640, 480, kTypeHeight);
    const int before = list->VtxBuffer.Size;
    canvas.polyline({{100, 100}, {300, 100}}, Stroke{200, 40, 30, 3.0f, 1.0f, 0.0f}, false, 20);
    const auto drawn = since(before);
    ASSERT_EQ(drawn.size(), 4u + 3u) << "one leg and one triangle";
    const ImVec2 tip(kOx + 300, kOy + 100);
    const ImDrawVert* head = &drawn[4];
    int tips = 0;
    for (int i = 0; i < 3; ++i) {
        if (head[i].pos.x == tip.x && head[i].pos.y == tip.y) {
            ++tips;
            continue;
        }
        // The back corners: 0.88 of the head back, 0.47 of it to either side (28 degrees).
        EXPECT_NEAR(head[i].pos.x, tip.x - 20 * 0.88f, 0.01f);
        EXPECT_NEAR(std::abs(head[i].pos.y - tip.y), 20 * 0.47f, 0.01f);
    }
    EXPECT_EQ(tips, 1);
    // The line stops inside the head, so its square end never shows past the sharp tip, nor
    // short of the head's back.
    float end = -1e9f;
    for (int i = 0; i < 4; ++i) end = std::max(end, drawn[std::size_t(i)].pos.x);
    EXPECT_LT(end, tip.x - 10);
    EXPECT_GT(end, tip.x - 20 * 0.88f);
}

}  // namespace
}  // namespace vedette::render
