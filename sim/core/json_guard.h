#pragma once
// A single pass over JSON text that refuses what a JSON library would quietly accept or choke
// on: NUL bytes (a reader would stop there and ignore the rest), nesting deeper than
// limits::kMaxJsonDepth (recursive copies and dumps would overflow the stack) and an object that
// repeats a key (readers disagree on which copy wins). Syntax errors are left to the parser,
// whose messages are better; this only has to be safe on any bytes.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace vedette::sim {

// Throws InputError naming `file`, the line and column, and the JSON path of the problem.
void check_json_text(std::string_view text, const std::string& file);

// The first thing check_json_text would refuse in `text` (a JSON value standing inside another
// file: a game record's line), or nothing: its byte offset in `text`, the JSON path there ("$"
// being the value) and what was expected.
struct JsonTextProblem {
    std::size_t offset = 0;
    std::string path;
    std::string what;
};
std::optional<JsonTextProblem> json_text_problem(std::string_view text);

// Line and column (1-based) of byte `offset` of `text`, as "line L, column C".
std::string line_and_column(std::string_view text, std::size_t offset);

}  // namespace vedette::sim
