// How a figure's parts move (figure.vert): legs step, trot or gallop by gait, flags wave, and a
// casualty falls backwards. Table-local axes: x right, y forward, z up, mm.

// How far a foot or hoof reaches forward and back at each gait (Gait: 0 standing, 1 walk,
// 2 trot, 3 gallop), in mm of a figure on the table.
float stride_of(float gait) {
    return gait < 0.5 ? 0.0 : gait < 1.5 ? 1.1 : gait < 2.5 ? 1.7 : 2.4;
}

// Where in its cycle each leg is (FigurePart 1-6): a man's legs in turn; a horse's four beats
// at a walk, diagonal pairs at a trot, fore and hind pairs at a gallop.
float leg_offset(int part, float gait) {
    const float pi = 3.14159265;
    bool trot = gait > 1.5 && gait < 2.5, gallop = gait > 2.5;
    float o = part == 2 ? pi : 0.0;
    o = part == 4 ? (gallop ? 0.5 : pi) : o;
    o = part == 5 ? (gallop ? pi : trot ? pi : 1.5 * pi) : o;
    o = part == 6 ? (gallop ? pi + 0.5 : trot ? 0.0 : 0.5 * pi) : o;
    return o;
}

vec3 move_part(vec3 l, int part, float swing, float gait, float phase) {
    float stride = stride_of(gait);
    bool leg = part >= 1 && part <= 6;
    float a = phase + leg_offset(part, gait);
    // A leg swings from the hip: the foot reaches forward and back, and lifts as it comes
    // through; the body rises a little at each step of a trot or gallop.
    vec3 legs = l + vec3(0.0, swing * stride * sin(a), swing * stride * 0.45 * max(0.0, cos(a)));
    float bob = gait > 1.5 ? 0.12 * stride * abs(sin(phase)) : 0.0;
    l = leg ? legs : l + vec3(0.0, 0.0, bob * (1.0 - swing));
    // A flag's cloth ripples from the pole to its fly, always (the wind); faster on the move.
    float wave = sin(phase * 1.0 + swing * 5.0 + l.z * 0.4) * swing * (0.55 + 0.25 * gait);
    return part == 7 ? l + vec3(wave, 0.0, 0.0) : l;
}

// A casualty falls backwards about its feet as `fall` goes from 0 to 1, then sinks a little.
void fall_over(inout vec3 l, inout vec3 n, float fall) {
    float a = fall * 1.5708;
    float s = sin(a), c = cos(a);
    l = vec3(l.x, l.y * c - l.z * s, l.y * s + l.z * c - fall * fall * 1.2);
    n = vec3(n.x, n.y * c - n.z * s, n.y * s + n.z * c);
}
