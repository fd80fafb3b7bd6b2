#version 450
// The shadow pass writes depth only; this shader exists because every pipeline has one.
void main() {}
