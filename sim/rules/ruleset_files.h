#pragma once
// Finding and reading ruleset data files. The rules are data (sim/rulesets/ID/ID.json) so a user
// can edit a table without recompiling; every replay records the hash of the rules it was made
// with.

#include <cstdint>
#include <string>

namespace vedette::sim {

// The folder holding the ruleset files: `explicit_dir` if given, else $VEDETTE_RULES_DIR, else
// `rulesets/` next to the running executable, else the source tree's sim/rulesets.
std::string find_rules_dir(const std::string& explicit_dir);

// The path of ruleset `id`: DIR/gdb/gdb.json where that file exists, else DIR/gdb.json.
std::string ruleset_path(const std::string& rules_dir, const std::string& id);

// Reads a whole file; throws InputError naming the file if it cannot.
std::string read_text_file(const std::string& path);

// FNV-1a 64-bit of the bytes, as 16 hex digits: the "rules data hash" stored in replays.
std::string fnv1a64_hex(const std::string& bytes);
// A 64-bit value as 16 lowercase hex digits (the form every Vedette hash is written in).
std::string hex16(std::uint64_t value);
std::uint64_t fnv1a64(const void* data, std::size_t size,
                      std::uint64_t seed = 0xcbf29ce484222325ULL);

}  // namespace vedette::sim
