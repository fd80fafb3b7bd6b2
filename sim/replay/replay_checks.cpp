// The values a replay holds, checked after reading (both the fast and the document reader end
// here): times, counts, coordinates and figures within docs/LIMITS.md, and keyframes that are
// exactly the state the events lead to. The events are covered by events_hash; the keyframes are
// a cache for seeking, so checking them against the events means nothing in a replay is trusted
// unchecked.

#include <string>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"
#include "sim/record/explanation_checks.h"
#include "sim/replay/replay.h"

namespace vedette::sim::replay {

using record::Event;
using record::Keyframe;
using record::Snapshot;

namespace {

// Q16 unit vectors: components within one unit, with room for rounding.
constexpr std::int64_t kMaxFacingComponent = 2 * 65536;
constexpr std::size_t kMaxMotionPoints = 100000;

// Where a value sits, as a JSON path. Paths are only spelled out when a check fails: a replay has
// hundreds of thousands of values, and building a string for each made loading 40% slower.
struct Where {
    const char* section;  // "events" or "keyframes"
    std::size_t index;
    const char* part = nullptr;  // "after", "units", "motion.path" or nullptr
    std::size_t item = 0;
    std::string str(const std::string& leaf) const {
        std::string w = "$." + std::string(section) + "[" + std::to_string(index) + "]";
        if (part) w += "." + std::string(part) + "[" + std::to_string(item) + "]";
        return w + leaf;
    }
};

class Checker {
public:
    explicit Checker(const Replay& r) : r_(r) {}

    void run() {
        const auto n = r_.unit_ids.size();
        if (n > static_cast<std::size_t>(limits::kMaxUnits))
            fail("$.header.units",
                 std::to_string(n) + " units; the limit is " + std::to_string(limits::kMaxUnits));
        if (r_.turn_hashes.size() > static_cast<std::size_t>(limits::kMaxTurns))
            fail("$.turn_hashes", "more than " + std::to_string(limits::kMaxTurns) + " turns");
        check_hashes();
        for (std::size_t i = 0; i < r_.events.size(); ++i) check_event(r_.events[i], i);
        check_keyframes();
    }

private:
    [[noreturn]] void fail(const std::string& where, const std::string& what) const {
        throw InputError(r_.file, where, what);
    }

    // Hashes as the writers write them (hex16): 16 lowercase hexadecimal digits.
    void check_hashes() const {
        auto hash_ok = [](const std::string& h) {
            return h.size() == 16 && h.find_first_not_of("0123456789abcdef") == std::string::npos;
        };
        const std::string form = "expected 16 hexadecimal digits (0-9, a-f), as the writer writes";
        if (!hash_ok(r_.header.rules_hash)) fail("$.rules_hash", form);
        if (!hash_ok(r_.events_hash)) fail("$.events_hash", form);
        for (std::size_t t = 0; t < r_.turn_hashes.size(); ++t)
            if (!hash_ok(r_.turn_hashes[t].hash))
                fail("$.turn_hashes[" + std::to_string(t) + "].hash", form);
    }

    static bool length_ok(std::int64_t v) {
        return v >= -limits::kMaxLengthMm && v <= limits::kMaxLengthMm;
    }

    void check_point(geom::Vec p, const Where& w, const char* leaf) const {
        if (length_ok(p.x) && length_ok(p.y)) return;
        const std::int64_t v = length_ok(p.x) ? p.y : p.x;
        fail(w.str(std::string(leaf) + (length_ok(p.x) ? "[1]" : "[0]")),
             "coordinate " + std::to_string(v) + " mm is beyond the limit of " +
                 std::to_string(limits::kMaxLengthMm) + " mm (docs/LIMITS.md)");
    }

    void check_facing(geom::Vec f, const Where& w, const char* leaf) const {
        if (f.x < -kMaxFacingComponent || f.x > kMaxFacingComponent || f.y < -kMaxFacingComponent ||
            f.y > kMaxFacingComponent)
            fail(w.str(leaf),
                 "expected a direction with components from -131072 to 131072 (Q16: 65536 is one)");
        if (f.x == 0 && f.y == 0) fail(w.str(leaf), "a facing direction cannot be (0, 0)");
    }

    void check_snapshot(const Snapshot& s, const Where& w) const {
        check_point(s.pose.pos, w, ".pose.pos");
        check_facing(s.pose.facing, w, ".pose.facing");
        check_look(s.look, w, ".look");
    }

    void check_look(const record::Look& look, const Where& w, const std::string& at) const {
        if (look.figures < 0 || look.figures > limits::kMaxFiguresPerUnit)
            fail(w.str(at + ".figures"), "expected from 0 to " +
                                             std::to_string(limits::kMaxFiguresPerUnit) +
                                             " figures, found " + std::to_string(look.figures));
        if (look.width_mm < 0 || look.depth_mm < 0 || look.width_mm > limits::kMaxLengthMm ||
            look.depth_mm > limits::kMaxLengthMm)
            fail(w.str(at + ".width_mm"), "expected a footprint from 0 to " +
                                              std::to_string(limits::kMaxLengthMm) + " mm a side");
        for (std::size_t m = 0; m < look.markers.size(); ++m)
            if (look.markers[m].at)
                check_point(*look.markers[m].at, w,
                            (at + ".markers[" + std::to_string(m) + "].at").c_str());
    }

    void check_event(const Event& e, std::size_t i) {
        const Where w{"events", i};
        if (e.turn < 0 || e.turn > limits::kMaxTurns)
            fail(w.str(".turn"), "expected a turn from 0 to " + std::to_string(limits::kMaxTurns));
        if (e.t0_ms < last_t0_ || e.t0_ms > limits::kMaxReplayTimeMs)
            fail(w.str(".t0"), "expected a start time from the previous event's (" +
                                   std::to_string(last_t0_) + " ms) to " +
                                   std::to_string(limits::kMaxReplayTimeMs) + " ms");
        if (e.t1_ms < e.t0_ms || e.t1_ms > limits::kMaxReplayTimeMs)
            fail(w.str(".t1"), "expected an end time from t0 (" + std::to_string(e.t0_ms) +
                                   " ms) to " + std::to_string(limits::kMaxReplayTimeMs) + " ms");
        last_t0_ = e.t0_ms;
        if (e.motion) {
            if (e.motion->path.size() > kMaxMotionPoints)
                fail(w.str(".motion.path"), "too many points");
            if (e.motion->path.size() < 2)
                fail(w.str(".motion.path"), "expected a path of at least two points");
            for (std::size_t p = 0; p < e.motion->path.size(); ++p)
                check_point(e.motion->path[p], Where{"events", i, "motion.path", p}, "");
            check_facing(e.motion->facing_end, w, ".motion.facing_end");
            const std::string& g = e.motion->gait;
            if (g != "walk" && g != "trot" && g != "gallop" && g != "flee")
                fail(w.str(".motion.gait"),
                     "expected walk, trot, gallop or flee, found \"" + g.substr(0, 64) + "\"");
        }
        if (e.explanation)
            record::check_explanation(*e.explanation, r_.file, w.str(".explanation"));
        for (std::size_t a = 0; a < e.after.size(); ++a)
            check_snapshot(e.after[a], Where{"events", i, "after", a});
        for (std::size_t f = 0; f < e.effects.size(); ++f) {
            const auto& effect = e.effects[f];
            const Where ew{"events", i, "effects", f};
            if (effect.look) check_look(*effect.look, ew, ".look");
            if (effect.until_ms < 0 || effect.until_ms > limits::kMaxReplayTimeMs)
                fail(ew.str(".until"), "expected a time from 0 to " +
                                           std::to_string(limits::kMaxReplayTimeMs) + " ms");
        }
    }

    // Each keyframe must hold every unit, in unit order, exactly as the events before it left them.
    void check_keyframes() const {
        // The latest snapshot of each unit, pointing into the events (no copies).
        std::vector<const Snapshot*> state(r_.unit_ids.size(), nullptr);
        std::size_t next = 0;
        int last_seq = -1;
        for (std::size_t k = 0; k < r_.keyframes.size(); ++k) {
            const Keyframe& kf = r_.keyframes[k];
            const Where w{"keyframes", k};
            if (kf.seq <= last_seq || kf.seq < 0 ||
                static_cast<std::size_t>(kf.seq) > r_.events.size())
                fail(w.str(".seq"), "expected keyframes in order, each at an event of the replay");
            last_seq = kf.seq;
            if (kf.turn < 0 || kf.turn > limits::kMaxTurns)
                fail(w.str(".turn"),
                     "expected a turn from 0 to " + std::to_string(limits::kMaxTurns));
            if (kf.time_ms < 0 || kf.time_ms > limits::kMaxReplayTimeMs)
                fail(w.str(".time"), "expected a time from 0 to " +
                                         std::to_string(limits::kMaxReplayTimeMs) + " ms");
            if (kf.units.size() != r_.unit_ids.size())
                fail(w.str(".units"),
                     "expected " + std::to_string(r_.unit_ids.size()) + " unit snapshots, found " +
                         std::to_string(kf.units.size()) + " (the file was edited or damaged)");
            while (next < static_cast<std::size_t>(kf.seq)) {
                for (const auto& s : r_.events[next].after)
                    state[static_cast<std::size_t>(s.unit)] = &s;
                ++next;
            }
            std::int64_t figures = 0;
            for (const auto& unit : kf.units) figures += unit.look.figures;
            if (figures > limits::kMaxTotalFigures)
                fail(w.str(".units"), "more than " + std::to_string(limits::kMaxTotalFigures) +
                                          " figures on the table (docs/LIMITS.md)");
            for (std::size_t u = 0; u < kf.units.size(); ++u) {
                const Where uw{"keyframes", k, "units", u};
                check_snapshot(kf.units[u], uw);
                if (!state[u] || kf.units[u] != *state[u])
                    fail(uw.str(""), "does not match the state the events leave unit \"" +
                                         r_.unit_ids[u] + "\" in (the file was edited or damaged)");
            }
        }
    }

    const Replay& r_;
    std::int64_t last_t0_ = 0;
};

}  // namespace

void check_replay_values(const Replay& replay) {
    Checker(replay).run();
}

nlohmann::json Replay::scenario() const {
    return parse_json_text(scenario_text, file + " (embedded scenario)");
}

}  // namespace vedette::sim::replay
