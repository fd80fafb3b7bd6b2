#include "sim/replay/dice_tape.h"

#include <utility>

#include "sim/core/input_error.h"

namespace vedette::sim::replay {

DiceTape::DiceTape(std::optional<DiceBranch> plan, std::function<int()> events_so_far)
    : plan_(std::move(plan)), events_so_far_(std::move(events_so_far)) {
    if (!plan_) return;
    reseeded_.resize(plan_->earlier.size() + 1);
    for (std::size_t i = 0; i < reseeded_.size(); ++i)
        if (layer(i).reseed) reseeded_[i].emplace(*layer(i).reseed);
}

const DiceBranch& DiceTape::layer(std::size_t i) const {
    return i < plan_->earlier.size() ? plan_->earlier[i] : *plan_;
}

int DiceTape::take(int value, int lowest, int highest, int unit, const std::string& purpose) {
    const auto index = static_cast<std::int64_t>(dice_.size());
    TapeDie die{value, unit, purpose, lowest, highest, events_so_far_ ? events_so_far_() : 0,
                false};
    // Every layer draws as it did in its own play (a reseeded PRNG advances at each of its dice,
    // whether or not a later layer replaces the value); the latest layer that sets a die wins.
    for (std::size_t i = 0; i < reseeded_.size(); ++i) {
        const DiceBranch& plan = layer(i);
        if (index < plan.from_die) continue;
        const std::int64_t k = index - plan.from_die;
        if (k < static_cast<std::int64_t>(plan.dice.size())) {
            die.value = plan.dice[static_cast<std::size_t>(k)];
            if (die.value < lowest || die.value > highest)
                throw InputError("", "$.branch",
                                 "die " + std::to_string(index) + " (" + purpose +
                                     ") of the branch's plan reads " + std::to_string(die.value) +
                                     ", but that die reads " + std::to_string(lowest) + " to " +
                                     std::to_string(highest));
            die.changed = true;
        } else if (reseeded_[i]) {
            const auto faces = static_cast<std::uint64_t>(highest - lowest + 1);
            die.value = lowest + static_cast<int>(reseeded_[i]->below(faces));
            die.changed = true;
        }
    }
    dice_.push_back(die);
    return die.value;
}

}  // namespace vedette::sim::replay
