#pragma once
// Internal to the glTF loader (gltf_model.cpp): the checks that run before tinygltf sees a file.
//  1. the file's bytes (a GLB's header and chunk lengths checked) and its JSON text, guarded by
//     sim::parse_json_text (nesting depth, duplicate keys, NUL bytes);
//  2. the JSON itself: every index the loader or tinygltf 2.7 follows is in range, every byte
//     offset and length is a non-negative integer (tinygltf would silently truncate 2^32 to 0 or
//     ignore -8), buffer views lie inside their buffers, and buffer files (and the image files of
//     base colour textures) are read here, through read_input_file, from the model's own folder
//     only.
// Every problem is a ModelError (or an InputError from read_input_file or JsonNode).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "sim/core/json_reader.h"

namespace vedette::render::gltf_checks {

// "$.<array>[<index>]", the JSON path of one item of a top-level array.
std::string item(const std::string& array, std::uint64_t index);

// a + b and offset + (count - 1) * stride + element, or nullopt when 64 bits would wrap: every
// number in a glTF is the author's, and a wrapped bounds check reads outside the buffer.
std::optional<std::uint64_t> add(std::uint64_t a, std::uint64_t b);
std::optional<std::uint64_t> span_end(std::uint64_t offset, std::uint64_t count,
                                      std::uint64_t stride, std::uint64_t element);

// ---- Step 1: the file's bytes ---------------------------------------------------------------

struct GltfSource {
    std::string bytes;      // the whole file
    std::string glb_json;   // a GLB's JSON chunk
    bool binary = false;    // a GLB container
    std::uint64_t bin = 0;  // a GLB's BIN chunk length (0: none)

    const std::string& json() const { return binary ? glb_json : bytes; }
};

// The file (at most limits::kMaxGltfFileBytes), and for a GLB its checked chunks.
GltfSource read_gltf_source(const std::string& path);

// ---- Step 2: the JSON -----------------------------------------------------------------------

// Buffer and image files read in step 2, by the lexically normal path tinygltf will ask for.
using BufferFiles = std::map<std::string, std::vector<unsigned char>>;

// Checks the parsed JSON of `src` (root is its "$") and returns the buffer files it names and
// the image files of its base colour textures that exist.
BufferFiles check_json(const sim::JsonNode& root, const GltfSource& src, const std::string& path);

// File callbacks for tinygltf that hand out only `files` (which must outlive the loader) and
// never write.
tinygltf::FsCallbacks buffer_file_callbacks(BufferFiles& files);

}  // namespace vedette::render::gltf_checks
