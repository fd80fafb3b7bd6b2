"""Shape primitives and the baked wash for Vedette's generated models (tools/make_models.py).

Every primitive emits its own vertices (nothing is shared between shapes), so each shape carries
its own colour, paint, animated part and swing. Shapes are closed and wound counter-clockwise seen
from outside because the renderer culls back faces: `loft` measures the enclosed volume and turns a
shape inside out if a caller's outline ran the other way, so callers need not get it right.
"""
import math
from collections import namedtuple
from contextlib import contextmanager


def add(a, b): return (a[0] + b[0], a[1] + b[1], a[2] + b[2])
def sub(a, b): return (a[0] - b[0], a[1] - b[1], a[2] - b[2])
def mul(a, s): return (a[0] * s, a[1] * s, a[2] * s)
def dot(a, b): return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
def cross(a, b): return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
def length(a): return math.sqrt(dot(a, a))
def unit(a): return mul(a, 1.0 / length(a))
def lerp(a, b, t): return add(a, mul(sub(b, a), t))
def clamp(x, lo=0.0, hi=1.0): return max(lo, min(hi, x))


# How a shape is painted and animated: its own colour (or, for paint 1..6, the grey the wash
# darkens: white, or darker where a far model stands in for recesses it leaves out), which data
# colour paints it, which part moves it and how far each vertex swings.
Style = namedtuple("Style", "colour paint part swing")
WHITE = (1.0, 1.0, 1.0)


def own(colour): return Style(colour, 0, 0, None)
def paint(n): return Style(WHITE, n, 0, None)
def moving(style, part, swing): return style._replace(part=part, swing=swing)


def drop(pivot_y, end_y=0.0):
    """A swing that is 0 at the pivot's height and grows to 1 at the foot or hoof (a leg)."""
    return lambda p: clamp((pivot_y - p[1]) / (pivot_y - end_y))


MARGIN = 0.3     # mm: how near another shape a vertex must be to sit in a recess (gets the wash)


class Mesh:
    """The vertices and triangles of one model, and where each vertex came from (for the wash)."""

    def __init__(self, near=True):
        self.near = near
        self.pos, self.nrm, self.style, self.swing, self.owner, self.tris = [], [], [], [], [], []
        self.shapes = []          # per shape: None, or (lo, hi, probe, scale, offset) for the wash
        self.scale, self.offset = 1.0, (0.0, 0.0, 0.0)

    def detail(self, near, far):
        """The near or far level of detail's choice of a count or a flag."""
        return near if self.near else far

    @contextmanager
    def placed(self, offset, scale=1.0):
        """Builds what the block adds moved by offset and scaled (a second horseman, a rider)."""
        saved = self.scale, self.offset
        self.offset, self.scale = add(self.offset, mul(offset, self.scale)), self.scale * scale
        try:
            yield
        finally:
            self.scale, self.offset = saved

    def emit(self, st, pts, nrms, tris, probe=None, swings=None):
        """Adds one shape: points in the caller's frame, their normals, triangles over them."""
        base, sid = len(self.pos), len(self.shapes)
        world = [add(self.offset, mul(p, self.scale)) for p in pts]
        for k, p in enumerate(pts):
            swing = 0.0   # measured in the caller's frame, so a scaled horse swings alike
            if st.part and swings:
                swing = swings[k]
            elif st.part and st.swing:
                swing = st.swing(p)
            self.pos.append(world[k])
            self.nrm.append(unit(nrms[k]))
            self.style.append(st)
            self.swing.append(clamp(swing))
            self.owner.append(sid)
        self.tris += [(base + i, base + j, base + k) for i, j, k in tris]
        rec = None
        if probe:
            lo = tuple(min(p[i] for p in world) - MARGIN for i in range(3))
            hi = tuple(max(p[i] for p in world) + MARGIN for i in range(3))
            rec = (lo, hi, probe, self.scale, self.offset)
        self.shapes.append(rec)

    def finish(self):
        """Bakes the wash into the colours and returns the model's arrays."""
        colours = []
        for p, n, st, owner in zip(self.pos, self.nrm, self.style, self.owner):
            f = wash(p, n, owner, self.shapes)
            colours.append(mul(st.colour, f) if st.paint == 0 else (max(0.55, f * st.colour[0]),) * 3)
        return {"POSITION": self.pos, "NORMAL": self.nrm, "COLOR_0": colours,
                "_PAINT": [float(s.paint) for s in self.style], "_PART": [float(s.part) for s in self.style],
                "_SWING": self.swing, "indices": [i for t in self.tris for i in t]}


def wash(p, n, owner, shapes):
    """A painter's dark wash: how much of its colour a vertex keeps (0.55 in a recess to 1.0 on top).

    Upward and outward faces keep all; faces turning down darken to 0.6 (shadowed undersides); a
    vertex within MARGIN of another shape and not facing away from it sits in a crease (a leg
    against the other leg, an arm against the body, the neck under the head) and gets 0.78; the
    lowest 1.5 mm, where the figure meets its base, darken a little more."""
    f = 1.0 + 0.4 * min(0.0, n[1])
    for sid, rec in enumerate(shapes):
        if rec is None or sid == owner:
            continue
        lo, hi, probe, scale, offset = rec
        if not all(lo[i] <= p[i] <= hi[i] for i in range(3)):
            continue
        away = probe(mul(sub(p, offset), 1.0 / scale), MARGIN / scale)
        if away is not None and dot(n, away) < 0.5:
            f *= 0.78
            break
    f *= 0.88 + 0.12 * clamp(p[1] / 1.5)
    return clamp(f, 0.55, 1.0)


def frame(w, side=None):
    """Two unit vectors across the axis w, u towards side (default the figure's left, +X)."""
    ref = side or ((1.0, 0.0, 0.0) if abs(w[0]) < 0.9 else (0.0, 0.0, 1.0))
    u = unit(sub(ref, mul(w, dot(ref, w))))
    return u, cross(w, u)


def ring(rx, ry, n, phase=0.0, cx=0.0, cy=0.0):
    """An n-sided outline (counter-clockwise) round an ellipse of half-widths rx, ry."""
    return [(cx + rx * math.cos(phase + 2 * math.pi * k / n), cy + ry * math.sin(phase + 2 * math.pi * k / n))
            for k in range(n)]


def rect(w, h, cx=0.0, cy=0.0):
    return [(cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2), (cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2)]


def loft(m, st, a, b, sections, smooth=True, side=None, rounded=None):
    """The core primitive: outlines swept along the axis a->b and skinned into a closed solid.

    sections: (t, outline) pairs, t from 0 at a to 1 at b, each outline a list of (x, y) across
    the axis (x towards side). All outlines have the same number of points, except that a
    single point closes an end in a pole; other ends get flat caps. smooth shares normals round
    the sides (a rounded limb), otherwise every triangle is flat (a box, a plank)."""
    smooth = smooth and max(len(o) for _, o in sections) > 4    # a prism of 3 or 4 sides looks best flat
    axis = sub(b, a)
    w = unit(axis)
    u, v = frame(w, side)
    pts, rings = [], []
    for t, outline in sections:
        c = lerp(a, b, t)
        rings.append(list(range(len(pts), len(pts) + len(outline))))
        pts += [add(c, add(mul(u, x), mul(v, y))) for x, y in outline]
    sides, caps = [], []
    for r0, r1 in zip(rings, rings[1:]):
        n = max(len(r0), len(r1))
        for j in range(n):
            k = (j + 1) % n
            if len(r0) == 1:
                sides.append((r0[0], r1[k], r1[j]))
            elif len(r1) == 1:
                sides.append((r0[j], r0[k], r1[0]))
            else:
                sides += [(r0[j], r0[k], r1[k]), (r0[j], r1[k], r1[j])]
    first, last = rings[0], rings[-1]
    if len(first) > 2:
        caps += [(first[0], first[k + 1], first[k]) for k in range(1, len(first) - 1)]
    if len(last) > 2:
        caps += [(last[0], last[k], last[k + 1]) for k in range(1, len(last) - 1)]
    volume = sum(dot(pts[i], cross(pts[j], pts[k])) for i, j, k in sides + caps)
    if volume < 0:
        sides = [(i, k, j) for i, j, k in sides]
        caps = [(i, k, j) for i, j, k in caps]
    out_p, out_n, out_t = [], [], []
    if smooth:        # side points shared, their normals the area-weighted mean of their faces
        acc = [(0.0, 0.0, 0.0)] * len(pts)
        for tri in sides:
            g = face(pts, tri)
            for i in tri:
                acc[i] = add(acc[i], g)
        out_p, out_n, out_t = list(pts), acc, list(sides)
        flat = caps
    else:
        flat = sides + caps
    for tri in flat:      # flat triangles: three vertices of their own with the face's normal
        g = face(pts, tri)
        out_t.append(tuple(range(len(out_p), len(out_p) + 3)))
        out_p += [pts[i] for i in tri]
        out_n += [g, g, g]
    m.emit(st, out_p, out_n, out_t, probe=outline_probe(a, w, u, v, axis, sections,
                                                        smooth if rounded is None else rounded))


def face(pts, tri):
    a, b, c = (pts[i] for i in tri)
    return cross(sub(b, a), sub(c, a))


def outline_probe(a, w, u, v, axis, sections, rounded):
    """A test for the wash: is a point within margin of this lofted shape, and which way is out?"""
    along = length(axis)
    prof = []
    for t, outline in sections:
        xs, ys = [q[0] for q in outline], [q[1] for q in outline]
        prof.append((t * along, (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2,
                     (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2))

    def probe(p, margin):
        q = sub(p, a)
        s = dot(q, w)
        if s < prof[0][0] - margin or s > prof[-1][0] + margin:
            return None
        sc = clamp(s, prof[0][0], prof[-1][0])
        lo, hi = prof[0], prof[-1]
        for p0, p1 in zip(prof, prof[1:]):
            if sc <= p1[0]:
                lo, hi = p0, p1
                break
        k = (sc - lo[0]) / (hi[0] - lo[0]) if hi[0] > lo[0] else 0.0
        cx, cy, hx, hy = (lo[i] + (hi[i] - lo[i]) * k for i in range(1, 5))
        ex, ey = (dot(q, u) - cx) / (hx + margin), (dot(q, v) - cy) / (hy + margin)
        if (ex * ex + ey * ey > 1) if rounded else (abs(ex) > 1 or abs(ey) > 1):
            return None
        if s < prof[0][0] or s > prof[-1][0]:
            return w if s > prof[-1][0] else mul(w, -1)
        if not rounded:
            ex, ey = (ex, 0.0) if abs(ex) >= abs(ey) else (0.0, ey)
        out = add(mul(u, ex), mul(v, ey))
        return unit(out) if length(out) > 1e-9 else w
    return probe


# --- the shapes figures are built from ---

def tube(m, st, a, b, r0, r1=None, n=8, side=None):
    """A capped cylinder or frustum from a (radius r0) to b (radius r1): limbs, barrels, staffs."""
    r1 = r0 if r1 is None else r1
    phase = math.pi / n if n == 4 else 0.0
    if n <= 4:           # a square or triangle as bulky as the round limb it stands for
        r0, r1 = r0 * 1.25, r1 * 1.25
    loft(m, st, a, b, [(0, ring(r0, r0, n, phase)), (1, ring(r1, r1, n, phase))], smooth=n > 4, side=side)


def spheroid(m, st, a, b, rx, ry=None, n=8, k=6, side=None):
    """An ellipsoid whose axis runs from pole a to pole b, half-widths rx (towards side) and ry."""
    ry = rx if ry is None else ry
    secs = [(0.0, [(0.0, 0.0)])]
    for i in range(1, k):
        s = math.sin(math.pi * i / k)
        secs.append((0.5 - 0.5 * math.cos(math.pi * i / k), ring(rx * s, ry * s, n)))
    secs.append((1.0, [(0.0, 0.0)]))
    loft(m, st, a, b, secs, smooth=True, side=side)


def ellipsoid(m, st, c, rx, ry, rz, n=8, k=6):
    """An upright ellipsoid centred on c (heads, hands, foliage)."""
    spheroid(m, st, (c[0], c[1] - ry, c[2]), (c[0], c[1] + ry, c[2]), rx, rz, n, k)


def cone(m, st, a, b, r, n=6, side=None):
    loft(m, st, a, b, [(0, ring(r, r, n)), (1, [(0.0, 0.0)])], smooth=n > 4, side=side)


def box(m, st, c, size, top=(1.0, 1.0), shift=(0.0, 0.0)):
    """An upright box centred on c, sized (x, y, z); its top scaled by top (x, z) and moved by shift."""
    sx, sy, sz = size
    a, b = (c[0], c[1] - sy / 2, c[2]), (c[0], c[1] + sy / 2, c[2])
    # across an upright axis x runs along +X and y along -Z (frame's right-handed choice)
    loft(m, st, a, b, [(0, rect(sx, sz)), (1, rect(sx * top[0], sz * top[1], shift[0], -shift[1]))],
         smooth=False)


def beam(m, st, a, b, w, h, side=None, end=1.0):
    """A box from a to b, w wide towards side and h deep across it; its b end scaled by end."""
    loft(m, st, a, b, [(0, rect(w, h)), (1, rect(w * end, h * end))], smooth=False, side=side)


def chain(m, st, points, w, h, facing=None, side=None):
    """Beams joining a run of points: belts, straps, cords, reins, braid. With facing (the
    surface's outward normal) each beam lies flat on the surface, w wide and h thick."""
    for a, b in zip(points, points[1:]):
        beam(m, st, a, b, w, h, cross(facing, sub(b, a)) if facing else side)


def sheet(m, style_at, point_at, nu, nv, thick=0.05):
    """A two-sided cloth of nu x nv cells; point_at(s, t) places its corners (s, t in 0..1, s=0 the
    edge it hangs from). style_at(i, j) paints each cell. Both faces are emitted, thick apart,
    since back faces are culled; the swing is s, 0 at the pole and 1 at the fly."""
    groups = {}
    for i in range(nu):
        for j in range(nv):
            corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
            groups.setdefault(style_at(i, j), []).append([((s / nu), (t / nv)) for s, t in corners])
    for st, cells in groups.items():
        pts, nrms, tris, swings = [], [], [], []
        for cell in cells:
            quad = [point_at(s, t) for s, t in cell]
            n = unit(cross(sub(quad[1], quad[0]), sub(quad[3], quad[0])))
            for sign, order in ((1, (0, 1, 2, 3)), (-1, (0, 3, 2, 1))):
                base = len(pts)
                pts += [add(quad[o], mul(n, sign * thick / 2)) for o in order]
                nrms += [mul(n, sign)] * 4
                swings += [cell[o][0] for o in order]
                tris += [(base, base + 1, base + 2), (base, base + 2, base + 3)]
        m.emit(st, pts, nrms, tris, swings=swings)
