#include "renderer/export/frame_folder.h"

#include <sys/stat.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "sim/core/input_error.h"
#include "sim/core/temp_names.h"

namespace vedette::render {

namespace fs = std::filesystem;

namespace {
// True when `dir` holds only files named frame_*.png (what an earlier export wrote).
bool only_frames(const std::string& dir) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        const bool frame = name.rfind("frame_", 0) == 0 && name.size() > 10 &&
                           name.compare(name.size() - 4, 4, ".png") == 0 &&
                           entry.is_regular_file(ec) && !entry.is_symlink(ec);
        if (!frame) return false;
    }
    return !ec;
}
}  // namespace

FrameFolder::FrameFolder(const std::string& dir) : dir_(dir) {
    struct stat st {};
    if (::lstat(dir.c_str(), &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            throw sim::InputError(dir, "--frames", "exists and is not a folder");
        if (!only_frames(dir))
            throw sim::InputError(
                dir, "--frames",
                "the folder holds files other than frame_*.png; give a new or empty folder");
    }
    const fs::path parent = fs::path(dir).parent_path();
    const std::string where = parent.empty() ? "." : parent.string();
    if (!fs::is_directory(where))
        throw sim::InputError(dir, "--frames", "the folder \"" + where + "\" does not exist");
    sim::remove_stale_temps(dir);  // the frames of an export killed with -9
    std::string pattern = sim::temp_template_beside(dir);
    if (!::mkdtemp(pattern.data()))
        throw sim::InputError(
            dir, "--frames",
            "cannot create a folder in \"" + where + "\" (" + std::strerror(errno) + ")");
    temp_ = pattern;
    token_ = sim::cleanup::add_folder(temp_);
}

FrameFolder::~FrameFolder() {
    if (temp_.empty()) return;
    std::error_code ec;
    fs::remove_all(temp_, ec);
    sim::cleanup::forget(token_);
}

void FrameFolder::commit() {
    std::error_code ec;
    ::chmod(temp_.c_str(), 0755);  // mkdtemp makes it private; frames are ordinary output
    if (fs::exists(fs::symlink_status(dir_))) {
        // Only a folder of earlier frames gets here (checked in the constructor): swap it out.
        const std::string old = temp_ + "-old";
        if (std::rename(dir_.c_str(), old.c_str()) != 0)
            throw std::runtime_error(dir_ + ": cannot replace the earlier frames (" +
                                     std::strerror(errno) + ")");
        const auto old_token = sim::cleanup::add_folder(old);
        if (std::rename(temp_.c_str(), dir_.c_str()) != 0) {
            std::rename(old.c_str(), dir_.c_str());
            sim::cleanup::forget(old_token);
            throw std::runtime_error(dir_ + ": cannot move the frames into place (" +
                                     std::strerror(errno) + ")");
        }
        fs::remove_all(old, ec);
        sim::cleanup::forget(old_token);
    } else if (std::rename(temp_.c_str(), dir_.c_str()) != 0) {
        throw std::runtime_error(dir_ + ": cannot move the frames into place (" +
                                 std::strerror(errno) + ")");
    }
    sim::cleanup::forget(token_);
    temp_.clear();
}

}  // namespace vedette::render
