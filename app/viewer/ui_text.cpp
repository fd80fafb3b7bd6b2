#include "app/viewer/ui_text.h"

#include <cstdarg>
#include <cstdio>

namespace vedette::viewer::ui {

namespace {
bool g_capturing = false;
std::string g_panel;
std::vector<std::string> g_lines;
std::vector<std::string> g_layout;
const char* g_next_kind = nullptr;

std::string format(const char* fmt, va_list args) {
    char buffer[2048];
    std::vsnprintf(buffer, sizeof buffer, fmt, args);
    return buffer;
}

bool same(const ImVec4& a, const ImVec4& b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}

// The item just drawn by ImGui (its font size and rectangle) in the current window. Only while
// capturing: the rest of the time the helpers cost what they did before.
void record_last_item(const char* kind, const std::string& s) {
    if (!g_capturing) return;
    const char* k = g_next_kind ? g_next_kind : kind;
    g_next_kind = nullptr;
    const float window_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
    note_item(k, s, ImGui::GetFontSize(), ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().y,
              window_bottom);
}
}  // namespace

void capture_begin() {
    g_capturing = true;
    g_lines.clear();
    g_layout.clear();
    g_next_kind = nullptr;
}
std::vector<std::string> capture_end() {
    g_capturing = false;
    return std::move(g_lines);
}
std::vector<std::string> capture_layout() {
    return std::move(g_layout);
}
bool capturing() {
    return g_capturing;
}
void set_panel(const char* name) {
    g_panel = name;
}
void note(const std::string& line) {
    if (g_capturing) g_lines.push_back(g_panel + ": " + line);
}
void next_kind(const char* kind) {
    if (g_capturing) g_next_kind = kind;
}

void note_item(const char* kind, const std::string& text, float pixel_height, float top,
               float bottom, float window_bottom) {
    if (!g_capturing) return;
    // One line per item: tabs and line breaks in the text would split its fields.
    std::string flat = text;
    for (char& c : flat)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    char numbers[160];
    std::snprintf(numbers, sizeof numbers, "%.1f\t%.1f\t%.1f\t%.1f\t%.1f", pixel_height, top,
                  bottom, window_bottom, ImGui::GetIO().DisplaySize.y);
    g_layout.push_back(g_panel + "\t" + kind + "\t" + numbers + "\t" + flat);
}

void text(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = format(fmt, args);
    va_end(args);
    ImGui::TextUnformatted(s.c_str());
    note(s);
    record_last_item("text", s);
}

void text_coloured(const ImVec4& colour, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = format(fmt, args);
    va_end(args);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextUnformatted(s.c_str());
    ImGui::PopStyleColor();
    note(s);
    record_last_item(same(colour, heading()) ? "heading" : "text", s);
}

void text_dim(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = format(fmt, args);
    va_end(args);
    ImGui::PushStyleColor(ImGuiCol_Text, dim());
    ImGui::TextUnformatted(s.c_str());
    ImGui::PopStyleColor();
    note(s);
    record_last_item("text", s);
}

void text_wrapped(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = format(fmt, args);
    va_end(args);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(s.c_str());
    ImGui::PopTextWrapPos();
    note(s);
    record_last_item("text", s);
}

}  // namespace vedette::viewer::ui
