#include "sim/ruleset/registry.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"

namespace vedette::sim::ruleset {

namespace {

struct Registry {
    std::mutex mutex;
    std::map<std::string, Factory> factories;
};

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

bool register_ruleset(const std::string& id, Factory factory) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    r.factories[id] = std::move(factory);
    return true;
}

std::vector<std::string> ruleset_ids() {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    std::vector<std::string> ids;
    for (const auto& [id, f] : r.factories) ids.push_back(id);
    return ids;  // std::map: sorted
}

bool has_ruleset(const std::string& id) {
    const auto ids = ruleset_ids();
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

std::unique_ptr<Ruleset> make_ruleset(const std::string& id, const std::string& rules_dir,
                                      const std::string& file, const std::string& where) {
    Factory factory;
    {
        Registry& r = registry();
        const std::lock_guard lock(r.mutex);
        if (const auto it = r.factories.find(id); it != r.factories.end()) factory = it->second;
    }
    if (!factory) {
        std::string known;
        for (const auto& k : ruleset_ids()) known += (known.empty() ? "" : ", ") + k;
        throw InputError(file.empty() ? "vedette" : file, where,
                         "unknown ruleset \"" + id + "\" (this program knows: " + known + ")");
    }
    return factory(rules_dir);
}

std::string default_ruleset() {
    return "gdb";
}

std::string ruleset_of(const Json& json, const std::string& file) {
    if (!json.is_object() || !json.contains("ruleset")) return default_ruleset();
    const Json& v = json["ruleset"];
    if (!v.is_string()) throw InputError(file, "$.ruleset", "expected a ruleset id (a string)");
    return v.get<std::string>();
}

std::vector<std::string> Ruleset::scenario_warnings(const Scenario&) const {
    return {};
}

replay::Replay Ruleset::upgrade_replay(const std::string&, const std::string& file,
                                       int version) const {
    throw InputError(file, "$.version",
                     "replay format version " + std::to_string(version) +
                         " was never written by the \"" + id() +
                         "\" ruleset; only version 2 files can be read for it");
}

}  // namespace vedette::sim::ruleset
