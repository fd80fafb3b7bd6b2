#include "sim/gamerecord/record_edit.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "sim/core/input_error.h"
#include "sim/gamerecord/record_lexer.h"

namespace vedette::sim::gamerecord {

namespace {

// Where the word starting at `column` (1-based) of `line` ends: where the next word or a comment
// starts, less the spaces before it, or the line's end.
std::size_t word_end(const std::string& line, int column) {
    const std::vector<Word> rest = split_words(line.substr(std::size_t(column - 1)));
    std::size_t end = line.size();
    if (rest.size() > 1) {
        end = std::size_t(column - 1 + rest[1].column - 1);
    } else {
        for (std::size_t c = std::size_t(column); c < line.size(); ++c)
            if (line[c] == '#' && (line[c - 1] == ' ' || line[c - 1] == '\t')) {
                end = c;
                break;
            }
    }
    while (end > std::size_t(column - 1) && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
    return end;
}

}  // namespace

std::string with_unit_fields(const std::string& text, const std::string& unit_id,
                             const std::string& fields) {
    std::vector<Word> wanted;
    try {
        wanted = split_words(fields);
    } catch (const LineError& e) {
        throw InputError("the edit", "", e.what);
    }
    for (const Word& w : wanted)
        if (!w.key) throw InputError("the edit", "", "key=value, not \"" + w.text + "\"");
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    for (std::string& line : lines) {
        std::vector<Word> w;
        try {
            w = split_words(line);
        } catch (const LineError&) {
            continue;
        }
        if (w.size() < 2 || w[0].text != "unit" || w[1].key || w[1].quoted || w[1].text != unit_id)
            continue;
        for (const Word& field : wanted) {
            const std::string written =
                *field.key + "=" + (field.value_quoted ? written_word(field.text) : field.text);
            const auto have = std::find_if(
                w.begin(), w.end(), [&](const Word& x) { return x.key && *x.key == *field.key; });
            if (have != w.end()) {
                const std::size_t from = std::size_t(have->column - 1);
                line.replace(from, word_end(line, have->column) - from, written);
            } else {
                const std::size_t end = word_end(line, w.back().column);
                line.insert(end, " " + written);
            }
            w = split_words(line);
        }
        std::string out;
        for (const auto& l : lines) out += l + "\n";
        return out;
    }
    throw InputError("the edit", "", "a `unit " + unit_id + " ...` line in the record");
}

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

// The line's words, none when it does not read (the record's reader names that line).
std::vector<Word> words_of(const std::string& line) {
    try {
        return split_words(line);
    } catch (const LineError&) {
        return {};
    }
}

bool starts(const std::vector<Word>& w, const char* form) {
    return !w.empty() && !w[0].key && !w[0].quoted && w[0].text == form;
}

// `line` (after its form word) reads as one line of the record, its first word a bare id.
void check_new_line(const std::string& line, const std::string& expected) {
    std::vector<Word> w;
    try {
        w = split_words(line);
    } catch (const LineError& e) {
        throw InputError("the edit", "", e.what);
    }
    if (w.empty() || w[0].key || w[0].quoted) throw InputError("the edit", "", expected);
}

}  // namespace

std::string with_unit_added(const std::string& text, const std::string& side_id,
                            const std::string& unit_line) {
    check_new_line(unit_line, "ID \"NAME\" type=... (ligne_56 \"56e de ligne\" type=infantry)");
    std::vector<std::string> lines = lines_of(text);
    std::size_t side = lines.size();
    for (std::size_t i = 0; i < lines.size() && side == lines.size(); ++i) {
        const auto w = words_of(lines[i]);
        if (starts(w, "side") && w.size() > 1 && !w[1].key && w[1].text == side_id) side = i;
    }
    if (side == lines.size())
        throw InputError("the edit", "", "a `side " + side_id + " ...` line in the record");
    // The side's lines run to the next side or the first turn; the new unit follows its last
    // unit (or, with none yet, its last commander, brigade, group or general line).
    std::size_t after = side, last_unit = lines.size();
    for (std::size_t i = side + 1; i < lines.size(); ++i) {
        const auto w = words_of(lines[i]);
        if (starts(w, "side") || starts(w, "turn")) break;
        if (starts(w, "unit")) last_unit = i;
        if (starts(w, "commander") || starts(w, "brigade") || starts(w, "group") ||
            starts(w, "general") || starts(w, "unit"))
            after = i;
    }
    const std::size_t at = (last_unit < lines.size() ? last_unit : after) + 1;
    lines.insert(lines.begin() + std::ptrdiff_t(at), "unit " + unit_line);
    return joined(lines);
}

std::string without_unit(const std::string& text, const std::string& unit_id) {
    std::vector<std::string> lines = lines_of(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto w = words_of(lines[i]);
        if (starts(w, "unit") && w.size() > 1 && !w[1].key && !w[1].quoted &&
            w[1].text == unit_id) {
            lines.erase(lines.begin() + std::ptrdiff_t(i));
            return joined(lines);
        }
    }
    throw InputError("the edit", "", "a `unit " + unit_id + " ...` line in the record");
}

std::string with_terrain_added(const std::string& text, const std::string& piece) {
    check_new_line(piece, "KIND \"NAME\" polygon=x,y;x,y;x,y (woods \"Bossu Wood\" polygon=...)");
    std::vector<std::string> lines = lines_of(text);
    // After the last terrain line before the sides, or after the table line when there is none.
    std::size_t table = lines.size(), terrain = lines.size();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto w = words_of(lines[i]);
        if (starts(w, "side") || starts(w, "turn")) break;
        if (starts(w, "table")) table = i;
        if (starts(w, "terrain")) terrain = i;
    }
    const std::size_t after = terrain < lines.size() ? terrain : table;
    if (after == lines.size())
        throw InputError("the edit", "", "a `table WIDTH x DEPTH` line before the record's sides");
    lines.insert(lines.begin() + std::ptrdiff_t(after + 1), "terrain " + piece);
    return joined(lines);
}

}  // namespace vedette::sim::gamerecord
