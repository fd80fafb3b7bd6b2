#include "sim/rulesets/gdb/battle/event_kind.h"

#include <stdexcept>

namespace vedette::sim::battle {

namespace {

using record::Category;

struct KindRow {
    EventKind kind;
    std::string name;
    Category category;
};

// One row per kind, in the order of the enum (checked on first use).
const std::vector<KindRow>& kind_table() {
    static const std::vector<KindRow> rows = [] {
        std::vector<KindRow> t = {
            {EventKind::setup, "setup", Category::info},
            {EventKind::turn_start, "turn_start", Category::turn},
            {EventKind::charge_declared, "charge_declared", Category::declare},
            {EventKind::charge_refused, "charge_refused", Category::test},
            {EventKind::charge_move, "charge_move", Category::move},
            {EventKind::reaction, "reaction", Category::react},
            {EventKind::evade, "evade", Category::react},
            {EventKind::evaders_caught, "evaders_caught", Category::loss},
            {EventKind::countercharge, "countercharge", Category::react},
            {EventKind::volley, "volley", Category::fire},
            {EventKind::form_square, "form_square", Category::react},
            {EventKind::formation_change, "formation_change", Category::move},
            {EventKind::formation_test, "formation_test", Category::test},
            {EventKind::morale_test, "morale_test", Category::test},
            {EventKind::contact, "contact", Category::move},
            {EventKind::interpenetration, "interpenetration", Category::move},
            {EventKind::melee, "melee", Category::melee},
            {EventKind::casualties, "casualties", Category::loss},
            {EventKind::push_back, "push_back", Category::loss},
            {EventKind::retreat, "retreat", Category::loss},
            {EventKind::rout, "rout", Category::loss},
            {EventKind::pursue, "pursue", Category::move},
            {EventKind::follow, "follow", Category::move},
            {EventKind::occupy, "occupy", Category::move},
            {EventKind::bonus_move, "bonus_move", Category::move},
            {EventKind::uncontrolled_charge, "uncontrolled_charge", Category::move},
            {EventKind::blown, "blown", Category::loss},
            {EventKind::rally, "rally", Category::rally},
            {EventKind::dispersed, "dispersed", Category::leave},
            {EventKind::removed, "removed", Category::leave},
            {EventKind::guns_abandoned, "guns_abandoned", Category::loss},
            {EventKind::guns_remanned, "guns_remanned", Category::rally},
            {EventKind::move, "move", Category::move},
            {EventKind::pursuit_test, "pursuit_test", Category::test},
            {EventKind::table_edge, "table_edge", Category::info}};
        for (std::size_t i = 0; i < t.size(); ++i)
            if (static_cast<std::size_t>(t[i].kind) != i)
                throw std::logic_error("GdB event kinds: the table is out of the enum's order");
        return t;
    }();
    return rows;
}

const KindRow& row_of(EventKind kind) {
    return kind_table().at(static_cast<std::size_t>(kind));
}

}  // namespace

const std::string& kind_name(EventKind kind) {
    return row_of(kind).name;
}

record::Category category_of(EventKind kind) {
    return row_of(kind).category;
}

std::optional<EventKind> kind_named(std::string_view name) {
    for (const KindRow& row : kind_table())
        if (row.name == name) return row.kind;
    return std::nullopt;
}

const std::vector<std::string>& event_kinds() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const KindRow& row : kind_table()) n.push_back(row.name);
        return n;
    }();
    return names;
}

record::Category category_of_kind(const std::string& name) {
    const std::optional<EventKind> kind = kind_named(name);
    return kind ? category_of(*kind) : Category::info;
}

}  // namespace vedette::sim::battle
