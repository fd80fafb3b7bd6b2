#include "app/notebook_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "sim/core/atomic_file.h"
#include "sim/core/cleanup.h"
#include "sim/core/input_error.h"

namespace vedette::app {

namespace {

std::string errno_words(int err) {
    if (err == ENOSPC) return "the disk is full";
    if (err == EFBIG) return "the file size limit (ulimit -f) is reached";
    if (err == EDQUOT) return "the disk quota is used up";
    return std::strerror(err);
}

// Writes all of `bytes` at `offset`; the errno of the failure, or 0.
int write_at(int fd, const std::string& bytes, off_t offset) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n =
            ::pwrite(fd, bytes.data() + done, bytes.size() - done, offset + off_t(done));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno;
        if (n == 0) return ENOSPC;
        done += std::size_t(n);
    }
    return 0;
}

std::string holder_words() {
    char when[64] = "";
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    if (::gmtime_r(&now, &utc)) std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", &utc);
    return "vedette record --live, process " + std::to_string(::getpid()) + ", since " + when;
}

std::string first_line_of(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "r");
    if (!f) return {};
    char buf[256] = "";
    const bool got = std::fgets(buf, sizeof buf, f) != nullptr;
    std::fclose(f);
    std::string line = got ? buf : "";
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    return line;
}

}  // namespace

std::string NotebookFile::holder_note_path(const std::string& record) {
    return record + ".lock";
}

NotebookFile::NotebookFile(std::string path) : path_(std::move(path)) {
    // A write past `ulimit -f` must fail (EFBIG) and be taken back, not kill the notebook mid-line.
    std::signal(SIGXFSZ, SIG_IGN);
    struct stat st {};
    if (::stat(path_.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode)) throw sim::InputError(path_, "", "is not a regular file");
        // Root may write a file whose mode says read-only; the notebook honours the mode.
        if ((st.st_mode & S_IWUSR) == 0)
            throw sim::InputError(path_, "",
                                  "the record is read-only, and the notebook writes each entry "
                                  "into it: make it writable (chmod u+w) or work on a copy");
    } else {
        sim::check_output_path(path_, "record");  // its folder exists and can be written
    }
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0)
        throw sim::InputError(
            path_, "", std::string("cannot open the record to write it: ") + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const std::string holder = first_line_of(holder_note_path(path_));
        ::close(fd_);
        fd_ = -1;
        throw sim::InputError(
            path_, "",
            "another notebook has this record open (" +
                (holder.empty() ? std::string("a vedette record --live") : holder) +
                "): close that one first, or two umpires would write over "
                "each other");
    }
    // The note is only words for the next notebook's refusal: failing to write it is no harm.
    const std::string note = holder_words() + "\n";
    const int nfd = ::open(holder_note_path(path_).c_str(),
                           O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (nfd >= 0) {
        (void)write_at(nfd, note, 0);
        ::close(nfd);
        note_token_ = sim::cleanup::add_file(holder_note_path(path_));
    }
}

NotebookFile::~NotebookFile() {
    if (fd_ < 0) return;
    if (note_token_ != 0) sim::cleanup::forget(note_token_);
    std::remove(holder_note_path(path_).c_str());
    ::close(fd_);  // drops the lock
}

off_t NotebookFile::size_now() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) return -1;
    return st.st_size;
}

void NotebookFile::append(const std::string& bytes) {
    const off_t start = size_now();
    if (start < 0) throw EntryNotWritten(path_ + ": cannot read the record's size");
    int err = write_at(fd_, bytes, start);
    if (err == 0 && ::fsync(fd_) != 0) err = errno;
    if (err != 0) {
        // Cut the part that was written back off; shrinking needs no room and passes ulimit -f.
        const bool restored = ::ftruncate(fd_, start) == 0 && ::fsync(fd_) == 0;
        throw EntryNotWritten(path_ + ": could not write the entry to the disk (" +
                              errno_words(err) + "); " +
                              (restored ? "the record is as it was before it"
                                        : "and it could not be cut back: check the record's last "
                                          "line"));
    }
    written_.push_back({start, bytes});
}

std::string NotebookFile::undo_last() {
    if (written_.empty())
        return "nothing to undo: u takes back only entries typed in this notebook (the record's "
               "earlier lines are changed in an editor)";
    const Entry& last = written_.back();
    if (size_now() != last.start + off_t(last.bytes.size()))
        return "not undone: the record changed on the disk since this notebook wrote its last "
               "entry; change it in an editor";
    if (::ftruncate(fd_, last.start) != 0 || ::fsync(fd_) != 0)
        return std::string("not undone: ") + errno_words(errno);
    std::string lines = last.bytes;
    while (!lines.empty() && lines.back() == '\n') lines.pop_back();
    for (auto& c : lines)
        if (c == '\n') c = ';';
    written_.pop_back();
    return "undone: " + lines;
}

bool read_bounded_line(std::FILE* in, std::size_t max_bytes, std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    int c = 0;
    bool any = false;
    while ((c = std::getc(in)) != EOF) {
        any = true;
        if (c == '\n') break;
        if (line.size() < max_bytes)
            line.push_back(char(c));
        else
            too_long = true;
    }
    if (too_long) line.clear();
    return any;
}

}  // namespace vedette::app
