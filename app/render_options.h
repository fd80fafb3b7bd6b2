#pragma once
// Helpers shared by the rendering subcommands (triangle, render, export); defined in
// cmd_triangle.cpp.

#include <string>

#include <vulkan/vulkan.h>

#include "renderer/vk/context.h"

namespace vedette::app {

// Parses --size WxH (each side 1..16384); throws UsageError otherwise.
VkExtent2D parse_size_option(const std::string& text, VkExtent2D fallback);
// Vulkan context options for the CLI: validation when VEDETTE_VALIDATION=1.
render::ContextOptions default_context_options();

}  // namespace vedette::app
