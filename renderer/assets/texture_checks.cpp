#include "renderer/assets/texture_checks.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include <stb_image.h>

namespace vedette::render {

namespace {

std::uint32_t big_endian(const unsigned char* p) {
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) |
           std::uint32_t(p[3]);
}

// Samples per pixel of each PNG colour type (greyscale, RGB, palette, grey + alpha, RGBA), and
// whether `depth` is one of the bit depths that type allows.
std::optional<int> channels_of(int colour_type, int depth) {
    const bool any = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    const bool wide = depth == 8 || depth == 16;
    switch (colour_type) {
        case 0:
            return any ? std::optional(1) : std::nullopt;
        case 2:
            return wide ? std::optional(3) : std::nullopt;
        case 3:
            return any && depth <= 8 ? std::optional(1) : std::nullopt;
        case 4:
            return wide ? std::optional(2) : std::nullopt;
        case 6:
            return wide ? std::optional(4) : std::nullopt;
        default:
            return std::nullopt;
    }
}

std::uint64_t pass_bytes(std::uint64_t columns, std::uint64_t rows, std::uint64_t bits_per_pixel) {
    if (columns == 0 || rows == 0) return 0;
    return rows * ((columns * bits_per_pixel + 7) / 8 + 1);
}

}  // namespace

std::optional<std::uint64_t> png_inflated_size(std::uint32_t width, std::uint32_t height,
                                               int bit_depth, int colour_type, bool interlaced) {
    const auto channels = channels_of(colour_type, bit_depth);
    if (!channels) return std::nullopt;
    const std::uint64_t bpp = std::uint64_t(*channels) * std::uint64_t(bit_depth);
    if (!interlaced) return pass_bytes(width, height, bpp);
    // Adam7: each pass takes every x_step-th column from x0 and every y_step-th row from y0.
    constexpr std::array<std::uint64_t, 7> x0{0, 4, 0, 2, 0, 1, 0}, y0{0, 0, 4, 0, 2, 0, 1},
        x_step{8, 8, 4, 4, 2, 2, 1}, y_step{8, 8, 8, 4, 4, 2, 2};
    std::uint64_t total = 0;
    for (std::size_t p = 0; p < 7; ++p) {
        const std::uint64_t columns =
            width > x0[p] ? (width - x0[p] + x_step[p] - 1) / x_step[p] : 0;
        const std::uint64_t rows =
            height > y0[p] ? (height - y0[p] + y_step[p] - 1) / y_step[p] : 0;
        total += pass_bytes(columns, rows, bpp);
    }
    return total;
}

std::string png_inflate_problem(const unsigned char* bytes, std::size_t size) {
    static const unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    // A file this check cannot follow is left to stb_image, which refuses it without inflating:
    // it inflates only once it has read every chunk up to IEND.
    if (size < 8 + 25 || std::memcmp(bytes, kSignature, 8) != 0 ||
        std::memcmp(bytes + 12, "IHDR", 4) != 0 || big_endian(bytes + 8) != 13)
        return {};
    const unsigned char* ihdr = bytes + 16;
    const auto expected =
        png_inflated_size(big_endian(ihdr), big_endian(ihdr + 4), ihdr[8], ihdr[9], ihdr[12] == 1);
    if (!expected) return {};
    std::vector<char> compressed;
    bool complete = false;
    for (std::size_t at = 8; at + 12 <= size && !complete;) {
        const std::uint64_t length = big_endian(bytes + at);
        if (length > size - at - 12) return {};
        if (std::memcmp(bytes + at + 4, "IDAT", 4) == 0) {
            // stb_image 2.27 copies a first, empty IDAT chunk into its not yet allocated buffer
            // (memcpy to null: undefined behaviour, found by fuzz_texture).
            if (compressed.empty() && length == 0)
                return "the PNG's first image data chunk is empty (the file is damaged)";
            compressed.insert(compressed.end(), bytes + at + 8, bytes + at + 8 + length);
        }
        complete = std::memcmp(bytes + at + 4, "IEND", 4) == 0;
        at += 12 + std::size_t(length);
    }
    if (!complete || compressed.empty()) return {};
    if (*expected > std::uint64_t(INT32_MAX) || compressed.size() > std::size_t(INT32_MAX))
        return "the image is too large to decode";
    // stb_image's inflate into a fixed buffer fails as soon as the data needs more room than it.
    std::vector<char> out(std::size_t(*expected) + 1);
    if (stbi_zlib_decode_buffer(out.data(), int(*expected), compressed.data(),
                                int(compressed.size())) >= 0)
        return {};
    const char* reason = stbi_failure_reason();
    if (reason && std::strcmp(reason, "output buffer limit") == 0)
        return "the image data inflates to more than the " + std::to_string(*expected) +
               " bytes its " + std::to_string(big_endian(ihdr)) + " x " +
               std::to_string(big_endian(ihdr + 4)) + " pixels take (a decompression bomb)";
    return {};  // damaged data: stb_image's decoder says how
}

namespace {

// The Huffman tables of one DHT segment as stb_image reads them: per table a class and id byte,
// 16 counts of codes by length, then that many symbols, for as long as the segment's declared
// `length` has bytes left. Like stb_image it reads on past the declared end when a table says it
// goes on (a byte past the file's end reads as 0): the counts it builds a table from are the ones
// checked. `p` holds the `available` bytes from the payload to the end of the file.
// Each table read is marked in `defined` (by class, DC 0 or AC 1, and id 0-3).
using DefinedTables = std::array<std::array<bool, 4>, 2>;
std::string huffman_tables_problem(const unsigned char* p, std::size_t available,
                                   std::int64_t length, DefinedTables& defined) {
    auto byte = [&](std::size_t i) { return i < available ? p[i] : 0; };
    std::size_t i = 0;
    while (length > 0 && i < available) {
        const int table_class = p[i] >> 4, id = p[i] & 15;
        if (table_class <= 1 && id <= 3) defined[std::size_t(table_class)][std::size_t(id)] = true;
        ++i;
        unsigned codes = 0;
        for (int bits = 0; bits < 16; ++bits, ++i) codes += byte(i);
        if (codes > 256)
            return "a Huffman table of the JPEG declares " + std::to_string(codes) +
                   " codes; a table holds at most 256 (the file is damaged)";
        i += codes;
        length -= 17 + std::int64_t(codes);
    }
    return {};
}

// A scan (SOS) that decodes with a Huffman table no DHT defined before it: stb_image 2.27 reads
// such a table uninitialised and indexes its arrays with whatever it holds (fuzz_texture). A
// baseline scan needs each component's DC and AC table; a progressive one its DC tables for a
// first DC scan (a DC refinement needs none) and its AC table for an AC scan.
std::string scan_tables_problem(const unsigned char* p, std::size_t available, bool progressive,
                                const DefinedTables& defined) {
    auto byte = [&](std::size_t i) { return i < available ? p[i] : 0; };
    const std::size_t components = byte(0);
    const unsigned first = byte(1 + 2 * components), refine = byte(3 + 2 * components) >> 4;
    for (std::size_t c = 0; c < components; ++c) {
        const unsigned dc = byte(2 + 2 * c) >> 4, ac = byte(2 + 2 * c) & 15;
        if (dc > 3 || ac > 3) continue;  // stb_image refuses these itself
        const bool needs_dc = !progressive || (first == 0 && refine == 0);
        const bool needs_ac = !progressive || first > 0;
        if ((needs_dc && !defined[0][dc]) || (needs_ac && !defined[1][ac]))
            return "a scan of the JPEG uses a Huffman table that the file does not define "
                   "(the file is damaged)";
    }
    return {};
}

}  // namespace

std::string jpeg_problem(const unsigned char* bytes, std::size_t size) {
    if (size < 2 || bytes[0] != 0xFF || bytes[1] != 0xD8) return {};
    // Every marker with a length, wherever it is: between segments, or after a scan's entropy-
    // coded data (progressive JPEGs define tables between scans). Bytes that are not a marker
    // (entropy-coded data, fill bytes, stuffed zeros) are stepped over.
    DefinedTables defined{};
    bool progressive = false;
    for (std::size_t at = 2; at + 1 < size;) {
        const unsigned char marker = bytes[at + 1];
        const bool standalone = marker == 0x00 || marker == 0x01 || marker == 0xFF ||
                                (marker >= 0xD0 && marker <= 0xD9);
        if (bytes[at] != 0xFF || standalone) {
            at += bytes[at] == 0xFF && marker != 0xFF ? 2 : 1;
            continue;
        }
        if (at + 3 >= size) break;
        const std::size_t length = (std::size_t(bytes[at + 2]) << 8) | bytes[at + 3];
        const unsigned char* payload = bytes + at + 4;
        const std::size_t available = size - (at + 4);
        std::string problem;
        if (marker == 0xC4)
            problem = huffman_tables_problem(payload, available, std::int64_t(length) - 2, defined);
        else if (marker == 0xC2)
            progressive = true;
        else if (marker == 0xDA)
            problem = scan_tables_problem(payload, available, progressive, defined);
        if (!problem.empty()) return problem;
        at += 2 + std::max<std::size_t>(length, 2);
    }
    return {};
}

}  // namespace vedette::render
