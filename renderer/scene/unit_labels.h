#pragma once
// What a unit's 3D label says: its name ("1er cuirassiers", the default, as every panel says it),
// its short name (the roster's `short_name`, else the name) or its scenario id (`f_cuir_1`, for
// scenario writers). Shared by the viewer's labels and the exporter's painted ones.

#include <optional>
#include <string>

#include "renderer/scene/scene_state.h"

namespace vedette::render {

enum class LabelStyle { name, short_name, id };

inline const std::string& label_text(const UnitView& u, LabelStyle style) {
    switch (style) {
        case LabelStyle::id:
            return u.id;
        case LabelStyle::short_name:
            return u.short_name.empty() ? u.name : u.short_name;
        case LabelStyle::name:
            break;
    }
    return u.name.empty() ? u.id : u.name;
}

// "name", "short" or "id"; nullopt for anything else.
inline std::optional<LabelStyle> parse_label_style(const std::string& s) {
    if (s == "name") return LabelStyle::name;
    if (s == "short") return LabelStyle::short_name;
    if (s == "id") return LabelStyle::id;
    return std::nullopt;
}

}  // namespace vedette::render
