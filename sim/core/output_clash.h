#pragma once
// A command never writes over a file it reads, nor two of its outputs into one file: `vedette
// simulate S -o S` would replace the scenario by its replay, `export R -o v.mp4 --srt R` the
// replay by subtitles, `--srt v.mp4` the video by its subtitles. Every command lists the files it
// reads and the files it writes, and refuses such a command line (exit 2) before doing any work.
//
// Two names are one file when they lead to the same inode (a hard link, a symbolic link, "./x"
// and "x"), or, for an output that does not exist yet, when they are the same path once made
// absolute, with the symbolic links of its folders followed and "." and ".." taken out.
//
// A file read has a companion that belongs to it: the notes file beside it (REPLAY.notes.json,
// the viewer's bookmarks and drawings; docs/VIEWER.md). It counts among the inputs of every
// command, read or not, so `branch R -o R.notes.json` cannot replace a player's notes either.

#include <string>
#include <vector>

namespace vedette::sim {

struct NamedPath {
    std::string flag;     // how the command line names it: "-o", "--srt", "SCENARIO"
    std::string path;     // empty (not given) or "-" (standard output): nothing to compare
    bool folder = false;  // an output folder (--frames DIR): nothing else may lie inside it
};

// "x/demo.replay.json" -> "x/demo.replay.notes.json" (a name without ".json" gets the suffix).
std::string notes_file_for(const std::string& path);

// Throws InputError naming the output and both flags when an output is the same file as an input
// or as another output, or when an output folder holds one of them.
void refuse_clashing_outputs(const std::vector<NamedPath>& inputs,
                             const std::vector<NamedPath>& outputs);

}  // namespace vedette::sim
