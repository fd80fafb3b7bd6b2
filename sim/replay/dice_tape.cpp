#include "sim/replay/dice_tape.h"

#include <utility>

namespace vedette::sim::replay {

DiceTape::DiceTape(std::optional<DiceBranch> plan, std::function<int()> events_so_far)
    : plan_(std::move(plan)), events_so_far_(std::move(events_so_far)) {
    if (plan_ && plan_->reseed) reseeded_.emplace(*plan_->reseed);
}

int DiceTape::take(int value, int lowest, int highest, int unit, const std::string& purpose) {
    const auto index = static_cast<std::int64_t>(dice_.size());
    TapeDie die{value, unit, purpose, lowest, highest, events_so_far_ ? events_so_far_() : 0,
                false};
    if (plan_ && index >= plan_->from_die) {
        const std::int64_t k = index - plan_->from_die;
        if (k < static_cast<std::int64_t>(plan_->dice.size())) {
            die.value = plan_->dice[static_cast<std::size_t>(k)];
            die.changed = true;
        } else if (reseeded_) {
            const auto faces = static_cast<std::uint64_t>(highest - lowest + 1);
            die.value = lowest + static_cast<int>(reseeded_->below(faces));
            die.changed = true;
        }
    }
    dice_.push_back(die);
    return die.value;
}

}  // namespace vedette::sim::replay
