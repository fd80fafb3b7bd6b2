#include "renderer/export/miniature_look.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace vedette::render {

float focus_row(const ReplayScene& scene, const SceneState& state, const Camera& camera,
                std::uint32_t width, std::uint32_t height) {
    const auto& events = scene.replay.events;
    double sum = 0;
    int n = 0;
    if (state.event >= 0 && state.event < static_cast<int>(events.size()))
        for (const int unit : events[static_cast<std::size_t>(state.event)].units)
            for (const UnitView& u : state.units) {
                float x = 0, y = 0;
                if (u.unit != unit || !u.on_table) continue;
                if (project_to_screen(camera, table_point(u.x_mm, u.y_mm, 5), float(width),
                                      float(height), x, y) &&
                    y >= 0 && y < float(height))
                    sum += y, ++n;
            }
    return n > 0 ? static_cast<float>(sum / n) : 0.5f * float(height);
}

namespace {

// A row's blur radius in pixels: 0 inside the sharp band, then growing smoothly.
int radius_of(float y, float focus, float height) {
    const float band = 0.08f * height, ramp = 0.4f * height;
    const float t = std::clamp((std::abs(y - focus) - band) / ramp, 0.0f, 1.0f);
    return static_cast<int>(std::lround(t * t * (3 - 2 * t) * 0.009f * height));
}

// One box blur along each row, by the row's radius: a running window's sums, so a pixel costs
// the same whatever its radius.
void blur_rows(RgbaImage& img, const std::vector<int>& radius, std::vector<std::uint32_t>& sums) {
    const int w = static_cast<int>(img.width);
    sums.assign(static_cast<std::size_t>(w + 1) * 3, 0);
    for (std::uint32_t y = 0; y < img.height; ++y) {
        const int r = radius[y];
        if (r == 0) continue;
        std::uint8_t* row = &img.pixels[static_cast<std::size_t>(y) * img.width * 4];
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 3; ++c)
                sums[static_cast<std::size_t>(x + 1) * 3 + c] =
                    sums[static_cast<std::size_t>(x) * 3 + c] + row[x * 4 + c];
        for (int x = 0; x < w; ++x) {
            const int a = std::max(0, x - r), b = std::min(w - 1, x + r);
            // Times 1/n in 16-bit fixed point: a division a channel was most of the blur's time.
            const std::uint32_t inv = 65536u / static_cast<std::uint32_t>(b - a + 1);
            for (int c = 0; c < 3; ++c)
                row[x * 4 + c] =
                    static_cast<std::uint8_t>(((sums[static_cast<std::size_t>(b + 1) * 3 + c] -
                                                sums[static_cast<std::size_t>(a) * 3 + c]) *
                                               inv) >>
                                              16);
        }
    }
}

// One box blur down the columns, each output row by its own radius: the running sums of a strip
// of kStrip columns at a time, row after row (a strip's sums stay in the cache).
void blur_columns(RgbaImage& img, const std::vector<int>& radius,
                  std::vector<std::uint32_t>& sums) {
    constexpr std::size_t kStrip = 64;
    const std::size_t w = img.width, h = img.height;
    sums.resize((h + 1) * kStrip * 3);
    for (std::size_t x0 = 0; x0 < w; x0 += kStrip) {
        const std::size_t strip = std::min(kStrip, w - x0), stride = strip * 3;
        std::fill(sums.begin(), sums.begin() + static_cast<std::ptrdiff_t>(stride), 0u);
        for (std::size_t y = 0; y < h; ++y) {
            const std::uint8_t* row = &img.pixels[(y * w + x0) * 4];
            const std::uint32_t* above = &sums[y * stride];
            std::uint32_t* here = &sums[(y + 1) * stride];
            for (std::size_t x = 0; x < strip; ++x)
                for (std::size_t c = 0; c < 3; ++c)
                    here[x * 3 + c] = above[x * 3 + c] + row[x * 4 + c];
        }
        for (std::size_t y = 0; y < h; ++y) {
            const auto r = static_cast<std::size_t>(radius[y]);
            if (r == 0) continue;
            const std::size_t a = y >= r ? y - r : 0, b = std::min(h - 1, y + r);
            const std::uint32_t inv = 65536u / static_cast<std::uint32_t>(b - a + 1);
            std::uint8_t* row = &img.pixels[(y * w + x0) * 4];
            const std::uint32_t* top = &sums[a * stride];
            const std::uint32_t* bottom = &sums[(b + 1) * stride];
            for (std::size_t x = 0; x < strip; ++x)
                for (std::size_t c = 0; c < 3; ++c)
                    row[x * 4 + c] = static_cast<std::uint8_t>(
                        ((bottom[x * 3 + c] - top[x * 3 + c]) * inv) >> 16);
        }
    }
}

}  // namespace

void apply_tilt_shift(RgbaImage& image, float focus_y) {
    const float h = static_cast<float>(image.height);
    std::vector<int> radius(image.height);
    for (std::uint32_t y = 0; y < image.height; ++y)
        radius[y] = radius_of(static_cast<float>(y), focus_y, h);
    // A box blur each way: a lens's out-of-focus disc is flat rather than Gaussian, and one pass
    // each way keeps a 720p frame's blur to a few milliseconds.
    thread_local std::vector<std::uint32_t> sums;  // reused from frame to frame
    blur_rows(image, radius, sums);
    blur_columns(image, radius, sums);
    // Richer colours: each channel pushed a fifth away from the pixel's grey (in integers: 77,
    // 151 and 28 are 0.3, 0.59 and 0.11 of 256).
    for (std::size_t i = 0; i + 3 < image.pixels.size(); i += 4) {
        std::uint8_t* p = &image.pixels[i];
        const int grey = (77 * p[0] + 151 * p[1] + 28 * p[2]) >> 8;
        for (int c = 0; c < 3; ++c)
            p[c] = static_cast<std::uint8_t>(std::clamp(grey + (p[c] - grey) * 6 / 5, 0, 255));
    }
}

}  // namespace vedette::render
