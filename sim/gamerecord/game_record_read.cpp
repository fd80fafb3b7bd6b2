// Reading a game record into a scenario: one function a line form (docs/GAME_RECORD.md).

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/record_lexer.h"
#include "sim/geom/fixed_geometry.h"
#include "sim/ruleset/registry.h"

namespace vedette::sim::gamerecord {

namespace {

// Header lines whose value is the rest of the line, and those of them that are whole numbers.
const std::vector<std::string> kTextKeys = {"format",  "ruleset",   "title", "description",
                                            "source",  "scale",     "seed",  "turns",
                                            "version", "first_side"};
bool whole_number_key(const std::string& k) {
    return k == "seed" || k == "turns" || k == "version";
}

// A terrain piece as players name it, as the scenario names it: "wood" and "forest" are woods,
// "village" and "town" built-up areas, "river" and "brook" streams, "lake" and "pond" water.
std::string terrain_kind(const std::string& word) {
    static const std::map<std::string, std::string> aliases = {
        {"wood", "woods"},   {"forest", "woods"}, {"village", "built_up"}, {"town", "built_up"},
        {"river", "stream"}, {"brook", "stream"}, {"lake", "water"},       {"pond", "water"}};
    const auto it = aliases.find(word);
    return it == aliases.end() ? word : it->second;
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Whether `want` (lower case) starts a word of `name`, whatever its case: a word starts the name
// or follows any ASCII character that is not a letter or a digit ("69th" in "2/69th Foot",
// "Greys" in "2nd Dragoons (Scots Greys)", "Erlon" in "d'Erlon").
bool starts_a_word(const std::string& name, const std::string& want) {
    const std::string n = lower(name);
    const auto separates = [](unsigned char c) { return c < 0x80 && !std::isalnum(c); };
    for (std::size_t i = 0; i < n.size(); ++i)
        if ((i == 0 || separates(static_cast<unsigned char>(n[i - 1]))) &&
            n.compare(i, want.size(), want) == 0)
            return true;
    return false;
}

class Reader {
public:
    explicit Reader(std::string file) : file_(std::move(file)) { out_.scenario = Json::object(); }
    void line(int number, const std::string& text);
    ReadRecord finish(const std::string& text);

private:
    [[noreturn]] void fail(int column, const std::string& what) const {
        throw LineError{column, what};
    }
    void mark(const std::string& path) { out_.lines.emplace(path, line_); }
    Json& scenario() { return out_.scenario; }
    const Json& scenario() const { return out_.scenario; }
    const ruleset::RecordVerbs* verbs() const;
    bool is_verb(const std::string& word) const;

    void header(const std::string& key, const std::string& text);
    void table(const std::vector<Word>& w);
    void set_path(const std::string& text, const std::vector<Word>& w);
    void terrain_feature(const std::vector<Word>& w);
    void side(const std::vector<Word>& w);
    void leader(const std::vector<Word>& w, const char* field);
    void group(const std::vector<Word>& w, const char* field);
    void unit(const std::vector<Word>& w);
    void turn(const std::vector<Word>& w);
    void order(const std::vector<Word>& w, std::size_t first_key);
    void verb_order(const std::vector<Word>& w);
    void general_move(const std::vector<Word>& w);
    // The commander or general `text` names (its id, or its name or a word of it), or "".
    std::string leader_named(const std::string& text) const;
    void dice(const std::vector<Word>& w);
    std::size_t moves(Json& o, const std::vector<Word>& w);

    // Fills `object` from the line's key=value words from `from` on, and with one id (a bare
    // word) and one name (quoted) where `id_field`/`name_field` are given.
    void fields(Json& object, const std::vector<Word>& w, std::size_t from, const char* id_field,
                const char* name_field) const;
    Json& current_side(int column);
    std::string unit_named(const Word& w) const;
    void resolve_facings();
    bool names_a_unit(const std::string& text) const {
        try {
            unit_named(Word{text});
            return true;
        } catch (const LineError& e) {
            return e.what.rfind("one unit", 0) == 0;  // ambiguous: a unit was meant
        }
    }

    std::string file_;
    ReadRecord out_;
    int line_ = 0;
    int turn_ = 0;                       // 0: before the first `turn` line
    std::optional<std::size_t> group_;   // the open brigade or group of the current side
    const char* group_field_ = nullptr;  // "brigades" or "groups"
    struct Known {
        std::string id, name;
        std::string path;  // where the unit stands in the scenario ("$.units[3]")
        int line = 0;
    };
    std::vector<Known> units_;
    std::vector<Known> leaders_;  // commanders and generals, for the moves that name them
};

void Reader::fields(Json& object, const std::vector<Word>& w, std::size_t from,
                    const char* id_field, const char* name_field) const {
    for (std::size_t i = from; i < w.size(); ++i) {
        const Word& word = w[i];
        if (word.key) {
            if (object.contains(*word.key)) fail(word.column, "\"" + *word.key + "\" once only");
            object[*word.key] = value_of(word.text, word.value_quoted, word.column,
                                         word.column + int(word.key->size()) + 1);
        } else if (word.quoted && name_field && !object.contains(name_field)) {
            object[name_field] = word.text;
        } else if (!word.quoted && id_field && !object.contains(id_field)) {
            object[id_field] = word.text;
        } else {
            fail(word.column, "key=value, not \"" + word.text + "\"");
        }
    }
}

// `title The charge at Mill Knoll`: the rest of the line (up to a ` #` comment), or one quoted
// text; seed, turns and version as whole numbers.
void Reader::header(const std::string& key, const std::string& text) {
    std::size_t i = text.find_first_not_of(" \t");
    i = text.find_first_not_of(" \t", i + key.size());
    if (i == std::string::npos || text[i] == '#')
        fail(int(text.size()) + 1, "a value after " + key);
    if (scenario().contains(key)) fail(1, key + " once only");
    const int column = int(i) + 1;
    std::string value;
    if (text[i] == '"') {
        const std::vector<Word> w = split_words(text.substr(i));
        if (w.size() != 1) fail(column + w[1].column - 1, "nothing after the quoted " + key);
        value = w[0].text;
    } else {
        value = text.substr(i);
        for (std::size_t c = 1; c < value.size(); ++c)  // a comment: '#' after a space or tab
            if (value[c] == '#' && (value[c - 1] == ' ' || value[c - 1] == '\t')) {
                value.erase(c);
                break;
            }
        while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
    }
    if (whole_number_key(key)) {
        const Json n = Json::parse(value, nullptr, false);
        if (n.is_discarded() || !n.is_number_integer())
            fail(column, key + " as a whole number, not \"" + value + "\"");
        scenario()[key] = n;
    } else {
        scenario()[key] = value;
    }
    mark("$." + key);
}

// `table 120cm x 80cm`
void Reader::table(const std::vector<Word>& w) {
    if (w.size() != 4 || w[2].text != "x" || w[1].key || w[3].key)
        fail(w.size() > 1 ? w[1].column : 7, "the table as WIDTH x DEPTH (table 180cm x 120cm)");
    if (scenario().contains("table")) fail(1, "table once only");
    scenario()["table"] = {{"width", w[1].text}, {"depth", w[3].text}};
    mark("$.table");
}

// `set PATH JSON`: any part of the scenario the other lines do not name (a hex board, say). It
// never replaces what another line gave (the `seed` line's seed, a `table` line's table, an
// earlier `set`): that would silently undo the line. The header's fields have their own lines.
void Reader::set_path(const std::string& text, const std::vector<Word>& w) {
    if (w.size() < 3) fail(5, "set PATH VALUE (set hex_board {\"columns\": 9, ...})");
    const std::string& dotted = w[1].text;
    const std::string raw = text.substr(std::size_t(w[2].column - 1));
    const std::string head = dotted.substr(0, dotted.find('.'));
    if (head == "game_record")
        fail(w[1].column,
             "a path of the scenario other than game_record (`vedette record` keeps the record "
             "itself there)");
    if (std::find(kTextKeys.begin(), kTextKeys.end(), head) != kTextKeys.end()) {
        std::string value = raw;  // up to a comment, as a header line reads it
        for (std::size_t c = 1; c < value.size(); ++c)
            if (value[c] == '#' && (value[c - 1] == ' ' || value[c - 1] == '\t')) {
                value.erase(c);
                break;
            }
        while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
        fail(w[1].column, "a path that no line of its own says, not " + dotted + ": write the `" +
                              head + "` line (" + head + " " + value + ")");
    }
    Json* at = &scenario();
    std::string path = "$";
    std::size_t start = 0;
    std::vector<std::string> made;  // the objects this line makes on the way
    while (start <= dotted.size()) {
        const std::size_t dot = std::min(dotted.find('.', start), dotted.size());
        const std::string key = dotted.substr(start, dot - start);
        if (key.empty()) fail(w[1].column, "a path of names joined by dots, not " + dotted);
        if (!at->is_object() && !at->is_null()) fail(w[1].column, path + " is not an object");
        if (at->is_null()) made.push_back(path);
        at = &(*at)[key];
        path += "." + key;
        start = dot + 1;
    }
    if (!at->is_null()) {
        // The line that gave it: its own path, or the nearest part above it, or the first line
        // that gave a part of it.
        int given = 0;
        std::size_t best = 0;
        for (const auto& [p, line] : out_.lines) {
            const bool above =
                path.rfind(p, 0) == 0 && (p.size() == path.size() || path[p.size()] == '.');
            const bool below = p.rfind(path, 0) == 0 && p.size() > path.size() &&
                               (p[path.size()] == '.' || p[path.size()] == '[');
            if (above && p.size() >= best) best = p.size(), given = line;
            if (below && best == 0 && (given == 0 || line < given)) given = line;
        }
        fail(w[1].column, "a part of the scenario that no line gave yet, not " + dotted +
                              (given > 0 ? ": line " + std::to_string(given) + " gives it"
                                         : ": it is given already"));
    }
    *at = w.size() == 3 ? value_of(w[2].text, w[2].quoted, w[2].column)
                        : value_of(raw, false, w[2].column);
    // A complaint about the objects it made on the way (a hex board that lacks its rows, after
    // `set hex_board.columns 9`) is this line's too.
    for (const auto& p : made)
        if (p != "$") mark(p);
    mark(path);
}

void Reader::terrain_feature(const std::vector<Word>& w) {
    if (w.size() < 2 || w[1].key || w[1].quoted)
        fail(9, "terrain KIND \"NAME\" polygon=x,y;x,y;... (or path=..., heightfield key=value)");
    Json& terrain = scenario()["terrain"];
    if (w[1].text == "heightfield") {
        if (terrain.contains("heightfield")) fail(w[1].column, "one heightfield");
        Json h = Json::object();
        fields(h, w, 2, nullptr, nullptr);
        terrain["heightfield"] = h;
        mark("$.terrain.heightfield");
        return;
    }
    Json f = {{"kind", terrain_kind(w[1].text)}};
    fields(f, w, 2, nullptr, "name");
    Json& list = terrain["features"];
    mark("$.terrain.features[" + std::to_string(list.size()) + "]");
    list.push_back(f);
}

void Reader::side(const std::vector<Word>& w) {
    Json s = Json::object();
    fields(s, w, 1, "id", "name");
    if (!s.contains("id")) fail(6, "the side's id (side french \"French\" nation=french)");
    Json& sides = scenario()["sides"];
    mark("$.sides[" + std::to_string(sides.size()) + "]");
    sides.push_back(s);
    group_.reset();
}

Json& Reader::current_side(int column) {
    if (!scenario().contains("sides") || scenario()["sides"].empty())
        fail(column, "a side line (side ID \"NAME\") before it");
    return scenario()["sides"].back();
}

// `commander "Ney" id=ney skill=average at=30,4` or, in a brigade, `general "Jamin" ...`.
void Reader::leader(const std::vector<Word>& w, const char* field) {
    Json& side = current_side(1);
    Json* owner = &side;
    std::string path = "$.sides[" + std::to_string(scenario()["sides"].size() - 1) + "]";
    if (std::string(field) == "general") {
        if (!group_) fail(1, "a brigade line before its general");
        owner = &side[group_field_][*group_];
        path += std::string(".") + group_field_ + "[" + std::to_string(*group_) + "]";
    }
    if (owner->contains(field)) fail(1, std::string("one ") + field + " here");
    Json l = Json::object();
    fields(l, w, 1, "id", "name");
    (*owner)[field] = l;
    if (l.contains("id") && l["id"].is_string())
        leaders_.push_back({l["id"].get<std::string>(),
                            l.contains("name") && l["name"].is_string()
                                ? l["name"].get<std::string>()
                                : l["id"].get<std::string>(),
                            path + "." + field, line_});
    mark(path + "." + field);
}

// `brigade jamin "Jamin's brigade"` (General de Brigade) or `group ...` (the Borodino game).
void Reader::group(const std::vector<Word>& w, const char* field) {
    Json& side = current_side(1);
    if (group_field_ && std::string(group_field_) != field && side.contains(group_field_))
        fail(1, std::string("the side's units in ") + group_field_ + ", not " + field);
    Json g = Json::object();
    fields(g, w, 1, "id", "name");
    g["units"] = Json::array();
    Json& list = side[field];
    group_ = list.size();
    group_field_ = field;
    mark("$.sides[" + std::to_string(scenario()["sides"].size() - 1) + "]." + field + "[" +
         std::to_string(list.size()) + "]");
    list.push_back(g);
}

void Reader::unit(const std::vector<Word>& w) {
    Json u = Json::object();
    fields(u, w, 1, "id", "name");
    if (!u.contains("id") || !u["id"].is_string())
        fail(6, "the unit's id (unit fr_25l \"25e leger\" type=infantry at=50,30)");
    const std::string id = u["id"];
    if (std::any_of(units_.begin(), units_.end(), [&](const Known& k) { return k.id == id; }))
        fail(6, "a new unit id, not " + id + " again");
    Json& side = current_side(6);
    std::string path;
    if (group_) {  // in the side's open brigade or group
        Json& list = side[group_field_][*group_]["units"];
        path = "$.sides[" + std::to_string(scenario()["sides"].size() - 1) + "]." + group_field_ +
               "[" + std::to_string(*group_) + "].units[" + std::to_string(list.size()) + "]";
        list.push_back(u);
    } else {  // a game without brigades (the dice-pool game): one list, each unit naming its side
        if (!u.contains("side")) u["side"] = side["id"];
        Json& list = scenario()["units"];
        path = "$.units[" + std::to_string(list.size()) + "]";
        list.push_back(u);
    }
    mark(path);
    units_.push_back(
        {id, u.contains("name") && u["name"].is_string() ? u["name"] : "", path, line_});
}

// A unit as a player names it: its id, its name, or the start of either (or of a word of the
// name) when only one unit has it (any case).
std::string Reader::unit_named(const Word& w) const {
    const std::string want = lower(w.text);
    for (const Known& k : units_)  // an exact id before an exact name
        if (k.id == w.text) return k.id;
    for (const Known& k : units_)
        if (lower(k.name) == want) return k.id;
    // The start of its id, of its name or of any word of its name ("Greys" for "2nd Dragoons
    // (Scots Greys)", "69th" for "2/69th Foot", "Erlon" for "d'Erlon"): a word starts after any
    // ASCII character that is not a letter or a digit.
    std::vector<std::string> matches;
    for (const Known& k : units_)
        if (lower(k.id).rfind(want, 0) == 0 || starts_a_word(k.name, want)) matches.push_back(k.id);
    if (matches.size() == 1) return matches[0];
    if (matches.empty()) fail(w.column, "a unit named in the record, not \"" + w.text + "\"");
    std::string list;
    for (const auto& m : matches) list += (list.empty() ? "" : ", ") + m;
    fail(w.column, "one unit, but \"" + w.text + "\" could be " + list);
}

void Reader::turn(const std::vector<Word>& w) {
    if (w.size() != 2 || w[1].key) fail(6, "turn N");
    const Json n = Json::parse(w[1].text, nullptr, false);
    if (n.is_discarded() || !n.is_number_integer() || n.get<long long>() < 1 ||
        n.get<long long>() > 10000)
        fail(w[1].column, "a turn number from 1 to 10000, not " + w[1].text);
    turn_ = n.get<int>();
    out_.turn_lines.emplace(turn_, line_);
}

// `order UNIT key=value...`
void Reader::order(const std::vector<Word>& w, std::size_t first_key) {
    if (turn_ == 0) fail(1, "a `turn N` line before the turn's orders");
    Json o = {{"turn", turn_}, {"unit", unit_named(w[first_key - 1])}};
    fields(o, w, first_key, nullptr, nullptr);
    if (o.size() < 3) fail(w.back().column, "what the unit does (charge=TARGET, move=x,y, ...)");
    Json& list = scenario()["orders"];
    mark("$.orders[" + std::to_string(list.size()) + "]");
    list.push_back(o);
}

// `28th moves to 50,30` (a point), `28th moves 20cm` (straight ahead; `8in`, or a number in the
// system's length: cm), `28th moves 20cm towards 42nd`, `28th moves into contact with 42nd` (a
// friend). Returns the first word after the move.
std::size_t Reader::moves(Json& o, const std::vector<Word>& w) {
    const auto is = [&](std::size_t i, const char* text) {
        return i < w.size() && !w[i].key && !w[i].quoted && w[i].text == text;
    };
    if (is(2, "to")) {
        if (w.size() < 4 || w[3].key) fail(w[2].column, "moves to x,y");
        o["move"] = value_of(w[3].text, w[3].quoted, w[3].column);
        return 4;
    }
    if (is(2, "into")) {
        if (!is(3, "contact") || !is(4, "with") || w.size() < 6 || w[5].key)
            fail(w[2].column, "moves into contact with UNIT");
        o["move_to_contact"] = unit_named(w[5]);
        if (o["move_to_contact"] == o["unit"])
            fail(w[5].column, "a unit other than the one moving, not \"" + w[5].text + "\"");
        return 6;
    }
    const std::string& d = w[2].text;
    const bool length = !w[2].key && !w[2].quoted && !d.empty() &&
                        ((d[0] >= '0' && d[0] <= '9') || d[0] == '.') &&
                        d.find(',') == std::string::npos;
    if (!length)
        fail(w[2].column,
             "moves to x,y, moves DISTANCE (20cm, 8in), moves DISTANCE towards UNIT or moves into "
             "contact with UNIT");
    const Json v = value_of(d, false, w[2].column);
    o["move_by"] = v;
    if (is(3, "towards")) {
        if (w.size() < 5 || w[4].key) fail(w[3].column, "towards UNIT");
        o["towards"] = unit_named(w[4]);
        if (o["towards"] == o["unit"])
            fail(w[4].column, "a unit other than the one moving, not \"" + w[4].text + "\"");
        return 5;
    }
    return 3;
}

// The verbs of the record's rule system (its `ruleset` line), as the rule system registered them
// (sim/ruleset/record_verbs.h); nullptr before a `ruleset` line or for an unknown one.
const ruleset::RecordVerbs* Reader::verbs() const {
    if (!scenario().contains("ruleset") || !scenario()["ruleset"].is_string()) return nullptr;
    return ruleset::record_verbs_of(scenario()["ruleset"].get<std::string>());
}

bool Reader::is_verb(const std::string& word) const {
    const ruleset::RecordVerbs* v = verbs();
    return v && std::any_of(v->begin(), v->end(), [&](const auto& x) { return x.word == word; });
}

// `28th charges 42nd after_contact=halt`, `42nd reacts form_square`, `28th forms column`,
// `28th moves ...` (Reader::moves), `Perm forms square`: each verb as the record's rule system
// names it (record_verbs.cpp in its folder).
void Reader::verb_order(const std::vector<Word>& w) {
    if (turn_ == 0) fail(1, "a `turn N` line before the turn's orders");
    const ruleset::RecordVerbs* known = verbs();
    if (!known)
        fail(w[1].column,
             "a `ruleset` line naming a rule system Vedette knows before the orders "
             "(its verbs say what \"" +
                 w[1].text + "\" means)");
    const std::string verb = w[1].text;
    const auto v =
        std::find_if(known->begin(), known->end(), [&](const auto& x) { return x.word == verb; });
    if (v == known->end()) {
        std::string words;
        for (std::size_t i = 0; i < known->size(); ++i)
            words += (i == 0 ? "" : i + 1 == known->size() ? " or " : ", ") + (*known)[i].word;
        fail(w[1].column, words + " after the unit, not \"" + verb + "\"");
    }
    Json o = {{"turn", turn_}, {"unit", unit_named(w[0])}};
    using Takes = ruleset::RecordVerb::Takes;
    const bool alone = v->takes == Takes::flag && v->flag_word.empty();
    if (!alone && w.size() < 3)
        fail(w[1].column + int(verb.size()) + 1,
             "what follows \"" + verb + "\" (" + v->example + ")");
    std::size_t next = alone ? 2 : 3;
    switch (v->takes) {
        case Takes::unit:
            o[v->field] = unit_named(w[2]);
            break;
        case Takes::word:
            o[v->field] = w[2].text;
            break;
        case Takes::move:
            next = moves(o, w);
            break;
        case Takes::flag:
            if (!alone && (w[2].key || w[2].quoted || w[2].text != v->flag_word))
                fail(w[2].column, v->example + ", not \"" + w[2].text + "\"");
            o[v->field] = true;
            break;
    }
    fields(o, w, next, nullptr, nullptr);
    Json& list = scenario()["orders"];
    mark("$.orders[" + std::to_string(list.size()) + "]");
    list.push_back(o);
}

std::string Reader::leader_named(const std::string& text) const {
    const std::string want = lower(text);
    for (const Known& k : leaders_)
        if (k.id == text || lower(k.name) == want) return k.id;
    for (const Known& k : leaders_)  // a word of its name: "Ponsonby" for "Sir W. Ponsonby"
        if (starts_a_word(k.name, want)) return k.id;
    return "";
}

// `Ponsonby moves to 50,30`: a general (or commander-in-chief) rides to a new place at the start
// of the turn; command distances are measured from there on (General de Brigade).
void Reader::general_move(const std::vector<Word>& w) {
    if (w.size() != 4 || w[2].key || w[2].text != "to" || w[3].key)
        fail(w[1].column, "a general moves to x,y (Ponsonby moves to 50,30)");
    Json m = {{"turn", turn_},
              {"general", leader_named(w[0].text)},
              {"to", value_of(w[3].text, w[3].quoted, w[3].column)}};
    Json& list = scenario()["general_moves"];
    mark("$.general_moves[" + std::to_string(list.size()) + "]");
    list.push_back(m);
}

// `dice 28th stand_test 4 3`: the dice thrown for a test, in the order thrown.
// `dice 28th stand_test 4 3`: the dice thrown for a test, in the order thrown; `dice 4 3`: for
// the next test waiting for its dice. Faces are whole numbers here; the rule system's die is
// checked when the record is played (play_record.h).
void Reader::dice(const std::vector<Word>& w) {
    const auto face = [&](const Word& word) {
        const std::string& v = word.text;
        const bool digits =
            !word.key && !word.quoted && !v.empty() && v.size() <= 3 &&
            std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits) fail(word.column, "a die's face (a whole number), not \"" + v + "\"");
        return std::stoi(v);
    };
    const bool unlabelled = w.size() >= 2 && std::all_of(w.begin() + 1, w.end(), [](const Word& x) {
                                return !x.key && !x.quoted && !x.text.empty() &&
                                       std::all_of(x.text.begin(), x.text.end(),
                                                   [](char c) { return c >= '0' && c <= '9'; });
                            });
    if (unlabelled) {  // `dice 5 4`: for the next test that waits for its dice
        ReadRecord::DiceLine d;
        d.turn = turn_;
        d.line = line_;
        for (std::size_t k = 1; k < w.size(); ++k) {
            d.faces.push_back(face(w[k]));
            d.columns.push_back(w[k].column);
        }
        out_.dice.push_back(std::move(d));
        return;
    }
    if (w.size() < 4)
        fail(6, "dice UNIT TEST VALUE... (dice 28th stand_test 4 3), or the dice alone");
    ReadRecord::DiceLine typed;
    typed.turn = turn_;
    typed.line = line_;
    typed.unit = unit_named(w[1]);
    typed.test = w[2].text;
    std::size_t i = 3;
    for (; i < w.size() && !w[i].key; ++i) {
        typed.faces.push_back(face(w[i]));
        typed.columns.push_back(w[i].column);
    }
    if (typed.faces.empty()) fail(w[3].column, "the dice thrown");
    // The scenario's entry: what the rule system reads (its fields checked there).
    Json d = {{"unit", typed.unit}, {"purpose", typed.test}, {"values", typed.faces}};
    if (turn_ > 0) d["turn"] = turn_;  // dropped for a system whose dice name no turn
    fields(d, w, i, nullptr, nullptr);
    if (d.contains("as_played") && d["as_played"].is_string())
        typed.as_played = d["as_played"].get<std::string>();
    Json& list = scenario()["dice"];
    mark("$.dice[" + std::to_string(list.size()) + "]");
    list.push_back(d);
    out_.dice.push_back(std::move(typed));
}

void Reader::line(int number, const std::string& text) {
    line_ = number;
    // A header's text is the rest of its line, whatever it holds.
    const std::size_t start = text.find_first_not_of(" \t");
    if (start == std::string::npos) return;
    const std::string head = text.substr(start, text.find_first_of(" \t", start) - start);
    if (std::find(kTextKeys.begin(), kTextKeys.end(), head) != kTextKeys.end())
        return header(head, text);
    const std::vector<Word> w = split_words(text);
    if (w.empty()) return;
    const std::string& first = w[0].text;
    if (w[0].quoted || w[0].key) {
        if (w.size() > 1 && !w[1].key && !w[1].quoted) return verb_order(w);
        fail(1, "a line form (unit, side, turn, dice, ...)");
    }
    if (first == "table") return table(w);
    if (first == "set") return set_path(text, w);
    if (first == "terrain") return terrain_feature(w);
    if (first == "side") return side(w);
    if (first == "commander") return leader(w, "commander");
    if (first == "general") return leader(w, "general");
    if (first == "brigade") return group(w, "brigades");
    if (first == "group") return group(w, "groups");
    if (first == "unit") return unit(w);
    if (first == "turn") return turn(w);
    if (first == "order") {
        if (w.size() < 2) fail(7, "order UNIT key=value...");
        return order(w, 2);
    }
    if (first == "dice") return dice(w);
    if (turn_ > 0 && w.size() >= 3 && !w[1].key && w[1].text == "moves" &&
        !leader_named(first).empty() && !names_a_unit(first))
        return general_move(w);
    const bool verb = w.size() > 1 && is_verb(w[1].text);
    if (w.size() > 1 && !w[1].key && !w[1].quoted && (verb || names_a_unit(first)))
        return verb_order(w);
    fail(1,
         "a line form (ruleset, title, table, terrain, side, commander, brigade, group, "
         "general, unit, turn, order, dice, set) or UNIT charges/reacts/forms/moves, not \"" +
             first + "\"");
}

namespace {

// A coordinate as a number whatever its unit ("24in" -> 24), in thousandths: both ends of a
// facing are in the same unit, and only the direction counts.
std::optional<long long> thousandths(const Json& v) {
    double d = 0;
    if (v.is_number()) {
        d = v.get<double>();
    } else if (v.is_string()) {
        const std::string s = v.get<std::string>();
        char* end = nullptr;
        d = std::strtod(s.c_str(), &end);
        if (end == s.c_str()) return {};
    } else {
        return {};
    }
    // Within a table's reach (a km either way in any unit): the thousandths stay far from i64's
    // limits in the direction arithmetic.
    if (!std::isfinite(d) || std::abs(d) > 1e6) return {};
    return std::llround(d * 1000);
}

std::optional<geom::Vec> position_of(const Json& unit) {
    if (!unit.contains("at") || !unit["at"].is_array() || unit["at"].size() != 2) return {};
    const auto x = thousandths(unit["at"][0]), y = thousandths(unit["at"][1]);
    if (!x || !y) return {};
    return geom::Vec{*x, *y};
}

// Every unit object of the scenario, by id.
std::map<std::string, Json*> units_by_id(Json& scenario) {
    std::map<std::string, Json*> out;
    const auto add = [&](Json& list) {
        for (Json& u : list)
            if (u.is_object() && u.contains("id") && u["id"].is_string()) out[u["id"]] = &u;
    };
    if (scenario.contains("units") && scenario["units"].is_array()) add(scenario["units"]);
    if (scenario.contains("sides") && scenario["sides"].is_array())
        for (Json& side : scenario["sides"])
            for (const char* field : {"brigades", "groups"})
                if (side.is_object() && side.contains(field) && side[field].is_array())
                    for (Json& g : side[field])
                        if (g.is_object() && g.contains("units") && g["units"].is_array())
                            add(g["units"]);
    return out;
}

}  // namespace

// `facing="towards 54e"` (or towards:54e): the whole degree that looks most nearly at that unit,
// found among the same fixed-point directions the rules use (no libm in what decides an outcome).
void Reader::resolve_facings() {
    std::map<std::string, Json*> units = units_by_id(scenario());
    for (const Known& k : units_) {
        Json* u = units.count(k.id) ? units[k.id] : nullptr;
        if (!u || !u->contains("facing") || !(*u)["facing"].is_string()) continue;
        const std::string f = (*u)["facing"];
        if (f.rfind("towards", 0) != 0 || f.size() < 9 || (f[7] != ' ' && f[7] != ':')) continue;
        line_ = k.line;
        const std::string target = unit_named(Word{f.substr(8), 1});
        if (!units.count(target)) fail(1, "the unit " + target + " still in the scenario to face");
        const auto from = position_of(*u), to = position_of(*units[target]);
        if (!from || !to)
            fail(1, "positions (at=x,y) for both units to face one towards the other");
        if (*from == *to)
            fail(1, k.id + " and " + target + " stand on one spot: no facing between them");
        (*u)["facing"] = geom::degrees_of({to->x - from->x, to->y - from->y});
    }
}

ReadRecord Reader::finish(const std::string& text) {
    Json& s = scenario();
    if (!s.contains("ruleset"))
        throw InputError(file_ + ":1:1", "", "a `ruleset` line (gdb, borodino or dicepool)");
    try {
        resolve_facings();
    } catch (const LineError& e) {
        throw InputError(file_ + ":" + std::to_string(line_) + ":" + std::to_string(e.column), "",
                         e.what);
    } catch (const nlohmann::json::exception& e) {
        throw InputError(file_ + ":" + std::to_string(line_) + ":1", "",
                         "a scenario whose units are objects (" + std::string(e.what()) + ")");
    }
    if (!s.contains("format")) s["format"] = "vedette-scenario";
    if (!s.contains("version")) s["version"] = 1;
    s["game_record"] = text;
    out_.last_turn = turn_;
    return std::move(out_);
}

// Lines of text: a BOM at the start and CR before LF are let pass; other control bytes, broken
// UTF-8 and overlong lines are refused where they are.
void check_line(const std::string& line) {
    if (line.size() > kMaxLineBytes)
        throw LineError{int(kMaxLineBytes) + 1,
                        "a line of at most " + std::to_string(kMaxLineBytes) + " bytes"};
    for (std::size_t i = 0; i < line.size();) {
        const auto c = static_cast<unsigned char>(line[i]);
        if (c < 0x20 && c != '\t') {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02X", c);
            throw LineError{int(i) + 1, std::string("text, not the control byte ") + hex};
        }
        // Well-formed UTF-8 only (no overlong forms, surrogates or code points past U+10FFFF):
        // the scenario made from the record is JSON, which holds nothing else.
        const int n = c < 0x80                 ? 1
                      : c >= 0xC2 && c <= 0xDF ? 2
                      : (c >> 4) == 0xE        ? 3
                      : c >= 0xF0 && c <= 0xF4 ? 4
                                               : 0;
        bool ok = n > 0 && i + std::size_t(n) <= line.size();
        for (int k = 1; ok && k < n; ++k)
            ok = (static_cast<unsigned char>(line[i + std::size_t(k)]) >> 6) == 2;
        if (ok && n >= 3) {
            const auto second = static_cast<unsigned char>(line[i + 1]);
            ok = !(c == 0xE0 && second < 0xA0) && !(c == 0xED && second >= 0xA0) &&
                 !(c == 0xF0 && second < 0x90) && !(c == 0xF4 && second >= 0x90);
        }
        if (!ok) throw LineError{int(i) + 1, "UTF-8 text (a game record is text, not binary)"};
        i += std::size_t(n);
    }
}

}  // namespace

std::size_t ReadRecord::unlabelled_count() const {
    return std::size_t(
        std::count_if(dice.begin(), dice.end(), [](const DiceLine& d) { return !d.labelled(); }));
}

ReadRecord read_record(const std::string& text, const std::string& file) {
    Reader reader(file);
    std::size_t start = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
    int number = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        ++number;
        try {
            check_line(line);
            reader.line(number, line);
        } catch (const LineError& e) {
            throw InputError(file + ":" + std::to_string(number) + ":" + std::to_string(e.column),
                             "", e.what);
        } catch (const nlohmann::json::exception& e) {
            // A `set` or key=value line made a part of the scenario something this line cannot add
            // to ("set sides 5", then a unit).
            throw InputError(file + ":" + std::to_string(number) + ":1", "",
                             "a line that fits what the lines before made of the scenario (" +
                                 std::string(e.what()) + ")");
        }
        start = end + 1;
    }
    return reader.finish(text);
}

std::string ruleset_of(const ReadRecord& record) {
    return record.scenario.value("ruleset", "");
}

ReadRecord read_record_file(const std::string& path) {
    return read_record(read_input_file(path, kMaxRecordBytes), path);
}

int record_line_of(const ReadRecord& record, const std::string& where) {
    int line = 0;
    std::size_t best = 0;
    for (const auto& [path, at] : record.lines)
        if (where.rfind(path, 0) == 0 && path.size() > best &&
            (where.size() == path.size() || where[path.size()] == '.' || where[path.size()] == '['))
            best = path.size(), line = at;
    return line;
}

void rethrow_at_record_line(const ReadRecord& record, const std::string& file) {
    try {
        throw;
    } catch (const InputError& e) {
        // The longest path of the record that the complaint's path starts with.
        const int line = record_line_of(record, e.where());
        throw InputError(file + ":" + std::to_string(line == 0 ? 1 : line) + ":1", "",
                         e.message() + " (" + e.where() + " of the scenario it makes)");
    }
}

}  // namespace vedette::sim::gamerecord
