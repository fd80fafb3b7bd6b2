// sim/ must stay a plain library: no graphics headers, no std::*_distribution (implementation-
// defined results), no libm transcendental functions in outcome code.

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

namespace {

TEST(SimIsolation, NoGraphicsOrNondeterministicApisInSim) {
    const std::filesystem::path sim = std::filesystem::path(VEDETTE_SOURCE_DIR) / "sim";
    const std::regex forbidden(
        R"re((#include\s*[<"](vulkan|GLFW|glm|imgui|tiny_gltf)[^>"]*[>"])|(_distribution\s*<)|)re"
        R"re((\bstd::(sin|cos|tan|exp|log|pow|sqrt|atan2?)\s*\()|(std::random_device))re");
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(sim)) {
        const auto ext = entry.path().extension();
        if (ext != ".h" && ext != ".cpp") continue;
        ++files;
        std::ifstream in(entry.path());
        std::string line;
        int n = 0;
        while (std::getline(in, line)) {
            ++n;
            EXPECT_FALSE(std::regex_search(line, forbidden))
                << entry.path().string() << ":" << n << ": " << line;
        }
    }
    EXPECT_GT(files, 3);
}

}  // namespace
