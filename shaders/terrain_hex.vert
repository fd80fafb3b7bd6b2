#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
// The ground of a hex board.
#define HEX_BOARD 1
#include "terrain_vert.glsl"
