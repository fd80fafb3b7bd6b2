#include "sim/rulesets/gdb/melee/melee_types.h"

namespace vedette::sim::gdb {

const std::vector<std::string>& troop_type_names() {
    static const std::vector<std::string> n = {
        "cuirassiers", "heavy_cavalry", "dragoons",   "lancers",     "light_cavalry",
        "cossacks",    "infantry",      "open_order", "skirmishers", "artillery"};
    return n;
}
const std::vector<std::string>& unit_class_names() {
    static const std::vector<std::string> n = {"guard",       "elite",     "veteran", "line",
                                               "second_rate", "conscript", "garrison"};
    return n;
}
const std::vector<std::string>& formation_names() {
    static const std::vector<std::string> n = {
        "line",       "column",   "attack_column",   "square",   "mass",
        "open_order", "skirmish", "squadron_column", "limbered", "unlimbered"};
    return n;
}
const std::vector<std::string>& status_names() {
    static const std::vector<std::string> n = {"formed", "unformed", "wavering", "retreating",
                                               "broken"};
    return n;
}
const std::vector<std::string>& general_names() {
    static const std::vector<std::string> n = {"none", "inept", "average", "excellent"};
    return n;
}
const std::vector<std::string>& horses_names() {
    static const std::vector<std::string> n = {"good", "average", "poor"};
    return n;
}
const std::vector<std::string>& cover_names() {
    static const std::vector<std::string> n = {"none", "cover", "building", "fortified"};
    return n;
}
const std::vector<std::string>& terrain_names() {
    static const std::vector<std::string> n = {"open", "rough", "built_up", "fortified"};
    return n;
}
const std::vector<std::string>& status_after_names() {
    static const std::vector<std::string> n = {"formed",    "unformed",    "wavering", "retreating",
                                               "broken",    "pushed_back", "blown",    "pursuing",
                                               "dispersed", "removed"};
    return n;
}

std::string_view to_string(TroopType v) {
    return name_of(v, troop_type_names());
}
std::string_view to_string(UnitClass v) {
    return name_of(v, unit_class_names());
}
std::string_view to_string(Formation v) {
    return name_of(v, formation_names());
}
std::string_view to_string(Status v) {
    return name_of(v, status_names());
}
std::string_view to_string(Terrain v) {
    return name_of(v, terrain_names());
}
std::string_view to_string(StatusAfter v) {
    return name_of(v, status_after_names());
}

std::string words_of(std::string_view id) {
    std::string out(id);
    for (char& c : out)
        if (c == '_') c = ' ';
    return out;
}

}  // namespace vedette::sim::gdb
