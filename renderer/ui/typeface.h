#pragma once
// The one typeface every text a viewer sees is set in: DejaVu Sans, a proportional face from
// Debian's fonts-dejavu-core (installed by tools/setup.sh), in the viewer's panels, the 3D labels
// and every video overlay. Dear ImGui's built-in bitmap font is only the fallback when the file is
// missing (a warning says so once).

#include <string>
#include <vector>

struct ImFont;
struct ImFontAtlas;

namespace vedette::render {

enum class Weight { regular, bold };

// The TTF file for `weight`: under $VEDETTE_FONT_DIR when set, else Debian's DejaVu folder. Empty
// when the file is not there.
std::string typeface_file(Weight weight);

// Adds the typeface at `pixels` (the height ImGui calls the font size) to `atlas`. Covers Latin,
// Latin-1, Cyrillic (unit and place names of 1812), dashes, arrows and the die faces.
ImFont* add_typeface(ImFontAtlas& atlas, float pixels, Weight weight = Weight::regular);

// The sizes the viewer's atlas holds: a UI frame picks the one nearest above the size it needs
// and scales it down a little, so text stays sharp at every font scale.
const std::vector<float>& viewer_type_sizes();
// Of `sizes` (ascending), the one to draw `pixels` with: the smallest not below it, else the
// largest.
int nearest_type_size(const std::vector<float>& sizes, float pixels);

// Where a line of `font`'s text starting at `s` ends when it may be `width` pixels wide, the
// font drawn at `scale` times its size. A line breaks at its last space; never after a full stop
// or comma inside a word, nor before a number, so "rule 9.99 (1)" stays whole unless that run
// alone is wider than the line. Every overlay's text wraps here, in a video and in the viewer.
const char* wrap_end(const ImFont& font, float scale, const char* s, const char* end, float width);
// The lines `words` breaks into, each ending where wrap_end says, the spaces and newlines after
// it skipped: how both overlay back ends split a text.
std::vector<std::string> wrap_lines(const ImFont& font, float scale, const std::string& words,
                                    float width);

}  // namespace vedette::render
