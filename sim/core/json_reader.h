#pragma once
// Reading JSON input with errors that say where: each JsonNode knows the file it came from and
// its JSON path ($.attacker[0].type), so every "expected X" message names the exact place.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"

namespace vedette::sim {

using Json = nlohmann::json;

class JsonNode {
public:
    JsonNode(const Json& value, std::string file, std::string path)
        : value_(&value), file_(std::move(file)), path_(std::move(path)) {}

    const Json& raw() const { return *value_; }
    const std::string& path() const { return path_; }
    const std::string& file() const { return file_; }

    [[noreturn]] void fail(const std::string& what) const;

    // Object access. `required` fails when the key is absent; `optional` returns nullopt.
    JsonNode required(std::string_view key) const;
    std::optional<JsonNode> optional(std::string_view key) const;
    bool has(std::string_view key) const;
    // Fails when the object holds a key that is not in `allowed` (catches typos in input files).
    void expect_only_keys(std::initializer_list<std::string_view> allowed) const;
    void expect_only_keys(const std::vector<std::string_view>& allowed) const;

    // Array access.
    std::vector<JsonNode> items() const;

    // Scalars.
    std::int64_t as_int() const;
    std::int64_t as_int(std::int64_t lo, std::int64_t hi) const;
    bool as_bool() const;
    std::string as_string() const;
    // A string that must be one of `choices`; returns its index.
    std::size_t as_choice(const std::vector<std::string>& choices) const;

    // Convenience getters with defaults for optional fields.
    std::int64_t int_or(std::string_view key, std::int64_t fallback, std::int64_t lo,
                        std::int64_t hi) const;
    bool bool_or(std::string_view key, bool fallback) const;
    std::string string_or(std::string_view key, std::string fallback) const;

private:
    const Json* value_;
    std::string file_;
    std::string path_;
};

// Parses `text` as JSON; a syntax error becomes an InputError with line and column.
Json parse_json_text(const std::string& text, const std::string& file);

// Reads and parses a JSON file; a missing file or a syntax error becomes an InputError.
Json read_json_file(const std::string& file);

// Name of a JSON type for messages ("a number", "a string", ...).
std::string json_type_name(const Json& value);

}  // namespace vedette::sim
