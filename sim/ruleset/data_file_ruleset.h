#pragma once
// The plug-in kit's ruleset base: a ruleset whose data file is `<rules_dir>/<id>/<id>.json`
// (found as find_rules_dir says). Its constructor finds, reads, hashes and parses the file once;
// the rule system parses its own tables from text() in its constructor and answers the rest of
// the Ruleset interface (name, tables, scenarios, run, resolve).

#include <memory>
#include <string>

#include "sim/core/json_fwd.h"
#include "sim/ruleset/ruleset.h"

namespace vedette::sim::ruleset {

class DataFileRuleset : public Ruleset {
public:
    std::string id() const final { return id_; }
    std::string data_file() const final { return path_; }
    std::string data_hash() const final { return hash_; }
    nlohmann::json data() const final;

protected:
    DataFileRuleset(std::string id, const std::string& rules_dir);
    const std::string& text() const { return text_; }  // the file's bytes
    const std::string& path() const { return path_; }
    const nlohmann::json& tables() const { return *tables_; }

private:
    std::string id_, path_, text_, hash_;
    // Behind a pointer so this header needs only the JSON type's name (sim/core/json_fwd.h).
    std::shared_ptr<const nlohmann::json> tables_;
};

}  // namespace vedette::sim::ruleset
