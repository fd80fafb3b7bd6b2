#pragma once
// Output files are never half-written: data goes to a temporary file beside the target, which is
// renamed over the target only once everything was written and flushed. The temporary file is
// registered with sim/core/cleanup.h, so an interrupt removes it.

#include <string>
#include <string_view>

namespace vedette::sim {

// Refuses an output path that is not a plain file to create or replace: a symlink, a device, a
// FIFO or a folder (writing there would replace, say, /dev/null with a regular file), or one whose
// folder does not exist or cannot be written. `flag` names the option in the message ("-o").
// Throws InputError (exit 2).
void check_output_path(const std::string& path, const std::string& flag);

// A new, empty temporary file beside `path` (created exclusively, never following a symlink);
// returns its name. Throws std::runtime_error naming the folder.
std::string create_temp_beside(const std::string& path);

// Writes `bytes` to `path` atomically. Throws InputError for a bad path (check_output_path) and
// std::runtime_error naming the path (and saying when the disk is full) for a failed write.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace vedette::sim
