#include "app/record_play.h"

#include <unistd.h>

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/play_record.h"
#include "sim/gamerecord/record_lexer.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"

namespace vedette::app {

std::string record_text(const std::string& path) {
    if (::access(path.c_str(), F_OK) != 0) return {};
    return sim::read_input_file(path, sim::gamerecord::kMaxRecordBytes);
}

namespace {

// The story so far is what does not hang on the dice still to come: the events that the record's
// seed and another seed agree on.
std::vector<std::string> settled_events(const sim::replay::Recorded& a,
                                        const sim::replay::Recorded& b) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        const bool hangs_on_dice = !a.dice.from_seed.empty() &&
                                   (i >= b.events.size() || b.events[i].text != a.events[i].text);
        if (hangs_on_dice) break;
        out.push_back("turn " + std::to_string(a.events[i].turn) + ": " + a.events[i].text);
    }
    return out;
}

// The first event after the story so far that throws dice: the test waiting for them, as the seed
// would have thrown them. Its modifiers and table rows do not hang on the dice.
std::vector<std::string> known_of(const sim::replay::Recorded& result, std::size_t settled) {
    std::vector<std::string> out;
    for (std::size_t i = settled; i < result.events.size(); ++i) {
        const auto& e = result.events[i];
        if (!e.explanation) continue;
        const auto& sections = e.explanation->sections;
        const bool throws = std::any_of(sections.begin(), sections.end(), [](const auto& x) {
            return x.kind == sim::record::SectionKind::dice;
        });
        if (!throws) continue;
        for (const auto& x : sections) {
            if (x.kind == sim::record::SectionKind::modifiers)
                for (const auto& row : x.rows) {
                    if (!row.lit) continue;
                    std::string values;
                    for (const auto& v : row.values) values += (values.empty() ? "" : " / ") + v;
                    out.push_back("modifier: " + row.label + " " + values +
                                  (row.rule.empty() ? "" : " (" + row.rule + ")"));
                }
            if (x.kind == sim::record::SectionKind::results)
                for (const auto& row : x.results) out.push_back("row: " + row.label);
        }
        return out;
    }
    return out;
}

}  // namespace

PlayedRecord play_record(const std::string& text, const std::string& file,
                         const std::string& rules_dir) {
    PlayedRecord p;
    try {
        sim::gamerecord::ReadRecord record = sim::gamerecord::read_record(text, file);
        p.last_turn = record.last_turn;
        const auto rules = sim::ruleset::make_ruleset(sim::gamerecord::ruleset_of(record),
                                                      rules_dir, file, "$.ruleset");
        p.low = rules->die().low, p.high = rules->die().high;
        // As `vedette record` plays it; then under another seed, from the scenario as played.
        const sim::replay::Recorded result = sim::gamerecord::play_record(*rules, record, file);
        sim::replay::Recorded other;
        try {
            const sim::Json& json = record.scenario;  // fitted to the die, its dice labelled
            const auto scenario = rules->read_scenario(json, file);
            other = rules->run(*scenario, scenario->seed ^ 0x5EEDu);
        } catch (const sim::InputError&) {
            sim::gamerecord::rethrow_at_record_line(record, file);
        }
        p.events = settled_events(result, other);
        if (!result.dice.from_seed.empty()) p.known = known_of(result, p.events.size());
        if (!result.dice.from_seed.empty()) {
            const auto& s = result.dice.from_seed.front();
            const auto& u = result.header.units.at(std::size_t(s.unit));
            p.wanted = WantedDice{s.turn, u.id, u.name, s.purpose, s.count};
        }
    } catch (const std::exception& e) {  // InputError, or a rule system's own refusal
        p.problem = e.what();
    }
    return p;
}

std::string dice_entry(const PlayedRecord& p, const std::vector<int>& dice) {
    std::string entry =
        "dice " + sim::gamerecord::written_word(p.wanted->unit_id) + " " + p.wanted->purpose;
    for (const int d : dice) entry += " " + std::to_string(d);
    if (p.wanted->turn > 0 && p.wanted->turn != p.last_turn)
        entry = "turn " + std::to_string(p.wanted->turn) + "\n" + entry;
    return entry;
}

namespace {

// What the first test after the story so far gave: its lit result row, else its event's text.
std::string result_of(const sim::replay::Recorded& r, std::size_t settled) {
    for (std::size_t i = settled; i < r.events.size(); ++i) {
        const auto& e = r.events[i];
        if (!e.explanation) continue;
        const auto& sections = e.explanation->sections;
        if (std::none_of(sections.begin(), sections.end(),
                         [](const auto& x) { return x.kind == sim::record::SectionKind::dice; }))
            continue;
        for (const auto& x : sections)
            if (x.kind == sim::record::SectionKind::results)
                for (const auto& row : x.results)
                    if (row.lit) return row.label;
        return e.text;
    }
    return "no test";
}

}  // namespace

std::vector<std::pair<std::string, double>> result_odds(const std::string& text,
                                                        const std::string& file,
                                                        const std::string& rules_dir,
                                                        const PlayedRecord& p) {
    std::vector<std::pair<std::string, double>> odds;
    if (!p.wanted || p.wanted->count < 1 || p.wanted->count > 4) return odds;
    try {
        const sim::gamerecord::ReadRecord base = sim::gamerecord::read_record(text, file);
        const auto rules = sim::ruleset::make_ruleset(sim::gamerecord::ruleset_of(base), rules_dir,
                                                      file, "$.ruleset");
        const int faces = p.high - p.low + 1;
        int throws = 1;
        for (int k = 0; k < p.wanted->count; ++k) throws *= faces;
        std::map<std::string, int> counted;
        const std::string head = text + (text.empty() || text.back() == '\n' ? "" : "\n");
        for (int t = 0; t < throws; ++t) {
            std::vector<int> dice;
            for (int k = 0, rest = t; k < p.wanted->count; ++k, rest /= faces)
                dice.push_back(p.low + rest % faces);
            sim::gamerecord::ReadRecord record =
                sim::gamerecord::read_record(head + dice_entry(p, dice) + "\n", file);
            ++counted[result_of(sim::gamerecord::play_record(*rules, record, file),
                                p.events.size())];
        }
        for (const auto& [result, n] : counted) odds.emplace_back(result, double(n) / throws);
        std::stable_sort(odds.begin(), odds.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
    } catch (const std::exception&) {  // a throw the rules refuse: no odds rather than wrong ones
        odds.clear();
    }
    return odds;
}

std::vector<int> dice_typed(const std::string& line, int count, int low, int high) {
    std::vector<int> v;
    std::string digits;
    for (const char c : line)
        if (c >= '0' && c <= '9')
            digits.push_back(c);
        else if (c != ' ' && c != ',' && c != '\t' && c != '\r')
            return {};
    for (const char c : digits) v.push_back(c - '0');
    if (int(v.size()) != count) return {};
    for (const int d : v)
        if (d < low || d > high) return {};
    return v;
}

std::string record_mistake(const std::string& text, const std::string& file) {
    try {
        (void)sim::gamerecord::read_record(text, file);
        return {};
    } catch (const sim::InputError& e) {
        return e.what();
    }
}

}  // namespace vedette::app
