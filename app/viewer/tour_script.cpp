#include "app/viewer/tour_script.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <sstream>

#include "app/cli_values.h"
#include "app/viewer/timeline.h"
#include "renderer/scene/unit_labels.h"
#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/core/limits.h"

namespace vedette::viewer {

namespace {

namespace limits = sim::limits;

constexpr std::size_t kAnyCount = std::numeric_limits<std::size_t>::max();

std::string where(int line) {
    return "line " + std::to_string(line);
}

std::optional<TourSwitch> parse_tour_switch(const std::string& word) {
    if (word == "on") return TourSwitch::on;
    if (word == "off") return TourSwitch::off;
    if (word == "toggle") return TourSwitch::toggle;
    return std::nullopt;
}

// One tour line, its command word and the rest, parsed into a TourCommand with checked values;
// `fail` throws naming the file, the line and the command's expected form.
class TourLineParser {
public:
    TourLineParser(const std::string& file, int line, std::string word, std::string text)
        : file_(file), line_(line), word_(std::move(word)), text_(std::move(text)) {
        std::istringstream rest(text_);
        for (std::string w; rest >> w;) args_.push_back(w);
    }

    TourCommand parse() const {
        const auto shape = shapes().find(word_);
        if (shape == shapes().end()) unknown_command();
        const auto& [min_args, max_args, usage, parser] = shape->second;
        if (args_.size() < min_args || args_.size() > max_args)
            fail("wrong number of arguments to " + word_);
        return (this->*parser)();
    }

private:
    using Parser = TourCommand (TourLineParser::*)() const;
    struct Shape {
        std::size_t min_args, max_args;
        const char* usage;
        Parser parse;
    };
    static const std::map<std::string, Shape>& shapes();

    [[noreturn]] void unknown_command() const {
        std::string known;
        for (const auto& [name, shape] : shapes()) known += (known.empty() ? "" : ", ") + name;
        throw sim::InputError(file_, where(line_),
                              "unknown command '" + word_ + "' (expected one of " + known + ")");
    }
    [[noreturn]] void fail(const std::string& what) const {
        throw sim::InputError(file_, where(line_),
                              what + " (expected `" + shapes().at(word_).usage + "`)");
    }
    // A number argument: a ValueError becomes "NAME expects ..." at this line.
    template <typename F>
    auto value(const std::string& what, F parse) const {
        try {
            return parse();
        } catch (const app::ValueError& e) {
            fail(what + " expects " + e.what());
        }
    }
    TourSwitch on_off(const std::string& word) const {
        const auto s = parse_tour_switch(word);
        if (!s) fail("'" + word + "' is not on, off or toggle");
        return *s;
    }
    TourCommand make(TourKind kind, TourArgs args = {}) const {
        return TourCommand{kind, std::move(args), line_};
    }

    TourCommand seek() const;
    TourCommand step() const;
    TourCommand select() const;
    TourCommand camera() const;
    TourCommand camera_place() const;
    TourCommand text() const;
    TourCommand panel() const;
    TourCommand counters() const { return make(TourKind::counters, on_off(args_[0])); }
    TourCommand placing() const { return make(TourKind::placing, on_off(args_[0])); }
    TourCommand drawing() const { return make(TourKind::drawing, on_off(args_[0])); }
    TourCommand labels() const;
    TourCommand layout() const;
    TourCommand font() const;
    TourCommand filter() const;
    TourCommand play() const { return make(TourKind::play); }
    TourCommand pause() const { return make(TourKind::pause); }
    TourCommand speed() const;
    TourCommand wait() const;
    TourCommand size() const;
    TourCommand screenshot() const;
    TourCommand click() const;
    TourCommand drag() const;
    TourCommand wheel() const;
    TourCommand ab() const;
    TourCommand quit() const { return make(TourKind::quit); }
    TourCommand save() const { return make(TourKind::save_record); }
    TourCommand snap() const {
        if (args_[2] != "front" && args_[2] != "flank") fail("snap ends with front or flank");
        return make(TourKind::snap, text_);
    }
    TourCommand undo() const { return make(TourKind::undo_edit); }
    TourCommand redo() const { return make(TourKind::redo_edit); }

    const std::string& file_;
    int line_;
    std::string word_;               // the command
    std::string text_;               // the rest of the line as written, trimmed
    std::vector<std::string> args_;  // the rest's words
};

const std::map<std::string, TourLineParser::Shape>& TourLineParser::shapes() {
    using P = TourLineParser;
    static const std::map<std::string, Shape> s{
        {"seek", {1, 1, "seek SECONDS | seek event:N | seek turn:N | seek end", &P::seek}},
        {"step", {1, 2, "step event|phase|turn [COUNT]", &P::step}},
        {"back", {1, 2, "back event|phase|turn [COUNT]", &P::step}},
        {"select", {1, 1, "select UNIT | select none", &P::select}},
        {"camera",
         {1, 10,
          "camera top|director|overview|orbit|follow:UNIT | camera at X Y Z look X Y Z | "
          "camera move X Y Z look X Y Z over SECONDS",
          &P::camera}},
        {"caption", {0, kAnyCount, "caption TEXT | caption", &P::text}},
        {"note", {1, kAnyCount, "note NAME", &P::text}},
        {"panel",
         {2, 2,
          "panel timeline|events|explanation|episode|unit|rules|overlays|notes|video|all "
          "on|off|toggle",
          &P::panel}},
        {"counters", {1, 1, "counters on|off|toggle", &P::counters}},
        {"labels", {1, 1, "labels name|short|id", &P::labels}},
        {"layout", {1, 1, "layout standard|presenter", &P::layout}},
        {"font", {1, 1, "font SCALE (0.5 to 4)", &P::font}},
        {"filter",
         {1, 2, "filter unit UNIT | filter category CATEGORY | filter kind KIND | filter clear",
          &P::filter}},
        {"play", {0, 0, "play", &P::play}},
        {"pause", {0, 0, "pause", &P::pause}},
        {"speed", {1, 1, "speed X (0.25 to 8)", &P::speed}},
        {"wait", {1, 2, "wait SECONDS | wait N frames | wait key", &P::wait}},
        {"size", {1, 1, "size WxH", &P::size}},
        {"screenshot", {1, 1, "screenshot FILE.png", &P::screenshot}},
        {"click", {2, 2, "click X Y (a pixel of the window, from its top left)", &P::click}},
        {"drag", {4, 4, "drag X0 Y0 X1 Y1 (window pixels: a left drag)", &P::drag}},
        {"wheel",
         {3, 3, "wheel X Y NOTCHES (the mouse wheel at a window pixel, -20 to 20)", &P::wheel}},
        {"what-if", {1, kAnyCount, "what-if OUTCOME", &P::text}},
        {"ab", {1, 1, "ab a|b", &P::ab}},
        {"edit", {2, kAnyCount, "edit UNIT key=value... (vedette edit)", &P::text}},
        {"save", {0, 0, "save (vedette edit)", &P::save}},
        {"undo", {0, 0, "undo (vedette edit)", &P::undo}},
        {"snap", {3, 3, "snap UNIT TARGET front|flank (vedette edit)", &P::snap}},
        {"placing",
         {1, 1, "placing on|off|toggle (vedette edit: a click places the unit)", &P::placing}},
        {"redo", {0, 0, "redo (vedette edit)", &P::redo}},
        {"drawing",
         {1, 1, "drawing on|off|toggle (vedette edit: clicks add a terrain piece's corners)",
          &P::drawing}},
        {"add", {3, kAnyCount, "add SIDE ID \"NAME\" key=value... (vedette edit)", &P::text}},
        {"remove", {1, 1, "remove UNIT (vedette edit)", &P::text}},
        {"terrain",
         {3, kAnyCount, "terrain KIND \"NAME\" polygon=x,y;x,y;x,y (vedette edit)", &P::text}},
        {"quit", {0, 0, "quit", &P::quit}},
    };
    return s;
}

TourCommand TourLineParser::seek() const {
    const std::string& v = args_[0];
    if (v == "end") return make(TourKind::seek_end);
    if (v.rfind("event:", 0) == 0) {
        // The replay's own range is checked when the command runs.
        return make(TourKind::seek_event, value("seek event:N", [&] {
                        return app::parse_whole(v.substr(6), 0, std::numeric_limits<int>::max());
                    }));
    }
    if (v.rfind("turn:", 0) == 0) {
        return make(TourKind::seek_turn, value("seek turn:N", [&] {
                        return app::parse_whole(v.substr(5), 0, limits::kMaxTurns);
                    }));
    }
    return make(TourKind::seek_time, value("seek", [&] { return app::parse_replay_seconds(v); }));
}

TourCommand TourLineParser::step() const {
    const std::string& by = args_[0];
    TourStep step;
    if (by == "event")
        step.unit = StepUnit::event;
    else if (by == "phase")
        step.unit = StepUnit::phase;
    else if (by == "turn")
        step.unit = StepUnit::turn;
    else
        fail("cannot step by '" + by + "'");
    if (args_.size() == 2)
        step.count = value("the count", [&] {
            return app::parse_whole(args_[1], -limits::kMaxStepCount, limits::kMaxStepCount);
        });
    if (word_ == "back") step.count = -step.count;
    return make(TourKind::step, step);
}

TourCommand TourLineParser::select() const {
    if (args_[0] == "none") return make(TourKind::select_none);
    return make(TourKind::select, args_[0]);
}

TourCommand TourLineParser::camera() const {
    const std::string& v = args_[0];
    if (v == "at" || v == "move") return camera_place();
    if (args_.size() != 1) fail("wrong number of arguments to camera");
    if (v.rfind("follow:", 0) == 0 && v.size() > 7)
        return make(TourKind::camera_follow, v.substr(7));
    static const std::map<std::string, TourCamera> presets{{"top", TourCamera::top},
                                                           {"director", TourCamera::director},
                                                           {"overview", TourCamera::overview},
                                                           {"orbit", TourCamera::orbit}};
    const auto preset = presets.find(v);
    if (preset == presets.end()) fail("unknown camera '" + v + "'");
    return make(TourKind::camera, preset->second);
}

// camera at|move X Y Z look X Y Z [over SECONDS]: table millimetres within limits::kMaxLengthMm.
TourCommand TourLineParser::camera_place() const {
    const auto& a = args_;
    const bool move = a[0] == "move";
    const std::string what = move ? "camera move" : "camera at";
    if (a.size() != (move ? 10u : 8u) || a[4] != "look" || (move && a[8] != "over"))
        fail("bad " + what);
    const double max = double(limits::kMaxLengthMm);
    TourPlace place;
    for (std::size_t i = 0; i < 3; ++i) {
        place.eye[i] =
            value(what + " X Y Z", [&] { return app::parse_decimal(a[1 + i], -max, max); });
        place.look[i] =
            value(what + " look X Y Z", [&] { return app::parse_decimal(a[5 + i], -max, max); });
    }
    if (place.eye == place.look) fail("the camera must look at a point other than where it stands");
    if (!move) return make(TourKind::camera_at, place);
    place.duration_ms = value("camera move ... over SECONDS", [&] {
        return static_cast<std::int64_t>(app::parse_decimal(a[9], 0.0, limits::kMaxWaitSeconds) *
                                         1000.0);
    });
    return make(TourKind::camera_move, place);
}

// caption TEXT, note NAME: the rest of the line as written (a caption's spacing kept).
TourCommand TourLineParser::text() const {
    if (text_.size() > limits::kMaxNoteTextBytes)
        fail(word_ + " longer than " + std::to_string(limits::kMaxNoteTextBytes) + " bytes");
    return make(word_ == "note"      ? TourKind::note
                : word_ == "what-if" ? TourKind::what_if
                : word_ == "edit"    ? TourKind::edit
                : word_ == "add"     ? TourKind::add_unit
                : word_ == "remove"  ? TourKind::remove_unit
                : word_ == "terrain" ? TourKind::add_terrain
                                     : TourKind::caption,
                text_);
}

TourCommand TourLineParser::ab() const {
    if (args_[0] != "a" && args_[0] != "b") fail("ab expects a or b, not '" + args_[0] + "'");
    return make(TourKind::ab, args_[0] == "b" ? TourSwitch::on : TourSwitch::off);
}

TourCommand TourLineParser::panel() const {
    static const std::map<std::string, TourPanel> panels{{"timeline", TourPanel::timeline},
                                                         {"events", TourPanel::events},
                                                         {"explanation", TourPanel::explanation},
                                                         {"episode", TourPanel::episode},
                                                         {"melee", TourPanel::explanation},
                                                         {"charge", TourPanel::episode},
                                                         {"unit", TourPanel::unit},
                                                         {"rules", TourPanel::rules},
                                                         {"overlays", TourPanel::overlays},
                                                         {"notes", TourPanel::notes},
                                                         {"video", TourPanel::video},
                                                         {"all", TourPanel::all}};
    const auto panel = panels.find(args_[0]);
    if (panel == panels.end()) fail("no panel '" + args_[0] + "'");
    return make(TourKind::panel, TourPanelSwitch{panel->second, on_off(args_[1])});
}

TourCommand TourLineParser::labels() const {
    const auto style = render::parse_label_style(args_[0]);
    if (!style) fail("'" + args_[0] + "' is not name, short or id");
    return make(TourKind::labels, *style);
}

TourCommand TourLineParser::layout() const {
    if (args_[0] == "standard") return make(TourKind::layout, TourLayout::standard);
    if (args_[0] == "presenter") return make(TourKind::layout, TourLayout::presenter);
    fail("'" + args_[0] + "' is not standard or presenter");
}

TourCommand TourLineParser::font() const {
    return make(TourKind::font,
                value("font", [&] { return app::parse_decimal(args_[0], 0.5, 4.0); }));
}

TourCommand TourLineParser::filter() const {
    const auto& a = args_;
    if (a[0] == "clear" && a.size() == 1) return make(TourKind::filter_clear);
    if (a.size() == 2 && a[0] == "unit") return make(TourKind::filter_unit, a[1]);
    if (a.size() == 2 && a[0] == "kind") return make(TourKind::filter_kind, a[1]);
    if (a.size() == 2 && a[0] == "category") return make(TourKind::filter_category, a[1]);
    fail("bad filter");
}

TourCommand TourLineParser::speed() const {
    return make(TourKind::speed, value("speed", [&] {
                    return app::parse_decimal(args_[0], Timeline::kMinSpeed, Timeline::kMaxSpeed);
                }));
}

TourCommand TourLineParser::wait() const {
    const auto& a = args_;
    if (a.size() == 1 && a[0] == "key") return make(TourKind::wait_key);
    if (a.size() == 2) {
        if (a[1] != "frames") fail("bad wait: '" + a[1] + "' is not 'frames'");
        return make(TourKind::wait_frames, value("wait N frames", [&] {
                        return app::parse_whole(a[0], 0, limits::kMaxWaitFrames);
                    }));
    }
    return make(TourKind::wait_time, value("wait", [&] {
                    return static_cast<std::int64_t>(
                        app::parse_decimal(a[0], 0.0, limits::kMaxWaitSeconds) * 1000.0);
                }));
}

TourCommand TourLineParser::size() const {
    const auto s = value("size", [&] { return app::parse_image_size(args_[0]); });
    return make(TourKind::size, TourSize{s.width, s.height});
}

TourCommand TourLineParser::drag() const {
    std::string at;
    for (const auto& v : args_)
        at += std::to_string(value("drag X0 Y0 X1 Y1",
                                   [&] { return app::parse_whole(v, 0, limits::kMaxImageSide); })) +
              " ";
    return make(TourKind::drag, at);
}

TourCommand TourLineParser::wheel() const {
    std::string at;
    for (std::size_t i = 0; i < 3; ++i)
        at += std::to_string(value("wheel X Y NOTCHES",
                                   [&] {
                                       return i < 2 ? app::parse_whole(args_[i], 0,
                                                                       limits::kMaxImageSide)
                                                    : app::parse_whole(args_[i], -20, 20);
                                   })) +
              " ";
    return make(TourKind::wheel, at);
}

TourCommand TourLineParser::click() const {
    const auto at = [&](const std::string& v) {
        return int(
            value("click X Y", [&] { return app::parse_whole(v, 0, limits::kMaxImageSide); }));
    };
    return make(TourKind::click, TourSize{at(args_[0]), at(args_[1])});
}

TourCommand TourLineParser::screenshot() const {
    const std::string& name = args_[0];
    if (name.size() < 5 || name.substr(name.size() - 4) != ".png")
        fail("screenshots are PNG files ending in .png");
    // Relative, without "..": throws an InputError naming this line otherwise.
    sim::resolve_relative_input(file_, where(line_), name);
    return make(TourKind::screenshot, name);
}

// A line without its comment, split into its command word and the rest (trimmed); the word is
// empty for a blank line.
std::pair<std::string, std::string> split_tour_line(std::string line) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string word, rest;
    if (!(words >> word)) return {};
    std::getline(words, rest);
    const auto first = rest.find_first_not_of(" \t\r");
    if (first == std::string::npos) return {word, ""};
    return {word, rest.substr(first, rest.find_last_not_of(" \t\r") + 1 - first)};
}

}  // namespace

Tour parse_tour(const std::string& text, const std::string& file) {
    Tour tour;
    tour.file = file;
    std::istringstream in(text);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.find('\0') != std::string::npos)
            throw sim::InputError(file, where(number), "a NUL byte: a tour is a text file");
        auto [word, rest] = split_tour_line(line);
        if (word.empty()) continue;
        tour.commands.push_back(
            TourLineParser(file, number, std::move(word), std::move(rest)).parse());
    }
    return tour;
}

bool runs_unattended(const Tour& tour) {
    return std::any_of(tour.commands.begin(), tour.commands.end(),
                       [](const TourCommand& c) { return c.kind == TourKind::quit; });
}

Tour load_tour(const std::string& path) {
    return parse_tour(sim::read_input_file(path, limits::kMaxTourFileBytes), path);
}

std::string screenshot_path(const Tour& tour, const TourCommand& c) {
    return sim::resolve_relative_input(tour.file, where(c.line), c.arg<std::string>());
}

}  // namespace vedette::viewer
