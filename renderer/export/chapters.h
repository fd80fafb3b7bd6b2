#pragma once
// Chapters of an exported video, one per episode (a charge, a melee and what follows it): where a
// viewer can jump to. Written as `MM:SS title` lines (--chapters FILE, the form video sites read
// from a description) and carried inside an MP4 or WebM as its chapter list.

#include <string>
#include <vector>

#include "renderer/export/pacing.h"

namespace vedette::render {

struct Chapter {
    double start_s = 0;
    std::string title;
};

// The video's chapters: the first at 0:00 (the title card, or the battle's title), then one where
// each episode is first shown, titled from its first caption, and "The result" for the end card.
std::vector<Chapter> chapters_of(const ReplayScene& scene, const PacedVideo& video);
// One `MM:SS title` line per chapter (H:MM:SS past an hour).
std::string chapters_text(const std::vector<Chapter>& chapters);
// ffmpeg's metadata file with the chapters, each running to the next (the last to `seconds`).
std::string ffmetadata_of(const std::vector<Chapter>& chapters, double seconds);

}  // namespace vedette::render
