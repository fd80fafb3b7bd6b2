// fuzz_edit_save: the record edits `vedette edit GAME.game` makes (app/viewer/deployment.cpp,
// through sim/gamerecord/record_edit.h) and its save. A shipped game (replays/games/
// gdb_two_charges.game; a first input line `@borodino_square` or `@dicepool_charge_short` picks
// another) is edited by the input's lines, each one edit as the editor's commands give it:
//   f UNIT key=value...           with_unit_fields   (`edit UNIT key=value...`)
//   a SIDE ID "NAME" key=value... with_unit_added    (the `add` command)
//   r UNIT                        without_unit       (the `remove` command)
//   t KIND "NAME" key=value...    with_terrain_added (the `terrain` command)
//   m OCTAL                       the mode of the file saved next (owner-writable; 0600 at first)
// Expected for bad input: sim::InputError only, from the edit, from reading the edited text
// (read_record), from playing it (play_record) or from its dice (refuse_unused_dice): the editor
// keeps the edit only when all of them pass, as `try_record` does. An edit that returns a text
// changes only its own line (the others, comments too, stay as they were). Each kept edit is saved
// with sim::write_file_atomically over a file created with the mode asked for: afterwards the file
// holds the text and keeps that mode. A read-only record is refused (InputError) and left as it
// was.

#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/gamerecord/dice_use.h"
#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/play_record.h"
#include "sim/gamerecord/record_edit.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

constexpr int kMaxEdits = 8;
constexpr std::size_t kMaxUnitsPlayed = 24;

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

const std::string& shipped(const std::string& name) {
    if (name == "borodino_square" || name == "dicepool_charge_short")
        return fuzz::source_file("replays/games/" + name + ".game");
    return fuzz::source_file("replays/games/gdb_two_charges.game");
}

std::string read_back(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

mode_t mode_of(const std::string& path) {
    struct stat st {};
    fuzz::expect(::stat(path.c_str(), &st) == 0, "the saved record is gone");
    return st.st_mode & 07777;
}

// A file at `path` with `bytes` and exactly `mode` (the umask left out).
void make_file(const std::string& path, const std::string& bytes, mode_t mode) {
    fuzz::write_scratch_file(path.substr(path.rfind('/') + 1), bytes);
    fuzz::expect(::chmod(path.c_str(), mode) == 0, "cannot set the scratch record's mode");
}

std::size_t units_in(const sim::Json& json) {
    std::size_t n = 0;
    if (json.is_object()) {
        for (auto it = json.begin(); it != json.end(); ++it) {
            if (it.key() == "units" && it.value().is_array()) n += it.value().size();
            n += units_in(it.value());
        }
    } else if (json.is_array()) {
        for (const auto& v : json) n += units_in(v);
    }
    return n;
}

// The editor's check of an edited record (deployment.cpp table_of): it reads, its ruleset plays
// it and its dice are all used. False when the harness leaves it unplayed (too large).
bool plays(const std::string& text, const std::string& file) {
    sim::gamerecord::ReadRecord record = sim::gamerecord::read_record(text, file);
    const sim::ruleset::Ruleset* rules = nullptr;
    try {
        rules = &fuzz::shipped_ruleset(record.scenario.value("ruleset", ""));
    } catch (const sim::InputError&) {
        sim::gamerecord::rethrow_at_record_line(record, file);
    }
    if (units_in(record.scenario) > kMaxUnitsPlayed) return false;
    const sim::replay::Recorded played = sim::gamerecord::play_record(*rules, record, file);
    sim::gamerecord::refuse_unused_dice(record.lines, played, file);
    return true;
}

// What an edit that returned a text may have changed: only its own line.
void check_lines(char op, const std::string& before, const std::string& after) {
    const auto a = lines_of(before), b = lines_of(after);
    std::size_t same_head = 0;
    while (same_head < a.size() && same_head < b.size() && a[same_head] == b[same_head])
        ++same_head;
    std::size_t same_tail = 0;
    while (same_tail < a.size() - same_head && same_tail < b.size() - same_head &&
           a[a.size() - 1 - same_tail] == b[b.size() - 1 - same_tail])
        ++same_tail;
    const std::size_t gone = a.size() - same_head - same_tail;
    const std::size_t added = b.size() - same_head - same_tail;
    if (op == 'f') fuzz::expect(gone <= 1 && added == gone, "a unit's edit changed other lines");
    if (op == 'a' || op == 't')
        fuzz::expect(gone == 0 && added == 1, "an added line changed other lines");
    if (op == 'r') fuzz::expect(gone == 1 && added == 0, "a removed unit changed other lines");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::string> lines = lines_of(fuzz::as_text(data, size));
    std::size_t first = 0;
    std::string name;
    if (!lines.empty() && !lines[0].empty() && lines[0][0] == '@') name = lines[first++].substr(1);

    const std::string file = fuzz::scratch_dir() + "/edited.game";
    std::string text = shipped(name);
    mode_t mode = 0600;
    make_file(file, text, mode);
    int edits = 0;
    for (std::size_t i = first; i < lines.size() && edits < kMaxEdits; ++i) {
        const std::string& line = lines[i];
        if (line.size() < 2 || line[1] != ' ') continue;
        const char op = line[0];
        const std::string arg = line.substr(2);
        const std::size_t space = arg.find(' ');
        const std::string head = arg.substr(0, space);
        const std::string rest = space == std::string::npos ? "" : arg.substr(space + 1);
        if (op == 'm') {
            unsigned long m = 0;
            try {
                m = std::stoul(arg, nullptr, 8);
            } catch (const std::exception&) {
                continue;  // the harness's own line, not the editor's
            }
            mode = mode_t(m & 0777) | S_IWUSR | S_IRUSR;
            make_file(file, text, mode);
            continue;
        }
        if (op != 'f' && op != 'a' && op != 'r' && op != 't') continue;
        ++edits;
        std::string edited;
        try {
            if (op == 'f')
                edited = sim::gamerecord::with_unit_fields(text, head, rest);
            else if (op == 'a')
                edited = sim::gamerecord::with_unit_added(text, head, rest);
            else if (op == 'r')
                edited = sim::gamerecord::without_unit(text, arg);
            else
                edited = sim::gamerecord::with_terrain_added(text, arg);
        } catch (const sim::InputError& e) {
            fuzz::rejected(e);
            continue;  // "not edited: ..."
        }
        check_lines(op, text, edited);
        try {
            if (!plays(edited, file)) continue;
        } catch (const sim::InputError& e) {
            fuzz::rejected(e);
            continue;  // "not edited: FILE:LINE:COL: ..."
        }
        text = edited;
        // `save`: written whole over the record, which keeps its mode.
        sim::write_file_atomically(file, text);
        fuzz::expect(read_back(file) == text, "the saved record is not the edited text");
        fuzz::expect(mode_of(file) == mode, "the saved record lost its mode");
    }

    // A read-only record is refused and left as it was.
    const std::string locked = fuzz::scratch_dir() + "/read_only.game";
    make_file(locked, shipped(name), 0444);
    bool refused = false;
    try {
        sim::write_file_atomically(locked, text);
    } catch (const sim::InputError&) {
        refused = true;
    }
    fuzz::expect(refused, "a read-only record was written over");
    fuzz::expect(read_back(locked) == shipped(name) && mode_of(locked) == 0444,
                 "a read-only record was changed");
    ::chmod(locked.c_str(), 0644);
    return 0;
}
