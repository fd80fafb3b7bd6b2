#include "sim/replay/replay.h"

#include <algorithm>
#include <cstring>
#include <thread>

#include "sim/core/input_file.h"
#include "sim/core/json_guard.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"
#include "sim/record/record_json.h"
#include "sim/replay/older_facts.h"
#include "sim/replay/replay_lines.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/registry.h"

namespace vedette::sim::replay {

using record::Event;
using record::Keyframe;
using record::Snapshot;
using OJson = nlohmann::ordered_json;

namespace {

// The sections of a current (version 3) file, each starting a line, in this order.
constexpr const char* kHeaderKey = "\n\"header\": ";
constexpr const char* kBoardKey = "\n\"board\": ";
constexpr const char* kScenarioKey = "\n\"scenario\": ";
constexpr const char* kKeyframesKey = "\n\"keyframes\": [\n";
constexpr const char* kEventsKey = "\n\"events\": [\n";

struct Names {
    std::vector<std::string> ids;
    record::UnitIndex index;
    record::UnitNames view() const { return {ids, index}; }
};
Names names_of(const record::Header& h) {
    Names n;
    n.ids = h.unit_ids();
    n.index = record::make_unit_index(n.ids);
    return n;
}
}  // namespace

// The hash of the event lines exactly as the writer puts them in the file (compact JSON, one a
// line; replay_lines.h), so loading checks it by hashing bytes instead of re-serialising every
// event.
std::string events_hash(const std::vector<Event>& events, const std::vector<std::string>& ids) {
    const auto index = record::make_unit_index(ids);
    std::vector<std::uint64_t> hashes;
    hashes.reserve(events.size());
    for (const auto& e : events)
        hashes.push_back(line_hash(record::to_json(e, {ids, index}).dump()));
    return combine_line_hashes(hashes);
}

namespace {

// A branch's plan and the dice tape it played: every die in order, its value, what it decided
// and the roster index of its unit (-1: not told), so the file shows every die it used.
OJson plan_to_json(const DiceBranch& b) {
    OJson j;
    j["parent"] = b.parent;
    j["at"] = b.at;
    j["from_die"] = b.from_die;
    j["dice"] = b.dice;
    if (b.reseed) j["reseed"] = *b.reseed;
    return j;
}

// A branch of a branch also lists its ancestors' plans ("earlier", oldest first); a first
// branch has none and keeps the bytes it always had.
OJson branch_to_json(const DiceBranch& b, const std::vector<TapeDie>& tape) {
    OJson j = plan_to_json(b);
    if (!b.earlier.empty()) {
        OJson earlier = OJson::array();
        for (const auto& p : b.earlier) earlier.push_back(plan_to_json(p));
        j["earlier"] = earlier;
    }
    OJson dice = OJson::array();
    for (const auto& d : tape) dice.push_back(OJson::array({d.value, d.purpose, d.unit}));
    j["tape"] = dice;
    return j;
}

std::string write_v2(const record::Header& header, std::uint64_t seed,
                     const std::optional<DiceBranch>& branch, const std::vector<TapeDie>& tape,
                     const std::string& scenario_text, const std::vector<Event>& events,
                     const std::vector<record::TurnHash>& turn_hashes,
                     const std::vector<Keyframe>& keyframes) {
    const Names n = names_of(header);
    OJson head;
    head["format"] = kReplayFormat;
    head["version"] = kReplayFormatVersion;
    head["ruleset"] = header.ruleset;
    head["rules_hash"] = header.rules_hash;
    head["seed"] = seed;
    if (branch) head["branch"] = branch_to_json(*branch, tape);
    head["events_hash"] = events_hash(events, n.ids);
    OJson hashes = OJson::array();
    for (const auto& t : turn_hashes) hashes.push_back(record::to_json(t, n.view()));
    head["turn_hashes"] = hashes;
    // One section, keyframe or event a line: readable, diffable, and quick to parse.
    std::string out = head.dump();
    out.pop_back();  // reopen the object
    out += ",";
    out += kHeaderKey + record::header_to_json(header).dump() + ",";
    out += kBoardKey + header.board.written + ",";
    out += kScenarioKey + scenario_text + ",";
    out += kKeyframesKey;
    for (std::size_t k = 0; k < keyframes.size(); ++k)
        out += record::to_json(keyframes[k], n.view()).dump() +
               (k + 1 < keyframes.size() ? ",\n" : "\n");
    out += "],";
    out += kEventsKey;
    for (std::size_t i = 0; i < events.size(); ++i)
        out += record::to_json(events[i], n.view()).dump() + (i + 1 < events.size() ? ",\n" : "\n");
    out += "]}\n";
    return out;
}

}  // namespace

std::string write_replay_text(const Recorded& r) {
    return write_v2(r.header, r.seed, r.branch, r.tape, r.scenario_text, r.events, r.turn_hashes,
                    r.keyframes);
}

std::string write_replay_text(const Replay& r) {
    return write_v2(r.header, r.seed, r.branch, r.tape, r.scenario_text, r.events, r.turn_hashes,
                    r.keyframes);
}

namespace {

// One branch plan: its parent, event, first die, dice and reseed.
DiceBranch read_plan(const JsonNode& b) {
    DiceBranch branch;
    branch.parent = b.required("parent").as_string();
    branch.at = static_cast<int>(b.required("at").as_int(0, INT32_MAX));
    branch.from_die = b.required("from_die").as_int(0, INT64_MAX);
    for (const auto& d : b.required("dice").items())
        branch.dice.push_back(static_cast<int>(d.as_int(0, 1000)));
    if (const auto s = b.optional("reseed"))
        branch.reseed = static_cast<std::uint64_t>(s->as_int(0, INT64_MAX));
    return branch;
}

// format, version, ruleset, rules hash, seed, events hash and turn hashes.
void read_first_fields(const JsonNode& root, Replay& r) {
    r.header.ruleset = root.required("ruleset").as_string();
    r.header.rules_hash = root.required("rules_hash").as_string();
    r.seed = static_cast<std::uint64_t>(root.required("seed").as_int(0, INT64_MAX));
    r.events_hash = root.required("events_hash").as_string();
    if (const auto b = root.optional("branch")) {
        b->expect_only_keys({"parent", "at", "from_die", "dice", "reseed", "earlier", "tape"});
        DiceBranch branch = read_plan(*b);
        if (const auto earlier = b->optional("earlier")) {
            const auto plans = earlier->items();
            // With its own plan, at most kMaxBranchDepth plans in all.
            const int most = limits::kMaxBranchDepth - 1;
            if (plans.empty() || plans.size() > std::size_t(most))
                earlier->fail("expected 1 to " + std::to_string(most) +
                              " earlier plans (a branch of a branch of ...)");
            for (const auto& p : plans) {
                p.expect_only_keys({"parent", "at", "from_die", "dice", "reseed"});
                branch.earlier.push_back(read_plan(p));
            }
        }
        for (const auto& d : b->required("tape").items()) {
            const auto parts = d.items();
            if (parts.size() != 3) d.fail("expected [value, purpose, unit]");
            TapeDie die;
            die.value = static_cast<int>(parts[0].as_int(0, 1000));
            die.purpose = parts[1].as_string();
            die.unit = static_cast<int>(parts[2].as_int(-1, INT32_MAX));
            r.tape.push_back(std::move(die));
        }
        r.branch = std::move(branch);
    }
    for (const auto& t : root.required("turn_hashes").items()) {
        t.expect_only_keys({"turn", "hash"});
        r.turn_hashes.push_back(
            {static_cast<int>(t.required("turn").as_int(1, 1000)), t.required("hash").as_string()});
    }
}

// The "version" of a replay (and that it is one), from its parsed first fields.
int format_version(const JsonNode& root) {
    if (root.required("format").as_string() != kReplayFormat)
        root.required("format").fail(
            std::string("expected \"") + kReplayFormat +
            "\" (is this a scenario? `vedette simulate SCENARIO -o REPLAY` makes a replay of "
            "it)");
    const auto version = root.required("version");
    if (version.as_int() > kReplayFormatVersion)
        version.fail("replay format version " + std::to_string(version.as_int()) +
                     " is newer than this program reads (" + std::to_string(kReplayFormatVersion) +
                     "): update Vedette");
    return static_cast<int>(version.as_int(1, kReplayFormatVersion));
}

// One section's text between its key and the next section's key, without the trailing comma.
bool section_text(std::string_view t, std::size_t key_at, std::size_t key_len, std::size_t next,
                  std::string_view& out) {
    out = t.substr(key_at + key_len, next - (key_at + key_len));
    if (out.empty() || out.back() != ',') return false;
    out.remove_suffix(1);
    return true;
}

void stored_events_hash_fails(const Json& first, const std::string& file, const Replay& r,
                              const std::string& actual) {
    JsonNode(first, file, "$")
        .required("events_hash")
        .fail("the events do not match events_hash (stored " + r.events_hash + ", computed " +
              actual + "): the file was edited or damaged");
}

// Reads a current replay laid out as write_replay_text lays it out, without building a JSON
// document for the events and keyframes (a 100,000-event replay is tens of megabytes). Returns
// false when the layout is different, so the caller can read it the slow way and report exactly
// what is wrong.
bool parse_replay_fast(const std::string& text, const std::string& file, Replay& r) {
    const std::string_view t(text);
    const std::size_t hd = t.find(kHeaderKey), bd = t.find(kBoardKey), sc = t.find(kScenarioKey),
                      kf = t.find(kKeyframesKey), ev = t.find(kEventsKey);
    if (hd == std::string_view::npos || bd == std::string_view::npos ||
        sc == std::string_view::npos || kf == std::string_view::npos ||
        ev == std::string_view::npos || !(hd < bd && bd < sc && sc < kf && kf < ev))
        return false;
    // Everything before the keyframes goes through the JSON guard (duplicate keys, depth) as the
    // document reader would; keyframes and events are read by strict line readers below, which
    // refuse a repeated key themselves and never recurse.
    check_json_text(t.substr(0, kf), file);
    std::string first(t.substr(0, hd));
    if (first.empty() || first.back() != ',') return false;
    first.back() = '}';
    const Json first_json = parse_json_text(first, file);
    if (format_version(JsonNode(first_json, file, "$")) != kReplayFormatVersion) return false;
    JsonNode(first_json, file, "$")
        .expect_only_keys({"format", "version", "ruleset", "rules_hash", "seed", "branch",
                           "events_hash", "turn_hashes"});
    read_first_fields(JsonNode(first_json, file, "$"), r);
    std::string_view header_text, board_text, scenario_text;
    if (!section_text(t, hd, std::strlen(kHeaderKey), bd, header_text) ||
        !section_text(t, bd, std::strlen(kBoardKey), sc, board_text) ||
        !section_text(t, sc, std::strlen(kScenarioKey), kf, scenario_text))
        return false;
    // Each section must be one JSON value: anything else (a member of its own between two
    // sections, a syntax error) is left to the document reader, which names it by its path or
    // line in the whole file.
    const Json header_json = Json::parse(header_text, nullptr, false);
    const Json board_json = Json::parse(board_text, nullptr, false);
    if (header_json.is_discarded() || board_json.is_discarded() || !Json::accept(scenario_text))
        return false;
    record::header_from_json(header_json, file, "$.header", r.header);
    r.header.board = record::board_from_json(board_json, file, "$.board");
    record::set_written_board(r.header.board, OJson::parse(board_text));
    r.scenario_text = std::string(scenario_text);
    const Names n = names_of(r.header);
    r.unit_ids = n.ids;

    bool closed = false;
    std::size_t closed_at = 0;
    const auto event_lines = section_lines(t, ev + std::strlen(kEventsKey), closed, closed_at);
    // The events close the file: "]}" and nothing after it but whitespace.
    if (!closed || t.substr(closed_at, 2) != "]}" || !blank(t.substr(closed_at + 2))) return false;

    const auto keyframe_lines =
        section_lines(t, kf + std::strlen(kKeyframesKey), closed, closed_at);
    if (!closed || closed_at + 2 != ev || t.substr(closed_at, 2) != "],") return false;
    for (const auto& line : keyframe_lines) {
        r.keyframes.emplace_back();
        if (!record::from_text(line, n.view(), r.keyframes.back())) return false;
    }

    // Event lines are independent: parse them on all cores (loading only; nothing here decides
    // an outcome).
    r.events.resize(event_lines.size());
    std::vector<std::uint64_t> hashes(event_lines.size());
    const unsigned workers = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    std::vector<char> ok(workers, 1);
    auto parse_range = [&](unsigned w) {
        const std::size_t begin = event_lines.size() * w / workers,
                          end = event_lines.size() * (w + 1) / workers;
        for (std::size_t i = begin; i < end; ++i) {
            hashes[i] = line_hash(event_lines[i]);
            ok[w] = ok[w] && record::from_text(event_lines[i], n.view(), r.events[i]) &&
                    r.events[i].seq == static_cast<int>(i);
        }
    };
    std::vector<std::thread> threads;
    for (unsigned w = 1; w < workers; ++w) threads.emplace_back(parse_range, w);
    parse_range(0);
    for (auto& th : threads) th.join();
    // An edited file is named as such before any complaint about its contents.
    const std::string actual = combine_line_hashes(hashes);
    if (actual != r.events_hash) stored_events_hash_fails(first_json, file, r, actual);
    for (char v : ok)
        if (!v) return false;
    return true;
}

// The document reader: slower, but every problem is reported with its line or JSON path.
Replay parse_replay_document(const Json& json, const std::string& text, const std::string& file) {
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"format", "version", "ruleset", "rules_hash", "seed", "branch",
                           "events_hash", "turn_hashes", "header", "board", "scenario", "keyframes",
                           "events"});
    Replay r;
    r.file = file;
    read_first_fields(root, r);
    record::header_from_json(root.required("header").raw(), file, "$.header", r.header);
    r.header.board = record::board_from_json(root.required("board").raw(), file, "$.board");
    // Key order is part of the written bytes: keep it from an order-keeping parse.
    const OJson ordered = OJson::parse(text);
    record::set_written_board(r.header.board, ordered.at("board"));
    r.scenario_text = ordered.at("scenario").dump();
    const Names n = names_of(r.header);
    r.unit_ids = n.ids;
    for (const auto& k : root.required("keyframes").items())
        r.keyframes.push_back(record::from_json<Keyframe>(k.raw(), n.view(), file, k.path()));
    for (const auto& e : root.required("events").items()) {
        r.events.push_back(record::from_json<Event>(e.raw(), n.view(), file, e.path()));
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

// A version 1 file: its ruleset converts it (only General de Brigade wrote version 1).
Replay upgrade(const Json& json, const std::string& text, const std::string& file, int version,
               const std::string& rules_dir) {
    const std::string id = ruleset::ruleset_of(json, file);
    const auto rs = ruleset::make_ruleset(id, rules_dir, file, "$.ruleset");
    Replay r = rs->upgrade_replay(text, file, version);
    r.file = file;
    r.version = version;
    return r;
}

}  // namespace

Replay replay_of(const Recorded& recorded, const std::string& file) {
    Replay r;
    r.file = file;
    r.header = recorded.header;
    r.seed = recorded.seed;
    r.scenario_text = recorded.scenario_text;
    r.unit_ids = names_of(recorded.header).ids;
    r.events = recorded.events;
    r.turn_hashes = recorded.turn_hashes;
    r.keyframes = recorded.keyframes;
    r.events_hash = events_hash(r.events, r.unit_ids);
    r.branch = recorded.branch;
    // A file keeps a branch's tape (value, purpose, unit) and no plain replay's.
    if (recorded.branch)
        for (const auto& d : recorded.tape) r.tape.push_back({d.value, d.unit, d.purpose});
    check_replay_values(r);
    return r;
}

Replay parse_replay(const std::string& text, const std::string& file,
                    const std::string& rules_dir) {
    if (const void* nul = std::memchr(text.data(), '\0', text.size()))
        throw InputError(
            file,
            line_and_column(text,
                            static_cast<std::size_t>(static_cast<const char*>(nul) - text.data())),
            "a NUL byte in the text (a replay is JSON text; the rest would be ignored)");
    Replay r;
    r.file = file;
    if (!parse_replay_fast(text, file, r)) {
        const Json json = parse_json_text(text, file);
        if (!json.is_object())
            throw InputError(file, "$",
                             "expected a replay (a JSON object with \"format\": \"" +
                                 std::string(kReplayFormat) + "\")");
        const int version = format_version(JsonNode(json, file, "$"));
        r = version == 1 ? upgrade(json, text, file, version, rules_dir)
                         : parse_replay_document(json, text, file);
        if (version < 3) {  // some facts were words only (older_facts.h)
            state_older_facts(r.events, r.keyframes);
            r.events_hash = events_hash(r.events, r.unit_ids);
            r.version = version;
        }
    }
    check_replay_values(r);
    return r;
}

Replay read_replay(const std::string& path, const std::string& rules_dir) {
    return parse_replay(read_input_file(path, limits::kMaxJsonFileBytes), path, rules_dir);
}

std::vector<Snapshot> state_after(const Replay& replay, int seq) {
    std::vector<Snapshot> state;
    int from = 0;
    // The last keyframe at or before the event (keyframes are in order: check_replay_values),
    // copied once.
    const auto after = std::upper_bound(replay.keyframes.begin(), replay.keyframes.end(), seq + 1,
                                        [](int s, const record::Keyframe& k) { return s < k.seq; });
    if (after != replay.keyframes.begin()) {
        state = std::prev(after)->units;
        from = std::prev(after)->seq;
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

}  // namespace vedette::sim::replay
