#include "sim/core/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "sim/core/input_error.h"

namespace vedette::sim {

namespace {
// Closes the descriptor on every path out of read_input_file.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

std::string size_words(std::uint64_t bytes) {
    if (bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + " MiB";
    return std::to_string(bytes) + " bytes";
}
}  // namespace

std::string read_input_file(const std::string& path, std::uint64_t max_bytes) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; the fstat below refuses it anyway.
    Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
    if (f.fd < 0) {
        const int err = errno;
        if (err == ENOENT) throw InputError(path, "file", "no such file");
        if (err == EACCES) throw InputError(path, "file", "permission denied");
        if (err == EISDIR) throw InputError(path, "file", "is a folder, expected a file");
        throw InputError(path, "file",
                         std::string("cannot open file for reading (") + std::strerror(err) + ")");
    }
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) throw InputError(path, "file", "cannot read the file's size");
    if (S_ISDIR(st.st_mode)) throw InputError(path, "file", "is a folder, expected a file");
    if (!S_ISREG(st.st_mode))
        throw InputError(path, "file", "is not a regular file (a device, FIFO or socket)");
    if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
        throw InputError(path, "file",
                         "file too large (" + std::to_string(st.st_size) + " bytes; the limit is " +
                             size_words(max_bytes) + ", docs/LIMITS.md)");
    std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t have = 0;
    while (have < bytes.size()) {
        const ssize_t n = ::read(f.fd, bytes.data() + have, bytes.size() - have);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            throw InputError(path, "file",
                             std::string("read failed (") + std::strerror(errno) + ")");
        if (n == 0) break;  // the file shrank while we read it: take what is there
        have += static_cast<std::size_t>(n);
    }
    bytes.resize(have);
    return bytes;
}

std::string resolve_relative_input(const std::string& from_file, const std::string& where,
                                   const std::string& name) {
    namespace fs = std::filesystem;
    if (name.empty())
        throw InputError(from_file, where, "expected a file name, found an empty string");
    if (name.find('\0') != std::string::npos)
        throw InputError(from_file, where, "a file name may not contain NUL");
    const fs::path p(name);
    if (p.is_absolute())
        throw InputError(
            from_file, where,
            "\"" + name + "\" is an absolute path; name a file relative to this file's folder");
    for (const auto& part : p)
        if (part == "..")
            throw InputError(from_file, where,
                             "\"" + name +
                                 "\" climbs out of this file's folder with \"..\"; "
                                 "keep referenced files beside it or below it");
    return (fs::path(from_file).parent_path() / p).string();
}

}  // namespace vedette::sim
