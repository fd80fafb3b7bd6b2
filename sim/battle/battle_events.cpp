#include "sim/battle/battle_events.h"

#include "sim/core/json_reader.h"

namespace vedette::sim::battle {

using OJson = nlohmann::ordered_json;

const std::vector<std::string>& event_kinds() {
    static const std::vector<std::string> k = {
        "setup", "charge_declared", "charge_refused", "charge_move", "reaction", "evade", "evaders_caught",
        "countercharge", "volley", "form_square", "morale_test", "contact", "melee", "push_back", "retreat",
        "rout", "pursue", "uncontrolled_charge", "blown", "rally", "casualties", "dispersed", "removed",
        "guns_abandoned", "formation_change", "interpenetration", "move", "turn_start"};
    return k;
}

namespace {
OJson vec_json(geom::Vec v) { return OJson::array({v.x, v.y}); }

geom::Vec vec_from(const JsonNode& n) {
    const auto items = n.items();
    if (items.size() != 2) n.fail("expected [x, y]");
    return {items[0].as_int(), items[1].as_int()};
}

int unit_from(const JsonNode& n, const std::vector<std::string>& ids) {
    const std::string id = n.as_string();
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] == id) return static_cast<int>(i);
    n.fail("unknown unit \"" + id + "\"");
}
}  // namespace

std::string describe(const UnitSnapshot& s) {
    return "unit " + std::to_string(s.unit) + " at (" + std::to_string(s.pos.x) + ", " + std::to_string(s.pos.y) +
           ") facing (" + std::to_string(s.facing.x) + ", " + std::to_string(s.facing.y) + "), " +
           std::to_string(s.figures) + " figures, " + s.formation + ", " + s.status +
           (s.guns_abandoned ? ", guns abandoned" : "");
}

OJson snapshot_to_json(const UnitSnapshot& s, const std::vector<std::string>& ids) {
    OJson j;
    j["unit"] = ids[static_cast<std::size_t>(s.unit)];
    j["pos"] = vec_json(s.pos);
    j["facing"] = vec_json(s.facing);
    j["figures"] = s.figures;
    j["formation"] = s.formation;
    j["status"] = s.status;
    if (s.guns_abandoned) j["guns_at"] = vec_json(s.guns_at);
    return j;
}

UnitSnapshot snapshot_from_json(const nlohmann::json& json, const std::vector<std::string>& ids,
                                const std::string& file, const std::string& path) {
    const JsonNode n(json, file, path);
    UnitSnapshot s;
    s.unit = unit_from(n.required("unit"), ids);
    s.pos = vec_from(n.required("pos"));
    s.facing = vec_from(n.required("facing"));
    s.figures = static_cast<int>(n.required("figures").as_int(0, 100000));
    s.formation = n.required("formation").as_string();
    s.status = n.required("status").as_string();
    if (auto g = n.optional("guns_at")) {
        s.guns_abandoned = true;
        s.guns_at = vec_from(*g);
    }
    return s;
}

OJson event_to_json(const Event& e, const std::vector<std::string>& ids) {
    OJson j;
    j["seq"] = e.seq;
    j["turn"] = e.turn;
    j["phase"] = e.phase;
    j["kind"] = e.kind;
    OJson units = OJson::array();
    for (int u : e.units) units.push_back(ids[static_cast<std::size_t>(u)]);
    j["units"] = units;
    j["rule"] = e.rule;
    j["text"] = e.text;
    j["t0"] = e.t0_ms;
    j["t1"] = e.t1_ms;
    if (e.motion) {
        OJson path = OJson::array();
        for (const auto& p : e.motion->path) path.push_back(vec_json(p));
        j["motion"] = {{"path", path}, {"facing_end", vec_json(e.motion->facing_end)}, {"gait", e.motion->gait},
                       {"start", e.t0_ms}, {"end", e.t1_ms}};
    }
    if (!e.details.is_null()) j["details"] = e.details;
    OJson after = OJson::array();
    for (const auto& s : e.after) after.push_back(snapshot_to_json(s, ids));
    j["after"] = after;
    return j;
}

Event event_from_json(const nlohmann::json& json, const std::vector<std::string>& ids, const std::string& file,
                      const std::string& path) {
    const JsonNode n(json, file, path);
    Event e;
    e.seq = static_cast<int>(n.required("seq").as_int(0, INT32_MAX));
    e.turn = static_cast<int>(n.required("turn").as_int(0, 1000));
    e.phase = n.required("phase").as_string();
    e.kind = n.required("kind").as_string();
    for (const auto& u : n.required("units").items()) e.units.push_back(unit_from(u, ids));
    e.rule = n.required("rule").as_string();
    e.text = n.required("text").as_string();
    e.t0_ms = n.required("t0").as_int();
    e.t1_ms = n.required("t1").as_int();
    if (auto m = n.optional("motion")) {
        Motion motion;
        for (const auto& p : m->required("path").items()) motion.path.push_back(vec_from(p));
        if (motion.path.size() < 2) m->required("path").fail("a motion path needs at least two points");
        motion.facing_end = vec_from(m->required("facing_end"));
        const std::vector<std::string> gaits = {"walk", "trot", "gallop", "flee"};
        motion.gait = gaits[m->required("gait").as_choice(gaits)];
        e.motion = motion;
    }
    if (auto d = n.optional("details")) e.details = nlohmann::ordered_json::parse(d->raw().dump());
    for (const auto& a : n.required("after").items()) e.after.push_back(snapshot_from_json(a.raw(), ids, file, a.path()));
    return e;
}

}  // namespace vedette::sim::battle
