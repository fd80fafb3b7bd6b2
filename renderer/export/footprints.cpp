#include "renderer/export/footprints.h"

#include <cstdio>

#include "renderer/scene/base_contact.h"

namespace vedette::render {

namespace {

std::string number(double v, int decimals = 1) {
    char out[48];
    std::snprintf(out, sizeof out, "%.*f", decimals, v);
    return out;
}

// An id as a JSON string (ids are plain words; quotes and backslashes escaped all the same).
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20) out += c;
    }
    return out + "\"";
}

}  // namespace

std::string footprint_line(std::size_t frame, const SceneState& state) {
    std::string out = "{\"frame\": " + std::to_string(frame) +
                      ", \"time_ms\": " + std::to_string(state.time_ms) + ", \"units\": [";
    bool first = true;
    for (const auto& u : state.units) {
        if (!u.on_table) continue;
        // The block the figures stand on now: while a formation changes, the old footprint
        // growing or shrinking into the new one (base_contact.h), as it is drawn and parted.
        const BlockSize block = block_size(u, 0, 0);
        out += std::string(first ? "" : ", ") + "{\"id\": " + quoted(u.id) +
               ", \"x\": " + number(u.x_mm) + ", \"y\": " + number(u.y_mm) + ", \"facing\": [" +
               number(u.facing_x, 4) + ", " + number(u.facing_y, 4) +
               "], \"width\": " + number(block.w) + ", \"depth\": " + number(block.d) + "}";
        first = false;
    }
    return out + "]}\n";
}

}  // namespace vedette::render
