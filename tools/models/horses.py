"""The horse and its tack. Hooves at Y = 0, facing +Z, its left side along +X; the rider sits at
SEAT (his hips there). Each leg is its own part, 3 fore-left, 4 fore-right, 5 hind-left,
6 hind-right, swinging from the shoulder or hip (0) to the hoof (1)."""
import math

from .palette import FACING, HOOF, HORSE_COAT, HORSEHAIR, LEATHER, STEEL
from .shapes import add, beam, box, chain, cone, drop, ellipsoid, loft, moving, ring, tube

SEAT = (0.0, 13.0, -0.6)
BODY_Y = 10.0
LEG_TOP = 10.0                  # the legs' pivot, inside the body
BIT = 13.35, 11.0               # height and reach of the bit rings

# the barrel from rump to chest: (z, half-width, half-height, centre rise)
BODY = [(-8.7, 0.0, 0.0, 0.3), (-8.3, 1.25, 1.6, 0.3), (-7.4, 1.95, 2.35, 0.25), (-5.3, 2.2, 2.55, 0.1),
        (-1.0, 2.25, 2.6, 0.0), (3.5, 2.05, 2.55, 0.1), (6.4, 1.8, 2.35, 0.35), (7.6, 1.05, 1.6, 0.4),
        (8.0, 0.0, 0.0, 0.4)]
BODY_FAR = [BODY[0], BODY[2], BODY[4], BODY[6], BODY[8]]

LEGS = {  # part: top, knee or hock, fetlock, upper radius (the forearm or gaskin)
    3: ((1.15, LEG_TOP, 5.4), (1.1, 4.8, 5.7), (1.1, 1.3, 5.6), 0.75),
    4: ((-1.15, LEG_TOP, 5.4), (-1.1, 4.8, 5.7), (-1.1, 1.3, 5.6), 0.75),
    5: ((1.2, LEG_TOP, -5.6), (1.2, 5.0, -6.6), (1.2, 1.3, -6.2), 0.85),
    6: ((-1.2, LEG_TOP, -5.6), (-1.2, 5.0, -6.6), (-1.2, 1.3, -6.2), 0.85),
}


def body(m):
    secs = BODY if m.near else BODY_FAR
    z0, z1, n = secs[0][0], secs[-1][0], m.detail(8, 6)
    loft(m, HORSE_COAT, (0, BODY_Y, z0), (0, BODY_Y, z1),
         [((z - z0) / (z1 - z0), ring(rx, ry, n, cy=rise) if rx else [(0.0, rise)]) for z, rx, ry, rise in secs])


def neck_and_head(m, shaggy=1.0):
    n = m.detail(8, 4)
    neck = [(0, ring(1.2, 1.95, n)), (0.55, ring(1.0, 1.45, n)), (1, ring(0.78, 1.05, n))]
    loft(m, HORSE_COAT, (0, 11.4, 5.3), (0, 16.1, 8.7), neck if m.near else neck[::2])
    # the head from the poll down to the muzzle, narrowing
    head = [(0, ring(0.75, 0.95, n)), (1, ring(0.5, 0.6, n))]
    loft(m, HORSE_COAT, (0, 16.7, 8.7), (0, 13.3, 11.5), head)
    if not m.near:
        beam(m, HORSEHAIR, (0, 16.9, 8.3), (0, 13.2, 4.7), 0.4, 0.6, side=(1, 0, 0))
        return
    ellipsoid(m, HORSE_COAT, (0, 13.15, 11.45), 0.55, 0.62, 0.7, n=6, k=3)       # muzzle
    for side in (1, -1):      # ears
        cone(m, HORSE_COAT, (side * 0.4, 16.75, 8.85), (side * 0.6, 17.85, 8.6), 0.24, n=4)
    chain(m, HORSEHAIR, [(0, 16.9, 8.3), (0, 15.3, 6.6), (0, 13.2, 4.7)], 0.4 * shaggy, 0.6 * shaggy, side=(1, 0, 0))


def tail(m, shaggy=1.0):
    n = m.detail(6, 3)
    loft(m, HORSEHAIR, (0, 11.6, -8.1), (0, 4.8, -9.7),
         [(0, ring(0.4, 0.45, n)), (0.35, ring(0.55 * shaggy, 0.75 * shaggy, n)), (1, ring(0.3, 0.35, n))])


def leg(m, part, top, knee, fetlock, upper):
    coat = moving(HORSE_COAT, part, drop(LEG_TOP))
    hoof = moving(HOOF, part, drop(LEG_TOP))
    n = m.detail(6, 4)
    if m.near:
        tube(m, coat, top, knee, upper, 0.46, n)
        pastern = (fetlock[0], 0.7, fetlock[2] + 0.2)
        tube(m, coat, knee, fetlock, 0.42, 0.4, n)          # cannon, thickening to the fetlock joint
        tube(m, coat, fetlock, pastern, 0.4, 0.33, n)
        tube(m, hoof, (fetlock[0], 0.8, fetlock[2] + 0.2), (fetlock[0], 0.0, fetlock[2] + 0.2), 0.36, 0.46, n)
    else:       # one tapering stick, upright so its foot stands level on the ground
        foot = (fetlock[0], 0.0, fetlock[2] + 0.2)
        tube(m, coat, (foot[0], top[1], foot[2]), foot, upper * 0.75, 0.36, n)


def saddle_cloth(m, cloth=FACING):
    """The shabraque draped over the back: flat planks following the body's curve round the top."""
    steps = m.detail(6, 2)
    rx, ry = 2.25 + 0.28, 2.6 + 0.28
    angles = [math.radians(-30 + 240 * i / steps) for i in range(steps + 1)]
    pts = [(rx * math.cos(a), BODY_Y + ry * math.sin(a)) for a in angles]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        mid, chord = ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0, y1 - y0, 0.0)
        width = math.hypot(chord[0], chord[1]) * 1.06
        beam(m, cloth, (mid[0], mid[1], -4.3), (mid[0], mid[1], 2.1), width, 0.18, side=chord)


def tack(m, valise=None):
    """Saddle, girth, bridle; a valise rolled behind the saddle in the given paint."""
    if not m.near:
        return
    box(m, LEATHER, (0, 12.95, -0.6), (2.5, 0.6, 3.6), top=(0.9, 0.9))
    box(m, LEATHER, (0, 13.35, 1.0), (1.6, 0.6, 0.5))           # pommel
    box(m, LEATHER, (0, 13.45, -2.2), (2.0, 0.8, 0.5))          # cantle
    if valise:
        tube(m, valise, (-1.45, 13.5, -3.2), (1.45, 13.5, -3.2), 0.5, n=6)
    y, z = BIT
    for side in (1, -1):      # bit and cheek strap up to the poll
        box(m, STEEL, (side * 0.56, y, z), (0.16, 0.34, 0.34))
        beam(m, LEATHER, (side * 0.62, y + 0.1, z - 0.2), (side * 0.75, 16.6, 8.9), 0.16, 0.12, side=(0, 0, 1))


def reins(m, hand):
    """Reins from the bit over the neck's sides to the rider's hand (in horse coordinates)."""
    if not m.near:
        return
    y, z = BIT
    for side in (1, -1):
        chain(m, LEATHER, [(side * 0.62, y, z), (side * 1.1, 14.9, 6.6), add(hand, (side * 0.15, 0, 0))],
              0.14, 0.08, side=(1, 0, 0))


def horse(m, cloth=FACING, valise=None, shaggy=1.0):
    body(m)
    neck_and_head(m, shaggy)
    tail(m, shaggy)
    for part, (top, knee, fetlock, upper) in LEGS.items():
        leg(m, part, top, knee, fetlock, upper)
    if cloth:
        saddle_cloth(m, cloth)
    tack(m, valise)
