#version 450
// The smoke-test triangle: three hard-coded vertices, one pure colour per corner, so a test can
// check known pixels after readback.
layout(location = 0) out vec3 v_color;

const vec2 kPositions[3] = vec2[](vec2(0.0, -0.6), vec2(0.6, 0.6), vec2(-0.6, 0.6));
const vec3 kColors[3] = vec3[](vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0));

void main() {
    gl_Position = vec4(kPositions[gl_VertexIndex], 0.0, 1.0);
    v_color = kColors[gl_VertexIndex];
}
