#include "tests/fuzz/fuzz_common.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "sim/rules/ruleset_files.h"

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
