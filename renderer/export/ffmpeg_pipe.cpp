#include "renderer/export/ffmpeg_pipe.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "renderer/export/yuv420.h"
#include "renderer/image_io.h"
#include "sim/core/atomic_file.h"
#include "sim/core/temp_names.h"

extern char** environ;

namespace vedette::render {

namespace {

using Clock = std::chrono::steady_clock;

std::string folder_of(const std::string& path) {
    const auto parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

// Starts ffmpeg with its standard input on `stdin_fd`, its errors into `log_fd` and, when
// `out_fd` >= 0, that file as its descriptor 3. Signals are restored to their defaults in the
// child (the parent blocks them for its watcher thread, and a blocked mask survives exec).
pid_t spawn_ffmpeg(const std::string& ffmpeg, std::vector<std::string>& args, int stdin_fd,
                   int log_fd, int out_fd) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, stdin_fd, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, log_fd, 2);
    if (out_fd >= 0) posix_spawn_file_actions_adddup2(&actions, out_fd, 3);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    for (int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) sigaddset(&defaults, s);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, ffmpeg.c_str(), &actions, &attr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) throw std::runtime_error("cannot start " + ffmpeg + ": " + std::strerror(rc));
    return pid;
}

// kStallSeconds, or $VEDETTE_FFMPEG_STALL_SECONDS (1 to 3600) where set: tests use a short one.
int stall_seconds() {
    if (const char* env = std::getenv("VEDETTE_FFMPEG_STALL_SECONDS")) {
        char* end = nullptr;
        const long v = std::strtol(env, &end, 10);
        if (*env && !*end && v >= 1 && v <= 3600) return static_cast<int>(v);
    }
    return FfmpegPipe::kStallSeconds;
}

}  // namespace

std::string find_on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    if (!path) return {};
    std::stringstream ss(path);
    std::string dir;
    while (std::getline(ss, dir, ':')) {
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return {};
}

std::optional<VideoFormat> video_format_of(const std::string& path) {
    const std::string ext = lowercase_extension(path);
    if (ext == "mp4") return VideoFormat::mp4;
    if (ext == "webm") return VideoFormat::webm;
    if (ext == "gif") return VideoFormat::gif;
    return std::nullopt;
}

namespace {

// The encoder's part of ffmpeg's command line, after the input.
std::vector<std::string> encoder_args(VideoFormat format, int crf, int fps) {
    const int f = static_cast<int>(format);
    const std::string q = std::to_string(crf < 0 ? kDefaultCrf[f] : crf);
    switch (format) {
        case VideoFormat::webm:
            // Constant quality (-b:v 0), fast enough to keep up with lavapipe's frames.
            return {"-c:v",      "libvpx-vp9", "-crf",      q,   "-b:v",    "0",
                    "-deadline", "realtime",   "-cpu-used", "8", "-row-mt", "1",
                    "-pix_fmt",  "yuv420p",    "-threads",  "2", "-f",      "webm"};
        case VideoFormat::gif: {
            // One palette made for the whole clip, at most 15 frames a second (GIFs are big).
            const std::string rate = std::to_string(std::min(fps, 15));
            return {
                "-vf",
                "fps=" + rate +
                    ",split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer",
                "-loop",
                "0",
                "-f",
                "gif"};
        }
        case VideoFormat::mp4:
            break;
    }
    return {"-c:v",    "libx264",  "-preset", "veryfast",  "-crf",       q,    "-pix_fmt",
            "yuv420p", "-threads", "2",       "-movflags", "+faststart", "-f", "mp4"};
}

}  // namespace

FfmpegPipe::FfmpegPipe(const std::string& output, std::uint32_t width, std::uint32_t height,
                       int fps, VideoFormat format, int crf, const std::string& chapters)
    : output_(output),
      width_(width),
      height_(height),
      // The video encoders take 4:2:0: converted here, the pipe carries 1.5 bytes a pixel.
      yuv_(format != VideoFormat::gif && fits_yuv420(width, height)),
      frame_bytes_(std::size_t(width) * height * (yuv_ ? 3 : 8) / 2) {
    const std::string ffmpeg = find_on_path("ffmpeg");
    if (ffmpeg.empty())
        throw std::runtime_error(
            "ffmpeg was not found on PATH: install the Debian package 'ffmpeg' (apt-get install "
            "ffmpeg)");
    // Only the instant between naming a finished video and renaming it (give_name) leaves a
    // named temporary to a `kill -9`; it is removed here, by the next export to the same file.
    sim::remove_stale_temps(output);
    out_fd_ = ::open(folder_of(output).c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0644);
    std::string target = "file:/proc/self/fd/3";
    if (out_fd_ < 0) {
        if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
            throw std::runtime_error(output + ": cannot create the video in \"" +
                                     folder_of(output) + "\": " + std::strerror(errno));
        temp_ = sim::create_temp_beside(output);  // a file system without O_TMPFILE
        temp_token_ = sim::cleanup::add_file(temp_);
        target = "file:" + temp_;
    }
    log_fd_ = ::memfd_create("vedette-ffmpeg-log", MFD_CLOEXEC);
    if (log_fd_ < 0)
        throw std::runtime_error(std::string("cannot create ffmpeg's log: ") +
                                 std::strerror(errno));
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    const std::string rate = std::to_string(fps);
    std::vector<std::string> args = {
        ffmpeg,  "-hide_banner", "-loglevel", "error",    "-nostdin",
        "-y",    "-f",           "rawvideo",  "-pix_fmt", yuv_ ? "yuv420p" : "rgba",
        "-s",    size,           "-r",        rate,       "-i",
        "pipe:0"};
    if (!chapters.empty() && format != VideoFormat::gif) add_chapters(chapters, args);
    for (auto& a : encoder_args(format, crf, fps)) args.push_back(std::move(a));
    args.push_back(target);
    int pipefd[2];
    if (::pipe2(pipefd, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string("cannot create a pipe for ffmpeg: ") +
                                 std::strerror(errno));
    try {
        pid_ = spawn_ffmpeg(ffmpeg, args, pipefd[0], log_fd_, out_fd_);
    } catch (...) {
        ::close(pipefd[0]);
        ::close(pipefd[1]);
        throw;
    }
    pid_token_ = sim::cleanup::add_process(pid_);
    ::close(pipefd[0]);
    fd_ = pipefd[1];
    // Writes never block: a stalled ffmpeg is noticed (write_frame) instead of hanging the export.
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
}

FfmpegPipe::~FfmpegPipe() {
    if (pid_ > 0 || out_fd_ >= 0 || !temp_.empty()) abandon();
    if (log_fd_ >= 0) ::close(log_fd_);
    if (chapters_fd_ >= 0) ::close(chapters_fd_);
}

// The chapters as ffmpeg's second input, read from this process's memfd by its /proc path (no
// file is left anywhere), their chapter list mapped into the output.
void FfmpegPipe::add_chapters(const std::string& metadata, std::vector<std::string>& args) {
    chapters_fd_ = ::memfd_create("vedette-chapters", MFD_CLOEXEC);
    if (chapters_fd_ < 0 ||
        ::write(chapters_fd_, metadata.data(), metadata.size()) != ssize_t(metadata.size()))
        throw std::runtime_error(std::string("cannot hold the chapters for ffmpeg: ") +
                                 std::strerror(errno));
    const std::string path =
        "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(chapters_fd_);
    for (const char* a : {"-f", "ffmetadata", "-i"}) args.push_back(a);
    args.push_back(path);
    for (const char* a : {"-map", "0:v", "-map_metadata", "1", "-map_chapters", "1"})
        args.push_back(a);
}

std::string FfmpegPipe::log_tail() const {
    if (log_fd_ < 0) return {};
    const off_t size = ::lseek(log_fd_, 0, SEEK_END);
    if (size <= 0) return {};
    const off_t from = size > 2000 ? size - 2000 : 0;
    std::string text(static_cast<std::size_t>(size - from), '\0');
    const ssize_t n = ::pread(log_fd_, text.data(), text.size(), from);
    text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    return text;
}

// True once ffmpeg has exited (its status in `status`).
bool FfmpegPipe::reap(bool wait, int& status) {
    if (pid_ <= 0) return true;
    const pid_t r = ::waitpid(pid_, &status, wait ? 0 : WNOHANG);
    if (r == 0) return false;
    sim::cleanup::forget(pid_token_);
    pid_ = -1;
    return true;
}

void FfmpegPipe::fail(const std::string& what) {
    std::string log = log_tail();
    if (log.find("No space left on device") != std::string::npos)
        log = "the disk holding \"" + folder_of(output_) + "\" is full (" + log + ")";
    abandon();
    throw std::runtime_error(what + (log.empty() ? std::string() : ": " + log));
}

void FfmpegPipe::write_frame(const std::uint8_t* rgba) {
    if (yuv_) {
        rgba_to_yuv420(rgba, width_, height_, converted_);
        rgba = converted_.data();
    }
    std::size_t done = 0;
    auto last_progress = Clock::now();
    while (done < frame_bytes_) {
        const ssize_t n = ::write(fd_, rgba + done, frame_bytes_ - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            last_progress = Clock::now();
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN)
            fail("ffmpeg stopped taking frames (" + std::string(std::strerror(errno)) + ")");
        int status = 0;
        if (reap(false, status)) fail("ffmpeg exited before the last frame");
        if (Clock::now() - last_progress > std::chrono::seconds(stall_seconds()))
            fail("ffmpeg took no frame data for " + std::to_string(stall_seconds()) +
                 " s; stopped it");
        pollfd p{fd_, POLLOUT, 0};
        ::poll(&p, 1, 200);
    }
}

void FfmpegPipe::give_name() {
    if (out_fd_ < 0) {
        if (std::rename(temp_.c_str(), output_.c_str()) != 0)
            fail(output_ + ": cannot move the finished video into place (" + std::strerror(errno) +
                 ")");
        sim::cleanup::forget(temp_token_);
        temp_.clear();
        return;
    }
    // Give the unnamed file a temporary name, then rename it over the output in one step.
    const std::string proc = "/proc/self/fd/" + std::to_string(out_fd_);
    for (int attempt = 0;; ++attempt) {
        const std::string name =
            output_ + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
        if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) != 0) {
            if (errno == EEXIST && attempt < 100) continue;
            fail(output_ + ": cannot give the finished video a name (" + std::strerror(errno) +
                 ")");
        }
        sim::cleanup::FileGuard guard(name);
        if (std::rename(name.c_str(), output_.c_str()) != 0) {
            const int err = errno;
            std::remove(name.c_str());
            fail(output_ + ": cannot move the finished video into place (" + std::strerror(err) +
                 ")");
        }
        break;
    }
    ::close(out_fd_);
    out_fd_ = -1;
}

void FfmpegPipe::finish() {
    ::close(fd_);
    fd_ = -1;
    // The encoder drains what it has; it never needs long once its input is closed.
    const auto start = Clock::now();
    int status = 0;
    while (!reap(false, status)) {
        if (Clock::now() - start > std::chrono::seconds(stall_seconds()))
            fail("ffmpeg did not finish within " + std::to_string(stall_seconds()) +
                 " s of the last frame; stopped it");
        ::usleep(20000);
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) fail("ffmpeg failed");
    // ffmpeg 5 exits 0 when it cannot write the end of the file (a full disk): its log says so.
    const std::string log = log_tail();
    for (const char* sign :
         {"No space left on device", "Error writing", "Error closing", "Input/output error"})
        if (log.find(sign) != std::string::npos) fail("ffmpeg could not write the video");
    give_name();
}

void FfmpegPipe::abandon() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        reap(true, status);
    }
    if (out_fd_ >= 0) ::close(out_fd_);  // the unnamed file disappears with its last descriptor
    out_fd_ = -1;
    if (!temp_.empty()) {
        std::remove(temp_.c_str());
        sim::cleanup::forget(temp_token_);
        temp_.clear();
    }
}

}  // namespace vedette::render
