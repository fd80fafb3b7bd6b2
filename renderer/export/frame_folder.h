#pragma once
// `export --frames DIR`: the PNG frames are written into a temporary folder beside DIR, which
// becomes DIR only when every frame is written, so an export that fails (a full disk) or is
// interrupted leaves no frames behind. An existing DIR is replaced only when it holds nothing but
// frame_*.png files (an earlier export); anything else in it is never deleted. The temporary
// folder is named as sim/core/temp_names.h says, so one left by `kill -9` is removed by the next
// export to DIR.

#include <string>

#include "sim/core/cleanup.h"

namespace vedette::render {

class FrameFolder {
public:
    // Checks DIR and creates the temporary folder; throws InputError (exit 2) for a bad DIR.
    explicit FrameFolder(const std::string& dir);
    ~FrameFolder();  // removes the temporary folder unless commit() succeeded
    FrameFolder(const FrameFolder&) = delete;
    FrameFolder& operator=(const FrameFolder&) = delete;

    const std::string& temp() const { return temp_; }
    // Moves the finished frames into place as DIR.
    void commit();

private:
    std::string dir_;
    std::string temp_;
    sim::cleanup::Token token_ = 0;
};

}  // namespace vedette::render
