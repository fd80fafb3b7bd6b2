#include "renderer/scene/look.h"

#include <stdexcept>

namespace vedette::render {

Look parse_look(const std::string& text) {
    if (text == "table") return Look::table;
    if (text == "miniature") return Look::miniature;
    throw std::invalid_argument("expected table or miniature, found \"" + text + "\"");
}

}  // namespace vedette::render
