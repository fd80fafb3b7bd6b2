#include "app/interrupt.h"

#include <pthread.h>
#include <unistd.h>
#include <csignal>
#include <cstdio>
#include <thread>

#include "sim/core/cleanup.h"

namespace vedette::app {

namespace {

sigset_t interrupt_signals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    return set;
}

std::atomic<std::atomic<bool>*> g_stop_flag{nullptr};

void watch(sigset_t set) {
    int sig = 0;
    for (;;) {
        while (sigwait(&set, &sig) != 0) {
        }
        std::atomic<bool>* flag = g_stop_flag.load();
        if (sig != SIGINT || !flag || flag->exchange(true)) break;
        std::fprintf(stderr,
                     "\ninterrupted (SIGINT): stopping early with what is done; Ctrl-C again "
                     "to quit at once\n");
        std::fflush(stderr);
    }
    const char* name = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
    std::fprintf(stderr, "\ninterrupted (%s): stopping and removing unfinished output\n", name);
    std::fflush(stderr);
    sim::cleanup::run_all();
    ::_exit(128 + sig);
}

}  // namespace

void stop_on_interrupt(std::atomic<bool>* flag) {
    g_stop_flag = flag;
}

void install_interrupt_handling() {
    // Writing to a closed pipe (ffmpeg gone, `vedette events | head`) is an error to report, not a
    // reason to die silently.
    std::signal(SIGPIPE, SIG_IGN);
    sigset_t set = interrupt_signals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread(watch, set).detach();
}

}  // namespace vedette::app
