"""The troop types: foot figures, horsemen and the general with his aide, each built from the body
parts and kit of soldiers.py and the horse of horses.py. Every function takes a Mesh whose
level of detail (m.near) decides how many shapes and sides it gets."""
from . import horses
from .palette import BELT, BLACK, BRASS, COAT, FACING, FLAG_FIELD, FUR, GOLD, LEATHER, STEEL, WOOD
from .shapes import add, beam, box, cone, lerp, moving, mul, own, sheet, sub, tube, unit
from .soldiers import (HIP, arm, bearskin, bicorne, body_band, busby, cartridge_box, coat_tails, crossbelts,
                       czapka, epaulettes, fur_cap, head, helmet, lapels, legs, musket, pack, sabre, scabbard,
                       seated_legs, shako, sidearm, strap, torso)

SHOULDERED = (2.2, 7.0, 0.6), (2.22, 19.4, -1.55)      # musket butt and muzzle, on the left shoulder


def shoulder_arms(m, bayonet=True):
    """Musket at the shoulder: the left hand holds the butt, the right arm swings free."""
    arm(m, 1, (2.15, 7.9, 0.45), hint=(0.3, 0.0, -1.0))
    arm(m, -1, (-2.05, 8.2, 0.55), hint=(-0.3, 0.0, -1.0))
    musket(m, *SHOULDERED, bayonet=bayonet)


def line_soldier(m, hat):
    legs(m)
    torso(m)
    coat_tails(m)
    head(m)
    hat(m)
    crossbelts(m)
    cartridge_box(m)
    sidearm(m)
    pack(m)


def infantry(m):
    line_soldier(m, shako)
    shoulder_arms(m)


def grenadier(m):
    line_soldier(m, bearskin)
    epaulettes(m)
    shoulder_arms(m)


def guard(m):
    line_soldier(m, lambda m: bearskin(m, big=True, plumed=True, plate=True))
    lapels(m)
    epaulettes(m)
    shoulder_arms(m)


def light_soldier(m, slim=0.92):
    """The light infantryman's body: slimmer, one belt and a waist belt, no pack."""
    legs(m)
    torso(m, slim)
    coat_tails(m, bottom=6.2)
    head(m)
    strap(m, (1.0, 12.45), (-1.1, 8.4), slim=slim)
    body_band(m, BELT, 8.5, 8.95, slim)
    cartridge_box(m)


def light_infantry(m):
    """Musket at the port, held slanting across the body in both hands."""
    light_soldier(m)
    shako(m, cords=True)
    pack(m)
    butt, muzzle = (-1.35, 7.5, 1.55), (2.45, 18.9, 1.85)
    at = lambda t: lerp(butt, muzzle, t)
    arm(m, -1, add(at(0.17), (0.0, -0.1, -0.25)), hint=(-1.0, -1.0, 0.0))
    arm(m, 1, add(at(0.44), (0.0, -0.1, -0.25)), hint=(1.0, -1.0, 0.0))
    musket(m, butt, muzzle, side=(0.0, 0.0, 1.0))


def skirmisher(m):
    """A voltigeur standing and aiming forward, the butt at his right shoulder."""
    light_soldier(m)
    shako(m, cords=True, pompom=True)
    butt, muzzle = (-1.35, 12.3, 0.5), (-0.75, 13.9, 12.8)
    at = lambda t: lerp(butt, muzzle, t)
    arm(m, -1, add(at(0.1), (0.0, -0.25, -0.2)), hint=(-1.0, -1.0, 0.0))
    arm(m, 1, add(at(0.22), (0.0, -0.25, -0.2)), hint=(0.5, -1.0, 0.0))
    musket(m, butt, muzzle)


def crew(m):
    """A gunner with the sponge and rammer staff upright in his right hand."""
    legs(m)
    torso(m)
    coat_tails(m)
    head(m)
    shako(m)
    strap(m, (1.0, 12.45), (-1.2, 8.4))
    strap(m, (1.0, 12.45), (-1.2, 8.4), back=True)
    sidearm(m)
    arm(m, -1, (-2.3, 9.3, 0.75), hint=(-0.4, -0.3, -1.0))
    arm(m, 1, (2.05, 8.2, 0.4), hint=(0.3, 0.0, -1.0))
    x, z = -2.45, 1.0
    tube(m, WOOD, (x, 0.25, z), (x, 17.4, z), 0.14, n=m.detail(6, 3))
    tube(m, own((0.22, 0.2, 0.18)), (x, 17.2, z), (x, 18.9, z), 0.42, 0.38, n=m.detail(8, 4))    # sponge
    if m.near:
        tube(m, WOOD, (x, 0.2, z), (x, 0.85, z), 0.36, n=8)                                     # rammer head


# --- horsemen ---

REIN_HAND = (0.6, HIP + 2.35, 2.1)


def mounted(m, rider, cloth=FACING, valise=None, horse_scale=1.0, offset=(0.0, 0.0, 0.0), shaggy=1.0):
    """A horse with its rider sitting at the saddle; the reins run to the rider's left hand."""
    with m.placed(offset):
        with m.placed((0.0, 0.0, 0.0), horse_scale):
            horses.horse(m, cloth, valise, shaggy)
        seat = mul(horses.SEAT, horse_scale)
        lift = (seat[0], seat[1] - HIP, seat[2])
        with m.placed(lift):
            rider(m)
        with m.placed((0.0, 0.0, 0.0), horse_scale):
            horses.reins(m, mul(add(REIN_HAND, lift), 1.0 / horse_scale))


def rider_body(m, hat, tails=True, wide=1.0):
    seated_legs(m, wide=wide)
    torso(m)
    if tails and m.near:
        coat_tails(m, bottom=6.6, turnbacks=False)
    head(m)
    hat(m)
    arm(m, 1, REIN_HAND, hint=(1.0, -1.0, -0.6))


def sabre_hanging(m):
    if m.near:
        scabbard(m, (1.75, 7.9, -0.9), (2.6, 5.2, -3.6))


def sabre_carried(m):
    grip = arm(m, -1, (-1.95, HIP + 2.7, 1.7), hint=(-1.0, -1.0, -0.3))
    sabre(m, grip, (-2.05, HIP + 10.0, 0.4))


def dragoon(m):
    rider_body(m, helmet)
    strap(m, (1.0, 12.45), (-1.2, 8.4))
    sabre_carried(m)
    sabre_hanging(m)


def cuirassier_rider(m):
    rider_body(m, lambda m: helmet(m, shell=STEEL, crest=BRASS, band=own((0.1, 0.09, 0.08)), plumed=True))
    body_band(m, STEEL, 8.9, 12.45, grow=0.14)
    if m.near:
        body_band(m, FACING, 8.85, 9.05, grow=0.2)          # the cuirass's piped edge
    epaulettes(m)
    sabre_carried(m)
    sabre_hanging(m)


def hussar(m):
    rider_body(m, busby, tails=False)
    if m.near:
        for y in (9.4, 10.1, 10.8, 11.5):                   # braid across the dolman's chest
            strap(m, (-0.85, y), (0.85, y), st=BELT, w=0.14, lift=0.08)
        beam(m, FACING, (1.45, 7.0, -1.4), (1.75, 5.2, -1.8), 1.1, 0.15, side=(0, 0, 1))      # sabretache
    # the pelisse slung over the left shoulder, its fur trim at the hem
    pelisse = [(1.45, 12.9, 0.1), (1.25, 11.2, -1.25), (0.85, 8.8, -1.45)]
    for a, b in zip(pelisse, pelisse[1:]):
        beam(m, FACING, a, b, 1.9, 0.35, side=(1, 0, 0))
    beam(m, FUR, (0.15, 8.8, -1.5), (1.55, 8.8, -1.5), 0.45, 0.5, side=(0, 1, 0))
    grip = arm(m, -1, (-2.0, 15.9, 1.2), hint=(-1.0, 0.0, -0.3))
    sabre(m, grip, (-1.6, 21.0, -2.6), flat=(1, 0, 0), curve=0.6)
    sabre_hanging(m)


def lance(m, grip, pennon=True):
    """A lance through the right fist, point aloft; a swallow-tailed pennon in two colours."""
    up = unit((0.012, 1.0, 0.04))
    butt, tip = sub(grip, mul(up, 6.5)), add(grip, mul(up, 19.0))
    tube(m, WOOD, butt, tip, 0.13, 0.11, n=m.detail(6, 3))
    cone(m, STEEL, sub(tip, mul(up, 0.1)), add(tip, mul(up, 1.2)), 0.2, n=m.detail(4, 3))
    if not pennon:
        return
    top, mid, bottom = (sub(tip, mul(up, d)) for d in (0.6, 1.45, 2.3))
    size, cells = 3.6, m.detail(4, 2)
    for upper in (True, False):
        edge, inner = (top, mid) if upper else (bottom, mid)
        st = moving(FLAG_FIELD if upper else FACING, 7, None)

        def at(s, t, edge=edge, inner=inner):           # t=0 the outer edge, 1 the centre line
            p = lerp(edge, inner, t)
            return (p[0], p[1], p[2] - 0.15 - s * size * (1 - 0.4 * t))
        sheet(m, lambda i, j, st=st: st, at, cells, m.detail(2, 1))


def lancer_rider(m):
    rider_body(m, czapka)
    lapels(m)
    epaulettes(m)
    grip = arm(m, -1, (-2.05, 10.5, 1.5), hint=(-1.0, -1.0, -0.3))
    lance(m, add(grip, (-0.15, 0.0, 0.0)))
    sabre_hanging(m)


def cossack_rider(m):
    rider_body(m, fur_cap, tails=False, wide=1.25)
    for side in (1, -1):                                   # the long coat's skirts over the thighs
        tube(m, COAT, (side * 0.75, HIP + 0.2, -0.35), (side * 2.2, HIP - 1.1, 1.55), 0.95, 0.8,
             n=m.detail(6, 4))
    box(m, COAT, (0, HIP - 0.35, -1.3), (2.5, 1.6, 0.7))
    body_band(m, own((0.12, 0.1, 0.08)), 8.6, 9.0, grow=0.1)
    grip = arm(m, -1, (-2.05, 10.5, 1.5), hint=(-1.0, -1.0, -0.3))
    lance(m, add(grip, (-0.15, 0.0, 0.0)), pennon=False)
    if m.near:
        scabbard(m, (1.75, 7.9, -0.9), (2.5, 5.4, -3.2), st=LEATHER)


def cavalry(m):
    mounted(m, dragoon, valise=FACING)


def cuirassier(m):
    mounted(m, cuirassier_rider, valise=FACING)


def light_cavalry(m):
    mounted(m, hussar, valise=FACING)


def lancer(m):
    mounted(m, lancer_rider, valise=FACING)


def cossack(m):
    mounted(m, cossack_rider, cloth=None, horse_scale=0.88, shaggy=1.35)


def officer(m, edge=GOLD, plumed=True, pointing=True):
    rider_body(m, lambda m: bicorne(m, edge=edge, plumed=plumed), tails=True)
    body_band(m, FACING, 8.6, 9.1, grow=0.1)              # sash
    epaulettes(m, GOLD)
    if pointing:          # the general points the way with his right arm
        arm(m, -1, (-1.9, 12.7, 4.1), hint=(-1.0, 0.0, 0.0))
    else:
        arm(m, -1, (-1.9, HIP + 1.0, 1.2), hint=(-1.0, -0.5, -0.5))
    if m.near:
        scabbard(m, (1.75, 7.9, -0.9), (2.6, 5.2, -3.6), st=BLACK)


def general(m):
    """The general, and an aide on a smaller horse half a length behind on his left."""
    mounted(m, officer, valise=None)
    mounted(m, lambda m: officer(m, edge=BRASS, plumed=m.near, pointing=False), valise=None,
            horse_scale=0.92, offset=(6.8, 0.0, -5.0))
