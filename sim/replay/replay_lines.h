#pragma once
// The one-record-a-line layout every replay version is written in: the lines of a section up to
// the line that closes it, and their hash as events_hash covers them. Shared by the version 2
// reader (replay.cpp) and the version 1 reader a ruleset keeps for its old files.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/rules/ruleset_files.h"

namespace vedette::sim::replay {

// The lines of a section: from `from` up to the line that closes it (a line starting with ']'),
// each without its trailing comma; `closed_at` is the closing line's offset.
inline std::vector<std::string_view> section_lines(std::string_view text, std::size_t from,
                                                   bool& closed, std::size_t& closed_at) {
    std::vector<std::string_view> lines;
    closed = false;
    std::size_t pos = from;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        if (!line.empty() && line[0] == ']') {
            closed = true;
            closed_at = pos;
            break;
        }
        pos = end + 1;
        if (!line.empty() && line.back() == ',') line.remove_suffix(1);
        lines.push_back(line);
    }
    return lines;
}

// Only whitespace in `rest`.
inline bool blank(std::string_view rest) {
    return rest.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

// Version 1's events_hash: FNV-1a 64 over the lines' bytes, one after the other.
inline std::string hash_lines(const std::vector<std::string_view>& lines) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const auto& l : lines) h = fnv1a64(l.data(), l.size(), h);
    return hex16(h);
}

// Version 2's events_hash: FNV-1a 64 over each line's own FNV-1a 64 (8 bytes, least significant
// first), so the lines of a large replay are hashed in parallel while they are parsed.
inline std::uint64_t line_hash(std::string_view line) {
    return fnv1a64(line.data(), line.size());
}
inline std::string combine_line_hashes(const std::vector<std::uint64_t>& hashes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const std::uint64_t x : hashes) {
        unsigned char bytes[8];
        for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(x >> (8 * i));
        h = fnv1a64(bytes, sizeof bytes, h);
    }
    return hex16(h);
}
inline std::string events_hash_of_lines(const std::vector<std::string_view>& lines) {
    std::vector<std::uint64_t> hashes;
    hashes.reserve(lines.size());
    for (const auto& l : lines) hashes.push_back(line_hash(l));
    return combine_line_hashes(hashes);
}

}  // namespace vedette::sim::replay
