// `vedette triangle` and `vedette gpu-info`: the smallest end-to-end uses of the renderer, for
// checking a machine's Vulkan setup.

#include <cstdio>
#include <cstdlib>

#include "app/cli.h"
#include "app/cli_files.h"
#include "app/cli_values.h"
#include "app/render_options.h"
#include "renderer/triangle_smoke.h"
#include "renderer/vk/context.h"
#include "sim/core/atomic_file.h"

namespace vedette::app {

render::ContextOptions default_context_options() {
    render::ContextOptions o;
    // VEDETTE_VALIDATION=1 turns the Khronos layer on outside tests.
    const char* v = std::getenv("VEDETTE_VALIDATION");
    o.validation = v && v[0] == '1';
    return o;
}

int run_triangle(const Args& in) {
    Args args = in;
    const std::string out = take_option(args, "-o");
    const VkExtent2D size = size_flag("--size", take_option(args, "--size"), {256, 256});
    expect_no_more_options(args);
    if (out.empty()) throw UsageError{"-o FILE.png is required"};
    check_png_output(out, "-o");
    if (!args.empty()) throw UsageError{"unexpected argument " + args[0]};
    render::VulkanContext ctx(default_context_options());
    const auto image = render::render_triangle(ctx, size.width, size.height);
    render::write_png(out, image);
    std::printf("wrote %s (%ux%u, rendered on %s)\n", out.c_str(), size.width, size.height,
                ctx.device_name().c_str());
    return 0;
}

int run_gpu_info(const Args& in) {
    Args args = in;
    expect_no_more_options(args);
    render::VulkanContext ctx(default_context_options());
    std::printf("device: %s\nvalidation layer: %s\n", ctx.device_name().c_str(),
                ctx.validation_enabled() ? "on" : "off");
    return 0;
}

}  // namespace vedette::app
