// Replays of format version 1 (General de Brigade before the ruleset seam): read with the readers
// of that format (gdb_replay_v1_events.h), then converted to records (gdb_replay_v1_record.h), so
// every replay shipped or recorded before version 2 still loads and plays. `vedette migrate`
// writes the converted form.

#include "sim/rulesets/gdb/gdb_replay_v1.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>
#include <thread>

#include "sim/core/input_error.h"
#include "sim/core/json_cursor.h"
#include "sim/core/json_guard.h"
#include "sim/core/json_reader.h"
#include "sim/replay/replay_lines.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/gdb_record.h"
#include "sim/rulesets/gdb/gdb_replay_v1_events.h"
#include "sim/rulesets/gdb/gdb_replay_v1_explain.h"
#include "sim/rulesets/gdb/gdb_replay_v1_record.h"

namespace vedette::sim::battle::v1 {

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

UnitIndex index_by_id(const std::vector<std::string>& ids) {
    UnitIndex index;
    for (std::size_t i = 0; i < ids.size(); ++i) index[ids[i]] = static_cast<int>(i);
    return index;
}

// The keys write_replay_text puts at the start of a line, in the order it writes them.
constexpr std::string_view kV1ScenarioKey = "\n\"scenario\": ";
constexpr std::string_view kV1KeyframesKey = "\n\"keyframes\": [\n";
constexpr std::string_view kV1EventsKey = "\n\"events\": [\n";

// Where the sections start, when the file has all three in the written order.
struct V1Layout {
    std::size_t scenario = 0, keyframes = 0, events = 0;
};

std::optional<V1Layout> find_v1_layout(std::string_view t) {
    const V1Layout at{t.find(kV1ScenarioKey), t.find(kV1KeyframesKey), t.find(kV1EventsKey)};
    if (at.scenario == std::string_view::npos || at.keyframes == std::string_view::npos ||
        at.events == std::string_view::npos ||
        !(at.scenario < at.keyframes && at.keyframes < at.events))
        return std::nullopt;
    return at;
}

// The header fields before the scenario, read as a document of their own; the document is kept
// so that a wrong events_hash is reported at its JSON path.
std::optional<Json> read_header_fast(std::string_view t, const V1Layout& at,
                                     const std::string& file, V1Replay& r) {
    // The header and the scenario go through the JSON guard (duplicate keys, depth) as the
    // document reader would; keyframes and events are read by strict line readers, which refuse
    // a repeated key themselves and never recurse.
    check_json_text(t.substr(0, at.keyframes), file);
    std::string header(t.substr(0, at.scenario));
    if (header.empty() || header.back() != ',') return std::nullopt;
    header.back() = '}';
    Json header_json = parse_json_text(header, file);
    read_header(JsonNode(header_json, file, "$"), r);
    return header_json;
}

// The scenario's text as written (the replay keeps it byte for byte) and its unit ids.
bool read_scenario_fast(std::string_view t, const V1Layout& at, V1Replay& r) {
    const std::size_t from = at.scenario + kV1ScenarioKey.size();
    std::string_view scenario_text = t.substr(from, at.keyframes - from);
    if (scenario_text.empty() || scenario_text.back() != ',') return false;
    scenario_text.remove_suffix(1);
    r.scenario_text = std::string(scenario_text);
    return read_unit_ids_fast(scenario_text, r.unit_ids);
}

// The event lines, when the events close the file: "]}" and nothing after it but whitespace.
std::optional<std::vector<std::string_view>> v1_event_lines(std::string_view t,
                                                            const V1Layout& at) {
    bool closed = false;
    std::size_t closed_at = 0;
    auto lines = section_lines(t, at.events + kV1EventsKey.size(), closed, closed_at);
    if (!closed || t.substr(closed_at, 2) != "]}" || !blank(t.substr(closed_at + 2)))
        return std::nullopt;
    return lines;
}

// The keyframe lines, when the keyframes close just before the events: "],".
std::optional<std::vector<std::string_view>> v1_keyframe_lines(std::string_view t,
                                                               const V1Layout& at) {
    bool closed = false;
    std::size_t closed_at = 0;
    auto lines = section_lines(t, at.keyframes + kV1KeyframesKey.size(), closed, closed_at);
    if (!closed || closed_at + 2 != at.events || t.substr(closed_at, 2) != "],")
        return std::nullopt;
    return lines;
}

// An edited or damaged file is named as such before any complaint about its contents.
void check_v1_events_hash(const std::vector<std::string_view>& event_lines, const Json& header_json,
                          const std::string& file, const V1Replay& r) {
    const std::string actual = hash_lines(event_lines);
    if (actual != r.events_hash)
        JsonNode(header_json, file, "$")
            .required("events_hash")
            .fail("the events do not match events_hash (stored " + r.events_hash + ", computed " +
                  actual + "): the file was edited or damaged");
}

// One keyframe line; false for anything the strict reader does not take.
bool read_keyframe_text(std::string_view line, const UnitIndex& index, Keyframe& k) try {
    JsonCursor c(line);
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
    return true;
} catch (const std::invalid_argument&) {
    return false;
}

// Event lines are independent: parse them on all cores (loading only; nothing here decides an
// outcome). False when a line does not read or is out of sequence.
bool read_events_parallel(const std::vector<std::string_view>& lines, const UnitIndex& index,
                          std::vector<Event>& events) {
    events.resize(lines.size());
    const unsigned workers = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    std::vector<char> ok(workers, 1);
    auto parse_range = [&](unsigned w) {
        const std::size_t begin = lines.size() * w / workers,
                          end = lines.size() * (w + 1) / workers;
        for (std::size_t i = begin; i < end && ok[w]; ++i)
            ok[w] =
                read_event_text(lines[i], index, events[i]) && events[i].seq == static_cast<int>(i);
    };
    std::vector<std::thread> threads;
    for (unsigned w = 1; w < workers; ++w) threads.emplace_back(parse_range, w);
    parse_range(0);
    for (auto& th : threads) th.join();
    for (char v : ok)
        if (!v) return false;
    return true;
}

// Reads a replay laid out as write_replay_text lays it out, without building a JSON document
// for the events and keyframes (a 100,000-event replay is tens of megabytes). Returns false
// when the layout is different, so the caller can read it the slow way and report exactly what
// is wrong.
bool parse_replay_fast(const std::string& text, const std::string& file, V1Replay& r) {
    const std::string_view t(text);
    const std::optional<V1Layout> at = find_v1_layout(t);
    if (!at) return false;
    const std::optional<Json> header_json = read_header_fast(t, *at, file, r);
    if (!header_json || !read_scenario_fast(t, *at, r)) return false;
    const UnitIndex index = index_by_id(r.unit_ids);

    const auto event_lines = v1_event_lines(t, *at);
    if (!event_lines) return false;
    check_v1_events_hash(*event_lines, *header_json, file, r);

    const auto keyframe_lines = v1_keyframe_lines(t, *at);
    if (!keyframe_lines) return false;
    for (const auto& line : *keyframe_lines) {
        Keyframe k;
        if (!read_keyframe_text(line, index, k)) return false;
        r.keyframes.push_back(std::move(k));
    }
    return read_events_parallel(*event_lines, index, r.events);
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
    const UnitIndex index = index_by_id(r.unit_ids);
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
            r.events.back().details = std::make_shared<const nlohmann::ordered_json>(*d);
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

// The untyped records of the day become typed explanations, and a formation change ordered as a
// reaction says whether it completes before contact (the record shows it early).
void explain_details(std::vector<Event>& events, const nlohmann::json& tables) {
    for (Event& e : events) {
        if (!e.details || e.details->is_null()) continue;
        e.explanation = gdb::explain_v1_details(e.kind, e.rule, *e.details, tables);
        if (e.kind == kind_name(EventKind::form_square) ||
            e.kind == kind_name(EventKind::formation_change))
            e.completes_before_contact =
                e.details->is_object() && e.details->value("completes", false);
    }
}

}  // namespace
}  // namespace vedette::sim::battle::v1

namespace vedette::sim::battle {

replay::Replay upgrade_v1_replay(const std::string& text, const std::string& file,
                                 const BattleRules& rules, const nlohmann::json& tables,
                                 const record::Looks& looks) {
    using namespace v1;
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
    explain_details(v.events, tables);
    const RecordContext c{scenario, rules, tables, v.rules_hash, looks};
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
