#include "renderer/scene/replay_notes.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"

namespace vedette::render {

namespace {

namespace limits = sim::limits;
using sim::JsonNode;

// The longest start of `s` within `max_bytes` that does not cut a UTF-8 character in two.
std::string utf8_prefix(const std::string& s, std::size_t max_bytes) {
    if (s.size() <= max_bytes) return s;
    std::size_t n = max_bytes;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    return s.substr(0, n);
}

bool valid_utf8(const std::string& s) {
    try {
        (void)nlohmann::json(s).dump();  // the writer refuses what the reader would refuse
        return true;
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

// Why a name or a text could not be written and read back, or "".
std::string string_problem(const std::string& s, std::size_t max_bytes, bool nonempty) {
    if (nonempty && s.empty()) return "expected a name, found an empty string";
    if (s.size() > max_bytes)
        return "longer than " + std::to_string(max_bytes) + " bytes (docs/LIMITS.md)";
    if (!valid_utf8(s)) return "not valid UTF-8";
    return "";
}

std::string mm_problem(double v, double lo) {
    if (std::isfinite(v) && v >= lo && v <= double(limits::kMaxLengthMm)) return "";
    return "expected millimetres from " + std::to_string(std::int64_t(lo)) + " to " +
           std::to_string(limits::kMaxLengthMm);
}

// A coordinate or a radius in millimetres: any finite JSON number within the length limit.
double note_mm(const JsonNode& n, double lo) {
    const auto& v = n.raw();
    if (!v.is_number()) n.fail("expected a number of millimetres, found " + sim::json_type_name(v));
    const double d = v.get<double>();
    if (auto problem = mm_problem(d, lo); !problem.empty()) n.fail(problem);
    return d;
}

// [x, y] in millimetres.
std::pair<double, double> note_point(const JsonNode& n) {
    const auto items = n.items();
    if (items.size() != 2) n.fail("expected [x, y] in millimetres");
    const double lo = -double(limits::kMaxLengthMm);
    return {note_mm(items[0], lo), note_mm(items[1], lo)};
}

std::string note_string(const JsonNode& n, std::size_t max_bytes, bool nonempty) {
    const std::string s = n.as_string();
    if (auto problem = string_problem(s, max_bytes, nonempty); !problem.empty()) n.fail(problem);
    return s;
}

NoteDrawing parse_drawing(const JsonNode& n) {
    NoteDrawing d;
    const auto kind = n.required("kind");
    d.kind = kind.as_choice({"arrow", "circle"}) == 0 ? NoteDrawing::Kind::arrow
                                                      : NoteDrawing::Kind::circle;
    if (d.kind == NoteDrawing::Kind::arrow) {
        n.expect_only_keys({"kind", "from", "to", "colour"});
        std::tie(d.x0_mm, d.y0_mm) = note_point(n.required("from"));
        std::tie(d.x1_mm, d.y1_mm) = note_point(n.required("to"));
    } else {
        n.expect_only_keys({"kind", "centre", "radius_mm", "colour"});
        std::tie(d.x0_mm, d.y0_mm) = note_point(n.required("centre"));
        const auto r = n.required("radius_mm");
        d.radius_mm = note_mm(r, 1.0);
    }
    if (const auto c = n.optional("colour")) {
        const auto items = c->items();
        if (items.size() != 3) c->fail("expected [r, g, b], each 0 to 255");
        d.r = std::uint8_t(items[0].as_int(0, 255));
        d.g = std::uint8_t(items[1].as_int(0, 255));
        d.b = std::uint8_t(items[2].as_int(0, 255));
    }
    return d;
}

Note parse_note(const JsonNode& n, const ReplayScene& scene) {
    n.expect_only_keys({"name", "time_ms", "event", "text", "drawings"});
    Note note;
    note.name = note_string(n.required("name"), limits::kMaxNoteNameBytes, true);
    const bool has_time = n.has("time_ms"), has_event = n.has("event");
    if (has_time == has_event) n.fail("expected exactly one of \"time_ms\" and \"event\"");
    if (has_time) {
        note.time_ms = n.required("time_ms").as_int(0, limits::kMaxReplayTimeMs);
    } else {
        const auto e = n.required("event");
        const auto count = std::int64_t(scene.replay.events.size());
        if (count == 0) e.fail("this replay has no events");
        note.event = int(e.as_int(0, count - 1));
        note.time_ms = time_of_event(scene, note.event);
    }
    if (const auto t = n.optional("text"))
        note.text = note_string(*t, limits::kMaxNoteTextBytes, false);
    if (const auto d = n.optional("drawings")) {
        const auto items = d->items();
        if (items.size() > std::size_t(limits::kMaxNoteDrawings))
            d->fail("more than " + std::to_string(limits::kMaxNoteDrawings) +
                    " drawings (docs/LIMITS.md)");
        for (const auto& item : items) note.drawings.push_back(parse_drawing(item));
    }
    return note;
}

// Notes are ordered by time alone: notes of the same time keep the order they were added in (in
// the viewer, in the file and after a reload), so the note shown at that time stays the same one.
bool note_earlier(const Note& a, const Note& b) {
    return a.time_ms < b.time_ms;
}

// A millimetre value as the file writes it: whole numbers without a fraction.
nlohmann::ordered_json note_mm_json(double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15) return std::int64_t(v);
    return v;
}

}  // namespace

ReplayNotes parse_notes(const std::string& text, const std::string& file,
                        const ReplayScene& scene) {
    const sim::Json json = sim::parse_json_text(text, file);
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"format", "version", "notes"});
    const auto format = root.required("format");
    if (format.as_string() != "vedette-notes") format.fail("expected \"vedette-notes\"");
    const auto version = root.required("version");
    if (version.as_int() != 1)
        version.fail("expected 1 (a newer Vedette wrote this file, or it is not a notes file)");
    ReplayNotes out;
    out.file = file;
    const auto items = root.required("notes").items();
    if (items.size() > std::size_t(limits::kMaxNotes))
        root.required("notes").fail("more than " + std::to_string(limits::kMaxNotes) +
                                    " notes (docs/LIMITS.md)");
    for (const auto& item : items) {
        Note note = parse_note(item, scene);
        if (find_note(out, note.name))
            item.required("name").fail("a second note named \"" + note.name +
                                       "\" (names are unique: tours jump to them by name)");
        out.notes.push_back(std::move(note));
    }
    std::stable_sort(out.notes.begin(), out.notes.end(), note_earlier);
    return out;
}

ReplayNotes load_notes(const std::string& file, const ReplayScene& scene) {
    std::error_code ec;
    // Only a name that is not there at all means "no notes yet"; anything else there (a folder,
    // a FIFO, a dangling link) is refused by the reader with the file's name.
    if (!std::filesystem::exists(std::filesystem::symlink_status(file, ec))) {
        ReplayNotes empty;
        empty.file = file;
        return empty;
    }
    return parse_notes(sim::read_input_file(file, limits::kMaxJsonFileBytes), file, scene);
}

std::string notes_text(const ReplayNotes& notes) {
    std::vector<const Note*> order;
    for (const auto& n : notes.notes) order.push_back(&n);
    std::stable_sort(order.begin(), order.end(),
                     [](const Note* a, const Note* b) { return note_earlier(*a, *b); });
    nlohmann::ordered_json j;
    j["format"] = "vedette-notes";
    j["version"] = 1;
    j["notes"] = nlohmann::ordered_json::array();
    for (const Note* n : order) {
        nlohmann::ordered_json o;
        o["name"] = n->name;
        // A note made at an event keeps the event: its time follows the replay's.
        if (n->event >= 0)
            o["event"] = n->event;
        else
            o["time_ms"] = n->time_ms;
        o["text"] = n->text;
        o["drawings"] = nlohmann::ordered_json::array();
        for (const auto& d : n->drawings) {
            nlohmann::ordered_json dj;
            dj["kind"] = drawing_kind_name(d.kind);
            if (d.kind == NoteDrawing::Kind::circle) {
                dj["centre"] = {note_mm_json(d.x0_mm), note_mm_json(d.y0_mm)};
                dj["radius_mm"] = note_mm_json(d.radius_mm);
            } else {
                dj["from"] = {note_mm_json(d.x0_mm), note_mm_json(d.y0_mm)};
                dj["to"] = {note_mm_json(d.x1_mm), note_mm_json(d.y1_mm)};
            }
            dj["colour"] = {d.r, d.g, d.b};
            o["drawings"].push_back(std::move(dj));
        }
        j["notes"].push_back(std::move(o));
    }
    return j.dump(2) + "\n";
}

const char* drawing_kind_name(NoteDrawing::Kind kind) {
    return kind == NoteDrawing::Kind::circle ? "circle" : "arrow";
}

std::string drawing_problem(const NoteDrawing& d) {
    if (d.kind != NoteDrawing::Kind::arrow && d.kind != NoteDrawing::Kind::circle)
        return "expected \"arrow\" or \"circle\"";
    const double lo = -double(limits::kMaxLengthMm);
    for (const double v : {d.x0_mm, d.y0_mm})
        if (auto p = mm_problem(v, lo); !p.empty()) return p;
    if (d.kind == NoteDrawing::Kind::circle) return mm_problem(d.radius_mm, 1.0);
    for (const double v : {d.x1_mm, d.y1_mm})
        if (auto p = mm_problem(v, lo); !p.empty()) return p;
    return "";
}

void check_notes(const ReplayNotes& notes) {
    const auto fail = [&](const std::string& where, const std::string& what) {
        throw sim::InputError(notes.file, where, what + " (not saved: the file would not load)");
    };
    if (notes.notes.size() > std::size_t(limits::kMaxNotes))
        fail("$.notes",
             "more than " + std::to_string(limits::kMaxNotes) + " notes (docs/LIMITS.md)");
    std::unordered_set<std::string> names;
    for (std::size_t i = 0; i < notes.notes.size(); ++i) {
        const Note& n = notes.notes[i];
        const std::string at = "$.notes[" + std::to_string(i) + "]";
        if (auto p = string_problem(n.name, limits::kMaxNoteNameBytes, true); !p.empty())
            fail(at + ".name", p);
        if (!names.insert(n.name).second)
            fail(at + ".name", "a second note named \"" + n.name + "\"");
        if (n.time_ms < 0 || n.time_ms > limits::kMaxReplayTimeMs)
            fail(at + ".time_ms", "outside the replay clock");
        if (auto p = string_problem(n.text, limits::kMaxNoteTextBytes, false); !p.empty())
            fail(at + ".text", p);
        if (n.drawings.size() > std::size_t(limits::kMaxNoteDrawings))
            fail(at + ".drawings", "more than " + std::to_string(limits::kMaxNoteDrawings) +
                                       " drawings (docs/LIMITS.md)");
        for (std::size_t j = 0; j < n.drawings.size(); ++j)
            if (auto p = drawing_problem(n.drawings[j]); !p.empty())
                fail(at + ".drawings[" + std::to_string(j) + "]", p);
    }
}

void save_notes(const ReplayNotes& notes) {
    check_notes(notes);
    const std::string text = notes_text(notes);
    if (text.size() > limits::kMaxJsonFileBytes)
        throw sim::InputError(notes.file, "$",
                              "the notes would take " + std::to_string(text.size()) +
                                  " bytes, more than a notes file may (docs/LIMITS.md; not saved)");
    sim::write_file_atomically(notes.file, text);
}

const Note* note_at(const ReplayNotes& notes, std::int64_t time_ms, std::int64_t show_ms) {
    const Note* shown = nullptr;
    for (const auto& n : notes.notes)
        if (n.time_ms <= time_ms && (!shown || n.time_ms >= shown->time_ms)) shown = &n;
    if (!shown || time_ms >= shown->time_ms + show_ms) return nullptr;
    return shown;
}

const Note* find_note(const ReplayNotes& notes, const std::string& name) {
    for (const auto& n : notes.notes)
        if (n.name == name) return &n;
    return nullptr;
}

Note* find_note(ReplayNotes& notes, const std::string& name) {
    for (auto& n : notes.notes)
        if (n.name == name) return &n;
    return nullptr;
}

std::string unique_note_name(const ReplayNotes& notes, const std::string& base) {
    const std::size_t max = limits::kMaxNoteNameBytes;
    const std::string whole = base.empty() ? "note" : utf8_prefix(base, max);
    if (!find_note(notes, whole)) return whole;
    for (int i = 2;; ++i) {
        // The number always shows: a long name gives up its end to make room for it.
        const std::string suffix = " " + std::to_string(i);
        const std::string name = utf8_prefix(whole, max - suffix.size()) + suffix;
        if (!find_note(notes, name)) return name;
    }
}

Note& add_note(ReplayNotes& notes, Note note) {
    const auto at = std::upper_bound(notes.notes.begin(), notes.notes.end(), note, note_earlier);
    return *notes.notes.insert(at, std::move(note));
}

bool remove_note(ReplayNotes& notes, const std::string& name) {
    const auto it = std::find_if(notes.notes.begin(), notes.notes.end(),
                                 [&](const Note& n) { return n.name == name; });
    if (it == notes.notes.end()) return false;
    notes.notes.erase(it);
    return true;
}

}  // namespace vedette::render
