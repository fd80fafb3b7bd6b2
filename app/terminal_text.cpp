#include "app/terminal_text.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <ext/stdio_sync_filebuf.h>
#include <iostream>
#include <type_traits>

namespace vedette::app {

namespace {

void append_escape(std::string& out, unsigned code) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\u00";
    out += kHex[(code >> 4) & 0xF];
    out += kHex[code & 0xF];
}

bool kept_control(unsigned char c) {
    return c == '\n' || c == '\t' || c == '\r';
}

}  // namespace

std::string ControlEscaper::operator()(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (const char ch : bytes) {
        const auto c = static_cast<unsigned char>(ch);
        if (pending_c2_) {
            pending_c2_ = false;
            if (c >= 0x80 && c <= 0x9F) {  // U+0080-U+009F: C1 controls (CSI is U+009B)
                append_escape(out, c);
                continue;
            }
            out += char(0xC2);
        }
        if (c == 0xC2) {
            pending_c2_ = true;
        } else if ((c < 0x20 && !kept_control(c)) || c == 0x7F) {
            append_escape(out, c);
        } else {
            out += ch;
        }
    }
    return out;
}

std::string ControlEscaper::finish() {
    if (!pending_c2_) return {};
    pending_c2_ = false;
    return std::string(1, char(0xC2));
}

std::string escape_controls(std::string_view text) {
    ControlEscaper escaper;
    return escaper(text) + escaper.finish();
}

namespace {

// One filtered stream: its escaper and the file descriptor it writes to.
struct FilteredStream {
    int fd;
    ControlEscaper escaper;
};

bool write_all(int fd, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

ssize_t filtered_write(void* cookie, const char* buf, size_t size) {
    auto* stream = static_cast<FilteredStream*>(cookie);
    if (!write_all(stream->fd, stream->escaper(std::string_view(buf, size)))) return -1;
    return ssize_t(size);
}

int filtered_close(void* cookie) {
    auto* stream = static_cast<FilteredStream*>(cookie);
    const bool ok = write_all(stream->fd, stream->escaper.finish());
    return ok ? 0 : -1;  // the descriptor itself stays open for child processes and exit
}

// The two filtered streams' state: static and trivially destructible, so it is still there when
// stdio flushes the streams at exit, after every static destructor has run.
FilteredStream g_streams[2];
static_assert(std::is_trivially_destructible_v<FilteredStream>);

std::FILE* filtered(int fd, int buffering) {
    FilteredStream* stream = &g_streams[fd == STDERR_FILENO ? 1 : 0];
    *stream = FilteredStream{fd, {}};
    cookie_io_functions_t functions{};
    functions.write = filtered_write;
    functions.close = filtered_close;
    std::FILE* file = ::fopencookie(stream, "w", functions);
    if (!file) return nullptr;
    std::setvbuf(file, nullptr, buffering, BUFSIZ);
    return file;
}

}  // namespace

void install_escaped_standard_streams() {
    std::fflush(stdout);
    std::fflush(stderr);
    std::FILE* out = filtered(STDOUT_FILENO, ::isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
    std::FILE* err = filtered(STDERR_FILENO, _IONBF);
    if (!out || !err) return;  // no memory at start: the plain streams are still there
    stdout = out;
    stderr = err;
    // iostreams wrap the FILE they were made with: give them the filtered ones. The buffers must
    // outlive every static destructor (std::ios_base::Init flushes std::cout at exit, after a
    // function-local static would be gone): made once and never freed.
    std::cout.rdbuf(new __gnu_cxx::stdio_sync_filebuf<char>(out));
    std::cerr.rdbuf(new __gnu_cxx::stdio_sync_filebuf<char>(err));
}

}  // namespace vedette::app
