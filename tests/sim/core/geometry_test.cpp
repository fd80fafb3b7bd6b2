// Integer tabletop geometry: square roots, the degree table, distances, the 22-degree sector,
// overlaps and line crossings.

#include <gtest/gtest.h>

#include "sim/geom/fixed_geometry.h"

namespace vedette::sim::geom {
namespace {

TEST(Geometry, IntegerSquareRoot) {
    for (std::uint64_t v :
         {0ULL, 1ULL, 2ULL, 3ULL, 4ULL, 15ULL, 16ULL, 17ULL, 1000000ULL, 999999999999ULL}) {
        const std::uint64_t r = isqrt(v);
        EXPECT_LE(r * r, v);
        EXPECT_GT((r + 1) * (r + 1), v);
    }
    EXPECT_EQ(isqrt(1ULL << 62), 1ULL << 31);
}

TEST(Geometry, CompassDirections) {
    EXPECT_EQ(direction_of_degrees(0), (Vec{0, kOne}));
    EXPECT_EQ(direction_of_degrees(90), (Vec{kOne, 0}));
    EXPECT_EQ(direction_of_degrees(180), (Vec{0, -kOne}));
    EXPECT_EQ(direction_of_degrees(270), (Vec{-kOne, 0}));
    EXPECT_EQ(direction_of_degrees(-90), direction_of_degrees(270));
    for (int d = 0; d < 360; d += 7) {
        EXPECT_EQ(degrees_of(direction_of_degrees(d)), d);
        EXPECT_NEAR(static_cast<double>(length(direction_of_degrees(d))), 65536.0, 2.0);
    }
}

TEST(Geometry, RectanglesDistanceAndOverlap) {
    const Rect a{{0, 0}, direction_of_degrees(0), 90, 15};      // 180 x 30, facing +y
    const Rect b{{0, 200}, direction_of_degrees(180), 90, 15};  // 170 mm gap
    EXPECT_EQ(distance(a, b), 170);
    EXPECT_FALSE(overlaps(a, b));
    const Rect c{{100, 0}, direction_of_degrees(0), 90, 15};  // overlaps a by 80 mm
    EXPECT_TRUE(overlaps(a, c));
    EXPECT_EQ(distance(a, c), 0);
    const Rect d{{180, 0}, direction_of_degrees(0), 90, 15};  // touching edge to edge
    EXPECT_FALSE(overlaps(a, d));
    EXPECT_EQ(distance(a, d), 0);
    // Rotated: a block turned 45 degrees, its corner 100 mm from the other's face.
    const Rect e{{0, 0}, direction_of_degrees(45), 50, 50};
    const Rect f{{300, 0}, direction_of_degrees(0), 50, 50};
    EXPECT_NEAR(static_cast<double>(distance(e, f)), 250 - 70.71, 1.5);
    EXPECT_EQ(a.front_centre(), (Vec{0, 15}));
}

TEST(Geometry, ChargeSectorIsPlusMinus22Degrees) {
    const Vec from{0, 0};
    const Vec north = direction_of_degrees(0);
    EXPECT_TRUE(in_sector(from, north, {0, 100}, kCos22));
    EXPECT_TRUE(in_sector(from, north, {40, 100}, kCos22));   // 21.8 degrees
    EXPECT_FALSE(in_sector(from, north, {41, 100}, kCos22));  // 22.3 degrees
    EXPECT_FALSE(in_sector(from, north, {0, -100}, kCos22));
}

TEST(Geometry, SegmentsAndPolygons) {
    const std::vector<Vec> square = {{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    EXPECT_TRUE(point_in_polygon({50, 50}, square));
    EXPECT_FALSE(point_in_polygon({150, 50}, square));
    EXPECT_TRUE(segment_crosses_polygon({-50, 50}, {150, 50}, square));
    EXPECT_FALSE(segment_crosses_polygon({-50, 150}, {150, 150}, square));
    EXPECT_TRUE(segments_intersect({0, 0}, {10, 10}, {0, 10}, {10, 0}));
    EXPECT_FALSE(segments_intersect({0, 0}, {10, 0}, {0, 5}, {10, 5}));
    EXPECT_EQ(distance_squared_to_segment({5, 5}, {0, 0}, {10, 0}), 25);
    EXPECT_EQ(distance_squared_to_segment({-3, 4}, {0, 0}, {10, 0}), 25);
}

}  // namespace
}  // namespace vedette::sim::geom
