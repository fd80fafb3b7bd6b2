#pragma once
// Reading input files safely: only regular files (never a device, a FIFO or a folder), never past a
// size limit, and names found inside an input file (a heightfield image, a glTF buffer) resolved
// against that file's folder without leaving it. Every refusal is an InputError naming the file.

#include <cstdint>
#include <string>

namespace vedette::sim {

// Reads the whole of `path`; refuses anything but a regular file of at most `max_bytes` bytes.
std::string read_input_file(const std::string& path, std::uint64_t max_bytes);

// Resolves `name`, written inside `from_file` at JSON path `where`, against the folder of
// `from_file`. A name must be relative and may not climb out with "..": a shared scenario or
// model must not read files elsewhere on the user's machine.
std::string resolve_relative_input(const std::string& from_file, const std::string& where,
                                   const std::string& name);

}  // namespace vedette::sim
