#pragma once
// The miniature look for videos and stills (`--look miniature`): a photograph of a painted table
// taken with a tilt-shift lens. The band of the picture where the moment's units stand stays
// sharp and everything above and below it blurs more the farther it is, as a macro lens's
// shallow depth of field blurs a real table; colours a little richer, as such photographs are.
// (The contact shadows under the bases are the renderer's: BattlefieldRenderer::set_look.) It
// works on the rendered picture before the overlays are painted, so captions stay sharp.

#include "renderer/image_io.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/look.h"
#include "renderer/scene/scene_state.h"

namespace vedette::render {

// The row (pixels from the top) the focus band centres on: the middle of the current event's
// units as the camera sees them, else the middle of the picture.
float focus_row(const ReplayScene& scene, const SceneState& state, const Camera& camera,
                std::uint32_t width, std::uint32_t height);

// Blurs `image` away from the band around `focus_y`: sharp within 8% of the height of it, then
// more and more, up to about 0.9% of the height (a 10 px radius at 1080p) 40% of it further.
void apply_tilt_shift(RgbaImage& image, float focus_y);

}  // namespace vedette::render
