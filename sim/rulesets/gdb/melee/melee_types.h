#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The unit model a General de Brigade melee needs (seed 004, chapter XII), as plain data.
// Enum order matches the name tables in melee_types.cpp, which are also the JSON spellings.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vedette::sim::gdb {

enum class TroopType : std::uint8_t {
    cuirassiers,
    heavy_cavalry,
    dragoons,
    lancers,
    light_cavalry,
    cossacks,
    infantry,
    open_order,
    skirmishers,
    artillery
};
enum class UnitClass : std::uint8_t {
    guard,
    elite,
    veteran,
    line,
    second_rate,
    conscript,
    garrison
};
enum class Formation : std::uint8_t {
    line,
    column,
    attack_column,
    square,
    mass,
    open_order,
    skirmish,
    squadron_column,
    limbered,
    unlimbered
};
enum class Status : std::uint8_t { formed, unformed, wavering, retreating, broken };
enum class General : std::uint8_t { none, inept, average, excellent };
enum class Horses : std::uint8_t { good, average, poor };
enum class Cover : std::uint8_t { none, cover, building, fortified };
enum class Terrain : std::uint8_t { open, rough, built_up, fortified };

// What a unit is after the melee (a superset of Status, for reports and the battle runner).
enum class StatusAfter : std::uint8_t {
    formed,
    unformed,
    wavering,
    retreating,
    broken,
    pushed_back,
    blown,
    pursuing,
    dispersed,
    removed
};

const std::vector<std::string>& troop_type_names();
const std::vector<std::string>& unit_class_names();
const std::vector<std::string>& formation_names();
const std::vector<std::string>& status_names();
const std::vector<std::string>& general_names();
const std::vector<std::string>& horses_names();
const std::vector<std::string>& cover_names();
const std::vector<std::string>& terrain_names();
const std::vector<std::string>& status_after_names();

template <typename E>
std::string_view name_of(E value, const std::vector<std::string>& names) {
    return names[static_cast<std::size_t>(value)];
}
std::string_view to_string(TroopType v);
std::string_view to_string(UnitClass v);
std::string_view to_string(Formation v);
std::string_view to_string(Status v);
std::string_view to_string(Terrain v);
std::string_view to_string(StatusAfter v);
// An id as a reader says it, for text (captions, explanations, reports); JSON keeps the id:
// "heavy_cavalry" -> "heavy cavalry", "attack_column" -> "attack column".
std::string words_of(std::string_view id);

inline bool is_cavalry(TroopType t) {
    return t <= TroopType::cossacks;
}
inline bool is_infantry(TroopType t) {
    return t == TroopType::infantry || t == TroopType::open_order || t == TroopType::skirmishers;
}

struct MeleeUnit {
    std::string name;
    TroopType type = TroopType::infantry;
    UnitClass klass = UnitClass::line;
    int figures = 0;
    int ranks = 0;  // depth in figures; 0 = from the formation (ruleset first_round table)
    Formation formation = Formation::line;
    Status status = Status::formed;
    bool charging = false;
    bool countercharging = false;
    bool pursuing = false;
    bool pursued_last_turn = false;
    bool flank_or_rear = false;
    General general = General::none;
    bool general_leads = false;
    std::string nation = "french";
    Horses horses = Horses::average;
    Cover cover = Cover::none;
    bool breach = false;
    bool reinforcement = false;
    bool interpenetrated = false;
    bool sapper = false;
    bool uphill = false;              // infantry charging uphill gets no charge bonus (12.17 (6))
    bool pushed_back_before = false;  // already pushed back once in this built-up-area melee

    // Forced dice, for teaching and tests. Empty means "roll".
    std::vector<int> dice;        // melee 2D6
    std::vector<int> sapper_die;  // the sapper's re-roll
    std::vector<int> test_dice;   // formation or pursuit test 2D6
    std::vector<int> event_dice;  // double-six table / general-at-risk dice, in order
    // With forced test dice: the pursuit test's result as the players ruled it at the table (a
    // game record's as_played, e.g. "pursue"); empty: the table's row for the total.
    std::string test_as_played;
};

struct MeleeSetup {
    std::string source;  // file name, for messages
    Terrain terrain = Terrain::open;
    bool first_round = true;
    std::array<std::vector<MeleeUnit>, 2> sides;  // 0 = attacker, 1 = defender
};

inline constexpr int kAttacker = 0;
inline constexpr int kDefender = 1;
inline const char* side_name(int side) {
    return side == kAttacker ? "attacker" : "defender";
}

}  // namespace vedette::sim::gdb
