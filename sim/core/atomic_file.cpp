#include "sim/core/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "sim/core/cleanup.h"
#include "sim/core/input_error.h"
#include "sim/core/temp_names.h"

namespace vedette::sim {

namespace {
std::string folder_of(const std::string& path) {
    const auto parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

std::string errno_words(int err) {
    if (err == ENOSPC) return "the disk is full";
    if (err == EDQUOT) return "the disk quota is used up";
    return std::strerror(err);
}
}  // namespace

void check_output_path(const std::string& path, const std::string& flag) {
    if (path.empty()) throw InputError(flag, "argument", "expected a file name");
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode))
            throw InputError(
                path, flag, "is a symbolic link; write to the file it points to, or to a new name");
        if (S_ISDIR(st.st_mode)) throw InputError(path, flag, "is a folder, expected a file name");
        if (!S_ISREG(st.st_mode))
            throw InputError(
                path, flag,
                "is a device, FIFO or socket, not a regular file: refusing to replace it");
        // Root could replace it anyway; a file made read-only was made so to keep it.
        if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
            throw InputError(path, flag,
                             "is read-only: refusing to replace it (make it writable with chmod "
                             "u+w, or write to another name)");
    }
    const std::string dir = folder_of(path);
    struct stat ds {};
    if (::stat(dir.c_str(), &ds) != 0)
        throw InputError(path, flag, "the folder \"" + dir + "\" does not exist");
    if (!S_ISDIR(ds.st_mode)) throw InputError(path, flag, "\"" + dir + "\" is not a folder");
    if (::access(dir.c_str(), W_OK) != 0)
        throw InputError(
            path, flag,
            "the folder \"" + dir + "\" cannot be written (" + std::strerror(errno) + ")");
}

std::string create_temp_beside(const std::string& path) {
    remove_stale_temps(path);
    std::string name = temp_template_beside(path);
    const int fd = ::mkstemp(name.data());
    if (fd < 0)
        throw std::runtime_error(path + ": cannot create a temporary file in \"" + folder_of(path) +
                                 "\": " + errno_words(errno));
    ::close(fd);
    return name;
}

namespace {
// The mode a new or replaced output gets: a file replaced in place keeps the mode it had (a 0600
// record stays private); a new one is an ordinary file for the user and others to read.
mode_t mode_for(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return st.st_mode & 07777;
    return 0644;
}

// Writes all of `bytes` to `fd`, gives it `mode` and closes it; throws naming `path` (the file
// the user named).
void write_and_close(int fd, std::string_view bytes, const std::string& path, mode_t mode) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = n < 0 ? errno : ENOSPC;
            ::close(fd);
            throw std::runtime_error(path + ": write failed: " + errno_words(err));
        }
        done += static_cast<std::size_t>(n);
    }
    // mkstemp makes 0600 files: the output takes the mode it should have (mode_for).
    ::fchmod(fd, mode);
    if (::close(fd) != 0) throw std::runtime_error(path + ": write failed: " + errno_words(errno));
}
}  // namespace

void write_file_atomically(const std::string& path, std::string_view bytes) {
    PendingFile(path, bytes).commit();
}

void write_new_file(const std::string& path, std::string_view bytes) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) throw std::runtime_error(path + ": cannot create: " + errno_words(errno));
    try {
        write_and_close(fd, bytes, path, 0644);
    } catch (...) {
        std::remove(path.c_str());
        throw;
    }
}

PendingFile::PendingFile(const std::string& path, std::string_view bytes) : path_(path) {
    check_output_path(path, "output");
    temp_ = create_temp_beside(path);
    token_ = cleanup::add_file(temp_);
    const int fd = ::open(temp_.c_str(), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
    try {
        if (fd < 0)
            throw std::runtime_error(path +
                                     ": cannot open the temporary file: " + errno_words(errno));
        write_and_close(fd, bytes, path, mode_for(path));
    } catch (...) {
        std::remove(temp_.c_str());  // no destructor runs for a constructor that throws
        cleanup::forget(token_);
        throw;
    }
}

PendingFile::~PendingFile() {
    if (temp_.empty()) return;
    std::remove(temp_.c_str());
    cleanup::forget(token_);
}

void PendingFile::commit() {
    if (std::rename(temp_.c_str(), path_.c_str()) != 0)
        throw std::runtime_error(
            path_ + ": cannot move the finished file into place: " + errno_words(errno));
    cleanup::forget(token_);
    temp_.clear();
}

}  // namespace vedette::sim
