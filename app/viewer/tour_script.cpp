#include "app/viewer/tour_script.h"

#include <algorithm>
#include <limits>
#include <map>
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

struct Shape {
    std::size_t min_args, max_args;
    const char* usage;
};

const std::map<std::string, Shape>& shapes() {
    static const std::map<std::string, Shape> s{
        {"seek", {1, 1, "seek SECONDS | seek event:N | seek turn:N | seek end"}},
        {"step", {1, 2, "step event|phase|turn [COUNT]"}},
        {"back", {1, 2, "back event|phase|turn [COUNT]"}},
        {"select", {1, 1, "select UNIT | select none"}},
        {"camera",
         {1, 10,
          "camera top|director|overview|orbit|follow:UNIT | camera at X Y Z look X Y Z | "
          "camera move X Y Z look X Y Z over SECONDS"}},
        {"caption", {0, kAnyCount, "caption TEXT | caption"}},
        {"note", {1, kAnyCount, "note NAME"}},
        {"panel",
         {2, 2,
          "panel timeline|events|explanation|episode|unit|rules|overlays|notes|all "
          "on|off|toggle"}},
        {"counters", {1, 1, "counters on|off|toggle"}},
        {"labels", {1, 1, "labels name|short|id"}},
        {"layout", {1, 1, "layout standard|presenter"}},
        {"font", {1, 1, "font SCALE (0.5 to 4)"}},
        {"filter",
         {1, 2, "filter unit UNIT | filter category CATEGORY | filter kind KIND | filter clear"}},
        {"play", {0, 0, "play"}},
        {"pause", {0, 0, "pause"}},
        {"speed", {1, 1, "speed X (0.25 to 8)"}},
        {"wait", {1, 2, "wait SECONDS | wait N frames | wait key"}},
        {"size", {1, 1, "size WxH"}},
        {"screenshot", {1, 1, "screenshot FILE.png"}},
        {"quit", {0, 0, "quit"}},
    };
    return s;
}

std::string where(const TourCommand& c) {
    return "line " + std::to_string(c.line);
}

// Checks one command's arguments and fills its values; `fail` throws.
class Checker {
public:
    Checker(TourCommand& c, const std::string& file) : c_(c), file_(file) {}

    void run();

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw sim::InputError(file_, where(c_),
                              what + " (expected `" + shapes().at(c_.name).usage + "`)");
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
    void seek();
    void step();
    void wait();
    void screenshot();
    void camera();
    void camera_place(std::size_t first, const char* what);
    void caption();

    TourCommand& c_;
    const std::string& file_;
};

void Checker::run() {
    const auto& a = c_.args;
    if (a.size() < shapes().at(c_.name).min_args || a.size() > shapes().at(c_.name).max_args)
        fail("wrong number of arguments to " + c_.name);
    if (c_.name == "seek") return seek();
    if (c_.name == "step" || c_.name == "back") return step();
    if (c_.name == "wait") return wait();
    if (c_.name == "screenshot") return screenshot();
    if (c_.name == "camera") return camera();
    if (c_.name == "caption" || c_.name == "note") return caption();
    if (c_.name == "panel") {
        // "melee" and "charge": the old names of the explanation and episode panels.
        static const std::vector<std::string> names{"timeline", "events", "explanation", "episode",
                                                    "melee",    "charge", "unit",        "rules",
                                                    "overlays", "notes",  "all"};
        if (std::find(names.begin(), names.end(), a[0]) == names.end())
            fail("no panel '" + a[0] + "'");
        if (a[1] != "on" && a[1] != "off" && a[1] != "toggle")
            fail("'" + a[1] + "' is not on, off or toggle");
    } else if (c_.name == "layout") {
        if (a[0] != "standard" && a[0] != "presenter")
            fail("'" + a[0] + "' is not standard or presenter");
    } else if (c_.name == "font") {
        c_.font_scale = value("font", [&] { return app::parse_decimal(a[0], 0.5, 4.0); });
    } else if (c_.name == "labels") {
        if (!render::parse_label_style(a[0])) fail("'" + a[0] + "' is not name, short or id");
    } else if (c_.name == "counters") {
        if (a[0] != "on" && a[0] != "off" && a[0] != "toggle")
            fail("'" + a[0] + "' is not on, off or toggle");
    } else if (c_.name == "filter") {
        if (a[0] == "clear"
                ? a.size() != 1
                : (a.size() != 2 || (a[0] != "unit" && a[0] != "kind" && a[0] != "category")))
            fail("bad filter");
    } else if (c_.name == "speed") {
        c_.speed = value("speed", [&] {
            return app::parse_decimal(a[0], Timeline::kMinSpeed, Timeline::kMaxSpeed);
        });
    } else if (c_.name == "size") {
        const auto s = value("size", [&] { return app::parse_image_size(a[0]); });
        c_.width = s.width;
        c_.height = s.height;
    }
}

void Checker::seek() {
    const std::string& v = c_.args[0];
    if (v == "end") return;
    if (v.rfind("event:", 0) == 0) {
        // The replay's own range is checked when the command runs.
        c_.count = value("seek event:N", [&] {
            return app::parse_whole(v.substr(6), 0, std::numeric_limits<int>::max());
        });
    } else if (v.rfind("turn:", 0) == 0) {
        c_.count = value("seek turn:N",
                         [&] { return app::parse_whole(v.substr(5), 0, limits::kMaxTurns); });
    } else {
        c_.time_ms = value("seek", [&] { return app::parse_replay_seconds(v); });
    }
}

void Checker::step() {
    const auto& a = c_.args;
    if (a[0] != "event" && a[0] != "phase" && a[0] != "turn") fail("cannot step by '" + a[0] + "'");
    c_.count = 1;
    if (a.size() == 2)
        c_.count = value("the count", [&] {
            return app::parse_whole(a[1], -limits::kMaxStepCount, limits::kMaxStepCount);
        });
}

void Checker::wait() {
    const auto& a = c_.args;
    if (a.size() == 1 && a[0] == "key") return;
    if (a.size() == 2) {
        if (a[1] != "frames") fail("bad wait: '" + a[1] + "' is not 'frames'");
        c_.count = value("wait N frames",
                         [&] { return app::parse_whole(a[0], 0, limits::kMaxWaitFrames); });
        return;
    }
    c_.time_ms = value("wait", [&] {
        return static_cast<std::int64_t>(app::parse_decimal(a[0], 0.0, limits::kMaxWaitSeconds) *
                                         1000.0);
    });
}

void Checker::screenshot() {
    const std::string& name = c_.args[0];
    if (name.size() < 5 || name.substr(name.size() - 4) != ".png")
        fail("screenshots are PNG files ending in .png");
    // Relative, without "..": throws an InputError naming this line otherwise.
    sim::resolve_relative_input(file_, where(c_), name);
}

void Checker::camera() {
    const auto& a = c_.args;
    if (a[0] == "at" || a[0] == "move") {
        const bool move = a[0] == "move";
        if (a.size() != (move ? 10u : 8u) || a[4] != "look" || (move && a[8] != "over"))
            fail(move ? "bad camera move" : "bad camera at");
        camera_place(1, move ? "camera move" : "camera at");
        if (move)
            c_.time_ms = value("camera move ... over SECONDS", [&] {
                return static_cast<std::int64_t>(
                    app::parse_decimal(a[9], 0.0, limits::kMaxWaitSeconds) * 1000.0);
            });
        return;
    }
    if (a.size() != 1) fail("wrong number of arguments to camera");
    const bool follow = a[0].rfind("follow:", 0) == 0 && a[0].size() > 7;
    if (!follow && a[0] != "top" && a[0] != "director" && a[0] != "overview" && a[0] != "orbit")
        fail("unknown camera '" + a[0] + "'");
}

// X Y Z look X Y Z from args[first]: table millimetres within limits::kMaxLengthMm.
void Checker::camera_place(std::size_t first, const char* what) {
    const double max = double(limits::kMaxLengthMm);
    for (std::size_t i = 0; i < 3; ++i) {
        c_.eye[i] = value(std::string(what) + " X Y Z",
                          [&] { return app::parse_decimal(c_.args[first + i], -max, max); });
        c_.look[i] = value(std::string(what) + " look X Y Z",
                           [&] { return app::parse_decimal(c_.args[first + 4 + i], -max, max); });
    }
    if (c_.eye == c_.look) fail("the camera must look at a point other than where it stands");
}

void Checker::caption() {
    if (c_.text.size() > limits::kMaxNoteTextBytes)
        fail(c_.name + " longer than " + std::to_string(limits::kMaxNoteTextBytes) + " bytes");
}

[[noreturn]] void unknown_command(const TourCommand& c, const std::string& file) {
    std::string known;
    for (const auto& [name, shape] : shapes()) known += (known.empty() ? "" : ", ") + name;
    throw sim::InputError(file, where(c),
                          "unknown command '" + c.name + "' (expected one of " + known + ")");
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
            throw sim::InputError(file, "line " + std::to_string(number),
                                  "a NUL byte: a tour is a text file");
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream words(line);
        TourCommand c;
        c.line = number;
        if (!(words >> c.name)) continue;
        // The rest of the line as written (a caption's spacing, a bookmark's name), then its words.
        std::getline(words, c.text);
        const auto first = c.text.find_first_not_of(" \t\r");
        c.text = first == std::string::npos
                     ? std::string()
                     : c.text.substr(first, c.text.find_last_not_of(" \t\r") + 1 - first);
        std::istringstream rest(c.text);
        for (std::string w; rest >> w;) c.args.push_back(w);
        if (!shapes().count(c.name)) unknown_command(c, file);
        Checker(c, file).run();
        tour.commands.push_back(std::move(c));
    }
    return tour;
}

bool runs_unattended(const Tour& tour) {
    return std::any_of(tour.commands.begin(), tour.commands.end(),
                       [](const TourCommand& c) { return c.name == "quit"; });
}

Tour load_tour(const std::string& path) {
    return parse_tour(sim::read_input_file(path, limits::kMaxTourFileBytes), path);
}

std::string screenshot_path(const Tour& tour, const TourCommand& c) {
    return sim::resolve_relative_input(tour.file, where(c), c.args.at(0));
}

}  // namespace vedette::viewer
