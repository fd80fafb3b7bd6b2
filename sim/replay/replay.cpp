#include "sim/replay/replay.h"

#include <filesystem>

#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::sim::replay {

using battle::Event;
using battle::Keyframe;
using battle::UnitSnapshot;
using OJson = nlohmann::ordered_json;

namespace {
// Key order is not part of an event's meaning: compare and hash the sorted-key form.
nlohmann::json canonical(const Event& e, const std::vector<std::string>& ids) {
    return nlohmann::json(battle::event_to_json(e, ids));
}
}  // namespace

std::string events_hash(const std::vector<Event>& events, const std::vector<std::string>& ids) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const auto& e : events) {
        const std::string bytes = canonical(e, ids).dump();
        h = fnv1a64(bytes.data(), bytes.size(), h);
    }
    static const char* digits = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 0; i < 16; ++i) out[15 - i] = digits[(h >> (4 * i)) & 0xF];
    return out;
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
        out += battle::event_to_json(result.events[i], ids).dump() + (i + 1 < result.events.size() ? ",\n" : "\n");
    out += "]}\n";
    return out;
}

Replay parse_replay(const std::string& text, const std::string& file) {
    const Json json = parse_json_text(text, file);
    const JsonNode root(json, file, "$");
    Replay r;
    r.file = file;
    if (root.required("format").as_string() != kReplayFormat)
        root.required("format").fail(std::string("expected \"") + kReplayFormat + "\"");
    const auto version = root.required("version");
    if (version.as_int() > kReplayFormatVersion)
        version.fail("replay format version " + std::to_string(version.as_int()) + " is newer than this program reads (" +
                     std::to_string(kReplayFormatVersion) + "): update Vedette");
    r.version = static_cast<int>(version.as_int(1, kReplayFormatVersion));
    r.ruleset = root.required("ruleset").as_string();
    r.rules_hash = root.required("rules_hash").as_string();
    r.seed = static_cast<std::uint64_t>(root.required("seed").as_int(0, INT64_MAX));
    r.events_hash = root.required("events_hash").as_string();
    r.scenario = root.required("scenario").raw();
    // Unit ids in scenario order, as the battle runner numbers them.
    const JsonNode sc = root.required("scenario");
    for (const auto& side : sc.required("sides").items())
        for (const auto& b : side.required("brigades").items())
            for (const auto& u : b.required("units").items()) r.unit_ids.push_back(u.required("id").as_string());
    for (const auto& t : root.required("turn_hashes").items())
        r.turn_hashes.push_back({static_cast<int>(t.required("turn").as_int(1, 1000)), t.required("hash").as_string()});
    for (const auto& k : root.required("keyframes").items()) {
        Keyframe kf;
        kf.seq = static_cast<int>(k.required("seq").as_int(0, INT32_MAX));
        kf.turn = static_cast<int>(k.required("turn").as_int(0, 1000));
        kf.time_ms = k.required("time").as_int();
        for (const auto& s : k.required("units").items())
            kf.units.push_back(battle::snapshot_from_json(s.raw(), r.unit_ids, file, s.path()));
        r.keyframes.push_back(std::move(kf));
    }
    const auto events = root.required("events");
    for (const auto& e : events.items()) {
        r.events.push_back(battle::event_from_json(e.raw(), r.unit_ids, file, e.path()));
        if (r.events.back().seq != static_cast<int>(r.events.size()) - 1)
            e.required("seq").fail("events are out of order (expected seq " + std::to_string(r.events.size() - 1) + ")");
    }
    const std::string actual = events_hash(r.events, r.unit_ids);
    if (actual != r.events_hash)
        root.required("events_hash")
            .fail("the events do not match events_hash (stored " + r.events_hash + ", computed " + actual +
                  "): the file was edited or damaged");
    return r;
}

Replay read_replay(const std::string& path) { return parse_replay(read_text_file(path), path); }

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
        for (const auto& s : replay.events[static_cast<std::size_t>(i)].after) state[static_cast<std::size_t>(s.unit)] = s;
    return state;
}

VerifyReport verify_replay(const Replay& replay, const gdb::GdbRules& melee_rules, const battle::BattleRules& rules) {
    VerifyReport v;
    v.rules_match = replay.rules_hash == melee_rules.hash;
    // Resolve the scenario's own relative paths (heightfield images) against the replay's folder.
    const std::string scenario_path = (std::filesystem::path(replay.file).parent_path() / "embedded-scenario.json").string();
    const battle::Scenario scenario = battle::parse_scenario(replay.scenario, scenario_path, rules);
    const battle::BattleResult again = battle::run_battle(melee_rules, rules, scenario);
    const auto ids = battle::unit_ids(scenario);
    const std::size_t n = std::min(again.events.size(), replay.events.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (canonical(again.events[i], ids) != canonical(replay.events[i], ids)) {
            v.identical = false;
            v.first_difference = static_cast<int>(i);
            v.message = "event " + std::to_string(i) + " differs: the replay has \"" + replay.events[i].kind + ": " +
                        replay.events[i].text + "\", the rules now give \"" + again.events[i].kind + ": " +
                        again.events[i].text + "\"";
            break;
        }
    }
    if (v.identical && again.events.size() != replay.events.size()) {
        v.identical = false;
        v.first_difference = static_cast<int>(n);
        v.message = "the replay has " + std::to_string(replay.events.size()) + " events, the rules now give " +
                    std::to_string(again.events.size());
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
        v.message = "the replay was recorded with rules data " + replay.rules_hash + " but the loaded rules are " +
                    melee_rules.hash + " (" + melee_rules.file + ")" + (v.message.empty() ? "" : "; " + v.message);
    if (v.identical && v.message.empty())
        v.message = "identical: " + std::to_string(replay.events.size()) + " events and " +
                    std::to_string(replay.turn_hashes.size()) + " turn hashes re-simulated";
    return v;
}

}  // namespace vedette::sim::replay
