#!/usr/bin/env python3
"""Writes replays/dicepool/14_action.scenario.json: sixteen units a side over five turns, with every
reaction (withdraw, countercharge, volley, square), movement in every turn and charges declared
within reach. The orders of each turn are written from where the units stand after the turns
before, as a player would write them: the program plays turns 1..t and this script reads the
replay to write turn t + 1 (a scenario's earlier turns never depend on its later orders).

    python3 replays/dicepool/make_action.py [path/to/vedette]   (default: build/vedette)

How orders are chosen (all from the unit sheets of sim/rulesets/dicepool/dicepool.json):
- A free unit (not in a drawn melee, not yet in a charge this turn, with no disorder marker) charges the nearest enemy in
  front of it that its least reach brings into contact: its move plus the smallest passing
  order-test total (7, +1 per disorder marker), so a charge that passes its test arrives (unless
  the turn's earlier charges move the target). The path
  must not cross a third unit. Each unit is in at most one charge a turn.
- The target reacts as its sheet allows: infantry charged by cavalry forms square; light troops,
  Cossacks and light cavalry (charged by foot) withdraw; cavalry and shock infantry charged by
  cavalry or foot countercharge (shock infantry alternates with a volley); line infantry in close
  order volleys when the charger stands within its muskets' 12".
- Every other unit moves up to its move toward the nearest enemy, keeping 4" from enemies and 1"
  from friends; a close-order unit left loose by a failed square stands and re-forms instead.
  Units in a charge get no move order (turn sequence: they would stand anyway).
The seed: of 1..SEEDS, those whose action shows every reaction passed (a square formed, a
withdrawal, a countercharge, a volley fired), a pursuit, a re-formed battalion, moves in every turn,
no volley out of range and no order refused; among those, the one with the fewest failed order
tests (the first such on a tie).
"""
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
RULES = json.load(open(os.path.join(ROOT, "sim", "rulesets", "dicepool", "dicepool.json")))
SHEETS = RULES["unit_sheets"]["types"]
INCH = 25.4
TURNS = 5
SEEDS = 40
SIDES = [{"id": "french", "name": "French", "nation": "french"},
         {"id": "russian", "name": "Russian", "nation": "russian"}]
# Front line and reserve, left to right; the Russians have Cossacks where the French have
# skirmishers.
FRONT = {"french": ["line_infantry", "heavy_cavalry", "shock_infantry", "light_infantry",
                    "line_infantry", "light_cavalry", "line_infantry", "skirmishers"],
         "russian": ["light_infantry", "line_infantry", "heavy_cavalry", "line_infantry",
                     "irregulars", "line_infantry", "shock_infantry", "light_cavalry"]}
RESERVE = {"french": ["line_infantry", "light_cavalry", "line_infantry", "heavy_cavalry",
                      "shock_infantry", "line_infantry", "heavy_cavalry", "line_infantry"],
           "russian": ["line_infantry", "irregulars", "line_infantry", "shock_infantry",
                       "heavy_cavalry", "line_infantry", "skirmishers", "line_infantry"]}
NAMES = {"line_infantry": "line", "shock_infantry": "grenadiers", "light_infantry": "light infantry",
         "skirmishers": "voltigeurs", "irregulars": "Cossacks", "light_cavalry": "hussars",
         "heavy_cavalry": "cuirassiers"}


def models_of(typ):
    if SHEETS[typ]["cavalry"]:
        return 8
    return 8 if SHEETS[typ]["formation"] == "loose" else 12


def deployment():
    units = []
    for s, (front_y, back_y, facing) in enumerate([(17.5, 7, 0), (30.5, 41, 180)]):
        side = SIDES[s]
        for row, (types, y) in enumerate([(FRONT[side["id"]], front_y), (RESERVE[side["id"]], back_y)]):
            for i, typ in enumerate(types):
                n = row * 8 + i + 1
                units.append({"id": f"{side['id'][:2]}_{n:02d}",
                              "name": f"{side['name']} {NAMES[typ]} {n}", "side": side["id"],
                              "type": typ, "models": models_of(typ),
                              "at": [f"{8 + i * 12}in", f"{y}in"], "facing": facing})
    return units


def scenario(units, orders, seed, turns):
    return {"format": "vedette-scenario", "version": 1, "ruleset": "dicepool",
            "title": "An action of sixteen units a side",
            "description": "Two lines and their reserves fight over five turns: every reaction "
                           "(withdraw, countercharge, volley, square), movement in every turn, "
                           "charges declared within reach. Written turn by turn from the state "
                           "the turns before left (replays/dicepool/make_action.py).",
            "source": "seed 003", "seed": seed, "turns": turns,
            "table": {"width": "100in", "depth": "48in"},
            "sides": SIDES, "units": units, "orders": orders, "dice": []}


# --- geometry of the blocks of bases, in mm ---------------------------------------------------

def corners(u):
    (x, y), (fx, fy) = u["pos"], u["facing"]
    hw, hd = u["w"] / 2, u["d"] / 2
    rx, ry = fy, -fx  # to the right of the facing
    return [(x + a * rx * hw + b * fx * hd, y + a * ry * hw + b * fy * hd)
            for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = 0 if dx == dy == 0 else max(0, min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def separated(pa, pb):
    for poly in (pa, pb):
        for i in range(4):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 4]
            nx, ny = y2 - y1, x1 - x2
            a = [nx * x + ny * y for x, y in pa]
            b = [nx * x + ny * y for x, y in pb]
            if max(a) < min(b) or max(b) < min(a):
                return True
    return False


def gap(u, v):
    pa, pb = corners(u), corners(v)
    if not separated(pa, pb):
        return 0.0
    return min(min(seg_dist(p, pb[i], pb[(i + 1) % 4]) for p in pa for i in range(4)),
               min(seg_dist(p, pa[i], pa[(i + 1) % 4]) for p in pb for i in range(4)))


def moved(u, to, facing):
    v = dict(u)
    v["pos"], v["facing"] = to, facing
    return v


def move_to_contact(a, t):
    """The straight move along the line of centres that brings `a`'s bases into contact with
    `t`'s, turned to face that way, as the program moves a charge (None: it passes by)."""
    d = unit_dir(a["pos"], t["pos"])
    at = lambda mm: moved(a, (a["pos"][0] + d[0] * mm, a["pos"][1] + d[1] * mm), d)
    lo, hi = 0.0, math.hypot(t["pos"][0] - a["pos"][0], t["pos"][1] - a["pos"][1])
    if gap(at(hi), t) > 0:
        return None
    while hi - lo > 0.5:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if gap(at(mid), t) > 0 else (lo, mid)
    return hi


def unit_dir(a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n else (0.0, 1.0)


# --- reading the state a replay ends in --------------------------------------------------------

def play(vedette, scen, work):
    path = os.path.join(work, "action.scenario.json")
    out = os.path.join(work, "action.replay.json")
    with open(path, "w") as f:
        json.dump(scen, f)
    subprocess.run([vedette, "simulate", path, "-o", out], check=True, stdout=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)


def state_at_turn_start(replay, turn, units):
    """Each unit as it stands when `turn` begins (the keyframe the program writes there)."""
    frame = next(k for k in replay["keyframes"] if k["turn"] == turn)
    by_id = {u["id"]: u for u in units}
    out = {}
    for s in frame["units"]:
        u = by_id[s["unit"]]
        out[u["id"]] = {"id": u["id"], "side": u["side"], "type": u["type"],
                        "pos": tuple(s["pose"]["pos"]),
                        "facing": (s["pose"]["facing"][0] / 65536, s["pose"]["facing"][1] / 65536),
                        "w": s["look"]["width_mm"], "d": s["look"]["depth_mm"],
                        "layout": s["look"]["layout"], "state": s["state"],
                        "markers": len(s["look"].get("markers", [])),
                        "gone": s["state"] == "destroyed"}
    return out


# --- the orders of one turn ---------------------------------------------------------------------

def least_reach_mm(u):
    sheet = SHEETS[u["type"]]
    least = max(RULES["tests"]["dice"], sheet["order"] + u["markers"])
    return (sheet["move_in"] + least) * INCH


def path_clear(a, t, others):
    for o in others:
        if o["id"] in (a["id"], t["id"]) or o["gone"]:
            continue
        for k in range(1, 20):
            f = k / 20
            p = (a["pos"][0] + f * (t["pos"][0] - a["pos"][0]), a["pos"][1] + f * (t["pos"][1] - a["pos"][1]))
            if gap(o, {"pos": p, "facing": (0, 1), "w": 1, "d": 1}) < INCH:
                return False
    return True


def reaction_for(target, attacker, gap_mm, turn):
    t, a = SHEETS[target["type"]], SHEETS[attacker["type"]]
    may = t["reactions"]
    if "square" in may and a["cavalry"] and target["layout"] == "close_order":
        return "square"
    if "countercharge" in may and (a["cavalry"] or target["type"] == "shock_infantry"):
        if (target["type"] == "shock_infantry" and turn % 2 == 0 and
                target["layout"] == "close_order" and gap_mm <= 11.5 * INCH):
            return "volley"
        return "countercharge"
    if "withdraw" in may:
        return "withdraw"
    if "volley" in may and target["layout"] == "close_order" and gap_mm <= 11.5 * INCH:
        return "volley"
    return None


def charges(state, turn):
    free = [u for u in state.values() if not u["gone"] and u["state"] != "in melee"]
    busy, orders = set(), []
    # Left to right along the front, the two sides in turn (the French first in odd turns).
    first = "french" if turn % 2 else "russian"
    free.sort(key=lambda u: (round(u["pos"][0] / (6 * INCH)), u["side"] != first))
    for a in free:
        if a["id"] in busy or a["markers"] > 0:  # a disordered unit does not charge
            continue
        best = None
        for t in free:
            if t["side"] == a["side"] or t["id"] in busy:
                continue
            to = unit_dir(a["pos"], t["pos"])
            ahead = to[0] * a["facing"][0] + to[1] * a["facing"][1]
            if ahead < 0.5 or gap(a, t) > least_reach_mm(a):
                continue
            d = move_to_contact(a, t)
            if d is not None and d <= least_reach_mm(a) - INCH / 2 and path_clear(a, t, state.values()):
                if best is None or d < best[0]:
                    best = (d, t)
        if best is None:
            continue
        t = best[1]
        busy.update((a["id"], t["id"]))
        orders.append({"turn": turn, "unit": a["id"], "charge": t["id"]})
        r = reaction_for(t, a, gap(a, t), turn)
        if r:
            orders.append({"turn": turn, "unit": t["id"], "reaction": r})
    return orders, busy


def moves(state, turn, busy):
    orders = []
    placed = {k: dict(v) for k, v in state.items()}
    for u in sorted(state.values(), key=lambda u: u["id"]):
        if u["gone"] or u["id"] in busy or u["state"] == "in melee":
            continue
        if u["layout"] == "loose" and SHEETS[u["type"]]["formation"] == "close_order":
            continue  # it stands and re-forms close order
        enemies = [e for e in placed.values() if e["side"] != u["side"] and not e["gone"]]
        if not enemies:
            continue
        near = min(enemies, key=lambda e: gap(u, e))
        step_dir = unit_dir(u["pos"], near["pos"])
        best = None
        for tenth in range(SHEETS[u["type"]]["move_in"] * 10, 9, -5):
            to = (u["pos"][0] + step_dir[0] * tenth * INCH / 10, u["pos"][1] + step_dir[1] * tenth * INCH / 10)
            v = moved(u, to, step_dir)
            ok = all(gap(v, o) >= (4 if o["side"] != u["side"] else 1) * INCH
                     for o in placed.values() if o["id"] != u["id"] and not o["gone"])
            if ok and 1 * INCH <= to[0] <= 99 * INCH and 3 * INCH <= to[1] <= 45 * INCH:
                best = to
                break
        if best is None:
            continue
        placed[u["id"]] = moved(u, best, step_dir)
        orders.append({"turn": turn, "unit": u["id"],
                       "move": [f"{best[0] / INCH:.1f}in", f"{best[1] / INCH:.1f}in"]})
    return orders


def author(vedette, seed, work):
    units = deployment()
    orders = []
    replay = None
    for turn in range(1, TURNS + 1):
        replay = play(vedette, scenario(units, orders, seed, turn), work)
        state = state_at_turn_start(replay, turn, units)
        c, busy = charges(state, turn)
        orders += c + moves(state, turn, busy)
    scen = scenario(units, orders, seed, TURNS)
    return scen, play(vedette, scen, work)


def score(replay):
    """What the action shows: every reaction passed, volleys that hit, moves in every turn."""
    kinds = [e["kind"] for e in replay["events"]]
    texts = [e["text"] for e in replay["events"]]
    shows = all(k in kinds for k in ("form_square", "withdraw", "countercharge", "volley",
                                     "pursuit", "reform"))
    out_of_range = sum("cannot fire" in t for t in texts)
    refused = sum(k.endswith("_refused") for k in kinds)
    moving = all(any(e["kind"] == "move" and e["turn"] == t for e in replay["events"])
                 for t in range(1, TURNS + 1))
    failed = sum(e["kind"] == "order_test" and "fails" in e["text"] for e in replay["events"])
    return (shows and moving and out_of_range == 0 and refused == 0, -failed)


def main():
    vedette = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "vedette"))
    best = None
    with tempfile.TemporaryDirectory() as work:
        for seed in range(1, SEEDS + 1):
            scen, replay = author(vedette, seed, work)
            s = score(replay)
            if best is None or s > best[0]:
                best = (s, seed, scen)
    s, seed, scen = best
    print(f"seed {seed}: every reaction shown: {s[0]}, failed order tests: {-s[1]}")
    with open(os.path.join(HERE, "14_action.scenario.json"), "w") as f:
        json.dump(scen, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
