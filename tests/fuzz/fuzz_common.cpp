#include "tests/fuzz/fuzz_common.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <system_error>

#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/registry.h"

namespace vedette::fuzz {

namespace fs = std::filesystem;

const Rules& rules() {
    static const Rules loaded = [] {
        const std::string path = sim::ruleset_path(sim::find_rules_dir(""), "gdb");
        return Rules{sim::gdb::load_gdb_rules(path), sim::battle::load_battle_rules(path)};
    }();
    return loaded;
}

const sim::gdb::GdbRuleset& ruleset() {
    static const sim::gdb::GdbRuleset loaded("");
    return loaded;
}

const sim::ruleset::Ruleset& shipped_ruleset(const std::string& id) {
    // Loading a ruleset reads and checks its whole data file: once per process, not per input.
    static std::map<std::string, std::unique_ptr<sim::ruleset::Ruleset>> loaded;
    if (const auto it = loaded.find(id); it != loaded.end()) return *it->second;
    // Made before it is kept: a fuzzed id the registry refuses must not grow the map.
    auto made = sim::ruleset::make_ruleset(id, "");
    return *loaded.emplace(id, std::move(made)).first->second;
}

const std::string& source_file(const std::string& relative) {
    static std::map<std::string, std::string> read;
    if (const auto it = read.find(relative); it != read.end()) return it->second;
    const std::string path = std::string(VEDETTE_FUZZ_SOURCE_DIR) + "/" + relative;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "fuzz harness: cannot read %s\n", path.c_str());
        std::abort();
    }
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return read.emplace(relative, std::move(bytes)).first->second;
}

std::string as_text(const std::uint8_t* data, std::size_t size) {
    return size == 0 ? std::string() : std::string(reinterpret_cast<const char*>(data), size);
}

namespace {
std::string& scratch_path() {
    static std::string path;
    return path;
}

void remove_scratch_dir() {
    std::error_code ec;
    if (!scratch_path().empty()) fs::remove_all(scratch_path(), ec);
}
}  // namespace

const std::string& scratch_dir() {
    std::string& path = scratch_path();
    if (path.empty()) {
        // The pid keeps parallel jobs (-jobs=N, -fork=N) out of each other's files.
        const fs::path dir =
            fs::temp_directory_path() / ("vedette-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(dir);
        path = dir.string();
        std::atexit(remove_scratch_dir);
    }
    return path;
}

std::string write_scratch_file(const std::string& name, const std::string& bytes) {
    const std::string path = (fs::path(scratch_dir()) / name).string();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
        std::fprintf(stderr, "fuzz harness: cannot write %s\n", path.c_str());
        std::abort();
    }
    return path;
}

void rejected(const std::exception& error) {
    static const bool verbose = std::getenv("VEDETTE_FUZZ_VERBOSE") != nullptr;
    if (verbose) std::fprintf(stderr, "rejected: %s\n", error.what());
}

void expect(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz harness: invariant broken: %s\n", what);
    std::abort();
}

}  // namespace vedette::fuzz
