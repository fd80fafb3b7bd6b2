#pragma once
// The smallest complete use of the drawing path: one triangle into the offscreen target, read
// back. Used by the headless smoke test and by `vedette triangle`.

#include "renderer/image_io.h"
#include "renderer/vk/context.h"

namespace vedette::render {

RgbaImage render_triangle(const VulkanContext& ctx, std::uint32_t width, std::uint32_t height);

}  // namespace vedette::render
