#include "sim/replay/replay.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <thread>

#include "sim/core/input_file.h"
#include "sim/core/json_cursor.h"
#include "sim/core/json_guard.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::sim::replay {

using battle::Event;
using battle::Keyframe;
using battle::UnitSnapshot;
using OJson = nlohmann::ordered_json;

namespace {
// Key order is not part of an event's meaning: verification compares the sorted-key form.
nlohmann::json canonical(const Event& e, const std::vector<std::string>& ids) {
    return nlohmann::json(battle::event_to_json(e, ids));
}

constexpr std::uint64_t kFnvStart = 0xcbf29ce484222325ULL;
}  // namespace

// The hash of the event lines exactly as the writer puts them in the file (compact JSON, one a
// line), so loading checks it by hashing bytes instead of re-serialising every event.
std::string events_hash(const std::vector<Event>& events, const std::vector<std::string>& ids) {
    std::uint64_t h = kFnvStart;
    for (const auto& e : events) {
        const std::string bytes = battle::event_to_json(e, ids).dump();
        h = fnv1a64(bytes.data(), bytes.size(), h);
    }
    return hex16(h);
}

std::string write_replay_text(const battle::Scenario& scenario, const std::string& rules_hash,
                              const battle::BattleResult& result) {
    const auto ids = battle::unit_ids(scenario);
    OJson head;
    head["format"] = kReplayFormat;
    head["version"] = kReplayFormatVersion;
    head["ruleset"] = scenario.ruleset;
    head["rules_hash"] = rules_hash;
    head["seed"] = scenario.seed;
    head["events_hash"] = events_hash(result.events, ids);
    OJson hashes = OJson::array();
    for (const auto& t : result.turn_hashes) hashes.push_back({{"turn", t.turn}, {"hash", t.hash}});
    head["turn_hashes"] = hashes;
    // One event or keyframe a line: readable, diffable, and quick to parse.
    std::string out = head.dump();
    out.pop_back();  // reopen the object
    out += ",\n\"scenario\": " + scenario.json.dump() + ",\n\"keyframes\": [\n";
    for (std::size_t k = 0; k < result.keyframes.size(); ++k) {
        const Keyframe& kf = result.keyframes[k];
        OJson j;
        j["seq"] = kf.seq;
        j["turn"] = kf.turn;
        j["time"] = kf.time_ms;
        OJson units = OJson::array();
        for (const auto& s : kf.units) units.push_back(battle::snapshot_to_json(s, ids));
        j["units"] = units;
        out += j.dump() + (k + 1 < result.keyframes.size() ? ",\n" : "\n");
    }
    out += "],\n\"events\": [\n";
    for (std::size_t i = 0; i < result.events.size(); ++i)
        out += battle::event_to_json(result.events[i], ids).dump() +
               (i + 1 < result.events.size() ? ",\n" : "\n");
    out += "]}\n";
    return out;
}

namespace {

// The fields of the first line: format, version, rules hash, seed, events hash, turn hashes.
void read_header(const JsonNode& root, Replay& r) {
    if (root.required("format").as_string() != kReplayFormat)
        root.required("format").fail(std::string("expected \"") + kReplayFormat + "\"");
    const auto version = root.required("version");
    if (version.as_int() > kReplayFormatVersion)
        version.fail("replay format version " + std::to_string(version.as_int()) +
                     " is newer than this program reads (" + std::to_string(kReplayFormatVersion) +
                     "): update Vedette");
    r.version = static_cast<int>(version.as_int(1, kReplayFormatVersion));
    r.ruleset = root.required("ruleset").as_string();
    r.rules_hash = root.required("rules_hash").as_string();
    r.seed = static_cast<std::uint64_t>(root.required("seed").as_int(0, INT64_MAX));
    r.events_hash = root.required("events_hash").as_string();
    for (const auto& t : root.required("turn_hashes").items())
        r.turn_hashes.push_back(
            {static_cast<int>(t.required("turn").as_int(1, 1000)), t.required("hash").as_string()});
}

void read_unit_ids(const JsonNode& scenario, Replay& r) {
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

// The lines of a section: from `from` up to the line that closes it (a line starting with ']');
// `closed_at` is that line's offset.
std::vector<std::string_view> section_lines(std::string_view text, std::size_t from, bool& closed,
                                            std::size_t& closed_at) {
    std::vector<std::string_view> lines;
    closed = false;
    std::size_t pos = from;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        if (!line.empty() && line[0] == ']') {
            closed = true;
            closed_at = pos;
            break;
        }
        pos = end + 1;
        if (!line.empty() && line.back() == ',') line.remove_suffix(1);
        lines.push_back(line);
    }
    return lines;
}

// Only whitespace in `rest`.
bool blank(std::string_view rest) {
    return rest.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

std::string hash_lines(const std::vector<std::string_view>& lines) {
    std::uint64_t h = kFnvStart;
    for (const auto& l : lines) h = fnv1a64(l.data(), l.size(), h);
    return hex16(h);
}

// Reads a replay laid out as write_replay_text lays it out, without building a JSON document
// for the events and keyframes (a 100,000-event replay is tens of megabytes). Returns false
// when the layout is different, so the caller can read it the slow way and report exactly what
// is wrong.
bool parse_replay_fast(const std::string& text, const std::string& file, Replay& r) {
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
    battle::UnitIndex index;
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
                        if (!battle::read_snapshot_text(c.skip_value(), index, s)) return false;
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
            ok[w] = battle::read_event_text(event_lines[i], index, r.events[i]) &&
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
Replay parse_replay_document(const std::string& text, const std::string& file) {
    const Json json = parse_json_text(text, file);
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"format", "version", "ruleset", "rules_hash", "seed", "events_hash",
                           "turn_hashes", "scenario", "keyframes", "events"});
    Replay r;
    r.file = file;
    read_header(root, r);
    r.scenario_text = root.required("scenario").raw().dump();
    read_unit_ids(root.required("scenario"), r);
    battle::UnitIndex index;
    for (std::size_t i = 0; i < r.unit_ids.size(); ++i) index[r.unit_ids[i]] = static_cast<int>(i);
    for (const auto& k : root.required("keyframes").items()) {
        Keyframe kf;
        kf.seq = static_cast<int>(k.required("seq").as_int(0, INT32_MAX));
        kf.turn = static_cast<int>(k.required("turn").as_int(0, 1000));
        kf.time_ms = k.required("time").as_int();
        for (const auto& s : k.required("units").items())
            kf.units.push_back(
                battle::snapshot_from_json_fast(s.raw(), r.unit_ids, index, file, s.path()));
        r.keyframes.push_back(std::move(kf));
    }
    const auto events = root.required("events");
    // nlohmann::json sorts keys; an explanation record keeps the order it was written in, which
    // events_hash covers, so the records are taken from an order-keeping parse of the same text.
    const OJson ordered = OJson::parse(text);
    const OJson& ordered_events = ordered.at("events");
    for (const auto& e : events.items()) {
        r.events.push_back(
            battle::event_from_json_fast(e.raw(), r.unit_ids, index, file, e.path()));
        const OJson& written = ordered_events.at(r.events.size() - 1);
        if (const auto d = written.find("details"); d != written.end())
            r.events.back().details = *d;
        if (r.events.back().seq != static_cast<int>(r.events.size()) - 1)
            e.required("seq").fail("events are out of order (expected seq " +
                                   std::to_string(r.events.size() - 1) + ")");
    }
    const std::string actual = events_hash(r.events, r.unit_ids);
    if (actual != r.events_hash)
        root.required("events_hash")
            .fail("the events do not match events_hash (stored " + r.events_hash + ", computed " +
                  actual + "): the file was edited or damaged");
    return r;
}

}  // namespace

Replay parse_replay(const std::string& text, const std::string& file) {
    if (const void* nul = std::memchr(text.data(), '\0', text.size()))
        throw InputError(
            file,
            line_and_column(text,
                            static_cast<std::size_t>(static_cast<const char*>(nul) - text.data())),
            "a NUL byte in the text (a replay is JSON text; the rest would be ignored)");
    Replay r;
    r.file = file;
    if (!parse_replay_fast(text, file, r)) r = parse_replay_document(text, file);
    check_replay_values(r);
    return r;
}

battle::Scenario replay_scenario(const Replay& replay, const battle::BattleRules& rules) {
    // Relative paths in the scenario (heightfield images) resolve against the replay's folder.
    const std::string scenario_path =
        (std::filesystem::path(replay.file).parent_path() / "embedded-scenario.json").string();
    battle::Scenario scenario = battle::parse_scenario(replay.scenario(), scenario_path, rules);
    if (battle::unit_ids(scenario) != replay.unit_ids)
        throw InputError(replay.file, "$.scenario",
                         "the scenario's units are not the units the events name (the file was "
                         "edited or damaged)");
    return scenario;
}

Replay read_replay(const std::string& path) {
    return parse_replay(read_input_file(path, limits::kMaxJsonFileBytes), path);
}

std::vector<UnitSnapshot> state_after(const Replay& replay, int seq) {
    std::vector<UnitSnapshot> state;
    int from = 0;
    for (const auto& k : replay.keyframes)
        if (k.seq <= seq + 1) {
            state = k.units;
            from = k.seq;
        }
    if (state.empty() && !replay.events.empty()) {
        state.resize(replay.unit_ids.size());
        from = 0;
    }
    const int last = std::min<int>(seq, static_cast<int>(replay.events.size()) - 1);
    for (int i = from; i <= last; ++i)
        for (const auto& s : replay.events[static_cast<std::size_t>(i)].after)
            state[static_cast<std::size_t>(s.unit)] = s;
    return state;
}

VerifyReport verify_replay(const Replay& replay, const gdb::GdbRules& melee_rules,
                           const battle::BattleRules& rules) {
    VerifyReport v;
    v.rules_match = replay.rules_hash == melee_rules.hash;
    const battle::Scenario scenario = replay_scenario(replay, rules);
    const battle::BattleResult again = battle::run_battle(melee_rules, rules, scenario);
    const auto ids = battle::unit_ids(scenario);
    const std::size_t n = std::min(again.events.size(), replay.events.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (canonical(again.events[i], ids) != canonical(replay.events[i], ids)) {
            v.identical = false;
            v.first_difference = static_cast<int>(i);
            v.message = "event " + std::to_string(i) + " differs: the replay has \"" +
                        replay.events[i].kind + ": " + replay.events[i].text +
                        "\", the rules now give \"" + again.events[i].kind + ": " +
                        again.events[i].text + "\"";
            break;
        }
    }
    if (v.identical && again.events.size() != replay.events.size()) {
        v.identical = false;
        v.first_difference = static_cast<int>(n);
        v.message = "the replay has " + std::to_string(replay.events.size()) +
                    " events, the rules now give " + std::to_string(again.events.size());
    }
    if (v.identical && again.keyframes.size() != replay.keyframes.size()) {
        v.identical = false;
        v.message = "the replay has " + std::to_string(replay.keyframes.size()) +
                    " keyframes, the rules now give " + std::to_string(again.keyframes.size());
    }
    for (std::size_t k = 0; v.identical && k < again.keyframes.size(); ++k) {
        const Keyframe& a = again.keyframes[k];
        const Keyframe& b = replay.keyframes[k];
        if (a.seq != b.seq || a.turn != b.turn || a.time_ms != b.time_ms || a.units != b.units) {
            v.identical = false;
            v.message = "keyframe " + std::to_string(k) + " (before event " +
                        std::to_string(b.seq) + ") differs from the re-simulated state";
        }
    }
    if (v.identical) {
        for (std::size_t t = 0; t < again.turn_hashes.size() && t < replay.turn_hashes.size(); ++t)
            if (again.turn_hashes[t].hash != replay.turn_hashes[t].hash) {
                v.identical = false;
                v.message = "the state hash of turn " + std::to_string(t + 1) + " differs";
                break;
            }
    }
    if (!v.rules_match)
        v.message = "the replay was recorded with rules data " + replay.rules_hash +
                    " but the loaded rules are " + melee_rules.hash + " (" + melee_rules.file +
                    ")" + (v.message.empty() ? "" : "; " + v.message);
    if (v.identical && v.message.empty())
        v.message = "identical: " + std::to_string(replay.events.size()) + " events and " +
                    std::to_string(replay.turn_hashes.size()) + " turn hashes re-simulated";
    return v;
}

}  // namespace vedette::sim::replay
