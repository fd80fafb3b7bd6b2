#pragma once
// How the table is photographed: as it is (table), or as a tilt-shift photograph of a painted
// miniature table (miniature: contact shadows under the bases, the renderer's; a shallow depth
// of field and richer colours, renderer/export/miniature_look.h).

#include <string>

namespace vedette::render {

enum class Look { table, miniature };
// "table" or "miniature"; throws std::invalid_argument otherwise.
Look parse_look(const std::string& text);

}  // namespace vedette::render
