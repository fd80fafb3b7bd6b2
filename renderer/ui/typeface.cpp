#include "renderer/ui/typeface.h"

#include <cctype>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

namespace vedette::render {

namespace {

constexpr const char* kDebianFolder = "/usr/share/fonts/truetype/dejavu";

// Glyph ranges as ImGui wants them: pairs, zero-terminated, alive as long as the atlas.
const ImWchar* glyph_ranges() {
    static const ImWchar ranges[] = {
        0x0020,
        0x00FF,  // Basic Latin and Latin-1 (accents of French names, the multiplication sign)
        0x0100,
        0x017F,  // Latin Extended-A (Polish and German names)
        0x0400,
        0x045F,  // Cyrillic
        0x2010,
        0x2027,  // dashes, quotes, the bullet, the ellipsis
        0x2190,
        0x2193,  // arrows
        0x2212,
        0x2212,  // minus
        0x2264,
        0x2265,  // less or equal, greater or equal
        0x2680,
        0x2685,  // die faces
        0,
    };
    return ranges;
}

bool readable(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return bool(in);
}

}  // namespace

std::string typeface_file(Weight weight) {
    const char* name = weight == Weight::bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf";
    const char* dir = std::getenv("VEDETTE_FONT_DIR");
    const std::string path = std::string(dir && *dir ? dir : kDebianFolder) + "/" + name;
    return readable(path) ? path : std::string();
}

ImFont* add_typeface(ImFontAtlas& atlas, float pixels, Weight weight) {
    ImFontConfig config;
    config.SizePixels = pixels;
    // One texel per pixel: the CPU caption painter copies glyphs as they are in the atlas.
    config.OversampleH = config.OversampleV = 1;
    config.PixelSnapH = true;
    const std::string file = typeface_file(weight);
    if (!file.empty()) {
        ImFont* font = atlas.AddFontFromFileTTF(file.c_str(), pixels, &config, glyph_ranges());
        if (font) return font;
    }
    static bool warned = false;
    if (!warned) {
        std::fprintf(stderr,
                     "vedette: warning: DejaVu Sans not found in %s (install fonts-dejavu-core, "
                     "or set VEDETTE_FONT_DIR); text falls back to a bitmap font\n",
                     kDebianFolder);
        warned = true;
    }
    return atlas.AddFontDefault(&config);
}

const std::vector<float>& viewer_type_sizes() {
    static const std::vector<float> sizes = {14, 18, 24, 32, 40, 48, 64};
    return sizes;
}

int nearest_type_size(const std::vector<float>& sizes, float pixels) {
    for (std::size_t i = 0; i < sizes.size(); ++i)
        if (sizes[i] >= pixels - 0.5f) return int(i);
    return int(sizes.size()) - 1;
}

// Where a line starting at `s` ends: at the last space before it outgrows `width` (or at the
// first character that does, for a word longer than the line). Unlike ImGui's wrap it never
// breaks after a full stop or comma inside a word, and never before a number or a bracketed
// number, so "rule 9.99 (1)" stays on one line as a reader cites it, unless that run alone is
// wider than the line.
const char* wrap_end(const ImFont& font, float scale, const char* s, const char* end, float width) {
    float x = 0;
    const char* best = nullptr;  // the last space a line may end at
    const char* any = nullptr;   // the last space at all
    for (const char* p = s; p < end;) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, p, end);
        if (c == '\n') return p;
        if (c == ' ' && p > s) {
            const auto digit = [&](const char* q) {
                return q < end && std::isdigit(static_cast<unsigned char>(*q));
            };
            any = p;
            if (!digit(p + 1) && !(p + 1 < end && p[1] == '(' && digit(p + 2))) best = p;
        }
        x += font.GetCharAdvance(static_cast<ImWchar>(c)) * scale;
        if (x > width && c != ' ') return best ? best : any ? any : (p > s ? p : p + n);
        p += n;
    }
    return end;
}

std::vector<std::string> wrap_lines(const ImFont& font, float scale, const std::string& words,
                                    float width) {
    std::vector<std::string> lines;
    const char* s = words.c_str();
    const char* end = s + words.size();
    while (s < end) {
        const char* line_end = wrap_end(font, scale, s, end, width);
        lines.emplace_back(s, line_end);
        s = line_end;
        while (s < end && (*s == ' ' || *s == '\n')) ++s;
    }
    return lines;
}

}  // namespace vedette::render
