#include "sim/core/cleanup.h"

#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <filesystem>
#include <map>
#include <mutex>

namespace vedette::sim::cleanup {

namespace {

enum class Kind { file, folder, process };
struct Entry {
    Kind kind;
    std::string path;
    pid_t pid = -1;
};

std::mutex& lock() {
    static std::mutex m;
    return m;
}
std::map<Token, Entry>& entries() {
    static std::map<Token, Entry> e;
    return e;
}
Token g_next = 1;

Token add(Entry e) {
    std::lock_guard guard(lock());
    const Token t = g_next++;
    entries().emplace(t, std::move(e));
    return t;
}

}  // namespace

Token add_file(const std::string& path) {
    return add({Kind::file, path});
}
Token add_folder(const std::string& path) {
    return add({Kind::folder, path});
}
Token add_process(pid_t pid) {
    return add({Kind::process, {}, pid});
}

void forget(Token token) {
    std::lock_guard guard(lock());
    entries().erase(token);
}

void run_all() {
    std::lock_guard guard(lock());
    // Stop children first: an encoder still running would keep writing its output.
    for (const auto& [t, e] : entries())
        if (e.kind == Kind::process && e.pid > 0) {
            ::kill(e.pid, SIGKILL);
            ::waitpid(e.pid, nullptr, 0);
        }
    for (const auto& [t, e] : entries()) {
        std::error_code ec;
        if (e.kind == Kind::file) std::filesystem::remove(e.path, ec);
        if (e.kind == Kind::folder) std::filesystem::remove_all(e.path, ec);
    }
    entries().clear();
}

}  // namespace vedette::sim::cleanup
