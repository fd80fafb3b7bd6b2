#pragma once
// How units look, as data (assets/visuals.json): for each roster `visual` key the figure model it
// draws (a model kind of assets/models.json, or a glTF file of its own), how far apart its
// figures stand, whether it serves guns and its counter symbol; and the uniform colour of each
// nation; and the colour of each hex terrain name on a hex board. A ruleset names visual keys in
// its roster and terrain names in its hex grid; nothing here knows a rule system, and a new kind
// of troops, nation or hex terrain needs an entry in the file, not code.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "renderer/scene/mesh_kind.h"
#include "sim/record/header.h"

namespace vedette::render {

using Colour = std::array<float, 3>;

// A figure model some visual draws, in mesh slot kFixedMeshes + its index in Visuals::models:
// a model kind of the models mapping by name (`"mesh": "lancers"`), or a glTF file named in the
// visuals file itself (`"model": "camel.gltf"`, scaled like a models.json entry). The renderer
// loads them (renderer/assets/model_set.h, load_model_set); visuals sharing one share the slot.
struct FigureModel {
    std::string kind;      // a models.json key; empty for a file of the visuals file's own
    std::string file;      // that file, resolved against the visuals file's folder
    std::string far_file;  // its far_model (level of detail), resolved likewise; may be empty
    float height_mm = 0, width_mm = 0, yaw_deg = 0;
    std::string path;  // where the visuals file names it ($.figures.camel.model), for errors
    bool same_model(const FigureModel& o) const {
        return kind == o.kind && file == o.file && far_file == o.far_file &&
               height_mm == o.height_mm && width_mm == o.width_mm && yaw_deg == o.yaw_deg;
    }
};

// The NATO-style symbol on a unit's counter in the counters view (infantry a cross, cavalry a
// diagonal, artillery a dot).
enum class CounterSymbol : std::uint8_t { infantry, cavalry, artillery };
const char* counter_symbol_name(CounterSymbol s);

// The paints of a figure besides its coat (the nation's colour): the shipped models mark each
// vertex with the paint it takes (docs/MODELS.md, _PAINT). A flag's field is the flag paint.
enum class Paint : std::uint8_t { facings, trousers, headgear, horse, flag, count };
inline constexpr std::size_t kPaints = static_cast<std::size_t>(Paint::count);
using Uniform = std::array<Colour, kPaints>;
// The paints of a nation without a "uniforms" entry: red facings (buff on a red coat), off-white
// trousers, black headgear, bay horses, a flag in the coat's colour.
Uniform default_uniform(const Colour& coat);

struct FigureVisual {
    MeshId mesh = kFixedMeshes;  // the slot of its model (a figure model, or a fixed kind's)
    float spacing_mm = 7.0f;     // between neighbouring figures, across the front and in depth
    int figures_per_gun = 0;  // > 0: the figures are a crew serving one gun per this many figures
    CounterSymbol symbol = CounterSymbol::infantry;
    // Carries a flag or standard (default: every unit that serves no guns).
    bool flag = true;
    // Each figure on a base of its own, this wide and deep (mm; 0: the unit's figures share its
    // bases): a skirmish game's models. The unit's footprint is then a low tray under them.
    float model_base_w = 0, model_base_d = 0;
    // Paints of this kind of troops over its nation's (cossacks' blue trousers, black horses).
    std::array<std::optional<Colour>, kPaints> paints{};
};

// How an arrow on the table is drawn (renderer/scene/table_marks.h names the styles): its colour
// (0-255), its thickness relative to a normal arrow, dashed or solid (`dash`: the dash length
// relative to a normal dash, small for dots), 1 or 2 heads, and its opacity (a planned arrow is
// drawn at `planned_opacity` of it).
struct ArrowLook {
    std::uint8_t r = 255, g = 255, b = 255;
    float width = 1.0f;
    bool dashed = false;
    float dash = 1.0f;
    int heads = 1;
    float opacity = 1.0f;
    // The whole path shows from the moment the event starts (a retreat, a pursuit: where the
    // unit is going matters more than where it has got to); else the arrow grows with the unit.
    bool whole_path = false;
};
// How a status marker is drawn: a chip of this colour with a short label.
struct StatusLook {
    std::uint8_t r = 255, g = 255, b = 255;
    std::string label;
};
// The built-in looks (what assets/visuals.json ships), used for a style or marker a visuals file
// does not list and by a visuals file written before arrows existed.
const std::map<std::string, ArrowLook, std::less<>>& default_arrow_looks();
const std::map<std::string, StatusLook, std::less<>>& default_status_looks();

struct Visuals {
    std::string file;  // where it was read from ("" for the built-in defaults of a test)
    std::map<std::string, FigureVisual, std::less<>> figures;  // by roster `visual`
    FigureVisual unknown;             // for a visual the file does not list
    std::vector<FigureModel> models;  // the figure models the visuals draw, by slot
    std::size_t mesh_count() const { return kFixedMeshes + models.size(); }
    std::map<std::string, Colour, std::less<>> nations;    // coat colours
    std::map<std::string, Uniform, std::less<>> uniforms;  // the rest of a nation's paints
    std::array<Colour, 2> sides{};  // for a nation the file does not list: side 0, other sides
    // Hex boards: the ground colour of each hex `terrain` name (a name not listed keeps the
    // table's own colour), and how dark hex edges are drawn (the colour is multiplied by it).
    std::map<std::string, Colour, std::less<>> hex_terrain;
    float hex_edge = 0.6f;
    // Table marks: arrow looks by style and status markers by name (defaults built in).
    std::map<std::string, ArrowLook, std::less<>> arrows = default_arrow_looks();
    std::map<std::string, StatusLook, std::less<>> status_markers = default_status_looks();
    float planned_opacity = 1.0f;  // a declaration's arrow: where it is going, not where it went

    // The look of an arrow style; an unknown style is drawn as "move".
    const ArrowLook& arrow(const std::string& style) const;
    // The look of a status marker; an unknown marker is drawn as a grey chip with its name.
    StatusLook status(const std::string& marker) const;

    const FigureVisual& figure(const std::string& visual) const {
        const auto it = figures.find(visual);
        return it == figures.end() ? unknown : it->second;
    }
    const Colour& nation_colour(const std::string& nation, int side) const {
        const auto it = nations.find(nation);
        if (it != nations.end()) return it->second;
        return side == 0 ? sides[0] : sides[1];
    }
    // A figure's paints: its kind's, else its nation's uniform, else default_uniform(coat).
    Uniform uniform(const std::string& nation, int side, const FigureVisual& figure) const;
    const Colour* hex_terrain_colour(const std::string& terrain) const {
        const auto it = hex_terrain.find(terrain);
        return it == hex_terrain.end() ? nullptr : &it->second;
    }
};

// Reads a visuals file; every problem is an InputError naming the file and the JSON path
// ($.figures.lancers.spacing_mm), which the CLI reports with exit code 2. A figure model kind is
// checked against the models mapping when the renderer loads the models, not here.
Visuals load_visuals(const std::string& file);
// assets/visuals.json, found like assets/models.json: $VEDETTE_ASSETS_DIR, else
// shipped_visuals_file().
std::string default_visuals_file();
// The visuals.json that comes with Vedette: assets/ beside the executable, else the source tree.
std::string shipped_visuals_file();

// The colour that marks a side on the table's name tags and front edges: its nation's uniform
// colour (the colour its figures and bases wear), lightened to read on a dark tag; the built-in
// blue and red when the two sides' nations would look alike. One entry per side of `sides`.
struct TagColour {
    std::uint8_t r = 255, g = 255, b = 255;
};
std::vector<TagColour> side_tag_colours(const Visuals& visuals,
                                        const std::vector<sim::record::SideInfo>& sides);

}  // namespace vedette::render
