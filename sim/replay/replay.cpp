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
// Key order is not part of an event's meaning: verification compares the sorted-key form.
nlohmann::json canonical(const Event& e, const std::vector<std::string>& ids) {
    return nlohmann::json(battle::event_to_json(e, ids));
}

std::string hex16(std::uint64_t h) {
    static const char* digits = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 0; i < 16; ++i) out[15 - i] = digits[(h >> (4 * i)) & 0xF];
    return out;
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
    battle::UnitIndex index;
    for (std::size_t i = 0; i < r.unit_ids.size(); ++i) index[r.unit_ids[i]] = static_cast<int>(i);
    for (const auto& t : root.required("turn_hashes").items())
        r.turn_hashes.push_back({static_cast<int>(t.required("turn").as_int(1, 1000)), t.required("hash").as_string()});
    for (const auto& k : root.required("keyframes").items()) {
        Keyframe kf;
        kf.seq = static_cast<int>(k.required("seq").as_int(0, INT32_MAX));
        kf.turn = static_cast<int>(k.required("turn").as_int(0, 1000));
        kf.time_ms = k.required("time").as_int();
        const auto& units = k.required("units").raw();
        if (!units.is_array()) k.required("units").fail("expected an array");
        kf.units.reserve(units.size());
        for (std::size_t i = 0; i < units.size(); ++i)
            kf.units.push_back(battle::snapshot_from_json_fast(units[i], r.unit_ids, index, file,
                                                               k.path() + ".units[" + std::to_string(i) + "]"));
        r.keyframes.push_back(std::move(kf));
    }
    // The events' bytes, line by line, for the hash (see events_hash).
    std::uint64_t h = kFnvStart;
    const std::string marker = "\n\"events\": [\n";
    const std::size_t start = text.find(marker);
    if (start == std::string::npos)
        root.required("events").fail("the events are not laid out one a line as Vedette writes them: the file was edited");
    std::size_t pos = start + marker.size();
    while (pos < text.size() && text[pos] == '{') {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        std::size_t len = end - pos;
        if (len > 0 && text[pos + len - 1] == ',') --len;
        h = fnv1a64(text.data() + pos, len, h);
        pos = end + 1;
    }
    const std::string actual = hex16(h);
    if (actual != r.events_hash)
        root.required("events_hash")
            .fail("the events do not match events_hash (stored " + r.events_hash + ", computed " + actual +
                  "): the file was edited or damaged");

    const auto& events = json.at("events");
    if (!events.is_array()) root.required("events").fail("expected an array");
    r.events.reserve(events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        const std::string path = "$.events[" + std::to_string(i) + "]";
        r.events.push_back(battle::event_from_json_fast(events[i], r.unit_ids, index, file, path));
        if (r.events.back().seq != static_cast<int>(i))
            JsonNode(events[i], file, path).required("seq").fail("events are out of order (expected seq " + std::to_string(i) + ")");
    }
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
