#include "sim/core/output_clash.h"

#include <sys/stat.h>
#include <filesystem>
#include <optional>

#include "sim/core/input_error.h"

namespace vedette::sim {

namespace {

namespace fs = std::filesystem;

// What a name leads to: the inode where the file exists, and the path with its folders' symbolic
// links followed ("./a/../x" and "x" give one path).
struct FileIdentity {
    std::optional<std::pair<dev_t, ino_t>> inode;
    fs::path path;
};

FileIdentity identify(const std::string& name) {
    FileIdentity id;
    struct stat st {};
    // stat, not lstat: an input that is a symbolic link reads the file it points to.
    if (::stat(name.c_str(), &st) == 0) id.inode = std::make_pair(st.st_dev, st.st_ino);
    std::error_code ec;
    const fs::path absolute = fs::absolute(name, ec);
    id.path = fs::weakly_canonical(absolute, ec);
    if (ec) id.path = absolute.lexically_normal();
    return id;
}

bool same_identity(const FileIdentity& a, const FileIdentity& b) {
    if (a.inode && b.inode) return *a.inode == *b.inode;
    return a.path == b.path;
}

// True when `inner` lies somewhere inside the folder `outer`.
bool lies_inside(const FileIdentity& inner, const FileIdentity& outer) {
    const auto rel = inner.path.lexically_relative(outer.path);
    return !rel.empty() && *rel.begin() != ".." && rel != ".";
}

bool compared(const NamedPath& p) {
    return !p.path.empty() && p.path != "-";
}

struct Named {
    const NamedPath* name;
    FileIdentity id;
};

std::vector<Named> identify_all(const std::vector<NamedPath>& paths) {
    std::vector<Named> out;
    for (const auto& p : paths)
        if (compared(p)) out.push_back({&p, identify(p.path)});
    return out;
}

std::string described(const NamedPath& p) {
    return p.flag + " (\"" + p.path + "\")";
}

// Refuses `out` over `other`, which it names as `role` ("what the command reads").
void refuse_overlap(const Named& out, const Named& other, const std::string& role) {
    if (same_identity(out.id, other.id))
        throw InputError(out.name->path, out.name->flag,
                         "is the same file as " + described(*other.name) + ", " + role +
                             "; choose another name for " + out.name->flag);
    if (out.name->folder && lies_inside(other.id, out.id))
        throw InputError(out.name->path, out.name->flag,
                         "the folder holds " + described(*other.name) + ", " + role +
                             "; choose another folder for " + out.name->flag);
}

// The inputs and the notes file beside each input file (a folder has none).
std::vector<NamedPath> with_companions(const std::vector<NamedPath>& inputs) {
    std::vector<NamedPath> all = inputs;
    for (const auto& p : inputs)
        if (compared(p) && !p.folder)
            all.push_back({"the notes file of " + p.flag, notes_file_for(p.path)});
    return all;
}

}  // namespace

std::string notes_file_for(const std::string& path) {
    const std::string ext = ".json";
    if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0)
        return path.substr(0, path.size() - ext.size()) + ".notes.json";
    return path + ".notes.json";
}

void refuse_clashing_outputs(const std::vector<NamedPath>& inputs,
                             const std::vector<NamedPath>& outputs) {
    const std::vector<NamedPath> reads = with_companions(inputs);
    const std::vector<Named> in = identify_all(reads);
    const std::vector<Named> out = identify_all(outputs);
    for (std::size_t i = 0; i < out.size(); ++i) {
        for (const auto& read : in) refuse_overlap(out[i], read, "which the command reads");
        for (std::size_t j = 0; j < out.size(); ++j)
            if (j != i) refuse_overlap(out[i], out[j], "another output of the command");
    }
}

}  // namespace vedette::sim
