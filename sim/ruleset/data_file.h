#pragma once
// The plug-in kit's data file: what every rule system's data file (sim/rulesets/<id>/<id>.json)
// gives the core beside its own tables. A rule system's tables struct derives from DataFile,
// which read_data_file_head fills, and its ruleset class from DataFileRuleset
// (data_file_ruleset.h), which finds, reads and hashes the file; the rule system parses only its
// own tables (docs/ARCHITECTURE.md, "Adding a rule system").

#include <optional>
#include <string>

#include "sim/record/header.h"

namespace vedette::sim {
class JsonNode;
}

namespace vedette::sim::ruleset {

// The head of a data file: where it was found, the FNV-1a 64 of its bytes (every replay carries
// it, and verify compares it), the rule system's name, and how the viewer draws its events and
// states ("looks", copied into every replay header).
struct DataFile {
    std::string file;
    std::string hash;
    std::string name;
    record::Looks looks;
};

// Reads the head from the file's bytes and its root: "name" (`default_name` when absent; required
// without one) and "looks" (optional). Errors are InputErrors naming the file and the JSON path.
DataFile read_data_file_head(const std::string& text, const JsonNode& root,
                             const std::optional<std::string>& default_name);

}  // namespace vedette::sim::ruleset
