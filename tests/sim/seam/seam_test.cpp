// The ruleset seam holds: renderer/ and app/ name no rule system (no namespace, header, id or
// name of GdB, Borodino or the dice pool, and no GdB rule number), and the core of sim/ (core,
// geom, board, record, replay, ruleset) includes no ruleset; only the registry's list of built-in
// rulesets (sim/rulesets/builtin.cpp) does.

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
const fs::path kSource = VEDETTE_SOURCE_DIR;

// Every line of the C++ files under `folder` that matches `pattern`, as "file:line: text".
std::vector<std::string> matches(const fs::path& folder, const std::regex& pattern) {
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
        const auto ext = entry.path().extension();
        if (ext != ".h" && ext != ".cpp") continue;
        std::ifstream in(entry.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n)
            if (std::regex_search(line, pattern))
                found.push_back(fs::relative(entry.path(), kSource).string() + ":" +
                                std::to_string(n) + ": " + line);
    }
    return found;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

// Every GdB rule number the plug-in cites ("12.17", "12.19"...): in its data file's "rule" fields
// and in its code's "GdB 12.x" strings, so a new table is covered without editing this test.
std::set<std::string> gdb_rule_numbers() {
    std::set<std::string> numbers;
    const std::regex citation(R"re(GdB[^"]*)re"), number(R"re(\b\d+\.\d+\b)re");
    for (const auto& entry : fs::recursive_directory_iterator(kSource / "sim/rulesets/gdb")) {
        const auto ext = entry.path().extension();
        if (ext != ".json" && ext != ".h" && ext != ".cpp") continue;
        std::ifstream in(entry.path());
        std::string line;
        while (std::getline(in, line))
            for (std::sregex_iterator c(line.begin(), line.end(), citation), end; c != end; ++c) {
                const std::string cited = c->str();
                for (std::sregex_iterator n(cited.begin(), cited.end(), number); n != end; ++n)
                    numbers.insert(n->str());
            }
    }
    return numbers;
}

std::string alternatives(const std::set<std::string>& numbers) {
    std::string out;
    for (const auto& n : numbers)
        out += (out.empty() ? "" : "|") + std::regex_replace(n, std::regex(R"(\.)"), R"(\.)");
    return out;
}

TEST(RulesetSeam, EveryGdbRuleNumberIsFound) {
    const auto numbers = gdb_rule_numbers();
    // The melee tables (12.17, 12.18, 12.20) and the charge results (12.24) at least.
    for (const char* n : {"12.17", "12.18", "12.20", "12.24"}) EXPECT_TRUE(numbers.count(n)) << n;
    EXPECT_GE(numbers.size(), 10u);
}

// What the renderer and the app must never name, from every rule system the build made
// (vedette_add_ruleset's list, build/vedette_rulesets.txt): its namespaces, its id as a string,
// its header and the words it is named by. A new rule system is covered without editing this.
struct RuleSystem {
    std::string id, header;
    std::vector<std::string> namespaces, words;
};

std::vector<std::string> split(const std::string& s, char at) {
    std::vector<std::string> out;
    std::string part;
    std::istringstream in(s);
    while (std::getline(in, part, at))
        if (!part.empty()) out.push_back(part);
    return out;
}

std::vector<RuleSystem> rule_systems() {
    std::vector<RuleSystem> systems;
    std::ifstream in(VEDETTE_RULESETS_LIST);
    for (std::string line; std::getline(in, line);) {
        const auto fields = split(line, '|');
        if (fields.size() < 2) continue;
        systems.push_back({fields[0], fields[1],
                           fields.size() > 2 ? split(fields[2], ',') : std::vector<std::string>{},
                           fields.size() > 3 ? split(fields[3], ',') : std::vector<std::string>{}});
    }
    return systems;
}

TEST(RulesetSeam, TheBuildListsEveryRuleSystem) {
    std::set<std::string> ids;
    for (const auto& r : rule_systems()) {
        ids.insert(r.id);
        EXPECT_TRUE(fs::exists(kSource / r.header)) << r.header;
        EXPECT_FALSE(r.namespaces.empty()) << r.id << " names no namespace";
    }
    // The folders of sim/rulesets/ with a CMakeLists.txt are the rule systems.
    for (const auto& entry : fs::directory_iterator(kSource / "sim/rulesets")) {
        if (!fs::exists(entry.path() / "CMakeLists.txt")) continue;
        EXPECT_TRUE(ids.count(entry.path().filename().string()))
            << entry.path().filename() << " is not in " << VEDETTE_RULESETS_LIST;
    }
    EXPECT_GE(ids.size(), 3u);
}

TEST(RulesetSeam, RendererAndAppNameNoRuleSystem) {
    std::string names = R"re(sim/rulesets/)re";
    for (const auto& r : rule_systems()) {
        for (const auto& ns : r.namespaces) names += "|sim::" + ns + "\\b";
        for (const auto& w : r.words) names += "|" + w;
        names += "|\"" + r.id + "\"";
    }
    const std::regex rule_system(names + R"re(|\b()re" + alternatives(gdb_rule_numbers()) +
                                 R"re()\b)re");
    for (const char* folder : {"renderer", "app"}) {
        const auto found = matches(kSource / folder, rule_system);
        EXPECT_TRUE(found.empty()) << folder << " names a rule system:\n" << joined(found);
    }
}

TEST(RulesetSeam, TheCoreOfSimIncludesNoRuleset) {
    const std::regex ruleset_include(R"re(#include\s*"sim/rulesets/)re");
    for (const char* folder : {"core", "geom", "board", "record", "replay", "ruleset"}) {
        const auto found = matches(kSource / "sim" / folder, ruleset_include);
        EXPECT_TRUE(found.empty()) << joined(found);
    }
}

}  // namespace
