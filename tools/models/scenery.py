"""The renderer's own pieces: the field gun and its limber, the colour, two trees, the farmhouse
and the (unused) base. Guns face +Z (muzzle forward); wheels are part 8, flag cloth part 7."""
import math

from .palette import BRONZE, COAT, FACING, FLAG_FIELD, GOLD, IRON, OLIVE, WOOD
from .shapes import beam, box, cone, ellipsoid, loft, moving, mul, own, ring, sheet, spheroid, tube

WHEEL = 8


def wheel(m, x, y, radius, z=0.0, spokes=8):
    """A spoked wheel in the YZ plane at x: felloes, spokes and hub, all part 8 (turns later)."""
    wood, iron = moving(OLIVE, WHEEL, None), moving(IRON, WHEEL, None)
    hub_out = 0.65 if x > 0 else -0.65
    if not m.near:    # far away a wheel reads as a disc
        tube(m, wood, (x - 0.22, y, z), (x + 0.22, y, z), radius, n=12, side=(0, 0, 1))
        tube(m, iron, (x, y, z), (x + hub_out, y, z), 0.55, 0.45, n=4)
        return
    segs, mid = 14, radius - 0.33
    for k in range(segs):           # felloes: short planks round the rim, each a chord
        a0, a1 = 2 * math.pi * (k + 0.5) / segs, 2 * math.pi * (k + 1.5) / segs   # a joint at the bottom
        p0 = (x, y + mid * math.sin(a0), z + mid * math.cos(a0))
        p1 = (x, y + mid * math.sin(a1), z + mid * math.cos(a1))
        ext = 0.04
        q0 = tuple(p0[i] + (p0[i] - p1[i]) * ext for i in range(3))
        q1 = tuple(p1[i] + (p1[i] - p0[i]) * ext for i in range(3))
        beam(m, wood, q0, q1, 0.45, 0.64, side=(1, 0, 0))
    for k in range(spokes):
        a = 2 * math.pi * (k + 0.5) / spokes
        d = (0.0, math.sin(a), math.cos(a))
        beam(m, wood, (x, y + 0.45 * d[1], z + 0.45 * d[2]), (x, y + (mid - 0.2) * d[1], z + (mid - 0.2) * d[2]),
             0.3, 0.26, side=(1, 0, 0))
    tube(m, wood, (x - 0.5, y, z), (x + 0.5, y, z), 0.6, 0.6, n=8)
    tube(m, iron, (x, y, z), (x + hub_out * 1.3, y, z), 0.42, 0.32, n=8)


def barrel(m, y, z0=-3.0, z1=8.0):
    """A bronze barrel: cascabel, base ring, reinforce, tapering chase, muzzle swell."""
    prof = [(0.0, 0.55), (0.02, 0.9), (0.05, 0.98), (0.08, 0.9), (0.34, 0.86), (0.36, 0.92), (0.39, 0.8),
            (0.9, 0.6), (0.96, 0.75), (1.0, 0.7)]
    if not m.near:
        prof = [(0.0, 0.9), (0.4, 0.85), (1.0, 0.62)]
    n = m.detail(8, 5)
    loft(m, BRONZE, (0, y, z0), (0, y, z1), [(t, ring(r, r, n)) for t, r in prof])
    tube(m, BRONZE, (-1.25, y, 0.4), (1.25, y, 0.4), 0.3, n=m.detail(6, 3))             # trunnions
    if m.near:
        ellipsoid(m, BRONZE, (0, y, z0 - 0.4), 0.35, 0.35, 0.35, n=6, k=4)            # cascabel knob
        tube(m, own((0.05, 0.05, 0.05)), (0, y, z1 - 0.3), (0, y, z1 + 0.03), 0.33, n=8)  # the bore
        for x in (-0.35, 0.35):                                                         # dolphins
            beam(m, BRONZE, (x, y + 0.8, 0.0), (x, y + 0.8, 1.0), 0.16, 0.35)


def gun(m):
    axle_y, radius = 4.4, 4.4
    barrel(m, 5.75)
    for x in (-1.05, 1.05):          # the cheeks, sloping from the axle to the trail on the ground
        beam(m, OLIVE, (x, 5.1, 1.6), (x * 0.55, 0.65, -10.2), 0.36, 1.6, side=(1, 0, 0), end=0.7)
    box(m, OLIVE, (0, 4.45, 0.2), (6.0, 0.75, 0.85))                                     # axle-tree
    tube(m, IRON, (-3.7, axle_y, 0.2), (3.7, axle_y, 0.2), 0.22, n=m.detail(6, 3))
    box(m, IRON, (0, 0.3, -10.35), (1.5, 0.6, 0.9))                                      # trail plate
    if m.near:
        for z, y in ((-1.6, 3.9), (-5.0, 2.4), (-8.0, 1.2)):                              # transoms
            box(m, OLIVE, (0, y, z), (1.6, 0.6, 0.7))
        box(m, OLIVE, (0, 4.75, -1.9), (1.0, 0.5, 1.4))                                  # elevating quoin
        tube(m, IRON, (-1.1, 1.3, -9.4), (1.1, 1.3, -9.4), 0.12, n=6)                    # handspike ring
    for x in (-3.1, 3.1):
        wheel(m, x, axle_y, radius, z=0.2)


def limber(m):
    axle_y, radius = 4.0, 4.0
    box(m, OLIVE, (0, 4.3, 0), (5.0, 0.6, 0.8))                                          # axle-tree
    for x in (-1.0, 1.0):                                                               # rails
        beam(m, OLIVE, (x, 4.7, -3.4), (x, 4.7, 4.2), 0.4, 0.5, side=(1, 0, 0))
    box(m, OLIVE, (0, 6.0, -0.2), (3.8, 2.2, 3.0))                                       # ammunition chest
    box(m, OLIVE, (0, 7.35, -0.2), (3.9, 0.5, 3.1), top=(1.0, 0.6))                      # its pitched lid
    beam(m, OLIVE, (0, 4.5, 3.8), (0, 2.4, 13.5), 0.4, 0.45, side=(1, 0, 0), end=0.7)     # pole
    beam(m, OLIVE, (-2.5, 4.75, 4.0), (2.5, 4.75, 4.0), 0.4, 0.4, side=(0, 0, 1))        # splinter bar
    if m.near:
        for x in (-1.3, 1.3):                                                           # iron bands
            box(m, IRON, (x, 6.3, -0.2), (0.22, 2.5, 3.12))
        box(m, IRON, (0, 6.2, 1.33), (1.0, 0.5, 0.12))                                   # handle plate
        beam(m, IRON, (0, 4.6, -3.4), (0, 4.4, -4.2), 0.3, 0.3)                          # pintle hook
        for x in (-2.2, 2.2):                                                           # swingletrees
            beam(m, IRON, (x - 0.7, 4.75, 4.35), (x + 0.7, 4.75, 4.35), 0.16, 0.16, side=(0, 0, 1))
    tube(m, IRON, (-3.4, axle_y, 0), (3.4, axle_y, 0), 0.22, n=m.detail(6, 3))
    for x in (-2.9, 2.9):
        wheel(m, x, axle_y, radius)


def flag(m):
    """A colour on its pole: a cloth that flies along +Z, edged and charged in the facing colour."""
    tube(m, WOOD, (0, 0, 0), (0, 19.3, 0), 0.18, 0.15, n=m.detail(8, 4))
    ellipsoid(m, GOLD, (0, 19.45, 0), 0.3, 0.3, 0.3, n=m.detail(6, 4), k=m.detail(4, 3))
    cone(m, GOLD, (0, 19.6, 0), (0, 20.6, 0), 0.28, n=4)
    nu, nv = m.detail(12, 4), m.detail(10, 3)
    field, facing = moving(FLAG_FIELD, 7, None), moving(FACING, 7, None)

    def style(i, j):      # a border one cell wide and a lozenge in the middle, both in the facing
        if not m.near:
            return field
        border = i in (0, nu - 1) or j in (0, nv - 1)
        lozenge = abs(i + 0.5 - nu / 2) / (nu / 2) + abs(j + 0.5 - nv / 2) / (nv / 2) < 0.45
        return facing if border or lozenge else field
    sheet(m, style, lambda s, t: (0.0, 18.6 - 5.0 * t, 0.2 + 6.0 * s), nu, nv)
    if m.near:            # cords and tassels from the finial
        tube(m, GOLD, (0.1, 19.2, 0.1), (0.3, 17.3, 0.25), 0.06, n=4)
        spheroid(m, GOLD, (0.3, 17.4, 0.25), (0.34, 16.6, 0.28), 0.16, n=6, k=4)


LEAVES = [own(c) for c in ((0.22, 0.40, 0.16), (0.18, 0.35, 0.14), (0.27, 0.44, 0.19), (0.20, 0.37, 0.13),
                          (0.24, 0.42, 0.18), (0.16, 0.32, 0.12), (0.25, 0.39, 0.15))]
BARK = own((0.36, 0.26, 0.17))


def tree(m):
    """A broad deciduous tree about 45 mm tall: a flared, leaning trunk with two boughs and a
    crown of overlapping lumps of foliage in several greens. Far away: a tapered trunk and three
    lumps standing for the six, filling the same outline."""
    if not m.near:
        loft(m, BARK, (0, 0, 0), (0, 28.0, 0), [(0.0, ring(1.8, 1.8, 5)), (1.0, [(0.4, 0.0)])])   # ends in the crown
        for k, (c, r) in enumerate([((0.5, 33.5, 0.0), (10.0, 11.5, 9.5)), ((5.0, 26.0, -3.5), (7.5, 6.5, 7.5)),
                                    ((-4.9, 26.5, 3.5), (8.8, 6.5, 7.8))]):
            lump(m, LEAVES[k], c, *r, n=6 if k == 0 else 5)
        return
    loft(m, BARK, (0, 0, 0), (0, 25.0, 0),         # upright axis, so the foot stands level; leaning sections
         [(0.0, ring(2.0, 2.0, 8)), (0.06, ring(1.45, 1.45, 8)), (0.5, ring(1.05, 1.0, 8, cx=-0.4)),
          (1.0, ring(0.55, 0.55, 8, cx=0.6, cy=0.3))])
    tube(m, BARK, (0.0, 13.0, 0.0), (5.5, 22.0, -2.0), 0.6, 0.3, n=5)
    tube(m, BARK, (-0.2, 15.0, 0.0), (-5.0, 23.0, 2.5), 0.55, 0.28, n=5)
    crown = [((0, 31, 0), (10, 8, 10)), ((5.5, 26.5, -3), (7, 6, 7)), ((-5.5, 27.5, 2.5), (7.5, 6, 7)),
             ((1.5, 37.5, 1), (7, 7.5, 7)), ((-2.5, 25, -4.5), (6.5, 5, 6.5)), ((3, 24, 5), (6, 5, 6))]
    for k, (c, (rx, ry, rz)) in enumerate(crown):
        ellipsoid(m, LEAVES[k], c, rx, ry, rz, n=8, k=4)


def lump(m, st, c, rx, ry, rz, n=5):
    """A far tree's lump of foliage: two n-sided rings, the upper turned half a step, between
    poles; as wide as an ellipsoid of half-widths rx, ry, rz (4n triangles)."""
    outline = ring(rx, rz, n)
    turned = ring(0.92 * rx, 0.92 * rz, n, phase=math.pi / n)
    loft(m, st, (c[0], c[1] - ry, c[2]), (c[0], c[1] + ry, c[2]),
         [(0.0, [(0.0, 0.0)]), (0.3, outline), (0.75, turned), (1.0, [(0.0, 0.0)])])


def tree_b(m):
    """A fir about 50 mm tall: a thin trunk through six stacked cones of darker needles; far away
    four plain cones over a stub of trunk."""
    needles = [own(c) for c in ((0.12, 0.26, 0.14), (0.14, 0.29, 0.15), (0.11, 0.24, 0.13))]
    if not m.near:      # a little darker, standing for the shade under each tier's ledge
        tube(m, BARK, (0, 0, 0), (0, 9.0, 0), 1.1, 0.85, n=5)
        for k, (y, r, h) in enumerate([(6.5, 8.6, 17.0), (16.0, 7.0, 15.0), (25.5, 5.2, 13.5), (34.0, 3.4, 16.0)]):
            loft(m, own(mul(needles[k % 3].colour, 0.88)), (0.0, y, 0.0), (0.0, y + h, 0.0),
                 [(0.0, ring(r, r, 6, phase=0.3 + k)), (1.0, [(0.0, 0.0)])])
        return
    tube(m, BARK, (0, 0, 0), (0, 44.0, 0), 1.1, 0.2, n=8)
    tiers = [(6.5, 8.5, 15.0), (12.5, 7.4, 14.0), (18.5, 6.2, 13.0), (24.5, 5.0, 12.0), (30.5, 3.8, 11.5),
             (36.5, 2.6, 13.5)]
    for k, (y, r, h) in enumerate(tiers):
        sway = 0.25 * math.sin(k * 2.1)
        loft(m, needles[k % 3], (sway, y, -sway), (0.0, y + h, 0.0),
             [(0.0, ring(r * 0.8, r * 0.8, 10)), (0.08, ring(r, r, 10, phase=0.3)), (1.0, [(0.0, 0.0)])])


WALL, ROOF, ROOF_DARK = COAT, own((0.56, 0.25, 0.16)), own((0.46, 0.2, 0.13))
FRAME, PANE = own((0.88, 0.86, 0.8)), own((0.1, 0.12, 0.15))
SHUTTER, STONE = own((0.25, 0.36, 0.24)), own((0.55, 0.52, 0.48))
HALF_X, HALF_Z, EAVES, RIDGE = 15.0, 11.0, 15.0, 26.5


def facade(m, at, normal, layers):
    """Boxes standing proud of a wall: layers of (colour, width, height, proud, dx, dy)."""
    nx, nz = normal
    for st, lw, lh, proud, dx, dy in layers:
        c = (at[0] + nx * proud / 2 - nz * dx, at[1] + dy, at[2] + nz * proud / 2 + nx * dx)
        size = (proud, lh, lw) if nx else (lw, lh, proud)
        box(m, st, c, size)


def window(m, at, normal, w=2.6, h=3.2):
    layers = [(FRAME, w, h, 0.3, 0, 0), (PANE, w - 0.6, h - 0.6, 0.4, 0, 0),
              (STONE, w + 0.5, 0.35, 0.55, 0, -h / 2 - 0.1)]
    if m.near:
        layers += [(FRAME, 0.16, h - 0.6, 0.48, 0, 0), (FRAME, w - 0.6, 0.16, 0.48, 0, 0.2)]
        if h > 3:
            layers += [(SHUTTER, 1.2, h, 0.25, -(w / 2 + 0.7), 0), (SHUTTER, 1.2, h, 0.25, w / 2 + 0.7, 0)]
    facade(m, at, normal, layers)


def roof(m, side):
    """One roof slope, a slab lying on the gable's slope with eaves overhanging the wall."""
    dz, dy = -HALF_Z, RIDGE - EAVES
    ln = math.hypot(dz, dy)
    d = (dz / ln, dy / ln)                         # up the slope, in (z, y) towards the ridge
    n = (dy / ln, -dz / ln)                        # out of the slope
    eave = (HALF_Z - d[0] * 1.6, EAVES - d[1] * 1.6)
    ridge_in, reach = (0.0, RIDGE), 0.7 * n[0] / -d[0]
    outline = [(eave[0] + n[0] * 0.02, eave[1] + n[1] * 0.02), (ridge_in[0] + n[0] * 0.02, ridge_in[1] + n[1] * 0.02),
               (0.0, RIDGE + n[1] * 0.7 + d[1] * reach), (eave[0] + n[0] * 0.72, eave[1] + n[1] * 0.72)]
    flip = [(-z * side, y) for z, y in outline]   # across X's axis the frame's x is -Z
    loft(m, ROOF, (-HALF_X - 1.3, 0, 0), (HALF_X + 1.3, 0, 0), [(0, flip), (1, flip)], smooth=False, side=(0, 0, -1))
    if m.near:       # rows of tiles: darker courses across the slope
        for k in range(1, 5):
            f = k / 5.0
            z = eave[0] + (ridge_in[0] - eave[0]) * f + n[0] * 0.76
            y = eave[1] + (ridge_in[1] - eave[1]) * f + n[1] * 0.76
            beam(m, ROOF_DARK, (-HALF_X - 1.3, y, z * side), (HALF_X + 1.3, y, z * side), 0.45, 0.12,
                 side=(0, d[1], d[0] * side))


def walls(m, st=WALL):
    box(m, st, (0, EAVES / 2, 0), (2 * HALF_X, EAVES, 2 * HALF_Z))
    gable = [(HALF_Z, EAVES), (0.0, RIDGE), (-HALF_Z, EAVES)]
    loft(m, st, (-HALF_X, 0, 0), (HALF_X, 0, 0), [(0, gable), (1, gable)], smooth=False, side=(0, 0, -1))


def house(m):
    """A farmhouse about 30 mm tall: plastered walls (tinted by the renderer), a tiled roof over
    gables, windows with shutters on every side, a door and a chimney. Far away: the walls and
    gables, the roof a single slab thinning to the eaves, the chimney and a band of
    window colour along the front and back."""
    if not m.near:
        house_far(m)
        return
    walls(m)
    box(m, STONE, (0, 0.5, 0), (2 * HALF_X + 0.3, 1.0, 2 * HALF_Z + 0.3))              # plinth
    for side in (1, -1):
        roof(m, side)
    tube(m, ROOF_DARK, (-HALF_X - 1.3, RIDGE + 0.95, 0), (HALF_X + 1.3, RIDGE + 0.95, 0), 0.45, n=6)
    box(m, STONE, (8.0, 25.5, -3.2), (2.0, 8.0, 2.0))                                   # chimney
    box(m, STONE, (8.0, 29.7, -3.2), (2.5, 0.5, 2.5))
    for x in (-10.0, -5.0, 5.0, 10.0):
        window(m, (x, 8.5, HALF_Z), (0, 1))
    for x in (-9.0, -3.0, 3.0, 9.0):
        window(m, (x, 8.5, -HALF_Z), (0, -1))
    for sx in (1, -1):
        for z in (-4.5, 4.5):
            window(m, (sx * HALF_X, 8.5, z), (sx, 0))
        window(m, (sx * HALF_X, 19.0, 0.0), (sx, 0), w=1.8, h=2.2)
    facade(m, (0.0, 3.6, HALF_Z), (0, 1),                                     # the door
           [(FRAME, 3.8, 7.2, 0.3, 0, 0), (WOOD, 3.0, 6.8, 0.4, 0, -0.2), (STONE, 4.2, 0.5, 1.2, 0, -3.35)])


def house_far(m):
    """The farmhouse in 56 triangles, its colours averaged over what it leaves out."""
    walls(m, WALL._replace(colour=(0.8, 0.8, 0.8)))     # greyer: no plinth, windows nor wash round them
    slope = (RIDGE - EAVES) / HALF_Z
    eave = HALF_Z + 1.4                                         # the eaves' edge, on the gable's slope
    thick = 0.75 * math.hypot(1.0, slope)                       # the near slab's depth, upright
    # a chevron, from its inner corner so that loft's fan of cap triangles stays inside it
    slab = [(0.0, RIDGE + 0.02), (eave, RIDGE - slope * eave), (0.0, RIDGE + thick), (-eave, RIDGE - slope * eave)]
    loft(m, own((0.53, 0.235, 0.15)), (-HALF_X - 1.3, 0, 0), (HALF_X + 1.3, 0, 0), [(0, slab), (1, slab)],
         smooth=False, side=(0, 0, -1))                 # the tile courses' shade mixed in
    box(m, STONE, (8.0, 25.6, -3.2), (2.2, 8.7, 2.2))                                  # chimney
    box(m, own((0.32, 0.36, 0.31)), (0, 8.4, 0), (25.0, 3.4, 2 * HALF_Z + 0.4))       # frames, panes, shutters


def base(m):
    box(m, own((0.35, 0.45, 0.25)), (0, 0.5, 0), (30.0, 1.0, 15.0))
