#include "sim/ruleset/event_recorder.h"

#include <utility>

namespace vedette::sim::ruleset {

record::Header start_header(const std::string& ruleset_id, const std::string& rules_hash,
                            const record::Looks& looks, const std::string& title,
                            const std::string& description, std::vector<record::Phase> phases) {
    record::Header h;
    h.ruleset = ruleset_id;
    h.rules_hash = rules_hash;
    h.title = title;
    h.description = description;
    h.looks = looks;
    h.phases = std::move(phases);
    return h;
}

record::Event& EventRecorder::emit(const std::string& phase, record::Category category,
                                   const std::string& kind, std::vector<int> units,
                                   const std::string& rule, std::string text, std::int64_t ms,
                                   std::vector<record::Snapshot> after) {
    record::Event e;
    e.seq = static_cast<int>(out_.events.size());
    e.turn = turn_;
    e.phase = phase;
    e.category = category;
    e.kind = kind;
    e.units = std::move(units);
    e.rule = rule;
    e.text = std::move(text);
    e.t0_ms = now_ms_;
    e.t1_ms = now_ms_ + ms;
    e.episode = episode_;
    e.after = std::move(after);
    now_ms_ += ms;
    out_.events.push_back(std::move(e));
    return out_.events.back();
}

void EventRecorder::begin_turn(int turn, std::vector<record::Snapshot> everyone) {
    turn_ = turn;
    out_.keyframes.push_back(
        {static_cast<int>(out_.events.size()), turn, now_ms_, std::move(everyone)});
}

void EventRecorder::end_turn(std::string state_hash) {
    out_.turn_hashes.push_back({turn_, std::move(state_hash)});
}

int EventRecorder::begin_episode() {
    episode_ = next_episode_++;
    return episode_;
}

replay::Recorded EventRecorder::finish(record::Header header, std::uint64_t seed,
                                       std::string scenario_text) {
    out_.header = std::move(header);
    out_.seed = seed;
    out_.scenario_text = std::move(scenario_text);
    return std::move(out_);
}

}  // namespace vedette::sim::ruleset
