// Writing any scenario as a game record that reads back into the same scenario: the header, the
// table and terrain, the sides with their leaders, brigades or groups and units, the orders by
// turn and the dice. What the record has no line for is kept in a `set PATH JSON` line.

#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/record_lexer.h"

namespace vedette::sim::gamerecord {

namespace {

// The header's text lines, in the order a reader wants them.
const char* const kHeader[] = {"ruleset", "title", "description", "source",
                               "scale",   "seed",  "turns",       "first_side"};

bool is_id(const Json& v) {
    return v.is_string() && written_word(v.get<std::string>()) == v.get<std::string>();
}

// key=value for every field of `object` but those in `skip`.
std::string key_values(const Json& object, std::initializer_list<const char*> skip) {
    std::string out;
    for (const auto& item : object.items()) {
        const std::string& key = item.key();
        if (std::any_of(skip.begin(), skip.end(), [&](const char* s) { return key == s; }))
            continue;
        out += " " + key + "=" + written_value(item.value());
    }
    return out;
}

// Always in quotes, with \" \\ \n escapes.
std::string quoted(const std::string& text) {
    const std::string w = written_word(text);
    return w.front() == '"' ? w : "\"" + w + "\"";
}

// `PREFIX id "name" key=value...`, the id and name positional when they read back as such.
std::string named_line(const std::string& prefix, const Json& object,
                       std::initializer_list<const char*> skip = {}) {
    std::string line = prefix;
    std::vector<std::string> done(skip.begin(), skip.end());
    if (object.contains("id") && is_id(object["id"])) {
        line += " " + object["id"].get<std::string>();
        done.push_back("id");
    }
    if (object.contains("name") && object["name"].is_string()) {
        line += " " + quoted(object["name"].get<std::string>());
        done.push_back("name");
    }
    for (const auto& [key, value] : object.items())
        if (std::find(done.begin(), done.end(), key) == done.end())
            line += " " + key + "=" + written_value(value);
    return line + "\n";
}

void header(std::ostringstream& out, const Json& s) {
    for (const char* key : kHeader) {
        if (!s.contains(key)) continue;
        const Json& v = s[key];
        if (v.is_string()) {
            const std::string text = v.get<std::string>();
            const bool raw = !text.empty() && text.find('#') == std::string::npos &&
                             text.front() != ' ' && text.front() != '"' && text.back() != ' ' &&
                             std::none_of(text.begin(), text.end(), [](char c) {
                                 return static_cast<unsigned char>(c) < 0x20;
                             });
            out << key << " " << (raw ? text : quoted(text)) << "\n";
        } else if (v.is_number_integer()) {
            out << key << " " << v.dump() << "\n";
        } else {
            out << "set " << key << " " << v.dump() << "\n";
        }
    }
    if (s.contains("version") && s["version"] != 1)
        out << "version " << s["version"].dump() << "\n";
    if (s.contains("format") && s["format"] != "vedette-scenario" && s["format"].is_string())
        out << "format " << quoted(s["format"].get<std::string>()) << "\n";
}

void table_and_terrain(std::ostringstream& out, const Json& s) {
    if (s.contains("table")) {
        const Json& t = s["table"];
        if (t.size() == 2 && t.contains("width") && t.contains("depth") && is_id(t["width"]) &&
            is_id(t["depth"]))
            out << "table " << t["width"].get<std::string>() << " x "
                << t["depth"].get<std::string>() << "\n";
        else
            out << "set table " << t.dump() << "\n";
    }
    if (!s.contains("terrain")) return;
    if (!s["terrain"].is_object()) {
        out << "set terrain " << s["terrain"].dump() << "\n";
        return;
    }
    for (const auto& [key, value] : s["terrain"].items()) {
        const bool plain_features = key == "features" && value.is_array() &&
                                    std::all_of(value.begin(), value.end(), [](const Json& f) {
                                        return f.is_object() && f.contains("kind") &&
                                               is_id(f["kind"]) && f["kind"] != "heightfield" &&
                                               !f.contains("id");
                                    });
        if (key == "heightfield" && value.is_object()) {
            out << "terrain heightfield" << key_values(value, {}) << "\n";
        } else if (plain_features) {
            for (const Json& f : value)
                out << named_line("terrain " + f["kind"].get<std::string>(), f, {"kind"});
        } else {
            out << "set terrain." << key << " " << value.dump() << "\n";
        }
    }
}

void sides(std::ostringstream& out, const Json& s) {
    if (!s.contains("sides")) return;
    bool first = true;
    for (const Json& side : s["sides"]) {
        out << "\n" << named_line("side", side, {"brigades", "groups", "commander"});
        // A game whose units stand in one list (the dice-pool game), each naming its side: right
        // after a side line, where no brigade is open, so they read back into that list.
        if (first && s.contains("units"))
            for (const Json& u : s["units"]) out << named_line("unit", u);
        first = false;
        if (side.contains("commander")) out << named_line("commander", side["commander"]);
        for (const char* field : {"brigades", "groups"}) {
            if (!side.contains(field)) continue;
            const char* word = std::string(field) == "brigades" ? "brigade" : "group";
            for (const Json& g : side[field]) {
                out << named_line(word, g, {"units", "general"});
                if (g.contains("general")) out << named_line("general", g["general"]);
                if (g.contains("units"))
                    for (const Json& u : g["units"]) out << named_line("unit", u);
            }
        }
    }
}

// A unit id that may start a line (`greys charges 54e`): a plain word that is not a line form's.
bool leads_a_line(const std::string& id) {
    static const std::vector<std::string> forms = {
        "ruleset",    "title",  "description", "source", "scale",   "seed", "turns",     "version",
        "first_side", "format", "table",       "set",    "terrain", "side", "commander", "general",
        "brigade",    "group",  "unit",        "turn",   "order",   "dice"};
    return written_word(id) == id && std::find(forms.begin(), forms.end(), id) == forms.end();
}

// Orders and dice the lines can say: a whole-number turn in range, a unit by its id, dice as
// faces. Else the list is kept whole in a `set` line.
bool plain_orders(const Json& list, bool dice) {
    if (!list.is_array()) return false;
    for (const Json& o : list) {
        if (!o.is_object() || !o.contains("unit") || !o["unit"].is_string()) return false;
        if ((!dice || o.contains("turn")) &&
            !(o.contains("turn") && o["turn"].is_number_integer() && o["turn"] >= 1 &&
              o["turn"] <= 10000))
            return false;
        if (dice && !(o.contains("purpose") && is_id(o["purpose"]) && o.contains("values") &&
                      o["values"].is_array() && !o["values"].empty() &&
                      std::all_of(o["values"].begin(), o["values"].end(), [](const Json& v) {
                          return v.is_number_integer() && v >= 0 && v <= 999;
                      })))
            return false;
    }
    return true;
}

std::string dice_line(const Json& d) {
    std::string line = "dice " + written_word(d["unit"].get<std::string>()) + " " +
                       d["purpose"].get<std::string>();
    for (const Json& x : d["values"]) line += " " + x.dump();
    return line + key_values(d, {"turn", "unit", "purpose", "values"}) + "\n";
}

std::string order_line(const Json& o) {
    const std::string unit = o["unit"].get<std::string>();
    const bool lead = leads_a_line(unit);
    if (lead && o.contains("charge") && is_id(o["charge"]))
        return unit + " charges " + o["charge"].get<std::string>() +
               key_values(o, {"turn", "unit", "charge"}) + "\n";
    if (lead && o.contains("reaction") && is_id(o["reaction"]))
        return unit + " reacts " + o["reaction"].get<std::string>() +
               key_values(o, {"turn", "unit", "reaction"}) + "\n";
    return "order " + written_word(unit) + key_values(o, {"turn", "unit"}) + "\n";
}

void orders_and_dice(std::ostringstream& out, const Json& s) {
    const bool orders = s.contains("orders") && plain_orders(s["orders"], false);
    const bool dice = s.contains("dice") && plain_orders(s["dice"], true);
    // Dice without a turn (the Borodino game's) before any turn line.
    if (dice)
        for (const Json& d : s["dice"])
            if (!d.contains("turn")) out << dice_line(d);
    int turn = 0;
    auto at_turn = [&](const Json& item) {
        const int t = item["turn"].get<int>();
        if (t != turn) out << "\nturn " << t << "\n";
        turn = t;
    };
    if (orders)
        for (const Json& o : s["orders"]) {
            at_turn(o);
            out << order_line(o);
        }
    if (dice)
        for (const Json& d : s["dice"])
            if (d.contains("turn")) {
                at_turn(d);
                out << dice_line(d);
            }
    if (s.contains("orders") && !orders) out << "set orders " << s["orders"].dump() << "\n";
    if (s.contains("dice") && !dice) out << "set dice " << s["dice"].dump() << "\n";
}

}  // namespace

namespace {

bool objects(const Json& list) {
    return list.is_array() &&
           std::all_of(list.begin(), list.end(), [](const Json& o) { return o.is_object(); });
}

// Whether the sides, units, table and terrain have the shape the record's lines say (any shipped
// scenario has; a hand-made one may not).
bool plain_shape(const Json& s) {
    if (s.contains("table") && !s["table"].is_object()) return false;
    if (s.contains("terrain") && s["terrain"].is_object()) {
        const Json& t = s["terrain"];
        if (t.contains("features") && !objects(t["features"])) return false;
    }
    if (s.contains("units") && !objects(s["units"])) return false;
    if (!s.contains("sides")) return !s.contains("units");
    if (!objects(s["sides"]) || (s.contains("units") && s["sides"].empty())) return false;
    for (const Json& side : s["sides"])
        for (const char* field : {"brigades", "groups"}) {
            if (!side.contains(field)) continue;
            if (!objects(side[field])) return false;
            for (const Json& g : side[field])
                if (g.contains("units") && !objects(g["units"])) return false;
        }
    return true;
}

// A scenario of another shape, still exactly: its header lines, then every other field as JSON
// (a `set` line never says what a line of its own says).
std::string set_lines(const Json& scenario) {
    std::ostringstream out;
    out << "# A game record (docs/GAME_RECORD.md), written by `vedette record --from`.\n";
    header(out, scenario);
    static const std::vector<std::string> header_keys = {
        "format", "version", "ruleset", "title",      "description", "source",
        "scale",  "seed",    "turns",   "first_side", "game_record"};
    for (const auto& item : scenario.items())
        if (std::find(header_keys.begin(), header_keys.end(), item.key()) == header_keys.end() &&
            !item.key().empty() && item.key().find('.') == std::string::npos)
            out << "set " << item.key() << " " << item.value().dump() << "\n";
    return out.str();
}

}  // namespace

std::string record_of_scenario(const Json& scenario) {
    if (scenario.contains("game_record") && scenario["game_record"].is_string())
        return scenario["game_record"].get<std::string>();
    if (!scenario.is_object()) return set_lines(Json::object());
    if (!plain_shape(scenario)) return set_lines(scenario);
    std::ostringstream out;
    out << "# A game record (docs/GAME_RECORD.md), written by `vedette record --from`.\n";
    header(out, scenario);
    table_and_terrain(out, scenario);
    sides(out, scenario);
    out << "\n";
    orders_and_dice(out, scenario);
    // Anything else of the scenario, as it is.
    for (const auto& [key, value] : scenario.items()) {
        static const std::vector<std::string> written = {
            "format", "version", "ruleset", "title",      "description", "source",
            "scale",  "seed",    "turns",   "first_side", "table",       "terrain",
            "sides",  "units",   "orders",  "dice",       "game_record"};
        if (std::find(written.begin(), written.end(), key) == written.end())
            out << "set " << key << " " << value.dump() << "\n";
    }
    return out.str();
}

}  // namespace vedette::sim::gamerecord
