#include "renderer/ui/imgui_canvas.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <utility>

#include <imgui.h>

#include "renderer/ui/typeface.h"

namespace vedette::render {

namespace {

// A font's size: known once the atlas is built; before, its configuration says it.
float font_size(const ImFont& font) {
    if (font.FontSize > 0) return font.FontSize;
    return font.ConfigData ? font.ConfigData->SizePixels : 13.0f;
}

ImU32 opaque(Rgb c) {
    return IM_COL32(c.r, c.g, c.b, 255);
}

ImU32 stroke_colour(const Stroke& s) {
    const long alpha = std::lround(std::clamp(s.opacity, 0.0f, 1.0f) * 255.0f);
    return IM_COL32(s.r, s.g, s.b, alpha);
}

// The lines `words` breaks into, as the export breaks them (typeface.h wrap_lines), the atlas
// size scaled to the one asked for.
std::vector<std::string> split(const ImFont& font, float pixels, const std::string& words,
                               int max_width) {
    return wrap_lines(font, pixels / font_size(font), words, float(max_width));
}

float distance(ImVec2 a, ImVec2 b) {
    return std::hypot(b.x - a.x, b.y - a.y);
}

// Collects the legs of one unbroken stroke (a dash, or the whole of a solid line) and draws it as
// one polyline, so its corners are joined rather than left as notches between separate lines.
struct StrokeRun {
    ImDrawList& list;
    ImU32 colour;
    float width;
    std::vector<ImVec2> points;

    void add(ImVec2 a, ImVec2 b) {
        if (points.empty()) points.push_back(a);
        points.push_back(b);
    }
    void flush(ImDrawFlags flags = 0) {
        if (points.size() >= 2)
            list.AddPolyline(points.data(), int(points.size()), colour, flags, width);
        points.clear();
    }
};

}  // namespace

ImGuiCanvas::ImGuiCanvas(ImDrawList* list, float origin_x, float origin_y, int width, int height,
                         int type_height)
    : list_(list),
      origin_x_(origin_x),
      origin_y_(origin_y),
      width_(width),
      height_(height),
      type_height_(type_height) {
    // The overlays are laid out for the table's rectangle: anything past its edges (a long name
    // tag, an arrow off the map) is cut there, as the export's frame cuts it.
    list_->PushClipRect(ImVec2(origin_x, origin_y),
                        ImVec2(origin_x + float(width), origin_y + float(height)), true);
}

ImGuiCanvas::~ImGuiCanvas() {
    list_->PopClipRect();
}

ImGuiCanvas::Face ImGuiCanvas::face(const Type& type) const {
    const float pixels = pixel_size(type);
    const ImVector<ImFont*>& fonts = ImGui::GetIO().Fonts->Fonts;
    if (fonts.empty()) return {ImGui::GetFont(), pixels};
    // The atlas's size nearest above the one asked for, drawn scaled down: text stays sharp,
    // as the viewer's panels pick theirs (set_ui_text_scale).
    std::vector<std::pair<float, const ImFont*>> by_size;
    for (const ImFont* f : fonts) by_size.emplace_back(font_size(*f), f);
    std::stable_sort(by_size.begin(), by_size.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<float> sizes;
    for (const auto& [size, font] : by_size) sizes.push_back(size);
    return {by_size[std::size_t(nearest_type_size(sizes, pixels))].second, pixels};
}

int ImGuiCanvas::text(const Type& type, const std::string& words, int x, int y, int max_width,
                      Rgb colour) {
    const Face f = face(type);
    const int step = line_height(type);
    const std::vector<std::string> lines = split(*f.font, f.pixels, words, max_width);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const char* begin = lines[i].c_str();
        const char* end = begin + lines[i].size();
        const ImVec2 at(origin_x_ + float(x), origin_y_ + float(y) + float(i) * float(step));
        list_->AddText(f.font, f.pixels, at, opaque(colour), begin, end);
        // The viewer's atlas holds the regular weight only (a bold copy of every size would
        // double the font texture for a few card headings), so bold is the regular glyphs drawn
        // again a pixel to the right: the stems thicken as a bold face's do.
        if (type.weight == Weight::bold)
            list_->AddText(f.font, f.pixels, ImVec2(at.x + 1, at.y), opaque(colour), begin, end);
    }
    return y + int(std::max<std::size_t>(1, lines.size())) * step;
}

int ImGuiCanvas::text_width(const Type& type, const std::string& words) {
    const Face f = face(type);
    const char* s = words.c_str();
    return int(f.font->CalcTextSizeA(f.pixels, FLT_MAX, 0.0f, s, s + words.size()).x);
}

int ImGuiCanvas::line_height(const Type& type) {
    return int(pixel_size(type) * 1.2f);  // as CaptionPainter::line_height
}

std::vector<std::string> ImGuiCanvas::wrapped_lines(const Type& type, const std::string& words,
                                                    int max_width) {
    const Face f = face(type);
    return split(*f.font, f.pixels, words, max_width);
}

void ImGuiCanvas::fill(int x0, int y0, int x1, int y1, Rgb colour) {
    if (x1 <= x0 || y1 <= y0) return;  // the export paints nothing for an empty rectangle
    list_->AddRectFilled(ImVec2(origin_x_ + float(x0), origin_y_ + float(y0)),
                         ImVec2(origin_x_ + float(x1), origin_y_ + float(y1)), opaque(colour));
}

void ImGuiCanvas::shade(int x0, int y0, int x1, int y1, float keep) {
    if (x1 <= x0 || y1 <= y0) return;
    // Black at 1 - keep over the table leaves `keep` of its brightness, as the export darkens.
    const long alpha = std::lround((1.0f - std::clamp(keep, 0.0f, 1.0f)) * 255.0f);
    list_->AddRectFilled(ImVec2(origin_x_ + float(x0), origin_y_ + float(y0)),
                         ImVec2(origin_x_ + float(x1), origin_y_ + float(y1)),
                         IM_COL32(0, 0, 0, alpha));
}

void ImGuiCanvas::segment(ScreenPoint a, ScreenPoint b, const Stroke& stroke) {
    polyline({a, b}, stroke);
}

void ImGuiCanvas::polyline(const std::vector<ScreenPoint>& points, const Stroke& s, bool closed,
                           float head_px) {
    if (points.size() < 2) return;
    std::vector<ImVec2> pts;
    for (const auto& [x, y] : points) pts.emplace_back(origin_x_ + x, origin_y_ + y);
    if (closed) pts.push_back(pts.front());
    const bool finite_tip = std::isfinite(pts.back().x) && std::isfinite(pts.back().y);

    // The head, with the tip at the last point, 28 degrees either side of the last leg (from the
    // last point more than a pixel back), as the export's paint_polyline draws it.
    const ImVec2 tip = pts.back();
    ImVec2 from = pts[pts.size() - 2];
    for (std::size_t i = pts.size() - 1; i-- > 0;)
        if (distance(pts[i], tip) > 1) {
            from = pts[i];
            break;
        }
    const float head_len = distance(from, tip);
    const bool head = head_px > 0 && finite_tip && head_len >= 1;
    const ImVec2 u(head ? (tip.x - from.x) / head_len : 0, head ? (tip.y - from.y) / head_len : 0);
    if (head) {
        // A butt-ended line run up to the sharp tip would stick out of its sides: the line stops
        // inside the head (3/4 of it back, where the head is wider than any sane stroke).
        const float inset = head_px * 0.75f;
        while (pts.size() >= 2 && distance(pts[pts.size() - 2], tip) <= inset)
            pts.erase(pts.end() - 2);
        if (pts.size() >= 2)
            pts.back() = ImVec2(tip.x - u.x * inset, tip.y - u.y * inset);
        else
            pts.clear();
    }

    // Dashes run on along the whole line, across its corners, `dash` long with gaps as long. The
    // export's dashes are round-capped cores a width shorter, starting half a width early; these
    // butt-ended ones cover the same stretches (a dash never shorter than the line is wide).
    const bool dashed = s.dash > 0;
    const float dash = std::max(s.dash, s.width);
    const float on = std::max(0.5f, dash - s.width) + s.width, period = 2 * dash;
    float along = s.width / 2;
    StrokeRun run{*list_, stroke_colour(s), s.width, {}};
    for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
        const ImVec2 a = pts[i], b = pts[i + 1];
        const float len = distance(a, b);
        if (!std::isfinite(len)) {  // a point off to infinity: the export skips that leg too
            run.flush();
            continue;
        }
        if (len <= 0) continue;
        const auto at = [&](float t) {
            return ImVec2(a.x + (b.x - a.x) * t / len, a.y + (b.y - a.y) * t / len);
        };
        for (float t = 0; t < len;) {
            const float phase = dashed ? std::fmod(along + t, period) : 0.0f;
            const bool inside = phase < on;
            float next = len;  // a solid line is one piece per leg
            if (dashed) next = std::min(len, t + std::max(1e-3f, (inside ? on : period) - phase));
            if (inside && next - t > 0.01f) run.add(at(t), at(next));  // not a rounding's sliver
            if (!inside || next < len) run.flush();  // a gap, or a dash ending inside this leg
            t = next;
        }
        along += len;
    }
    // A closed solid line is one polyline round, joined where it started.
    const bool whole = closed && !dashed && !head && run.points.size() == pts.size();
    if (whole) run.points.pop_back();
    run.flush(whole ? ImDrawFlags_Closed : 0);

    if (!head) return;
    ImVec2 back[2];
    for (int k = 0; k < 2; ++k) {
        const float side = k == 0 ? -1.0f : 1.0f;
        back[k] = ImVec2(tip.x - head_px * (u.x * 0.88f - side * u.y * 0.47f),
                         tip.y - head_px * (u.y * 0.88f + side * u.x * 0.47f));
    }
    // ImGui's anti-aliased fill wants its points clockwise on screen, else the soft edge falls
    // inside the triangle.
    const float cross =
        (back[0].x - tip.x) * (back[1].y - tip.y) - (back[0].y - tip.y) * (back[1].x - tip.x);
    if (cross < 0) std::swap(back[0], back[1]);
    list_->AddTriangleFilled(tip, back[0], back[1], stroke_colour(s));
}

}  // namespace vedette::render
