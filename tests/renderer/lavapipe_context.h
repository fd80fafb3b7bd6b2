#pragma once
// Every render test runs on Mesa's lavapipe with the Khronos validation layer required. The
// loader's driver-file variables are set before the instance exists, so a GPU on the machine is
// never used and results are the same everywhere.

#include <cstdlib>
#include <memory>

#include <gtest/gtest.h>

#include "renderer/vk/context.h"

namespace vedette::test {

inline std::unique_ptr<render::VulkanContext> make_lavapipe_context() {
    setenv("VK_DRIVER_FILES", VEDETTE_LAVAPIPE_ICD, 1);
    setenv("VK_ICD_FILENAMES", VEDETTE_LAVAPIPE_ICD, 1);
    render::ContextOptions o;
    o.validation = true;
    o.require_validation = true;
    o.prefer_gpu = false;
    return std::make_unique<render::VulkanContext>(o);
}

// Fails the current test when the validation layer reported any error.
inline void expect_no_validation_errors(const render::VulkanContext& ctx) {
    EXPECT_EQ(ctx.validation_errors(), 0u);
    for (const auto& m : ctx.validation_messages()) ADD_FAILURE() << m;
}

}  // namespace vedette::test
