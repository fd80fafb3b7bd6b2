#include "app/viewer/timeline.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace vedette::viewer {

bool EventFilter::passes(const sim::record::Event& e) const {
    if (!categories.empty() && !categories.count(e.category)) return false;
    if (!kinds.empty() && !kinds.count(e.kind)) return false;
    if (units.empty()) return true;
    return std::any_of(e.units.begin(), e.units.end(), [&](int u) { return units.count(u) > 0; });
}

Timeline::Timeline(const std::vector<sim::record::Event>& events, std::int64_t duration_ms)
    : events_(events), duration_ms_(std::max<std::int64_t>(0, duration_ms)) {}

int Timeline::current_event() const {
    const auto it =
        std::upper_bound(events_.begin(), events_.end(), time_ms_,
                         [](std::int64_t t, const sim::record::Event& e) { return t < e.t0_ms; });
    return static_cast<int>(it - events_.begin()) - 1;
}

std::int64_t Timeline::moment_of(int event) const {
    const auto& e = events_[static_cast<std::size_t>(event)];
    return (e.t0_ms + e.t1_ms) / 2;
}

void Timeline::seek(std::int64_t t_ms) {
    time_ms_ = std::clamp<std::int64_t>(t_ms, 0, duration_ms_);
    carry_ms_ = 0;
}

void Timeline::seek_event(int event) {
    if (event < 0 || event >= static_cast<int>(events_.size())) return;
    seek(moment_of(event));
}

void Timeline::play() {
    if (time_ms_ >= duration_ms_ && !loop_) seek(0);  // play at the end starts again
    playing_ = true;
}
void Timeline::pause() {
    playing_ = false;
}
void Timeline::toggle_play() {
    playing_ ? pause() : play();
}

void Timeline::set_speed(double speed) {
    speed_ = std::clamp(speed, kMinSpeed, kMaxSpeed);
}

namespace {
constexpr std::array<double, 6> kSpeeds{0.25, 0.5, 1.0, 2.0, 4.0, 8.0};
}
void Timeline::faster() {
    for (double s : kSpeeds)
        if (s > speed_ + 1e-9) return set_speed(s);
}
void Timeline::slower() {
    for (auto it = kSpeeds.rbegin(); it != kSpeeds.rend(); ++it)
        if (*it < speed_ - 1e-9) return set_speed(*it);
}

void Timeline::set_loop(std::int64_t from_ms, std::int64_t to_ms) {
    from_ms = std::clamp<std::int64_t>(from_ms, 0, duration_ms_);
    to_ms = std::clamp<std::int64_t>(to_ms, 0, duration_ms_);
    if (to_ms < from_ms) std::swap(from_ms, to_ms);
    if (to_ms == from_ms) return clear_loop();
    loop_ = {from_ms, to_ms};
    if (time_ms_ < from_ms || time_ms_ > to_ms) seek(from_ms);
}
void Timeline::clear_loop() {
    loop_.reset();
}

void Timeline::advance(double wall_seconds) {
    if (!playing_ || wall_seconds <= 0) return;
    carry_ms_ += wall_seconds * 1000.0 * speed_;
    const auto whole = static_cast<std::int64_t>(std::floor(carry_ms_));
    carry_ms_ -= static_cast<double>(whole);
    std::int64_t t = time_ms_ + whole;
    if (loop_) {
        const auto [a, b] = *loop_;
        if (t > b) t = a + (t - b) % std::max<std::int64_t>(1, b - a);
    } else if (t >= duration_ms_) {
        t = duration_ms_;
        playing_ = false;
    }
    time_ms_ = t;
}

bool Timeline::same_block(int a, int b, StepUnit unit) const {
    const auto& x = events_[static_cast<std::size_t>(a)];
    const auto& y = events_[static_cast<std::size_t>(b)];
    if (x.turn != y.turn) return false;
    return unit == StepUnit::turn || x.phase == y.phase;
}

int Timeline::block_start(int event, StepUnit unit) const {
    while (event > 0 && same_block(event - 1, event, unit)) --event;
    return event;
}

bool Timeline::step(StepUnit unit, int direction, const EventFilter& filter) {
    pause();
    const int n = static_cast<int>(events_.size());
    if (n == 0 || direction == 0) return false;
    const int cur = current_event();
    if (unit == StepUnit::event) {
        // An event shown before its middle counts as not yet reached when stepping forward.
        int i = cur;
        if (direction > 0 && cur >= 0 && time_ms_ < moment_of(cur) &&
            filter.passes(events_[static_cast<std::size_t>(cur)])) {
            seek_event(cur);
            return true;
        }
        if (direction < 0 && cur >= 0 && time_ms_ > moment_of(cur) &&
            filter.passes(events_[static_cast<std::size_t>(cur)])) {
            seek_event(cur);
            return true;
        }
        for (i += direction > 0 ? 1 : -1; i >= 0 && i<n; i += direction> 0 ? 1 : -1)
            if (filter.passes(events_[static_cast<std::size_t>(i)])) {
                seek_event(i);
                return true;
            }
        return false;
    }
    if (direction > 0) {
        int i = std::max(cur, 0);
        if (cur < 0) {
            seek_event(0);
            return true;
        }
        while (i < n && same_block(i, cur, unit)) ++i;
        if (i >= n) return false;
        seek_event(i);
        return true;
    }
    if (cur < 0) return false;
    const int start = block_start(cur, unit);
    if (start != cur || time_ms_ > moment_of(cur)) {
        seek_event(start);
        return true;
    }
    if (start == 0) return false;
    seek_event(block_start(start - 1, unit));
    return true;
}

}  // namespace vedette::viewer
