#include "sim/core/json_reader.h"

#include "sim/core/input_file.h"
#include "sim/core/json_guard.h"
#include "sim/core/limits.h"

namespace vedette::sim {

std::string json_type_name(const Json& value) {
    switch (value.type()) {
        case Json::value_t::null:
            return "null";
        case Json::value_t::object:
            return "an object";
        case Json::value_t::array:
            return "an array";
        case Json::value_t::string:
            return "a string";
        case Json::value_t::boolean:
            return "a boolean";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
            return "an integer";
        case Json::value_t::number_float:
            return "a fractional number";
        default:
            return "an unsupported value";
    }
}

void JsonNode::fail(const std::string& what) const {
    throw InputError(file_, path_, what);
}

JsonNode JsonNode::required(std::string_view key) const {
    if (!value_->is_object()) fail("expected an object, found " + json_type_name(*value_));
    auto it = value_->find(key);
    if (it == value_->end()) fail("missing required field \"" + std::string(key) + "\"");
    return JsonNode(*it, file_, path_ + "." + std::string(key));
}

std::optional<JsonNode> JsonNode::optional(std::string_view key) const {
    if (!value_->is_object()) fail("expected an object, found " + json_type_name(*value_));
    auto it = value_->find(key);
    if (it == value_->end()) return std::nullopt;
    return JsonNode(*it, file_, path_ + "." + std::string(key));
}

bool JsonNode::has(std::string_view key) const {
    return value_->is_object() && value_->contains(key);
}

void JsonNode::expect_only_keys(std::initializer_list<std::string_view> allowed) const {
    expect_only_keys(std::vector<std::string_view>(allowed));
}

void JsonNode::expect_only_keys(const std::vector<std::string_view>& allowed) const {
    if (!value_->is_object()) fail("expected an object, found " + json_type_name(*value_));
    for (auto it = value_->begin(); it != value_->end(); ++it) {
        bool known = false;
        for (auto a : allowed) known = known || (a == it.key());
        if (!known) {
            std::string list;
            for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
            throw InputError(file_, path_ + "." + it.key(),
                             "unknown field (expected one of: " + list + ")");
        }
    }
}

std::vector<JsonNode> JsonNode::items() const {
    if (!value_->is_array()) fail("expected an array, found " + json_type_name(*value_));
    std::vector<JsonNode> out;
    out.reserve(value_->size());
    for (std::size_t i = 0; i < value_->size(); ++i)
        out.emplace_back((*value_)[i], file_, path_ + "[" + std::to_string(i) + "]");
    return out;
}

std::int64_t JsonNode::as_int() const {
    if (value_->is_number_integer()) return value_->get<std::int64_t>();
    fail("expected an integer, found " + json_type_name(*value_));
}

std::int64_t JsonNode::as_int(std::int64_t lo, std::int64_t hi) const {
    const std::int64_t v = as_int();
    if (v < lo || v > hi)
        fail("expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
             ", found " + std::to_string(v));
    return v;
}

bool JsonNode::as_bool() const {
    if (value_->is_boolean()) return value_->get<bool>();
    fail("expected true or false, found " + json_type_name(*value_));
}

std::string JsonNode::as_string() const {
    if (value_->is_string()) return value_->get<std::string>();
    fail("expected a string, found " + json_type_name(*value_));
}

std::size_t JsonNode::as_choice(const std::vector<std::string>& choices) const {
    const std::string s = as_string();
    for (std::size_t i = 0; i < choices.size(); ++i)
        if (choices[i] == s) return i;
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "" : "|") + c;
    fail("unknown value \"" + s + "\" (expected " + list + ")");
}

std::int64_t JsonNode::int_or(std::string_view key, std::int64_t fallback, std::int64_t lo,
                              std::int64_t hi) const {
    auto n = optional(key);
    return n ? n->as_int(lo, hi) : fallback;
}

bool JsonNode::bool_or(std::string_view key, bool fallback) const {
    auto n = optional(key);
    return n ? n->as_bool() : fallback;
}

std::string JsonNode::string_or(std::string_view key, std::string fallback) const {
    auto n = optional(key);
    return n ? n->as_string() : fallback;
}

Json parse_json_text(const std::string& text, const std::string& file) {
    check_json_text(text, file);
    try {
        return Json::parse(text);
    } catch (const Json::exception& e) {
        // nlohmann reports syntax errors with a byte offset (parse_error) and numbers that do not
        // fit a double (1e400) as out_of_range: both become a line and column a person can find.
        std::size_t byte = 0;
        if (const auto* pe = dynamic_cast<const Json::parse_error*>(&e))
            byte = pe->byte == 0 ? 0 : pe->byte - 1;
        std::string what = e.what();
        // Keep only the human part of nlohmann's message.
        if (auto p = what.find("parse error"); p != std::string::npos)
            what = what.substr(p);
        else if (auto q = what.find("] "); q != std::string::npos)
            what = what.substr(q + 2);
        const std::string where = byte > 0 || dynamic_cast<const Json::parse_error*>(&e)
                                      ? line_and_column(text, byte)
                                      : std::string("$");
        throw InputError(file, where, "invalid JSON: " + what);
    }
}

Json read_json_file(const std::string& file) {
    return parse_json_text(read_input_file(file, limits::kMaxJsonFileBytes), file);
}

}  // namespace vedette::sim
