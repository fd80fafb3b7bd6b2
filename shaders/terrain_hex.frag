#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
#include "hex_board.glsl"
// The ground of a hex board: its grid and per-hex tints drawn on it.
#define HEX_BOARD 1
#include "terrain_body.glsl"
