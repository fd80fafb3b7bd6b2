#include "renderer/export/ffmpeg_pipe.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <spawn.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace vedette::render {

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

FfmpegPipe::FfmpegPipe(const std::string& output, std::uint32_t width, std::uint32_t height, int fps)
    : output_(output), frame_bytes_(std::size_t(width) * height * 4) {
    const std::string ffmpeg = find_on_path("ffmpeg");
    if (ffmpeg.empty())
        throw std::runtime_error("ffmpeg was not found on PATH: install the Debian package 'ffmpeg' (apt-get install ffmpeg)");
    temp_ = output + ".partial-" + std::to_string(::getpid());
    log_ = temp_ + ".log";
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    const std::string rate = std::to_string(fps);
    std::vector<std::string> args = {ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                                     "-f", "rawvideo", "-pix_fmt", "rgba", "-s", size, "-r", rate, "-i", "pipe:0",
                                     "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                                     "-threads", "2", "-movflags", "+faststart", "-f", "mp4", temp_};
    int pipefd[2];
    if (::pipe(pipefd) != 0) throw std::runtime_error(std::string("cannot create a pipe for ffmpeg: ") + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipefd[0], 0);
    posix_spawn_file_actions_addclose(&actions, pipefd[1]);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int rc = posix_spawn(&pid_, ffmpeg.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipefd[0]);
    if (rc != 0) {
        ::close(pipefd[1]);
        throw std::runtime_error(std::string("cannot start ffmpeg: ") + std::strerror(rc));
    }
    fd_ = pipefd[1];
    std::signal(SIGPIPE, SIG_IGN);  // a dead ffmpeg shows up as a write error instead
}

FfmpegPipe::~FfmpegPipe() {
    if (pid_ > 0) abandon();
}

void FfmpegPipe::write_frame(const std::uint8_t* rgba) {
    std::size_t done = 0;
    while (done < frame_bytes_) {
        const ssize_t n = ::write(fd_, rgba + done, frame_bytes_ - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            std::string log;
            std::ifstream in(log_);
            std::getline(in, log, '\0');
            throw std::runtime_error("ffmpeg stopped taking frames" + (log.empty() ? std::string() : ": " + log));
        }
        done += static_cast<std::size_t>(n);
    }
}

void FfmpegPipe::finish() {
    ::close(fd_);
    fd_ = -1;
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::string log;
        std::ifstream in(log_);
        std::getline(in, log, '\0');
        std::remove(temp_.c_str());
        std::remove(log_.c_str());
        throw std::runtime_error("ffmpeg failed" + (log.empty() ? std::string() : ": " + log));
    }
    std::remove(log_.c_str());
    if (std::rename(temp_.c_str(), output_.c_str()) != 0) {
        std::remove(temp_.c_str());
        throw std::runtime_error(output_ + ": cannot move the finished video into place");
    }
}

void FfmpegPipe::abandon() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (pid_ > 0) {
        ::kill(pid_, SIGTERM);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
    }
    std::remove(temp_.c_str());
    std::remove(log_.c_str());
}

}  // namespace vedette::render
