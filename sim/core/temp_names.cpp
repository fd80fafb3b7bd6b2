#include "sim/core/temp_names.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

namespace vedette::sim {

namespace {

namespace fs = std::filesystem;

constexpr const char* kTempMark = ".tmp-";
// Linux PIDs have at most 7 digits (pid_max is at most 2^22); more is not one of our names.
constexpr std::size_t kMaxPidDigits = 9;
// The boot time is in whole seconds and a file's time is set by its file system's clock: a
// process counts as started after a temporary only when it did by more than this.
constexpr double kClockSlackSeconds = 2;
// Field 22 of /proc/PID/stat: the process's start, in clock ticks after boot.
constexpr int kStartTimeField = 22;

// The PID in "NAME.tmp-PID-..." when `entry` starts with `prefix` ("NAME.tmp-"); 0 otherwise.
pid_t owner_in_name(const std::string& entry, const std::string& prefix) {
    if (entry.size() <= prefix.size() || entry.compare(0, prefix.size(), prefix) != 0) return 0;
    std::size_t i = prefix.size();
    long pid = 0;
    for (; i < entry.size() && entry[i] >= '0' && entry[i] <= '9'; ++i) {
        if (i - prefix.size() >= kMaxPidDigits) return 0;
        pid = pid * 10 + (entry[i] - '0');
    }
    if (i == prefix.size() || i == entry.size() || entry[i] != '-') return 0;
    return static_cast<pid_t>(pid);
}

std::optional<double> boot_time() {
    std::ifstream in("/proc/stat");
    for (std::string key; in >> key;) {
        if (key == "btime") {
            double seconds = 0;
            if (in >> seconds) return seconds;
            return std::nullopt;
        }
        in.ignore(1 << 20, '\n');
    }
    return std::nullopt;
}

// When process `pid` started, in seconds since the epoch; nullopt when that cannot be read.
std::optional<double> process_start(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line)) return std::nullopt;
    // The fields are counted after the command name, in parentheses (it may hold spaces).
    const auto close = line.rfind(')');
    if (close == std::string::npos) return std::nullopt;
    std::istringstream fields(line.substr(close + 1));
    std::string skipped;
    for (int field = 3; field < kStartTimeField; ++field)
        if (!(fields >> skipped)) return std::nullopt;
    double ticks = 0;
    const long per_second = ::sysconf(_SC_CLK_TCK);
    const auto boot = boot_time();
    if (!(fields >> ticks) || per_second <= 0 || !boot) return std::nullopt;
    return *boot + ticks / double(per_second);
}

// True when the process that named a temporary (last written at `st`'s modification time) is gone.
bool owner_gone(pid_t pid, const struct stat& st) {
    if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
    // A process has that PID. The owner started before it wrote the temporary; one that started
    // after is another process that got the PID again.
    const auto started = process_start(pid);
    return started && *started > double(st.st_mtime) + kClockSlackSeconds;
}

}  // namespace

std::string temp_template_beside(const std::string& path) {
    return path + kTempMark + std::to_string(::getpid()) + "-XXXXXX";
}

void remove_stale_temps(const std::string& path) {
    std::string name = path;
    while (name.size() > 1 && name.back() == '/') name.pop_back();  // "frames/" is "frames"
    const fs::path target(name);
    if (target.filename().empty()) return;
    const std::string prefix = target.filename().string() + kTempMark;
    const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    std::vector<fs::path> stale;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path entry = it->path();
        const pid_t pid = owner_in_name(entry.filename().string(), prefix);
        struct stat st {};
        if (pid > 0 && ::lstat(entry.c_str(), &st) == 0 && owner_gone(pid, st))
            stale.push_back(entry);
    }
    for (const auto& entry : stale) {
        std::error_code ignored;         // a concurrent run may have removed it first
        fs::remove_all(entry, ignored);  // a symbolic link is removed itself, never followed
    }
}

}  // namespace vedette::sim
