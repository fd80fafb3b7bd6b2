#pragma once
// The words of one line of a game record: bare words, "quoted strings" (with \" \\ \n escapes),
// key=value pairs and JSON literals ([...] or {...}), each with the column it starts at. A value
// is read into JSON: a number, true/false/null, a point "x,y" ([x, y]), a list of points
// "x,y;x,y" ([[x, y], [x, y]]; "x,y;" is a list of one), a JSON literal, else a string.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/json_fwd.h"

namespace vedette::sim::gamerecord {

struct Word {
    std::string text;  // a quoted string unquoted; a key=value pair whole
    int column = 1;    // 1-based, in characters
    bool quoted = false;
    std::optional<std::string> key;  // for key=value: the key; `text` is then the raw value
    bool value_quoted = false;       // key="value"
};

// Where a line is wrong: the column, and what was expected there.
struct LineError {
    int column;
    std::string what;
};

// The words of `line` up to a `#` comment (a `#` at the start or after a space, outside quotes).
// Throws LineError.
std::vector<Word> split_words(const std::string& line);

// A value as written (bare, or the inside of a quoted one) read into JSON. Throws LineError at
// `column`; a JSON literal that repeats a key or nests too deep (the JSON guard's refusals,
// docs/LIMITS.md) at the place in it, counted from `value_column`, where `raw` starts on its
// line (0: `column`).
Json value_of(const std::string& raw, bool quoted, int column, int value_column = 0);

// How `value` is written so that value_of reads it back the same (used by the writer).
std::string written_value(const Json& value);
// A string as a bare word when it reads back as itself, else quoted.
std::string written_word(const std::string& s);

}  // namespace vedette::sim::gamerecord
