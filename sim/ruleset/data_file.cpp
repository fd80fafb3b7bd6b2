#include "sim/ruleset/data_file.h"

#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/data_file_ruleset.h"

namespace vedette::sim::ruleset {

DataFile read_data_file_head(const std::string& text, const JsonNode& root,
                             const std::optional<std::string>& default_name) {
    DataFile head;
    head.file = root.file();
    head.hash = fnv1a64_hex(text);
    head.name =
        default_name ? root.string_or("name", *default_name) : root.required("name").as_string();
    if (const auto looks = root.optional("looks"))
        head.looks = record::looks_from_json(looks->raw(), head.file, looks->path());
    return head;
}

DataFileRuleset::DataFileRuleset(std::string id, const std::string& rules_dir)
    : id_(std::move(id)),
      path_(ruleset_path(find_rules_dir(rules_dir), id_)),
      text_(read_text_file(path_)),
      hash_(fnv1a64_hex(text_)),
      tables_(std::make_shared<const Json>(parse_json_text(text_, path_))) {}

nlohmann::json DataFileRuleset::data() const {
    return *tables_;
}

}  // namespace vedette::sim::ruleset
