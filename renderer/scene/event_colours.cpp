#include "renderer/scene/event_colours.h"

namespace vedette::render {

KindColour kind_colour(const std::string& kind) {
    if (kind == "melee" || kind == "casualties") return {220, 60, 50};
    if (kind == "charge_declared" || kind == "charge_move" || kind == "countercharge" ||
        kind == "uncontrolled_charge" || kind == "contact")
        return {235, 150, 40};
    if (kind == "morale_test" || kind == "volley" || kind == "double_six") return {230, 210, 70};
    if (kind == "retreat" || kind == "rout" || kind == "push_back" || kind == "evade" ||
        kind == "pursue" || kind == "pursuit" || kind == "evaders_caught")
        return {150, 150, 200};
    if (kind == "turn_start") return {255, 255, 255};
    if (kind == "rally" || kind == "reaction" || kind == "form_square" ||
        kind == "formation_change")
        return {110, 200, 140};
    return {140, 160, 140};
}

}  // namespace vedette::render
