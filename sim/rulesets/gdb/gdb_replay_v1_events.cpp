// Version 1 events and snapshots (gdb_replay_v1_events.h): the writer the events hash is checked
// with, the document reader that names the place of a problem, and the fast readers for files in
// the written shape.

#include "sim/rulesets/gdb/gdb_replay_v1_events.h"

#include <stdexcept>

#include "sim/core/json_cursor.h"
#include "sim/core/json_guard.h"
#include "sim/core/json_reader.h"

namespace vedette::sim::battle::v1 {

using OJson = nlohmann::ordered_json;

namespace {
OJson vec_json(geom::Vec v) {
    return OJson::array({v.x, v.y});
}

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
    return "unit " + std::to_string(s.unit) + " at (" + std::to_string(s.pos.x) + ", " +
           std::to_string(s.pos.y) + ") facing (" + std::to_string(s.facing.x) + ", " +
           std::to_string(s.facing.y) + "), " + std::to_string(s.figures) + " figures, " +
           s.formation + ", " + s.status + (s.guns_abandoned ? ", guns abandoned" : "");
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
        j["motion"] = {{"path", path},
                       {"facing_end", vec_json(e.motion->facing_end)},
                       {"gait", e.motion->gait},
                       {"start", e.t0_ms},
                       {"end", e.t1_ms}};
    }
    if (e.details && !e.details->is_null()) j["details"] = *e.details;
    OJson after = OJson::array();
    for (const auto& s : e.after) after.push_back(snapshot_to_json(s, ids));
    j["after"] = after;
    return j;
}

Event event_from_json(const nlohmann::json& json, const std::vector<std::string>& ids,
                      const std::string& file, const std::string& path) {
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
        if (motion.path.size() < 2)
            m->required("path").fail("a motion path needs at least two points");
        motion.facing_end = vec_from(m->required("facing_end"));
        const std::vector<std::string> gaits = {"walk", "trot", "gallop", "flee"};
        motion.gait = gaits[m->required("gait").as_choice(gaits)];
        e.motion = motion;
    }
    if (auto d = n.optional("details"))
        e.details = std::make_shared<const nlohmann::ordered_json>(d->raw());
    for (const auto& a : n.required("after").items())
        e.after.push_back(snapshot_from_json(a.raw(), ids, file, a.path()));
    return e;
}

namespace {
geom::Vec fast_vec(const nlohmann::json& j) {
    if (!j.is_array() || j.size() != 2) throw std::invalid_argument("vec");
    return {j[0].get<geom::i64>(), j[1].get<geom::i64>()};
}
int fast_unit(const nlohmann::json& j, const UnitIndex& index) {
    const auto it = index.find(j.get_ref<const std::string&>());
    if (it == index.end()) throw std::invalid_argument("unit");
    return it->second;
}
UnitSnapshot fast_snapshot(const nlohmann::json& j, const UnitIndex& index) {
    UnitSnapshot s;
    s.unit = fast_unit(j.at("unit"), index);
    s.pos = fast_vec(j.at("pos"));
    s.facing = fast_vec(j.at("facing"));
    s.figures = j.at("figures").get<int>();
    s.formation = j.at("formation").get<std::string>();
    s.status = j.at("status").get<std::string>();
    if (const auto g = j.find("guns_at"); g != j.end()) {
        s.guns_abandoned = true;
        s.guns_at = fast_vec(*g);
    }
    return s;
}
}  // namespace

namespace {
geom::Vec cursor_vec(JsonCursor& c) {
    c.begin_array();
    geom::Vec v;
    if (!c.next(']')) c.fail("short vector");
    v.x = c.integer();
    if (!c.next(']')) c.fail("short vector");
    v.y = c.integer();
    if (c.next(']')) c.fail("long vector");
    return v;
}

// A key read twice in one object: the fast reader gives up, and the document reader then names
// the duplicate (sim/core/json_guard.h).
void mark(JsonCursor& c, int& seen, int bit) {
    if (seen & bit) c.fail("duplicate key");
    seen |= bit;
}

int cursor_unit(JsonCursor& c, const UnitIndex& index) {
    const auto it = index.find(c.plain_string());
    if (it == index.end()) c.fail("unknown unit");
    return it->second;
}

void cursor_snapshot(JsonCursor& c, const UnitIndex& index, UnitSnapshot& s) {
    c.begin_object();
    int seen = 0;
    while (c.next('}')) {
        const std::string_view k = c.key();
        const bool outer = c.first();
        if (k == "unit")
            mark(c, seen, 1), s.unit = cursor_unit(c, index);
        else if (k == "pos")
            mark(c, seen, 2), s.pos = cursor_vec(c);
        else if (k == "facing")
            mark(c, seen, 4), s.facing = cursor_vec(c);
        else if (k == "figures")
            mark(c, seen, 8), s.figures = c.int32();
        else if (k == "formation")
            mark(c, seen, 16), s.formation = c.string();
        else if (k == "status")
            mark(c, seen, 32), s.status = c.string();
        else if (k == "guns_at")
            mark(c, seen, 64), s.guns_at = cursor_vec(c), s.guns_abandoned = true;
        else
            c.fail("unknown field");
        c.set_first(outer);
    }
    if ((seen & 63) != 63) c.fail("missing field");
}
}  // namespace

bool read_snapshot_text(std::string_view text, const UnitIndex& index, UnitSnapshot& out) {
    try {
        JsonCursor c(text);
        out = UnitSnapshot{};
        cursor_snapshot(c, index, out);
        return c.at_end();
    } catch (const std::invalid_argument&) {
        return false;
    }
}

namespace {

// An event's "motion" object; false for an unknown key, a path of fewer than two points or an
// unknown gait (the document reader then names the problem).
bool cursor_motion(JsonCursor& c, Motion& m) {
    int seen = 0;
    c.begin_object();
    while (c.next('}')) {
        const std::string_view k = c.key();
        const bool outer = c.first();
        if (k == "path") {
            mark(c, seen, 1);
            c.begin_array();
            while (c.next(']')) {
                const bool point = c.first();
                m.path.push_back(cursor_vec(c));
                c.set_first(point);
            }
        } else if (k == "facing_end")
            mark(c, seen, 2), m.facing_end = cursor_vec(c);
        else if (k == "gait")
            mark(c, seen, 4), m.gait = c.string();
        else if (k == "start")
            mark(c, seen, 8), c.skip_value();  // the event's own t0
        else if (k == "end")
            mark(c, seen, 16), c.skip_value();  // and t1
        else
            return false;
        c.set_first(outer);
    }
    if (m.path.size() < 2) return false;
    return m.gait == "walk" || m.gait == "trot" || m.gait == "gallop" || m.gait == "flee";
}

void cursor_after(JsonCursor& c, const UnitIndex& index, std::vector<UnitSnapshot>& after) {
    c.begin_array();
    while (c.next(']')) {
        const bool outer = c.first();
        UnitSnapshot s;
        cursor_snapshot(c, index, s);
        after.push_back(std::move(s));
        c.set_first(outer);
    }
}

// The fields every event has: each sets one bit of `seen`, and read_event_text wants all ten.
constexpr int kRequiredEventFields = 1023;

// One member of an event object, marking its bit in `seen`; false for an unknown key or a motion
// the strict reader does not take.
bool cursor_event_field(JsonCursor& c, std::string_view k, const UnitIndex& index, int& seen,
                        Event& e) {
    if (k == "seq")
        mark(c, seen, 1), e.seq = c.int32();
    else if (k == "turn")
        mark(c, seen, 2), e.turn = c.int32();
    else if (k == "phase")
        mark(c, seen, 4), e.phase = c.string();
    else if (k == "kind")
        mark(c, seen, 8), e.kind = c.string();
    else if (k == "units") {
        mark(c, seen, 16);
        c.begin_array();
        while (c.next(']')) e.units.push_back(cursor_unit(c, index));
    } else if (k == "rule")
        mark(c, seen, 32), e.rule = c.string();
    else if (k == "text")
        mark(c, seen, 64), e.text = c.string();
    else if (k == "t0")
        mark(c, seen, 128), e.t0_ms = c.integer();
    else if (k == "t1")
        mark(c, seen, 256), e.t1_ms = c.integer();
    else if (k == "after")
        mark(c, seen, 512), cursor_after(c, index, e.after);
    else if (k == "motion") {
        mark(c, seen, 1024);
        Motion m;
        if (!cursor_motion(c, m)) return false;
        e.motion = std::move(m);
    } else if (k == "details") {
        mark(c, seen, 2048);
        const std::string_view raw = c.skip_value();
        check_json_text(raw, "details");  // depth and duplicate keys inside the record
        e.details =
            std::make_shared<const nlohmann::ordered_json>(nlohmann::ordered_json::parse(raw));
    } else {
        return false;
    }
    return true;
}

}  // namespace

bool read_event_text(std::string_view text, const UnitIndex& index, Event& e) {
    try {
        JsonCursor c(text);
        e = Event{};
        c.begin_object();
        int seen = 0;
        while (c.next('}')) {
            const std::string_view k = c.key();
            const bool outer = c.first();
            if (!cursor_event_field(c, k, index, seen, e)) return false;
            c.set_first(outer);
        }
        return (seen & kRequiredEventFields) == kRequiredEventFields && c.at_end();
    } catch (const std::exception&) {
        return false;
    }
}

UnitSnapshot snapshot_from_json_fast(const nlohmann::json& j, const std::vector<std::string>& ids,
                                     const UnitIndex& index, const std::string& file,
                                     const std::string& path) {
    try {
        return fast_snapshot(j, index);
    } catch (const std::exception&) {
        return snapshot_from_json(j, ids, file, path);  // throws an InputError with the place
    }
}

Event event_from_json_fast(const nlohmann::json& j, const std::vector<std::string>& ids,
                           const UnitIndex& index, const std::string& file,
                           const std::string& path) {
    try {
        Event e;
        e.seq = j.at("seq").get<int>();
        e.turn = j.at("turn").get<int>();
        e.phase = j.at("phase").get<std::string>();
        e.kind = j.at("kind").get<std::string>();
        for (const auto& u : j.at("units")) e.units.push_back(fast_unit(u, index));
        e.rule = j.at("rule").get<std::string>();
        e.text = j.at("text").get<std::string>();
        e.t0_ms = j.at("t0").get<std::int64_t>();
        e.t1_ms = j.at("t1").get<std::int64_t>();
        if (const auto m = j.find("motion"); m != j.end()) {
            Motion motion;
            for (const auto& p : m->at("path")) motion.path.push_back(fast_vec(p));
            if (motion.path.size() < 2) throw std::invalid_argument("path");
            motion.facing_end = fast_vec(m->at("facing_end"));
            motion.gait = m->at("gait").get<std::string>();
            if (motion.gait != "walk" && motion.gait != "trot" && motion.gait != "gallop" &&
                motion.gait != "flee")
                throw std::invalid_argument("gait");
            e.motion = std::move(motion);
        }
        if (const auto d = j.find("details"); d != j.end())
            e.details = std::make_shared<const nlohmann::ordered_json>(*d);
        for (const auto& a : j.at("after")) e.after.push_back(fast_snapshot(a, index));
        return e;
    } catch (const std::exception&) {
        return event_from_json(j, ids, file, path);  // throws an InputError with the place
    }
}

}  // namespace vedette::sim::battle::v1
