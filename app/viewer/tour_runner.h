#pragma once
// Runs a tour one command at a time between frames. Commands that change what is shown act on the
// model at once; `wait` holds the tour for wall time or frames; `wait key` until the presenter
// presses Space, Right or PageDown (a clicker), or 1 s in a tour that runs unattended (one with
// `quit`); `camera move` holds it while the camera glides; `screenshot` asks the viewer for the
// next settled frame's pixels; `size` resizes the window; `quit` ends the viewer.

#include <array>
#include <chrono>
#include <optional>
#include <string>

#include "app/viewer/tour_script.h"
#include "app/viewer/viewer_model.h"

namespace vedette::viewer {

struct TourRequests {
    std::optional<std::string> screenshot;  // PNG path, resolved against the tour's folder
    std::optional<std::pair<int, int>> resize;
    std::optional<std::pair<int, int>> click;  // a left click at this window pixel
    std::optional<std::array<int, 4>> drag;    // a left drag from x0, y0 to x1, y1
    std::optional<std::array<int, 3>> wheel;   // the wheel turned at x, y by notches
    bool quit = false;
    bool stepped = false;  // a seek or step happened (for step-latency figures)
};

class TourRunner {
public:
    explicit TourRunner(Tour tour) : tour_(std::move(tour)), unattended_(runs_unattended(tour_)) {}
    // Runs commands until one must wait for later frames. `model` is null while the viewer shows
    // an error dialog (only wait, screenshot, size and quit then make sense). Throws
    // sim::InputError naming the line for commands that do not fit this replay (unknown unit).
    TourRequests run(ViewerModel* model, std::chrono::steady_clock::time_point now);
    // The viewer took the screenshot that was asked for.
    void screenshot_done() { waiting_for_screenshot_ = false; }
    bool finished() const { return next_ >= tour_.commands.size() && !waiting_for_screenshot_; }

private:
    // Holds the tour while an earlier command's wait, key, glide or screenshot is not over.
    bool still_waiting(ViewerModel* model, std::chrono::steady_clock::time_point now);
    // Runs one command; true when the tour holds there until a later frame. Without a model (the
    // error dialog) only the commands that wait or ask something of the window act.
    bool run_command(const TourCommand& c, ViewerModel* model,
                     std::chrono::steady_clock::time_point now, TourRequests& r);
    // The commands that change what the model shows, each by its kind.
    void apply(const TourCommand& c, ViewerModel& m, TourRequests& r) const;
    void move_playhead(const TourCommand& c, ViewerModel& m) const;
    void seek_event(const TourCommand& c, ViewerModel& m) const;
    void seek_turn(const TourCommand& c, ViewerModel& m) const;
    void jump_to_note(const TourCommand& c, ViewerModel& m) const;
    void follow(const TourCommand& c, ViewerModel& m) const;
    // The roster index of the unit the command names; fails naming some of the replay's units.
    int unit_of(const TourCommand& c, const ViewerModel& m) const;
    [[noreturn]] void fail(const TourCommand& c, const std::string& what) const;
    std::string kind_of(const TourCommand& c, const ViewerModel& m, const std::string& kind) const;
    sim::record::Category category_of(const TourCommand& c, const std::string& name) const;
    // The screenshot's PNG path (against the tour's folder); fails when it or its .txt may not be
    // written: a symlink, not a regular file, or no such folder.
    std::string screenshot_target(const TourCommand& c) const;
    // `camera move`: from the camera shown now to the command's, eased over its seconds.
    struct CameraMove {
        glm::vec3 from_eye, from_look, to_eye, to_look;
        std::chrono::steady_clock::time_point start;
        std::int64_t duration_ms = 0;
    };
    void start_move(const TourCommand& c, ViewerModel& m,
                    std::chrono::steady_clock::time_point now);
    // Places the camera for `now`; true once the move is complete.
    bool advance_move(ViewerModel& m, std::chrono::steady_clock::time_point now) const;
    // Runs `wait key`: a key in the window, or a fixed short wait when nobody is there to press.
    void wait_for_key(ViewerModel* model, std::chrono::steady_clock::time_point now);
    Tour tour_;
    bool unattended_ = false;
    bool waiting_for_key_ = false;
    std::optional<CameraMove> move_;
    std::size_t next_ = 0;
    std::optional<std::chrono::steady_clock::time_point> wait_until_;
    std::int64_t wait_frames_ = 0;
    bool waiting_for_screenshot_ = false;
};

}  // namespace vedette::viewer
