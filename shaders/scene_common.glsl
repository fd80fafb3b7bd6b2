// Shared by the terrain and figure shaders: the push constants and the lighting.
layout(push_constant) uniform Push {
    mat4 view_proj;
    vec4 sun_dir;   // xyz: towards the sun
    vec4 eye_fog;   // xyz: camera position, w: fog density per mm
} pc;
