#include "renderer/scene/event_colours.h"

namespace vedette::render {

EventColour category_colour(sim::record::Category category) {
    using sim::record::Category;
    switch (category) {
        case Category::declare:
            return {235, 150, 40};
        case Category::react:
            return {110, 200, 140};
        case Category::move:
            return {150, 150, 200};
        case Category::test:
            return {230, 210, 70};
        case Category::fire:
            return {245, 235, 170};
        case Category::melee:
            return {220, 60, 50};
        case Category::loss:
            return {200, 90, 120};
        case Category::leave:
            return {125, 125, 140};
        case Category::rally:
            return {100, 200, 205};
        case Category::turn:
            return {255, 255, 255};
        case Category::info:
            break;
    }
    return {140, 160, 140};
}

}  // namespace vedette::render
