#include "app/viewer/ui_text.h"

#include <cstdarg>
#include <cstdio>

namespace vedette::viewer::ui {

namespace {
bool g_capturing = false;
std::string g_panel;
std::vector<std::string> g_lines;

std::string format(const char* fmt, va_list args) {
    char buffer[2048];
    std::vsnprintf(buffer, sizeof buffer, fmt, args);
    return buffer;
}
}  // namespace

void capture_begin() {
    g_capturing = true;
    g_lines.clear();
}
std::vector<std::string> capture_end() {
    g_capturing = false;
    return std::move(g_lines);
}
void set_panel(const char* name) {
    g_panel = name;
}
void note(const std::string& line) {
    if (g_capturing) g_lines.push_back(g_panel + ": " + line);
}

void text(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string s = format(fmt, args);
    va_end(args);
    ImGui::TextUnformatted(s.c_str());
    note(s);
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
}

}  // namespace vedette::viewer::ui
