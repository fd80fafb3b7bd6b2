#pragma once
// Ctrl-C, SIGTERM and SIGHUP end any command within a second and leave nothing behind. The
// signals are blocked in every thread and taken by one watcher thread with sigwait(), which runs
// sim::cleanup::run_all() (stopping ffmpeg, deleting temporary files and folders) and exits with
// 128 + the signal number. No code elsewhere has to poll a flag or survive a signal mid-write.

namespace vedette::app {

// Call first in main(), before any other thread starts (threads inherit the blocked mask).
void install_interrupt_handling();

}  // namespace vedette::app
