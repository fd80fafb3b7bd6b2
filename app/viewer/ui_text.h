#pragma once
// Text output for the panels that can also be captured: while a capture is on, every line a
// panel draws through these helpers is recorded with the panel's name. Screenshots save the
// capture beside the PNG, so tests (and teachers preparing handouts) can check what the panels
// said in that exact frame without reading pixels. The capture also keeps each item's geometry
// (its text's pixel height, its top and bottom, the bottom of the window holding it), so a test
// can measure type sizes and find a line cut off at a window's edge (FILE.layout.txt).

#include <cstddef>
#include <string>
#include <vector>

#include <imgui.h>

namespace vedette::viewer::ui {

void capture_begin();
std::vector<std::string> capture_end();  // "panel: text" lines
// After capture_end: one line per item drawn with a size and a place, as
// "panel<TAB>kind<TAB>pixel_height<TAB>top<TAB>bottom<TAB>window_bottom<TAB>display_height<TAB>text".
std::vector<std::string> capture_layout();
bool capturing();
// Marks the panel the following text belongs to (called by each panel's Begin).
void set_panel(const char* name);

void text(const char* fmt, ...) IM_FMTARGS(1);
void text_coloured(const ImVec4& colour, const char* fmt, ...) IM_FMTARGS(2);
void text_dim(const char* fmt, ...) IM_FMTARGS(1);
void text_wrapped(const char* fmt, ...) IM_FMTARGS(1);
// Records a line without drawing it (for things drawn as shapes, such as dice).
void note(const std::string& line);
// The kind the next text helper records in the layout (such as "headline"; by default "text", or
// "heading" in the heading colour).
void next_kind(const char* kind);
// Records the geometry of an item drawn as shapes or on a background list (dice, 3D labels):
// `pixel_height` its size, `window_bottom` the bottom of what holds it. No-op without a capture.
void note_item(const char* kind, const std::string& text, float pixel_height, float top,
               float bottom, float window_bottom);

// Dear ImGui 1.86 asserts (aborting the viewer) on a table of 64 columns or more. The readers
// bound what a file can hold (docs/LIMITS.md), and the panels never pass a table more than this,
// whatever reaches them.
inline constexpr std::size_t kMaxTableColumns = 48;

// Colours shared by the panels.
inline ImVec4 lit() {
    return {1.0f, 0.85f, 0.35f, 1.0f};
}
inline ImVec4 dim() {
    return {0.55f, 0.55f, 0.55f, 1.0f};
}
inline ImVec4 heading() {
    return {1.0f, 0.92f, 0.7f, 1.0f};
}

}  // namespace vedette::viewer::ui
