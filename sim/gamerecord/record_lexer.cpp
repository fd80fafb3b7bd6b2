#include "sim/gamerecord/record_lexer.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "sim/core/json_guard.h"

namespace vedette::sim::gamerecord {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t';
}

// The quoted string starting at line[i] (a '"'); `i` ends past its closing quote.
std::string quoted_at(const std::string& line, std::size_t& i) {
    const int start = int(i) + 1;
    std::string out;
    for (++i; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') {
            ++i;
            return out;
        }
        if (c != '\\') {
            out.push_back(c);
            continue;
        }
        if (++i >= line.size()) break;
        const char e = line[i];
        if (e == 'n' || e == 't' || e == 'r') {
            out.push_back(e == 'n' ? '\n' : e == 't' ? '\t' : '\r');
        } else if (e == '"' || e == '\\') {
            out.push_back(e);
        } else if (e == 'u' && i + 4 < line.size() &&
                   std::all_of(
                       line.begin() + std::ptrdiff_t(i) + 1, line.begin() + std::ptrdiff_t(i) + 5,
                       [](char h) { return std::isxdigit(static_cast<unsigned char>(h)); })) {
            // \u00XX: a control character a line cannot hold (written_word writes them so),
            // and nothing else (a lone surrogate would not be text).
            const unsigned code = unsigned(std::stoul(line.substr(i + 1, 4), nullptr, 16));
            if (code == 0 || code >= 0x20)
                throw LineError{int(i), "\\u0001 to \\u001F (a control character), not \\u" +
                                            line.substr(i + 1, 4)};
            out.push_back(char(code));
            i += 4;
        } else {
            throw LineError{
                int(i), std::string("an escape \\\", \\\\, \\n, \\t, \\r or \\u00XX, not \\") + e};
        }
    }
    throw LineError{start, "a closing \" for the quoted text starting here"};
}

// The JSON literal starting at line[i] ('[' or '{'): up to its matching bracket, outside strings.
std::string literal_at(const std::string& line, std::size_t& i) {
    const std::size_t start = i;
    int depth = 0;
    bool in_string = false;
    for (; i < line.size(); ++i) {
        const char c = line[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            ++depth;
        } else if ((c == ']' || c == '}') && --depth == 0) {
            ++i;
            return line.substr(start, i - start);
        }
    }
    throw LineError{int(start) + 1, "the closing bracket of the JSON value starting here"};
}

std::optional<Json> number_of(const std::string& s) {
    if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-')) return {};
    const Json j = Json::parse(s, nullptr, false);
    if (j.is_discarded() || !j.is_number()) return {};
    return j;
}

// One element of a point: a number, or a word with a unit ("8in").
Json coordinate(const std::string& s, int column) {
    if (s.empty()) throw LineError{column, "a coordinate (x,y), not an empty one"};
    if (auto n = number_of(s)) return *n;
    return s;
}

Json point_of(const std::string& s, int column) {
    const auto comma = s.find(',');
    if (comma == std::string::npos || s.find(',', comma + 1) != std::string::npos)
        throw LineError{column, "a point x,y (two numbers and one comma), not \"" + s + "\""};
    return Json::array(
        {coordinate(s.substr(0, comma), column), coordinate(s.substr(comma + 1), column)});
}

bool plain_word(const std::string& s) {
    if (s.empty()) return false;
    for (const char c : s)
        if (is_space(c) || c == '"' || c == '#' || c == '=' || c == ',' || c == ';' || c == '\\' ||
            c == '\n' || static_cast<unsigned char>(c) < 0x20)
            return false;
    return s[0] != '[' && s[0] != '{';
}

}  // namespace

std::vector<Word> split_words(const std::string& line) {
    std::vector<Word> words;
    std::size_t i = 0;
    while (i < line.size()) {
        if (is_space(line[i])) {
            ++i;
            continue;
        }
        if (line[i] == '#') break;  // a comment: at the start or after a space
        Word w;
        w.column = int(i) + 1;
        if (line[i] == '"') {
            w.text = quoted_at(line, i);
            w.quoted = true;
        } else if (line[i] == '[' || line[i] == '{') {
            w.text = literal_at(line, i);
        } else {
            const std::size_t start = i;
            while (i < line.size() && !is_space(line[i]) && line[i] != '=' && line[i] != '"') ++i;
            w.text = line.substr(start, i - start);
            if (i < line.size() && line[i] == '=') {
                w.key = w.text;
                if (w.key->empty()) throw LineError{w.column, "a name before '='"};
                ++i;
                if (i < line.size() && line[i] == '"') {
                    w.text = quoted_at(line, i);
                    w.value_quoted = true;
                } else if (i < line.size() && (line[i] == '[' || line[i] == '{')) {
                    w.text = literal_at(line, i);
                } else {
                    const std::size_t v = i;
                    while (i < line.size() && !is_space(line[i])) ++i;
                    w.text = line.substr(v, i - v);
                    if (w.text.empty())
                        throw LineError{int(v) + 1, "a value after '" + *w.key + "='"};
                }
            } else if (i < line.size() && line[i] == '"') {
                throw LineError{int(i) + 1, "a space before the quoted text"};
            }
        }
        if (i < line.size() && !is_space(line[i]) && line[i] != '#')
            throw LineError{int(i) + 1, "a space after \"" + w.text + "\""};
        words.push_back(std::move(w));
    }
    return words;
}

Json value_of(const std::string& raw, bool quoted, int column, int value_column) {
    if (quoted) return raw;
    if (raw.empty()) throw LineError{column, "a value"};
    if (raw[0] == '[' || raw[0] == '{') {
        // As every JSON file is read: a repeated key would silently keep its last copy.
        if (const auto problem = json_text_problem(raw))
            throw LineError{(value_column > 0 ? value_column : column) + int(problem->offset),
                            problem->what + " (at " + problem->path + " of the value)"};
        const Json j = Json::parse(raw, nullptr, false);
        if (j.is_discarded()) throw LineError{column, "valid JSON in " + raw};
        return j;
    }
    if (raw == "true") return true;
    if (raw == "false") return false;
    if (raw == "null") return nullptr;
    if (auto n = number_of(raw)) return *n;
    if (raw.find(';') != std::string::npos) {
        Json points = Json::array();
        std::size_t start = 0;
        while (start < raw.size()) {
            std::size_t end = raw.find(';', start);
            if (end == std::string::npos) end = raw.size();
            points.push_back(point_of(raw.substr(start, end - start), column));
            start = end + 1;
        }
        return points;
    }
    if (raw.find(',') != std::string::npos) return point_of(raw, column);
    if (!plain_word(raw)) throw LineError{column, "a plain word or \"quoted text\", not " + raw};
    return raw;
}

std::string written_word(const std::string& s) {
    if (plain_word(s) && !number_of(s) && s != "true" && s != "false" && s != "null") return s;
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') out.push_back('\\');
        if (c == '\n' || c == '\t' || c == '\r') {
            out += c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r";
            continue;
        }
        if (static_cast<unsigned char>(c) < 0x20) {  // a line holds no control character
            char code[8];
            std::snprintf(code, sizeof code, "\\u%04X", unsigned(static_cast<unsigned char>(c)));
            out += code;
            continue;
        }
        out.push_back(c);
    }
    return out + "\"";
}

namespace {

// A point element written bare when it reads back as itself.
bool bare_coordinate(const Json& c) {
    if (c.is_number()) return true;
    if (!c.is_string()) return false;
    const std::string s = c.get<std::string>();
    return plain_word(s) && !number_of(s);
}
bool bare_point(const Json& p) {
    return p.is_array() && p.size() == 2 && bare_coordinate(p[0]) && bare_coordinate(p[1]);
}
std::string point_text(const Json& p) {
    auto one = [](const Json& c) { return c.is_string() ? c.get<std::string>() : c.dump(); };
    return one(p[0]) + "," + one(p[1]);
}

}  // namespace

std::string written_value(const Json& value) {
    if (value.is_string()) return written_word(value.get<std::string>());
    if (value.is_number() || value.is_boolean() || value.is_null()) return value.dump();
    if (bare_point(value)) return point_text(value);
    if (value.is_array() && !value.empty() &&
        std::all_of(value.begin(), value.end(), [](const Json& p) { return bare_point(p); })) {
        std::string out;
        for (const auto& p : value) out += point_text(p) + ";";
        if (value.size() > 1) out.pop_back();  // "x,y;" stays: a list of one point
        return out;
    }
    return value.dump();
}

}  // namespace vedette::sim::gamerecord
