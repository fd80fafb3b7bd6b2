#version 450
// A base's contact shadow: darkest at the base's edge, fading out over the margin beyond it.
layout(location = 0) in vec2 v_local;
layout(location = 1) in vec2 v_half;
layout(location = 0) out vec4 out_color;
void main() {
    vec2 outside = max(abs(v_local) - v_half, vec2(0.0));
    float a = 0.5 * (1.0 - smoothstep(0.0, 5.0, length(outside)));
    out_color = vec4(0.05, 0.06, 0.03, a);
}
