// Tour scripts: every command parses; mistakes name the file, line and the expected form.

#include <gtest/gtest.h>

#include "app/viewer/tour_script.h"
#include "sim/core/input_error.h"

namespace vedette::viewer {
namespace {

TEST(TourScript, ParsesEveryCommand) {
    const Tour t = parse_tour(R"(# a tour
seek 12.5
seek event:55
seek turn:2
seek end
step event
step phase -2
back turn
select f_cuir_1
select none
camera follow:f_cuir_1
panel melee off
panel all on
filter unit f_cuir_1
filter kind melee
filter clear
play
pause
speed 0.5
wait 1.5
wait 3 frames   # trailing comment
size 800x600
screenshot out/a.png
quit
)",
                              "tour.txt");
    ASSERT_EQ(t.commands.size(), 23u);
    EXPECT_EQ(t.commands[0].name, "seek");
    EXPECT_EQ(t.commands[0].args[0], "12.5");
    EXPECT_EQ(t.commands[0].line, 2);
    EXPECT_EQ(t.commands[5].args[1], "-2");
    EXPECT_EQ(t.commands[19].args, (std::vector<std::string>{"3", "frames"}));
    EXPECT_EQ(t.commands.back().name, "quit");
}

void expect_error(const std::string& text, const std::string& where, const std::string& words) {
    try {
        parse_tour(text, "tour.txt");
        FAIL() << "no error for: " << text;
    } catch (const sim::InputError& e) {
        EXPECT_EQ(e.file(), "tour.txt");
        EXPECT_EQ(e.where(), where) << e.what();
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

TEST(TourScript, NamesTheLineAndTheExpectedForm) {
    expect_error("seek 1\nfly away\n", "line 2", "unknown command 'fly'");
    expect_error("step sideways\n", "line 1", "step event|phase|turn");
    expect_error("step event two\n", "line 1", "not a whole number");
    expect_error("seek event:x\n", "line 1", "cannot seek");
    expect_error("panel map on\n", "line 1", "no panel 'map'");
    expect_error("speed 20\n", "line 1", "between 0.25 and 8");
    expect_error("screenshot a.jpg\n", "line 1", ".png");
    expect_error("size 10x10\n", "line 1", "64x64");
    expect_error("\n\nwait 3 seconds\n", "line 3", "bad wait");
    expect_error("quit now\n", "line 1", "wrong number of arguments");
}

TEST(TourScript, MissingFileIsAnInputError) {
    EXPECT_THROW(load_tour("/nonexistent/tour.txt"), sim::InputError);
}

}  // namespace
}  // namespace vedette::viewer
