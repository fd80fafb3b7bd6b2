#pragma once
// The record file under `vedette record --live`: the umpire's notebook must never damage it.
// - Each entry is written whole or not at all: a failed write (a full disk, `ulimit -f`) is cut
//   back off the file, so no half line is left for the next run to trip on.
// - One notebook at a time: the record is locked (flock) while a notebook holds it, and a note
//   beside it (`GAME.game.lock`) says which process that is, so a second notebook is refused
//   naming the first. The kernel drops the lock when that process dies, even by kill -9.
// - `u` takes back only what this notebook wrote, newest first: never the deployment, the header
//   or lines typed in an editor.
// - A read-only record is refused before the first question.

#include <sys/types.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace vedette::app {

// A write that failed and was taken back: the message says why and that the record is unchanged.
class EntryNotWritten : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

class NotebookFile {
public:
    // Opens the record (creating an empty one when missing) and locks it. Throws sim::InputError
    // (exit 2) for a read-only record or folder, and for a record another notebook holds.
    explicit NotebookFile(std::string path);
    ~NotebookFile();
    NotebookFile(const NotebookFile&) = delete;
    NotebookFile& operator=(const NotebookFile&) = delete;

    // Appends `bytes` (whole lines) and flushes them to the disk; on any failure the file is cut
    // back to what it was and EntryNotWritten is thrown.
    void append(const std::string& bytes);

    // Takes back the last entry this notebook appended. Returns a sentence saying what happened:
    // what was taken back, or why nothing was (none written here, or the file changed since).
    std::string undo_last();

    // Where the note naming the holder lives: GAME.game.lock.
    static std::string holder_note_path(const std::string& record);

private:
    off_t size_now() const;

    std::string path_;
    int fd_ = -1;
    long note_token_ = 0;  // an interrupt removes the holder note too (sim/core/cleanup.h)
    struct Entry {
        off_t start;
        std::string bytes;
    };
    std::vector<Entry> written_;  // this notebook's entries, oldest first
};

// Reads one line of standard input (without its end) into `line`, keeping at most `max_bytes` of
// it: a longer line is read to its end and dropped without being held. Returns false at the end
// of input; `too_long` says the line was dropped.
bool read_bounded_line(std::FILE* in, std::size_t max_bytes, std::string& line, bool& too_long);

}  // namespace vedette::app
