#include "app/viewer/what_if.h"

#include <algorithm>
#include <exception>

#include "sim/replay/replay.h"
#include "sim/ruleset/branch.h"
#include "sim/ruleset/registry.h"

namespace vedette::viewer {

namespace {

std::string joined(const std::vector<int>& v) {
    std::string s;
    for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
    return s;
}

// A unit's end in a few words: "destroyed", or its figures and state.
std::string fate_words(const render::UnitView& u) {
    if (!u.on_table || u.figures == 0) return u.state.empty() ? "gone" : u.state;
    return std::to_string(u.figures) + " figures" + (u.state.empty() ? "" : ", " + u.state);
}

}  // namespace

std::vector<WhatIfChoice> what_if_choices(const sim::record::Event& e) {
    std::vector<WhatIfChoice> out;
    if (!e.explanation) return out;
    const std::string actual = sim::ruleset::actual_outcome(e);
    const auto names = sim::ruleset::branch_outcomes(e);
    for (const auto& s : e.explanation->sections) {
        if (s.kind != sim::record::SectionKind::odds) continue;
        for (const auto& o : s.outcomes)
            if (o.label != actual &&
                std::find(names.begin(), names.end(), o.label) != names.end() &&
                std::none_of(out.begin(), out.end(),
                             [&](const auto& c) { return c.outcome == o.label; }))
                out.push_back({o.label, o.probability});
        if (!out.empty()) break;  // the deciding section's
    }
    return out;
}

std::vector<std::string> changed_fates(const render::ReplayScene& a, const render::ReplayScene& b) {
    const render::SceneState end_a = render::scene_at_time(a, a.duration_ms);
    const render::SceneState end_b = render::scene_at_time(b, b.duration_ms);
    std::vector<std::string> out;
    for (const auto& ua : end_a.units)
        for (const auto& ub : end_b.units)
            if (ua.unit == ub.unit && fate_words(ua) != fate_words(ub))
                out.push_back(ua.name + ": " + fate_words(ua) + " -> " + fate_words(ub));
    return out;
}

WhatIf compute_what_if(const render::ReplayScene& parent, const std::string& rules_dir, int at,
                       const std::string& outcome) {
    WhatIf w;
    w.at = at;
    w.outcome = outcome;
    w.parent = &parent;
    try {
        const auto& replay = parent.replay;
        const auto rules =
            sim::ruleset::make_ruleset(replay.header.ruleset, rules_dir, replay.file, "$.ruleset");
        sim::ruleset::BranchChoice choice;
        choice.outcome = outcome;
        const sim::ruleset::Branch b = sim::ruleset::make_branch(replay, *rules, at, choice);
        auto branch =
            render::scene_of(sim::replay::replay_of(b.recorded, replay.file + " (what if)"));
        w.branch = std::make_shared<const render::ReplayScene>(std::move(branch));
        w.dice = "dice " + joined(b.was) + " -> " + joined(b.now);
        w.changed = changed_fates(parent, *w.branch);
    } catch (const std::exception& e) {
        w.error = e.what();
    }
    return w;
}

}  // namespace vedette::viewer
