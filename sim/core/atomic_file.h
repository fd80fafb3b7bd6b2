#pragma once
// Output files are never half-written: data goes to a temporary file beside the target, which is
// renamed over the target only once everything was written and flushed. The temporary file is
// registered with sim/core/cleanup.h, so an interrupt removes it; its name says which process
// wrote it (sim/core/temp_names.h), so the next run removes it after a `kill -9`.

#include <string>
#include <string_view>

#include "sim/core/cleanup.h"

namespace vedette::sim {

// Refuses an output path that is not a plain file to create or replace: a symlink, a device, a
// FIFO or a folder (writing there would replace, say, /dev/null with a regular file), a read-only
// file (no write bit: kept even from root), or one whose folder does not exist or cannot be
// written. `flag` names the option in the message ("-o").
// Throws InputError (exit 2).
void check_output_path(const std::string& path, const std::string& flag);

// A new, empty temporary file beside `path` (created exclusively, never following a symlink),
// after removing the temporaries of `path` that killed runs left (remove_stale_temps); returns its
// name. Throws std::runtime_error naming the folder.
std::string create_temp_beside(const std::string& path);

// Writes `bytes` to `path` atomically; a file replaced keeps its mode. Throws InputError for a bad
// path (check_output_path) and std::runtime_error naming the path (and saying when the disk is
// full) for a failed write.
void write_file_atomically(const std::string& path, std::string_view bytes);

// Writes `bytes` to a file that must not exist yet (inside a temporary folder of our own, where
// each file needs no temporary of its own). Throws std::runtime_error as above.
void write_new_file(const std::string& path, std::string_view bytes);

// An output written in full to its temporary and given its name only by commit(): a command with
// several outputs writes each before naming any, so a failure leaves none of them behind (a video
// and its --srt subtitles). Throws as write_file_atomically.
class PendingFile {
public:
    PendingFile(const std::string& path, std::string_view bytes);
    ~PendingFile();  // removes the temporary unless commit() succeeded
    PendingFile(const PendingFile&) = delete;
    PendingFile& operator=(const PendingFile&) = delete;

    // Renames the temporary over the target. Throws std::runtime_error naming the target.
    void commit();

private:
    std::string path_;
    std::string temp_;
    cleanup::Token token_ = 0;
};

}  // namespace vedette::sim
