#include "sim/record/record_json.h"

#include <charconv>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "sim/core/input_error.h"
#include "sim/core/json_cursor.h"
#include "sim/record/record_fields.h"

namespace vedette::sim::record {

const std::vector<std::string>& category_names() {
    static const std::vector<std::string> n = {"declare", "react", "move",  "test", "fire", "melee",
                                               "loss",    "leave", "rally", "turn", "info"};
    return n;
}
const std::vector<std::string>& stand_names() {
    static const std::vector<std::string> n = {"ranks", "four_faces", "open", "limbered"};
    return n;
}
const std::vector<std::string>& effect_kind_names() {
    static const std::vector<std::string> n = {"clash", "volley", "formation_change",
                                               "figures_fall"};
    return n;
}
const std::vector<std::string>& section_kind_names() {
    static const std::vector<std::string> n = {"dice", "modifiers", "results",
                                               "odds", "lines",     "notes"};
    return n;
}

std::vector<std::string> Header::unit_ids() const {
    std::vector<std::string> ids;
    ids.reserve(units.size());
    for (const auto& u : units) ids.push_back(u.id);
    return ids;
}

const std::string& Header::phase_label(const std::string& id) const {
    for (const auto& p : phases)
        if (p.id == id) return p.label;
    return id;
}

UnitIndex make_unit_index(const std::vector<std::string>& ids) {
    UnitIndex index;
    for (std::size_t i = 0; i < ids.size(); ++i) index.emplace(ids[i], static_cast<int>(i));
    return index;
}

namespace {

using OJson = nlohmann::ordered_json;
using nlohmann::json;

const std::vector<std::string>& names_of(Category) {
    return category_names();
}
const std::vector<std::string>& names_of(EffectKind) {
    return effect_kind_names();
}
const std::vector<std::string>& names_of(SectionKind) {
    return section_kind_names();
}
const std::vector<std::string>& names_of(Stand) {
    return stand_names();
}

template <class T>
struct is_vector : std::false_type {};
template <class U>
struct is_vector<std::vector<U>> : std::true_type {};
template <class T>
struct is_optional : std::false_type {};
template <class U>
struct is_optional<std::optional<U>> : std::true_type {};
template <class U>
struct is_optional<Box<U>> : std::true_type {};

template <class T>
concept Record = requires {
    FieldTable<T>::fields;
};

template <class T>
const T& default_of() {
    static const T value{};
    return value;
}

// ---- writer ----

template <class T>
OJson write(const T& v, Ref ref, const UnitNames& names);

template <class T>
OJson write_record(const T& v, const UnitNames& names) {
    OJson out = OJson::object();
    std::apply(
        [&](const auto&... f) {
            (
                [&] {
                    const auto& value = v.*(f.member);
                    if (f.need == Need::optional && value == default_of<T>().*(f.member)) return;
                    out[f.name] = write(value, f.ref, names);
                }(),
                ...);
        },
        FieldTable<T>::fields);
    return out;
}

template <class T>
OJson write(const T& v, Ref ref, const UnitNames& names) {
    if constexpr (Record<T>) {
        return write_record(v, names);
    } else if constexpr (is_optional<T>::value) {
        return v ? write(*v, ref, names) : OJson();
    } else if constexpr (is_vector<T>::value) {
        OJson a = OJson::array();
        for (const auto& x : v) a.push_back(write(x, ref, names));
        return a;
    } else if constexpr (std::is_same_v<T, geom::Vec>) {
        return OJson::array({v.x, v.y});
    } else if constexpr (std::is_enum_v<T>) {
        return names_of(v)[static_cast<std::size_t>(v)];
    } else if constexpr (std::is_same_v<T, int>) {
        if (ref == Ref::unit) {
            if (v < 0 || v >= static_cast<int>(names.ids.size()))
                throw std::logic_error("record: a unit index outside the roster");
            return names.ids[static_cast<std::size_t>(v)];
        }
        return v;
    } else {
        return v;  // std::string, bool, std::int64_t, double
    }
}

// ---- document reader ----

[[noreturn]] void fail(const std::string& file, const std::string& path, const std::string& what) {
    throw InputError(file, path, what);
}

struct DocReader {
    const UnitNames& names;
    const std::string& file;

    template <class T>
    void read(const json& j, const std::string& path, Ref ref, T& out) const {
        if constexpr (Record<T>) {
            read_record(j, path, out);
        } else if constexpr (is_optional<T>::value) {
            out.emplace();
            read(j, path, ref, *out);
        } else if constexpr (is_vector<T>::value) {
            if (!j.is_array()) fail(file, path, "expected an array");
            out.clear();
            out.resize(j.size());
            for (std::size_t i = 0; i < j.size(); ++i)
                read(j[i], path + "[" + std::to_string(i) + "]", ref, out[i]);
        } else if constexpr (std::is_same_v<T, geom::Vec>) {
            if (!j.is_array() || j.size() != 2 || !j[0].is_number_integer() ||
                !j[1].is_number_integer())
                fail(file, path, "expected a point [x, y] in whole mm");
            out = {j[0].get<std::int64_t>(), j[1].get<std::int64_t>()};
        } else if constexpr (std::is_enum_v<T>) {
            const auto& choices = names_of(T{});
            if (j.is_string())
                for (std::size_t i = 0; i < choices.size(); ++i)
                    if (choices[i] == j.get_ref<const std::string&>()) {
                        out = static_cast<T>(i);
                        return;
                    }
            std::string list;
            for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
            fail(file, path, "expected one of " + list);
        } else if constexpr (std::is_same_v<T, bool>) {
            if (!j.is_boolean()) fail(file, path, "expected true or false");
            out = j.get<bool>();
        } else if constexpr (std::is_same_v<T, std::string>) {
            if (!j.is_string()) fail(file, path, "expected a string");
            out = j.get<std::string>();
        } else if constexpr (std::is_same_v<T, double>) {
            if (!j.is_number()) fail(file, path, "expected a number");
            out = j.get<double>();
        } else if constexpr (std::is_same_v<T, int>) {
            if (ref == Ref::unit) {
                const auto it = j.is_string() ? names.index.find(j.get_ref<const std::string&>())
                                              : names.index.end();
                if (it == names.index.end())
                    fail(file, path, "expected the id of a unit in the roster");
                out = it->second;
                return;
            }
            if (!j.is_number_integer() || j.get<std::int64_t>() < INT32_MIN ||
                j.get<std::int64_t>() > INT32_MAX)
                fail(file, path, "expected a whole number");
            out = j.get<int>();
        } else {
            static_assert(std::is_same_v<T, std::int64_t>);
            if (!j.is_number_integer()) fail(file, path, "expected a whole number");
            out = j.get<std::int64_t>();
        }
    }

    template <class T>
    void read_record(const json& j, const std::string& path, T& out) const {
        if (!j.is_object()) fail(file, path, "expected an object");
        out = T{};
        for (auto it = j.begin(); it != j.end(); ++it) {
            bool known = false;
            std::apply(
                [&](const auto&... f) {
                    (
                        [&] {
                            if (known || it.key() != f.name) return;
                            known = true;
                            read(it.value(), path + "." + f.name, f.ref, out.*(f.member));
                        }(),
                        ...);
                },
                FieldTable<T>::fields);
            if (!known) fail(file, path + "." + it.key(), "unknown field");
        }
        std::apply(
            [&](const auto&... f) {
                (
                    [&] {
                        if (f.need == Need::required && !j.contains(f.name))
                            fail(file, path, std::string("missing \"") + f.name + "\"");
                    }(),
                    ...);
            },
            FieldTable<T>::fields);
    }
};

// ---- fast reader ----

struct FastReader {
    const UnitNames& names;
    JsonCursor& c;

    template <class T>
    void read(Ref ref, T& out) {
        if constexpr (Record<T>) {
            read_record(out);
        } else if constexpr (is_optional<T>::value) {
            out.emplace();
            read(ref, *out);
        } else if constexpr (is_vector<T>::value) {
            out.clear();
            c.begin_array();
            while (c.next(']')) {
                const bool outer = c.first();
                out.emplace_back();
                read(ref, out.back());
                c.set_first(outer);
            }
        } else if constexpr (std::is_same_v<T, geom::Vec>) {
            c.begin_array();
            if (!c.next(']')) c.fail("point");
            out.x = c.integer();
            if (!c.next(']')) c.fail("point");
            out.y = c.integer();
            if (c.next(']')) c.fail("point");
        } else if constexpr (std::is_enum_v<T>) {
            const std::string_view s = c.plain_string();
            const auto& choices = names_of(T{});
            for (std::size_t i = 0; i < choices.size(); ++i)
                if (choices[i] == s) {
                    out = static_cast<T>(i);
                    return;
                }
            c.fail("choice");
        } else if constexpr (std::is_same_v<T, bool>) {
            out = c.boolean();
        } else if constexpr (std::is_same_v<T, std::string>) {
            out = c.string();
        } else if constexpr (std::is_same_v<T, double>) {
            const std::string_view t = c.skip_value();
            const auto r = std::from_chars(t.data(), t.data() + t.size(), out);
            if (r.ec != std::errc() || r.ptr != t.data() + t.size()) c.fail("number");
        } else if constexpr (std::is_same_v<T, int>) {
            if (ref == Ref::unit) {
                const auto it = names.index.find(c.plain_string());
                if (it == names.index.end()) c.fail("unknown unit");
                out = it->second;
            } else {
                out = c.int32();
            }
        } else {
            out = c.integer();
        }
    }

    template <class T>
    void read_record(T& out) {
        out = T{};
        constexpr std::size_t count =
            std::tuple_size_v<std::decay_t<decltype(FieldTable<T>::fields)>>;
        static_assert(count <= 32);
        std::uint32_t seen = 0;
        c.begin_object();
        while (c.next('}')) {
            const std::string_view k = c.key();
            const bool outer = c.first();
            bool known = false;
            std::uint32_t bit = 1;
            std::apply(
                [&](const auto&... f) {
                    (
                        [&] {
                            if (!known && k == f.name) {
                                known = true;
                                if (seen & bit) c.fail("duplicate key");
                                seen |= bit;
                                read(f.ref, out.*(f.member));
                            }
                            bit <<= 1;
                        }(),
                        ...);
                },
                FieldTable<T>::fields);
            if (!known) c.fail("unknown field");
            c.set_first(outer);
        }
        std::uint32_t required = 0, b = 1;
        std::apply(
            [&](const auto&... f) {
                ((required |= f.need == Need::required ? b : 0, b <<= 1), ...);
            },
            FieldTable<T>::fields);
        if ((seen & required) != required) c.fail("missing field");
    }
};

}  // namespace

template <class T>
nlohmann::ordered_json to_json(const T& value, const UnitNames& names) {
    return write_record(value, names);
}

template <class T>
T from_json(const nlohmann::json& j, const UnitNames& names, const std::string& file,
            const std::string& path) {
    T out;
    DocReader{names, file}.read_record(j, path, out);
    return out;
}

template <class T>
bool from_text(std::string_view text, const UnitNames& names, T& out) {
    try {
        JsonCursor c(text);
        FastReader{names, c}.read_record(out);
        return c.at_end();
    } catch (const std::exception&) {
        return false;
    }
}

#define VEDETTE_RECORD_JSON(T)                                                           \
    template nlohmann::ordered_json to_json<T>(const T&, const UnitNames&);              \
    template T from_json<T>(const nlohmann::json&, const UnitNames&, const std::string&, \
                            const std::string&);                                         \
    template bool from_text<T>(std::string_view, const UnitNames&, T&);

VEDETTE_RECORD_JSON(Event)
VEDETTE_RECORD_JSON(Snapshot)
VEDETTE_RECORD_JSON(Keyframe)
VEDETTE_RECORD_JSON(TurnHash)
VEDETTE_RECORD_JSON(Explanation)
VEDETTE_RECORD_JSON(Phase)
VEDETTE_RECORD_JSON(SideInfo)
VEDETTE_RECORD_JSON(RosterUnit)
VEDETTE_RECORD_JSON(HexGrid)
#undef VEDETTE_RECORD_JSON

}  // namespace vedette::sim::record
