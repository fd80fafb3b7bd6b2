#include "app/viewer/tour_script.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "sim/core/input_error.h"

namespace vedette::viewer {

namespace {
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
        {"camera", {1, 1, "camera top|director|overview|orbit|follow:UNIT"}},
        {"panel", {2, 2, "panel timeline|events|melee|charge|unit|rules|overlays|all on|off|toggle"}},
        {"filter", {1, 2, "filter unit UNIT | filter kind KIND | filter clear"}},
        {"play", {0, 0, "play"}},
        {"pause", {0, 0, "pause"}},
        {"speed", {1, 1, "speed X (0.25 to 8)"}},
        {"wait", {1, 2, "wait SECONDS | wait N frames"}},
        {"size", {1, 1, "size WxH"}},
        {"screenshot", {1, 1, "screenshot FILE.png"}},
        {"quit", {0, 0, "quit"}},
    };
    return s;
}

bool is_number(const std::string& s, bool allow_sign = true) {
    if (s.empty()) return false;
    char* end = nullptr;
    std::strtod(s.c_str(), &end);
    return *end == 0 && (allow_sign || s[0] != '-');
}

bool is_int(const std::string& s) {
    if (s.empty()) return false;
    char* end = nullptr;
    std::strtol(s.c_str(), &end, 10);
    return *end == 0;
}

void check_args(const TourCommand& c, const std::string& file) {
    const Shape& shape = shapes().at(c.name);
    auto fail = [&](const std::string& what) {
        throw sim::InputError(file, "line " + std::to_string(c.line), what + " (expected `" + shape.usage + "`)");
    };
    if (c.args.size() < shape.min_args || c.args.size() > shape.max_args) fail("wrong number of arguments to " + c.name);
    const auto& a = c.args;
    if (c.name == "seek") {
        const std::string& v = a[0];
        const bool ok = v == "end" || is_number(v, false) ||
                        ((v.rfind("event:", 0) == 0 || v.rfind("turn:", 0) == 0) && is_int(v.substr(v.find(':') + 1)));
        if (!ok) fail("cannot seek to '" + v + "'");
    } else if (c.name == "step" || c.name == "back") {
        if (a[0] != "event" && a[0] != "phase" && a[0] != "turn") fail("cannot step by '" + a[0] + "'");
        if (a.size() == 2 && !is_int(a[1])) fail("the count '" + a[1] + "' is not a whole number");
    } else if (c.name == "panel") {
        static const std::vector<std::string> names{"timeline", "events", "melee", "charge", "unit", "rules", "overlays", "all"};
        if (std::find(names.begin(), names.end(), a[0]) == names.end()) fail("no panel '" + a[0] + "'");
        if (a[1] != "on" && a[1] != "off" && a[1] != "toggle") fail("'" + a[1] + "' is not on, off or toggle");
    } else if (c.name == "filter") {
        if (a[0] == "clear" ? a.size() != 1 : (a.size() != 2 || (a[0] != "unit" && a[0] != "kind")))
            fail("bad filter");
    } else if (c.name == "speed") {
        if (!is_number(a[0], false) || std::strtod(a[0].c_str(), nullptr) < 0.25 || std::strtod(a[0].c_str(), nullptr) > 8)
            fail("speed '" + a[0] + "' is not between 0.25 and 8");
    } else if (c.name == "wait") {
        if (a.size() == 1 ? !is_number(a[0], false) : (!is_int(a[0]) || a[1] != "frames")) fail("bad wait");
    } else if (c.name == "size") {
        const auto x = a[0].find('x');
        if (x == std::string::npos || !is_int(a[0].substr(0, x)) || !is_int(a[0].substr(x + 1)) ||
            std::atoi(a[0].c_str()) < 64 || std::atoi(a[0].c_str() + x + 1) < 64)
            fail("size '" + a[0] + "' is not WIDTHxHEIGHT of at least 64x64");
    } else if (c.name == "screenshot") {
        if (a[0].size() < 5 || a[0].substr(a[0].size() - 4) != ".png") fail("screenshots are PNG files ending in .png");
    }
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
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream words(line);
        TourCommand c;
        c.line = number;
        if (!(words >> c.name)) continue;
        for (std::string w; words >> w;) c.args.push_back(w);
        if (!shapes().count(c.name)) {
            std::string known;
            for (const auto& [name, shape] : shapes()) known += (known.empty() ? "" : ", ") + name;
            throw sim::InputError(file, "line " + std::to_string(number),
                                  "unknown command '" + c.name + "' (expected one of " + known + ")");
        }
        check_args(c, file);
        tour.commands.push_back(std::move(c));
    }
    return tour;
}

Tour load_tour(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw sim::InputError(path, "file", "cannot open the tour script");
    std::ostringstream s;
    s << f.rdbuf();
    return parse_tour(s.str(), path);
}

}  // namespace vedette::viewer
