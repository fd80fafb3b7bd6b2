#include "sim/rulesets/gdb/battle/formation_geometry.h"

#include <algorithm>

namespace vedette::sim::battle {

Block unit_block(const BattleRules& rules, gdb::TroopType type, gdb::Formation formation,
                 int figures) {
    const BaseSpec& base = rules.base_of(type);
    const int bases = std::max(1, (figures + base.figures - 1) / base.figures);
    const int abreast = rules.abreast[static_cast<std::size_t>(formation)];
    Block b;
    if (abreast < 0) {  // square or mass: bases on four faces
        const int side = std::max(1, (bases + 3) / 4);
        b.width_mm = side * base.width_mm;
        b.depth_mm = b.width_mm;
        return b;
    }
    const int across = abreast == 0 ? bases : std::min(abreast, bases);
    const int ranks = (bases + across - 1) / across;
    b.width_mm = across * base.width_mm;
    b.depth_mm = ranks * base.depth_mm;
    if (formation == gdb::Formation::open_order || formation == gdb::Formation::skirmish) {
        b.width_mm *= 2;  // bases spread out with a base's gap between them
        b.depth_mm *= 2;
    }
    return b;
}

geom::Rect unit_rect(const BattleRules& rules, gdb::TroopType type, gdb::Formation formation,
                     int figures, geom::Vec centre, geom::Vec facing) {
    const Block b = unit_block(rules, type, formation, std::max(figures, 1));
    return {centre, facing, b.width_mm / 2, b.depth_mm / 2};
}

}  // namespace vedette::sim::battle
