#pragma once
// Helpers shared by the rendering subcommands (triangle, render, export); defined in
// cmd_triangle.cpp. Flag values are parsed by app/cli_values.h.

#include <string>

#include <vulkan/vulkan.h>

#include "renderer/vk/context.h"

namespace vedette::app {

// Vulkan context options for the CLI: validation when VEDETTE_VALIDATION=1.
render::ContextOptions default_context_options();

}  // namespace vedette::app
