// Replays of format version 1 (General de Brigade before the ruleset seam): read with the readers
// of that format, then converted to records (gdb_record.h), so every replay shipped or recorded
// before version 2 still loads and plays. `vedette migrate` writes the converted form.

#include "sim/rulesets/gdb/gdb_replay_v1.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <thread>

#include "sim/core/input_error.h"
#include "sim/core/json_cursor.h"
#include "sim/core/json_guard.h"
#include "sim/core/json_reader.h"
#include "sim/replay/replay_lines.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/gdb/gdb_record.h"

namespace vedette::sim::battle {

using replay::blank;
using replay::hash_lines;
using replay::section_lines;

using OJson = nlohmann::ordered_json;

namespace {

// A version 1 replay as written: GdB events and snapshots.
struct V1Replay {
    std::string file;
    int version = 1;
    std::string ruleset;
    std::string rules_hash;
    std::uint64_t seed = 0;
    std::string scenario_text;
    std::vector<std::string> unit_ids;
    std::vector<Event> events;
    std::vector<TurnHash> turn_hashes;
    std::vector<Keyframe> keyframes;
    std::string events_hash;
};

constexpr std::uint64_t kFnvStart = 0xcbf29ce484222325ULL;

// The hash of the event lines exactly as the writer puts them in the file (compact JSON, one a
// line), so loading checks it by hashing bytes instead of re-serialising every event.
std::string v1_events_hash(const std::vector<Event>& events, const std::vector<std::string>& ids) {
    std::uint64_t h = kFnvStart;
    for (const auto& e : events) {
        const std::string bytes = event_to_json(e, ids).dump();
        h = fnv1a64(bytes.data(), bytes.size(), h);
    }
    return hex16(h);
}

}  // namespace

namespace {

// The fields of the first line: format, version, rules hash, seed, events hash, turn hashes.
void read_header(const JsonNode& root, V1Replay& r) {
    if (root.required("format").as_string() != "vedette-replay")
        root.required("format").fail(std::string("expected \"") + "vedette-replay" + "\"");
    const auto version = root.required("version");
    if (version.as_int() > 1)
        version.fail("replay format version " + std::to_string(version.as_int()) +
                     " is newer than this program reads (" + std::to_string(1) +
                     "): update Vedette");
    r.version = static_cast<int>(version.as_int(1, 1));
    r.ruleset = root.required("ruleset").as_string();
    r.rules_hash = root.required("rules_hash").as_string();
    r.seed = static_cast<std::uint64_t>(root.required("seed").as_int(0, INT64_MAX));
    r.events_hash = root.required("events_hash").as_string();
    for (const auto& t : root.required("turn_hashes").items())
        r.turn_hashes.push_back(
            {static_cast<int>(t.required("turn").as_int(1, 1000)), t.required("hash").as_string()});
}

void read_unit_ids(const JsonNode& scenario, V1Replay& r) {
    for (const auto& side : scenario.required("sides").items())
        for (const auto& b : side.required("brigades").items())
            for (const auto& u : b.required("units").items())
                r.unit_ids.push_back(u.required("id").as_string());
}

// The unit ids of sides[].brigades[].units[].id, skipping everything else.
bool read_unit_ids_fast(std::string_view scenario, std::vector<std::string>& ids) try {
    JsonCursor c(scenario);
    c.begin_object();
    bool found = false;
    while (c.next('}')) {
        const bool top = c.first();
        if (c.key() != "sides") {
            c.skip_value();
            c.set_first(top);
            continue;
        }
        found = true;
        c.begin_array();
        while (c.next(']')) {
            const bool side = c.first();
            c.begin_object();
            while (c.next('}')) {
                const bool side_key = c.first();
                if (c.key() != "brigades") {
                    c.skip_value();
                    c.set_first(side_key);
                    continue;
                }
                c.begin_array();
                while (c.next(']')) {
                    const bool brigade = c.first();
                    c.begin_object();
                    while (c.next('}')) {
                        const bool brigade_key = c.first();
                        if (c.key() != "units") {
                            c.skip_value();
                            c.set_first(brigade_key);
                            continue;
                        }
                        c.begin_array();
                        while (c.next(']')) {
                            const bool unit = c.first();
                            c.begin_object();
                            while (c.next('}')) {
                                const bool unit_key = c.first();
                                if (c.key() == "id")
                                    ids.push_back(c.string());
                                else
                                    c.skip_value();
                                c.set_first(unit_key);
                            }
                            c.set_first(unit);
                        }
                        c.set_first(brigade_key);
                    }
                    c.set_first(brigade);
                }
                c.set_first(side_key);
            }
            c.set_first(side);
        }
        c.set_first(top);
    }
    return found;
} catch (const std::invalid_argument&) {
    return false;
}

// Reads a replay laid out as write_replay_text lays it out, without building a JSON document
// for the events and keyframes (a 100,000-event replay is tens of megabytes). Returns false
// when the layout is different, so the caller can read it the slow way and report exactly what
// is wrong.
bool parse_replay_fast(const std::string& text, const std::string& file, V1Replay& r) {
    const std::string_view t(text);
    const std::size_t scen = t.find("\n\"scenario\": ");
    const std::size_t kf = t.find("\n\"keyframes\": [\n");
    const std::size_t ev = t.find("\n\"events\": [\n");
    if (scen == std::string_view::npos || kf == std::string_view::npos ||
        ev == std::string_view::npos || !(scen < kf && kf < ev))
        return false;
    // The header and the scenario go through the JSON guard (duplicate keys, depth) as the
    // document reader would; keyframes and events are read by strict line readers below, which
    // refuse a repeated key themselves and never recurse.
    check_json_text(t.substr(0, kf), file);
    std::string header(t.substr(0, scen));
    if (header.empty() || header.back() != ',') return false;
    header.back() = '}';
    const Json header_json = parse_json_text(header, file);
    read_header(JsonNode(header_json, file, "$"), r);

    std::string_view scenario_text = t.substr(scen + 13, kf - (scen + 13));
    if (scenario_text.empty() || scenario_text.back() != ',') return false;
    scenario_text.remove_suffix(1);
    r.scenario_text = std::string(scenario_text);
    if (!read_unit_ids_fast(scenario_text, r.unit_ids)) return false;
    UnitIndex index;
    for (std::size_t i = 0; i < r.unit_ids.size(); ++i) index[r.unit_ids[i]] = static_cast<int>(i);

    bool closed = false;
    std::size_t closed_at = 0;
    const auto event_lines = section_lines(t, ev + 13, closed, closed_at);
    // The events close the file: "]}" and nothing after it but whitespace.
    if (!closed || t.substr(closed_at, 2) != "]}" || !blank(t.substr(closed_at + 2))) return false;
    const std::string actual = hash_lines(event_lines);
    if (actual != r.events_hash)
        JsonNode(header_json, file, "$")
            .required("events_hash")
            .fail("the events do not match events_hash (stored " + r.events_hash + ", computed " +
                  actual + "): the file was edited or damaged");

    const auto keyframe_lines = section_lines(t, kf + 16, closed, closed_at);
    if (!closed || closed_at + 2 != ev || t.substr(closed_at, 2) != "],") return false;
    for (const auto& line : keyframe_lines) try {
            JsonCursor c(line);
            Keyframe k;
            c.begin_object();
            while (c.next('}')) {
                const std::string_view key = c.key();
                const bool outer = c.first();
                if (key == "seq")
                    k.seq = static_cast<int>(c.integer());
                else if (key == "turn")
                    k.turn = static_cast<int>(c.integer());
                else if (key == "time")
                    k.time_ms = c.integer();
                else if (key == "units") {
                    c.begin_array();
                    while (c.next(']')) {
                        const bool inner = c.first();
                        UnitSnapshot s;
                        if (!read_snapshot_text(c.skip_value(), index, s)) return false;
                        k.units.push_back(std::move(s));
                        c.set_first(inner);
                    }
                } else {
                    return false;
                }
                c.set_first(outer);
            }
            r.keyframes.push_back(std::move(k));
        } catch (const std::invalid_argument&) {
            return false;
        }

    // Event lines are independent: parse them on all cores (loading only; nothing here decides
    // an outcome).
    r.events.resize(event_lines.size());
    const unsigned workers = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    std::vector<char> ok(workers, 1);
    auto parse_range = [&](unsigned w) {
        const std::size_t begin = event_lines.size() * w / workers,
                          end = event_lines.size() * (w + 1) / workers;
        for (std::size_t i = begin; i < end && ok[w]; ++i)
            ok[w] = read_event_text(event_lines[i], index, r.events[i]) &&
                    r.events[i].seq == static_cast<int>(i);
    };
    std::vector<std::thread> threads;
    for (unsigned w = 1; w < workers; ++w) threads.emplace_back(parse_range, w);
    parse_range(0);
    for (auto& th : threads) th.join();
    for (char v : ok)
        if (!v) return false;
    return true;
}

// The document reader: slower, but every problem is reported with its line or JSON path.
V1Replay parse_replay_document(const std::string& text, const std::string& file) {
    const Json json = parse_json_text(text, file);
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"format", "version", "ruleset", "rules_hash", "seed", "events_hash",
                           "turn_hashes", "scenario", "keyframes", "events"});
    V1Replay r;
    r.file = file;
    read_header(root, r);
    r.scenario_text = root.required("scenario").raw().dump();
    read_unit_ids(root.required("scenario"), r);
    UnitIndex index;
    for (std::size_t i = 0; i < r.unit_ids.size(); ++i) index[r.unit_ids[i]] = static_cast<int>(i);
    for (const auto& k : root.required("keyframes").items()) {
        Keyframe kf;
        kf.seq = static_cast<int>(k.required("seq").as_int(0, INT32_MAX));
        kf.turn = static_cast<int>(k.required("turn").as_int(0, 1000));
        kf.time_ms = k.required("time").as_int();
        for (const auto& s : k.required("units").items())
            kf.units.push_back(snapshot_from_json_fast(s.raw(), r.unit_ids, index, file, s.path()));
        r.keyframes.push_back(std::move(kf));
    }
    const auto events = root.required("events");
    // nlohmann::json sorts keys; an explanation record keeps the order it was written in, which
    // events_hash covers, so the records are taken from an order-keeping parse of the same text.
    const OJson ordered = OJson::parse(text);
    const OJson& ordered_events = ordered.at("events");
    for (const auto& e : events.items()) {
        r.events.push_back(event_from_json_fast(e.raw(), r.unit_ids, index, file, e.path()));
        const OJson& written = ordered_events.at(r.events.size() - 1);
        if (const auto d = written.find("details"); d != written.end())
            r.events.back().details = *d;
        if (r.events.back().seq != static_cast<int>(r.events.size()) - 1)
            e.required("seq").fail("events are out of order (expected seq " +
                                   std::to_string(r.events.size() - 1) + ")");
    }
    const std::string actual = v1_events_hash(r.events, r.unit_ids);
    if (actual != r.events_hash)
        root.required("events_hash")
            .fail("the events do not match events_hash (stored " + r.events_hash + ", computed " +
                  actual + "): the file was edited or damaged");
    return r;
}

}  // namespace

replay::Replay upgrade_v1_replay(const std::string& text, const std::string& file,
                                 const BattleRules& rules, const nlohmann::json& tables) {
    V1Replay v;
    v.file = file;
    if (!parse_replay_fast(text, file, v)) v = parse_replay_document(text, file);
    // Relative paths in the scenario (heightfield images) resolve against the replay's folder.
    const std::string scenario_path =
        (std::filesystem::path(file).parent_path() / "embedded-scenario.json").string();
    const Scenario scenario = parse_scenario(
        parse_json_text(v.scenario_text, file + " (embedded scenario)"), scenario_path, rules);
    if (unit_ids(scenario) != v.unit_ids)
        throw InputError(file, "$.scenario",
                         "the scenario's units are not the units the events name (the file was "
                         "edited or damaged)");
    const RecordContext c{scenario, rules, tables, v.rules_hash};
    replay::Replay r;
    r.file = file;
    r.version = 1;
    r.header = gdb_header(c);
    r.seed = v.seed;
    r.scenario_text = v.scenario_text;
    r.unit_ids = v.unit_ids;
    r.events = to_record(v.events, c);
    for (const auto& t : v.turn_hashes) r.turn_hashes.push_back({t.turn, t.hash});
    r.keyframes = to_record(v.keyframes, c);
    r.events_hash = replay::events_hash(r.events, r.unit_ids);
    return r;
}

}  // namespace vedette::sim::battle
