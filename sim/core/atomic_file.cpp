#include "sim/core/atomic_file.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace vedette::sim {

void write_file_atomically(const std::string& path, std::string_view bytes) {
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error(path + ": cannot create file for writing");
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            std::remove(tmp.c_str());
            throw std::runtime_error(path + ": write failed");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw std::runtime_error(path + ": cannot move the finished file into place");
    }
}

}  // namespace vedette::sim
