#include "sim/rules/ruleset_files.h"

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/core/limits.h"

namespace vedette::sim {

namespace fs = std::filesystem;

namespace {
fs::path executable_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}
}  // namespace

std::string find_rules_dir(const std::string& explicit_dir) {
    if (!explicit_dir.empty()) {
        if (!fs::is_directory(explicit_dir))
            throw InputError(explicit_dir, "--rules", "not a folder of ruleset files");
        return explicit_dir;
    }
    if (const char* env = std::getenv("VEDETTE_RULES_DIR"); env && *env) {
        if (!fs::is_directory(env))
            throw InputError(env, "VEDETTE_RULES_DIR", "not a folder of ruleset files");
        return env;
    }
    const fs::path beside = executable_dir() / "rulesets";
    if (fs::is_directory(beside)) return beside.string();
    return VEDETTE_RULES_SOURCE_DIR;
}

std::string ruleset_path(const std::string& rules_dir, const std::string& id) {
    // A ruleset keeps its data in its own folder (sim/rulesets/gdb/gdb.json); a user's folder of
    // edited tables may hold the file directly (DIR/gdb.json).
    const fs::path own = fs::path(rules_dir) / id / (id + ".json");
    std::error_code ec;
    if (fs::is_regular_file(own, ec)) return own.string();
    return (fs::path(rules_dir) / (id + ".json")).string();
}

std::string read_text_file(const std::string& path) {
    return read_input_file(path, limits::kMaxJsonFileBytes);
}

std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t seed) {
    std::uint64_t h = seed;
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

std::string hex16(std::uint64_t value) {
    static const char* digits = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 0; i < 16; ++i) out[15 - i] = digits[(value >> (4 * i)) & 0xF];
    return out;
}

std::string fnv1a64_hex(const std::string& bytes) {
    return hex16(fnv1a64(bytes.data(), bytes.size()));
}

}  // namespace vedette::sim
