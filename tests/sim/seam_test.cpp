// The ruleset seam holds: renderer/ and app/ name no rule system (no GdB namespace, header, table
// or id), and the core of sim/ (core, geom, board, record, replay, ruleset) includes no ruleset;
// only the registry's list of built-in rulesets (sim/rulesets/builtin.cpp) does.

#include <filesystem>
#include <fstream>
#include <regex>

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

TEST(RulesetSeam, RendererAndAppNameNoRuleSystem) {
    const std::regex rule_system(
        R"re(sim::gdb|sim::battle|sim/rulesets/|BattleRules|GdbRules|"gdb"|\b12\.(17|18|20)\b)re");
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
