#pragma once
// Checks on a model texture's encoded bytes that stb_image (Debian's 2.27) does not make itself,
// run before it sees them.
//
// A PNG's pixels are deflate-compressed, and deflate can expand a thousandfold: a 1 MiB file that
// declares 16 x 16 pixels can inflate to a gigabyte, which stb_image would allocate before it
// notices that the rows do not fit the header. This check inflates the image data into a buffer
// exactly as large as the header's size calls for, and refuses an image whose data needs more.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace vedette::render {

// The bytes the image data of a PNG with this header inflates to: a filter byte and the packed
// samples of every row, for each of Adam7's seven passes when interlaced. Empty for a colour type
// or bit depth that PNG does not define.
std::optional<std::uint64_t> png_inflated_size(std::uint32_t width, std::uint32_t height,
                                               int bit_depth, int colour_type, bool interlaced);

// Empty when `bytes` is a PNG whose IDAT data inflates to no more than its header declares, or
// one this check cannot follow (damaged chunks are left to stb_image, which refuses them before
// it inflates anything); otherwise what is wrong, in words. Reads the chunks itself, every length
// checked against the file. Call it only for images whose declared size is
// already within the limits: it allocates the declared inflated size.
std::string png_inflate_problem(const unsigned char* bytes, std::size_t size);

// Empty unless `bytes` is a JPEG with a Huffman table (a DHT segment) that declares more than
// 256 codes: stb_image 2.27 builds such a table without checking and writes past its 257-entry
// arrays (found by fuzz_texture: a 9-byte file). Counts cut off by the end of the file read as
// 0, as stb_image reads them.
std::string jpeg_problem(const unsigned char* bytes, std::size_t size);

}  // namespace vedette::render
