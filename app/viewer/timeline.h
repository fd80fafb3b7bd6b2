#pragma once
// The viewer's clock over a replay: the playhead, play and pause, speed, looping a span, and
// stepping to the next or previous event, phase or turn (optionally only events that pass a
// filter). Pure logic with no window or GPU, so it is unit-tested directly. Stepping back is as
// cheap as stepping forward because the scene is a function of time.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sim/record/record.h"

namespace vedette::viewer {

// Which events count when stepping by event (the event log's filter). Empty sets pass all.
struct EventFilter {
    std::set<int> units;                         // an event passes if it involves any of these
    std::set<sim::record::Category> categories;  // ... and its category is one of these
    std::set<std::string> kinds;                 // ... and its kind is one of these
    bool passes(const sim::record::Event& e) const;
    bool empty() const { return units.empty() && categories.empty() && kinds.empty(); }
};

enum class StepUnit { event, phase, turn };

class Timeline {
public:
    static constexpr double kMinSpeed = 0.25, kMaxSpeed = 8.0;

    Timeline(const std::vector<sim::record::Event>& events, std::int64_t duration_ms);

    std::int64_t time_ms() const { return time_ms_; }
    std::int64_t duration_ms() const { return duration_ms_; }
    bool playing() const { return playing_; }
    double speed() const { return speed_; }
    // The event shown at the playhead: the last one that has started (-1 before the first).
    int current_event() const;
    // The moment an event is shown when stepped to: the middle of its span (as `vedette render
    // --event` and the exporter's director camera show it).
    std::int64_t moment_of(int event) const;

    void seek(std::int64_t t_ms);
    void seek_event(int event);
    void play();
    void pause();
    void toggle_play();
    // Speeds are clamped to 0.25x-8x; faster()/slower() walk 0.25, 0.5, 1, 2, 4, 8.
    void set_speed(double speed);
    void faster();
    void slower();
    // Plays between two replay times, wrapping at the end; clear_loop() ends it.
    void set_loop(std::int64_t from_ms, std::int64_t to_ms);
    void clear_loop();
    std::optional<std::pair<std::int64_t, std::int64_t>> loop() const { return loop_; }

    // Advances the playhead by `wall_seconds` of real time at the current speed while playing;
    // stops at the end (or wraps inside the loop).
    void advance(double wall_seconds);

    // Steps forward (direction > 0) or back. Events: to the next/previous event passing
    // `filter`. Phases and turns: forward to the first event of the next phase/turn; back to the
    // first event of the current one, or of the previous one when already at its first event.
    // Returns false (and stays) at the ends. Stepping pauses playback.
    bool step(StepUnit unit, int direction, const EventFilter& filter = {});

    // Index of the first event of the phase (or turn) block containing `event`.
    int block_start(int event, StepUnit unit) const;

private:
    bool same_block(int a, int b, StepUnit unit) const;
    const std::vector<sim::record::Event>& events_;
    std::int64_t duration_ms_;
    std::int64_t time_ms_ = 0;
    double speed_ = 1.0;
    double carry_ms_ = 0;  // fractions of a millisecond between frames
    bool playing_ = false;
    std::optional<std::pair<std::int64_t, std::int64_t>> loop_;
};

}  // namespace vedette::viewer
