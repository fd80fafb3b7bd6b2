#include "sim/ruleset/registry.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"

namespace vedette::sim::ruleset {

namespace {

struct Registry {
    std::mutex mutex;
    std::map<std::string, Factory> factories;
    std::map<std::string, RecordVerbs> verbs;  // nodes never erased: pointers stay valid
};

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

bool register_ruleset(const std::string& id, Factory factory, RecordVerbs verbs) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    r.factories[id] = std::move(factory);
    r.verbs[id] = std::move(verbs);
    return true;
}

const RecordVerbs* record_verbs_of(const std::string& id) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    const auto it = r.verbs.find(id);
    return it == r.verbs.end() ? nullptr : &it->second;
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

namespace {

// The scenario's words a battle copies into what it records, and how long each may be.
std::size_t text_limit(const std::string& key) {
    if (key == "name" || key == "id" || key == "short_name" || key == "nation" || key == "title")
        return limits::kMaxNameBytes;
    if (key == "description") return limits::kMaxDescriptionBytes;
    return 0;  // not bounded here
}

// Walks `j` (at most limits::kMaxJsonDepth deep: the JSON guard saw to that); `path` is its JSON
// path, extended and cut back on the way.
void check_names(const Json& j, std::string& path, const std::string& file) {
    if (j.is_array()) {
        const std::size_t at = path.size();
        for (std::size_t i = 0; i < j.size(); ++i) {
            path += "[" + std::to_string(i) + "]";
            check_names(j[i], path, file);
            path.resize(at);
        }
        return;
    }
    if (!j.is_object()) return;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::size_t at = path.size();
        path += "." + it.key();
        const Json& v = it.value();
        const std::size_t limit = v.is_string() ? text_limit(it.key()) : 0;
        if (limit > 0 && v.get_ref<const std::string&>().size() > limit)
            throw InputError(file, path,
                             (it.key()[0] == 'i' ? "an " : "a ") + it.key() + " of " +
                                 std::to_string(v.get_ref<const std::string&>().size()) +
                                 " bytes; the limit is " + std::to_string(limit) +
                                 " bytes (docs/LIMITS.md)");
        check_names(v, path, file);
        path.resize(at);
    }
}

}  // namespace

void check_scenario_names(const Json& json, const std::string& file, const std::string& path) {
    std::string at = path;
    check_names(json, at, file);
}

std::unique_ptr<Scenario> Ruleset::read_scenario(const Json& json, const std::string& file) const {
    check_scenario_names(json, file);
    return parse_scenario(json, file);
}

std::vector<std::string> Ruleset::scenario_warnings(const Scenario&) const {
    return {};
}

std::vector<Ruleset::OrderNote> Ruleset::order_notes(const Scenario&,
                                                     const replay::Recorded&) const {
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
