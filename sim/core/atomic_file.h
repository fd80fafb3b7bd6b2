#pragma once
// Output files are never half-written: data goes to a temporary file beside the target, which is
// renamed over the target only once everything was written and flushed.

#include <string>
#include <string_view>

namespace vedette::sim {

// Writes `bytes` to `path` atomically. Throws std::runtime_error naming the path on failure.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace vedette::sim
