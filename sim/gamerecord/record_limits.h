#pragma once
// The most a game record may hold (docs/GAME_RECORD.md, docs/LIMITS.md): a line, and the whole
// file. Its own header so the notebook bounds its input lines without the record's JSON.

#include <cstddef>

namespace vedette::sim::gamerecord {

inline constexpr std::size_t kMaxLineBytes = 4096;
inline constexpr std::size_t kMaxRecordBytes = 4u << 20;

}  // namespace vedette::sim::gamerecord
