// tinygltf's implementation (and stb_image's, which it uses for images), compiled into fuzz_gltf
// from Debian's headers so the parser is instrumented like the project's code. The renderer
// itself links Debian's libtinygltf.so, built from the same header.
#define TINYGLTF_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <tiny_gltf.h>
