"""A soldier's body, kit and headgear, shared by the foot figures and the riders (figures.py).

A standing man in millimetres of a 15 mm figure: soles at Y = 0, hips at HIP, crown of the head
near 15.3, facing +Z with his left along +X. Heads, hands and kit are a little oversized, as on
a painted miniature, so they read at table distance."""
import math

from .palette import (BELT, BLACK, BRASS, COAT, FACING, FUR, GOLD, GREATCOAT, HEADGEAR, HIDE, HORSEHAIR,
                      SKIN, STEEL, TROUSERS, WOOD)
from .shapes import (add, beam, box, chain, cone, cross, dot, drop, ellipsoid, frame, length, lerp, loft,
                     moving, mul, rect, ring, spheroid, sub, tube, unit)

HIP = 7.8                       # the legs' pivot
SHOULDER_X, SHOULDER_Y = 1.75, 12.1
UPPER_ARM, FOREARM = 2.25, 2.0
HEAD = (0.0, 14.2, 0.05)
HAT_Y = 14.65                   # where headgear meets the brow
TORSO = [(7.2, 1.36, 0.98), (8.8, 1.26, 0.9), (10.8, 1.5, 1.06), (12.1, 1.6, 0.98), (12.8, 0.8, 0.62)]


def outline(rx, ry, n):
    """An n-sided section round an ellipse; at four sides a box of about the same bulk."""
    return ring(rx, ry, n) if n > 4 else rect(1.8 * rx, 1.8 * ry)


def torso_size(y, slim=1.0):
    """The coat's half-width and half-depth at height y."""
    for (y0, x0, z0), (y1, x1, z1) in zip(TORSO, TORSO[1:]):
        if y <= y1:
            t = max(0.0, (y - y0) / (y1 - y0))
            return (x0 + (x1 - x0) * t) * slim, z0 + (z1 - z0) * t
    return TORSO[-1][1] * slim, TORSO[-1][2]


def on_torso(x, y, slim=1.0, lift=0.1, back=False):
    """A point lift above the coat's front (or back) at x, y: where belts and lapels lie."""
    rx, rz = torso_size(y, slim)
    z = rz * math.sqrt(max(0.0, 1 - (x / rx) ** 2)) + lift
    return (x, y, -z if back else z)


def body_band(m, st, y0, y1, slim=1.0, grow=0.08):
    """A band hugging the torso between two heights: a waist belt, a cuirass, a sash."""
    n = m.detail(8, 4)
    ys = [y0] + [y for y, _, _ in TORSO if y0 < y < y1 and m.near] + [y1]
    secs = [((y - y0) / (y1 - y0), outline(torso_size(y, slim)[0] + grow, torso_size(y, slim)[1] + grow, n))
            for y in ys]
    loft(m, st, (0, y0, 0), (0, y1, 0), secs)


def torso(m, slim=1.0, cloth=COAT):
    n = m.detail(8, 4)
    secs = TORSO if m.near else [TORSO[0], TORSO[2], TORSO[4]]
    y0, y1 = secs[0][0], secs[-1][0]
    loft(m, cloth, (0, y0, 0), (0, y1, 0), [((y - y0) / (y1 - y0), outline(rx * slim, rz, n)) for y, rx, rz in secs])


def coat_tails(m, bottom=5.4, turnbacks=True):
    """The coat's tails behind the thighs, their turned-back corners in the facing colour."""
    for side in ((1, -1) if m.near else (0,)):
        x = 0.55 * side
        wide = 1.05 if m.near else 2.1
        box(m, COAT, (x, (8.7 + bottom) / 2, -0.95), (wide, 8.7 - bottom, 0.3), top=(1.0, 0.8))
        if turnbacks and m.near:
            box(m, FACING, (x * 1.1, bottom + 1.0, -1.12), (0.75, 1.7, 0.06))


def legs(m, trousers=TROUSERS, gaiters=True):
    """Standing legs, each its own part (1 left, 2 right) swinging from the hip."""
    for side in (1, -1):
        part = 1 if side > 0 else 2
        cloth, black = moving(trousers, part, drop(HIP)), moving(BLACK, part, drop(HIP))
        x = 0.68 * side
        hip, knee, ankle = (x, HIP + 0.3, 0.0), (x, 4.2, 0.12), (x, 0.85, -0.02)
        if m.near:       # the shin is all gaiter up to the knee, or trouser
            tube(m, cloth, hip, knee, 0.7, 0.52, 6)
            tube(m, black if gaiters else cloth, add(knee, (0, 0.25, 0)), ankle, 0.54, 0.42, 6)
            box(m, black, (x, 0.35, 0.3), (0.78, 0.7, 1.8), top=(0.85, 0.7), shift=(0.0, -0.2))
        else:           # one upright stick down to the ground
            tube(m, cloth, (x, HIP + 0.3, 0.1), (x, 0.0, 0.1), 0.6, 0.45, 4)


def seated_legs(m, trousers=TROUSERS, boots=BLACK, wide=1.0):
    """A rider's legs astride the horse (rigid: they ride, the horse's legs walk)."""
    n = m.detail(6, 4)
    for side in (1, -1):
        hip, knee = (side * 0.72, HIP + 0.15, -0.25), (side * 2.45, HIP - 1.3, 1.9)
        ankle = (side * 2.55, HIP - 5.0, 0.9)
        tube(m, trousers, hip, knee, 0.72 * wide, 0.52 * wide, n)
        tube(m, boots, lerp(knee, ankle, -0.08), ankle, 0.56, 0.46, n)      # riding boot to the knee
        if m.near:
            box(m, STEEL, (ankle[0], ankle[1] - 0.62, ankle[2] + 0.45), (0.85, 0.14, 0.55))       # stirrup
            beam(m, boots, (ankle[0], ankle[1] - 0.25, ankle[2] - 0.45), (ankle[0], ankle[1] - 0.3, ankle[2] + 1.15),
                 0.65, 0.55)


def head(m, collar=True):
    if m.near:
        tube(m, SKIN, (0, 12.5, 0), (0, 13.4, 0.05), 0.42, 0.42, 6)
        if collar:
            tube(m, FACING, (0, 12.45, 0), (0, 13.0, 0.02), 0.72, 0.68, 7)
        box(m, SKIN, (0, 14.0, 0.98), (0.26, 0.45, 0.3))                            # nose
    ellipsoid(m, SKIN, HEAD, 0.9, 1.1, 0.98, n=m.detail(7, 5), k=m.detail(5, 3))


def elbow_of(shoulder, wrist, hint):
    """Where the elbow goes for a hand at wrist, bending towards hint (two-bone reach)."""
    d = sub(wrist, shoulder)
    dist = min(length(d), UPPER_ARM + FOREARM - 1e-3)
    dn = unit(d)
    a = (UPPER_ARM ** 2 - FOREARM ** 2 + dist ** 2) / (2 * dist)
    h = math.sqrt(max(0.0, UPPER_ARM ** 2 - a * a))
    perp = unit(sub(hint, mul(dn, dot(hint, dn))))
    return add(add(shoulder, mul(dn, a)), mul(perp, h))


def arm(m, side, wrist, hint, sleeve=COAT, cuff=FACING):
    """An arm from the shoulder (side +1 left, -1 right) to the wrist; returns the grip point."""
    s = (side * SHOULDER_X, SHOULDER_Y, 0.0)
    e = elbow_of(s, wrist, hint)
    d = unit(sub(wrist, e))
    if not m.near:
        tube(m, sleeve, s, e, 0.45, 0.4, 3)
        tube(m, sleeve, e, add(wrist, mul(d, 0.4)), 0.4, 0.33, 3)
        return add(wrist, mul(d, 0.3))
    ellipsoid(m, sleeve, add(s, (0, 0.05, 0)), 0.56, 0.5, 0.56, n=5, k=3)   # rounds the shoulder
    tube(m, sleeve, s, e, 0.48, 0.41, 6)
    tube(m, sleeve, e, wrist, 0.41, 0.35, 6)
    tube(m, cuff, sub(wrist, mul(d, 0.6)), sub(wrist, mul(d, 0.02)), 0.44, 0.42, 6)
    spheroid(m, SKIN, sub(wrist, mul(d, 0.05)), add(wrist, mul(d, 0.62)), 0.3, 0.26, n=5, k=3)
    return add(wrist, mul(d, 0.3))


# --- belts and kit ---

def strap(m, top, bottom, slim=1.0, back=False, st=BELT, w=0.42, lift=0.12):
    """A belt laid over the coat from top (x, y) to bottom (x, y), front or back."""
    steps = m.detail(2, 1)
    lift += 0.04 if m.near else 0.3       # straight beams across the chest's curve: lift them clear
    pts = [on_torso(top[0] + (bottom[0] - top[0]) * i / steps, top[1] + (bottom[1] - top[1]) * i / steps,
                    slim, lift, back) for i in range(steps + 1)]
    chain(m, st, pts, w, 0.12, facing=(0, 0, -1 if back else 1))


def crossbelts(m, back=False):
    """The infantryman's two white belts crossing on the chest (cartridge box, bayonet)."""
    strap(m, (1.0, 12.45), (-1.2, 8.4), back=back)
    strap(m, (-1.0, 12.45), (1.2, 8.4), back=back, lift=0.2)
    if m.near and not back:
        box(m, BRASS, on_torso(0.05, 10.45, lift=0.3), (0.5, 0.42, 0.1))      # belt plate


def cartridge_box(m):
    if m.near:
        box(m, BLACK, (-0.95, 8.45, -1.2), (1.5, 1.05, 0.55), top=(0.95, 0.9))


def sidearm(m):
    """Bayonet scabbard and short sword hanging on the left hip."""
    if m.near:
        beam(m, BLACK, (1.3, 8.3, -0.75), (1.5, 5.6, -1.3), 0.24, 0.32)
        beam(m, BRASS, (1.28, 8.9, -0.68), (1.3, 8.3, -0.76), 0.2, 0.24)


def pack(m):
    """The calfskin pack with the greatcoat rolled on top, on straps over the shoulders."""
    box(m, HIDE, (0, 10.85, -1.5), (2.5, 2.5, 0.95), top=(1.0, 0.95))
    if m.near:
        tube(m, GREATCOAT, (-1.35, 12.4, -1.35), (1.35, 12.4, -1.35), 0.45, n=8)
        for x in (-0.8, 0.8):
            tube(m, BELT, (x - 0.08, 12.4, -1.35), (x + 0.08, 12.4, -1.35), 0.5, n=4)
        box(m, BLACK, (0, 11.6, -1.99), (2.3, 1.0, 0.06))                        # pack flap


def epaulettes(m, st=FACING):
    if not m.near:
        return
    for side in (1, -1):
        ellipsoid(m, st, (side * 1.6, 12.55, 0.0), 0.62, 0.2, 0.56, n=6, k=3)
        tube(m, st, (side * 2.0, 12.55, 0.0), (side * 2.12, 12.05, 0.0), 0.48, 0.55, 6)  # fringe


def lapels(m, slim=1.0):
    if not m.near:
        return
    for side in (1, -1):
        strap(m, (side * 0.55, 12.4), (side * 0.45, 9.3), slim=slim, st=FACING, w=0.7, lift=0.06)


# --- weapons ---

def musket(m, butt, muzzle, bayonet=True, side=(1.0, 0.0, 0.0)):
    """A musket from the heel of the butt to the muzzle, the bayonet fixed beyond."""
    d = sub(muzzle, butt)
    at = lambda t: add(butt, mul(d, t))
    if not m.near:
        beam(m, WOOD, butt, at(1.12 if bayonet else 1.0), 0.3, 0.45, side, end=0.4)
        return
    u, v = frame(unit(d), side)
    beam(m, WOOD, butt, at(0.3), 0.3, 0.7, side, end=0.6)                     # butt, deep at the heel
    beam(m, WOOD, at(0.29), at(0.86), 0.26, 0.32, side, end=0.85)              # fore-stock
    tube(m, STEEL, add(at(0.3), mul(v, 0.15)), add(muzzle, mul(v, 0.15)), 0.1, 0.09, 4)  # barrel
    beam(m, BELT, add(at(0.12), mul(v, -0.36)), add(at(0.7), mul(v, -0.24)), 0.08, 0.2, side)      # sling
    if bayonet:
        tube(m, STEEL, add(at(0.97), mul(v, 0.15)), add(muzzle, mul(v, 0.15)), 0.14, 0.14, 4)
        cone(m, STEEL, add(muzzle, mul(u, 0.22)), add(at(1.25), mul(u, 0.22)), 0.12, n=3, side=side)


def sabre(m, grip, tip, flat=(1.0, 0.0, 0.0), curve=0.5):
    """A sabre in the fist at grip, its blade to tip, curved by curve mm across flat."""
    d = unit(sub(tip, grip))
    guard = add(grip, mul(d, 0.45))
    if not m.near:
        beam(m, STEEL, guard, tip, 0.3, 0.1, flat, end=0.5)
        return
    tube(m, BLACK, sub(grip, mul(d, 0.4)), guard, 0.14, 0.14, 6)
    box_side = cross(d, flat)
    beam(m, BRASS, sub(guard, mul(d, 0.05)), add(guard, mul(d, 0.1)), 0.5, 0.3, flat)
    bow = unit(sub(box_side, mul(d, dot(box_side, d))))
    mid = add(lerp(guard, tip, 0.55), mul(bow, curve))
    chain(m, STEEL, [add(guard, mul(d, 0.1)), mid], 0.32, 0.08, side=bow)
    beam(m, STEEL, mid, tip, 0.3, 0.08, bow, end=0.4)


def scabbard(m, top, bottom, st=STEEL):
    beam(m, st, top, bottom, 0.34, 0.22, end=0.8)
    if m.near:
        beam(m, BLACK, add(top, (0.0, 0.8, 0.2)), top, 0.16, 0.16)       # hilt above the scabbard


# --- headgear (bottoms at HAT_Y, just above the brow) ---

def plume(m, base, height, r=0.32, st=FACING):
    if m.near:
        spheroid(m, st, base, add(base, (0, height, 0)), r, n=5, k=3)
    else:
        tube(m, st, base, add(base, (0, height, 0)), r, r * 0.6, 3)


def shako(m, tall=2.6, cords=False, pompom=False, plumed=True):
    y0, n = HAT_Y, m.detail(8, 4)
    tube(m, HEADGEAR, (0, y0, -0.05), (0, y0 + tall, -0.12), 1.0, 1.12, n)
    if m.near:
        box(m, BLACK, (0, y0 + 0.12, 1.05), (1.75, 0.12, 0.75), top=(0.9, 0.8))       # peak
        tube(m, BLACK, (0, y0 + tall - 0.28, -0.11), (0, y0 + tall + 0.02, -0.12), 1.15, 1.15, 6)  # top band
        box(m, BRASS, (0, y0 + 1.1, 1.06), (0.8, 0.9, 0.12))                         # plate
        tube(m, FACING, (0, y0 + tall - 0.5, 1.02), (0, y0 + tall - 0.5, 1.2), 0.28, 0.28, 5)  # cockade
    if cords and m.near:
        for dy in (0.0, 0.45):
            pts = [(1.1, y0 + 1.7 - dy, 0.3), (0.6, y0 + 0.85 - dy, 1.05), (-0.6, y0 + 0.85 - dy, 1.05),
                   (-1.1, y0 + 1.7 - dy, 0.3)]
            chain(m, FACING, pts, 0.12, 0.12, side=(0, 0, 1))
        tube(m, FACING, (1.12, y0 + 1.6, 0.2), (1.2, y0 + 0.4, 0.1), 0.13, 0.2, 6)    # tassel
    if pompom:
        ellipsoid(m, FACING, (0, y0 + tall + 0.35, 0.85), 0.38, 0.4, 0.38, n=m.detail(6, 4), k=m.detail(4, 3))
    elif plumed:
        plume(m, (0, y0 + tall - 0.15, 0.78), 2.0)


def bearskin(m, big=False, plumed=False, plate=False):
    """The grenadier's fur cap: tall, widening, rounded top, a coloured patch behind."""
    k = 1.12 if big else 1.0
    y0, h, n = HAT_Y - 0.1, 4.6 * k, m.detail(8, 4)
    secs = [(0.0, 1.02), (0.35, 1.2 * k), (0.75, 1.3 * k), (0.93, 1.1 * k), (1.0, 0.55 * k)]
    if not m.near:
        secs = [secs[0], secs[2], secs[4]]
    loft(m, HEADGEAR, (0, y0, -0.1), (0, y0 + h, -0.25), [(t, outline(r, r * 0.95, n)) for t, r in secs])
    if m.near:
        ellipsoid(m, FACING, (0, y0 + h * 0.82, -1.22 * k), 0.55, 0.55, 0.2, n=5, k=3)   # patch
        chain(m, BELT, [(1.15 * k, y0 + h * 0.55, 0.3), (0.5, y0 + h * 0.35, 1.13 * k),
                        (-0.5, y0 + h * 0.35, 1.13 * k), (-1.15 * k, y0 + h * 0.55, 0.3)], 0.13, 0.13, side=(0, 0, 1))
    if plate and m.near:
        box(m, GOLD, (0, y0 + 1.0, 1.08), (1.4, 1.05, 0.12), top=(0.7, 1.0))
    if plumed:
        plume(m, (1.15 * k, y0 + h * 0.45, 0.0), h * 0.75, 0.34)


def helmet(m, shell=HEADGEAR, crest=HEADGEAR, band=FUR, plumed=False):
    """A dragoon's or cuirassier's helmet: dome, fur turban, crest, black horsehair mane."""
    y0, n = HAT_Y - 0.1, m.detail(8, 4)
    loft(m, shell, (0, y0, 0), (0, y0 + 1.6, -0.05),
         [(0, outline(1.02, 1.08, n)), (0.5, outline(1.0, 1.06, n)), (0.85, outline(0.72, 0.78, n)), (1, [(0.0, 0.0)])])
    if m.near:
        beam(m, shell, (0, y0 + 1.35, 0.95), (0, y0 + 1.75, -0.9), 0.34, 0.9, side=(1, 0, 0))   # crest
        tube(m, band, (0, y0 + 0.05, 0), (0, y0 + 0.6, 0), 1.1, 1.1, 6)
        box(m, BLACK, (0, y0 + 0.12, 1.12), (1.7, 0.1, 0.6), top=(0.9, 0.8))     # peak
        beam(m, crest, (0, y0 + 2.0, 0.85), (0, y0 + 2.25, -0.7), 0.2, 0.3, side=(1, 0, 0))  # crest ridge
    mane = [(0, y0 + 2.25, 0.6), (0, y0 + 2.1, -1.0), (0, y0 - 1.2, -1.75)]
    chain(m, HORSEHAIR, mane if m.near else mane[1:], 0.5, 0.32, side=(1, 0, 0))
    if plumed:
        plume(m, (1.05, y0 + 0.6, 0.15), 2.3)


def busby(m):
    """The hussar's fur busby with its coloured bag hanging on the left and a plume."""
    y0, n = HAT_Y - 0.05, m.detail(8, 4)
    tube(m, HEADGEAR, (0, y0, 0), (0, y0 + 2.2, -0.05), 1.1, 1.04, n)
    if m.near:
        chain(m, FACING, [(0.2, y0 + 2.15, -0.3), (0.95, y0 + 2.0, -0.35), (1.2, y0 + 0.9, -0.45)], 0.7, 0.3,
              side=(0, 0, 1))
        chain(m, BELT, [(1.1, y0 + 1.5, 0.4), (0.5, y0 + 0.7, 1.1), (-0.5, y0 + 0.7, 1.1), (-1.1, y0 + 1.5, 0.4)],
              0.12, 0.12, side=(0, 0, 1))
    plume(m, (0, y0 + 2.0, 0.7), 2.0, 0.3, st=BELT)


def czapka(m):
    """The lancer's cap: a skull narrowing to a waist under a square top, a corner to the front."""
    y0, n = HAT_Y - 0.05, m.detail(8, 4)
    tube(m, HEADGEAR, (0, y0, 0), (0, y0 + 1.3, 0), 1.02, 0.75, n)
    loft(m, HEADGEAR, (0, y0 + 1.25, 0), (0, y0 + 2.35, 0), [(0, ring(0.8, 0.8, 4)), (1, ring(1.55, 1.55, 4))],
         smooth=False)
    if m.near:
        box(m, BLACK, (0, y0 + 0.12, 1.1), (1.75, 0.12, 0.7), top=(0.9, 0.8))       # peak
        box(m, BRASS, (0, y0 + 0.75, 0.95), (0.8, 0.7, 0.12))                       # plate
        tube(m, BLACK, (0, y0 + 0.02, 0), (0, y0 + 0.3, 0), 1.06, 1.06, 8)          # band
    plume(m, (0.3, y0 + 2.2, 0.6), 1.8, 0.3)


def fur_cap(m):
    """The cossack's tall fur cap with its cloth top in the facing colour."""
    y0, n = HAT_Y - 0.1, m.detail(8, 4)
    tube(m, FUR, (0, y0, 0), (0, y0 + 1.7, 0), 1.08, 1.16, n)
    ellipsoid(m, FACING, (0, y0 + 1.65, 0), 0.98, 0.45, 0.98, n=m.detail(8, 4), k=m.detail(4, 3))


def bicorne(m, edge=GOLD, plumed=True):
    """A bicorne worn across the head ("en bataille"): a crescent, gold-edged, cockade in front."""
    y0, steps = HAT_Y - 0.05, m.detail(6, 2)
    height = lambda t: 0.3 + 1.55 * math.sin(math.pi * t) ** 0.8
    depth = lambda t: 0.35 + 0.75 * math.sin(math.pi * t)
    secs = [(t, rect(depth(t), height(t), 0.0, height(t) / 2)) for t in (i / steps for i in range(steps + 1))]
    loft(m, BLACK, (-2.0, y0, 0), (2.0, y0, 0), secs, smooth=False, side=(0, 0, -1))
    if m.near:
        pts = [(-2.0 + 4.0 * i / steps, y0 + height(i / steps) - 0.02, 0.0) for i in range(steps + 1)]
        chain(m, edge, pts, 0.75, 0.14, side=(0, 0, 1))
        tube(m, FACING, (0, y0 + 0.95, 0.5), (0, y0 + 0.95, 0.66), 0.36, 0.36, 8)  # cockade
    if plumed:
        plume(m, (0.55, y0 + 1.2, 0.45), 1.8, 0.3)
