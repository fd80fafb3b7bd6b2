#pragma once
// Ctrl-C, SIGTERM and SIGHUP end any command within a second and leave nothing behind. The
// signals are blocked in every thread and taken by one watcher thread with sigwait(), which runs
// sim::cleanup::run_all() (stopping ffmpeg, deleting temporary files and folders) and exits with
// 128 + the signal number. No code elsewhere has to poll a flag or survive a signal mid-write.

#include <atomic>

namespace vedette::app {

// Call first in main(), before any other thread starts (threads inherit the blocked mask).
void install_interrupt_handling();

// A command that can end early with what it has (`vedette odds`) asks for the first Ctrl-C as a
// request: while `flag` is registered, the first SIGINT sets it (and says so on stderr) instead of
// exiting; a second one, or SIGTERM or SIGHUP, exits as above. nullptr unregisters.
void stop_on_interrupt(std::atomic<bool>* flag);

}  // namespace vedette::app
