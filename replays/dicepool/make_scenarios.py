#!/usr/bin/env python3
"""Writes the dice-pool (seed 003) clause scenarios of replays/dicepool: one per clause of the charge
and melee rules, with forced dice where the clause needs a particular roll. The 16-units-a-side
action (14_action) is written by make_action.py, turn by turn from the program's own play. Record
their replays with
  for s in replays/dicepool/*.scenario.json; do vedette simulate "$s" -o "${s%.scenario.json}.replay.json"; done
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SIDES = [{"id": "french", "name": "French", "nation": "french"},
         {"id": "british", "name": "British", "nation": "british"}]


def unit(uid, name, side, typ, models, x, y, facing, **extra):
    u = {"id": uid, "name": name, "side": side, "type": typ, "models": models,
         "at": [f"{x}in", f"{y}in"], "facing": facing}
    u.update(extra)
    return u


def scenario(name, title, description, units, orders, dice, turns=1, terrain=None, width=48, depth=32):
    s = {"format": "vedette-scenario", "version": 1, "ruleset": "dicepool", "title": title,
         "description": description, "source": "seed 003", "seed": 3, "turns": turns,
         "table": {"width": f"{width}in", "depth": f"{depth}in"}}
    if terrain:
        s["terrain"] = terrain
    s.update({"sides": SIDES, "units": units, "orders": orders, "dice": dice})
    with open(os.path.join(HERE, name + ".scenario.json"), "w") as f:
        json.dump(s, f, indent=1)
        f.write("\n")


def d(unit_id, purpose, values, turn=1):
    return {"turn": turn, "unit": unit_id, "purpose": purpose, "values": values}


def charge(a, t, turn=1):
    return {"turn": turn, "unit": a, "charge": t}


def react(u, r, turn=1):
    return {"turn": turn, "unit": u, "reaction": r}


CUIRASSIERS = lambda x=24, y=8: unit("fr_cuir", "French cuirassiers", "french", "heavy_cavalry", 8, x, y, 0)
LINE_FR = lambda x=24, y=8: unit("fr_line", "French line battalion", "french", "line_infantry", 12, x, y, 0)
LINE_GB = lambda x=24, y=20, **e: unit("gb_line", "British line battalion", "british", "line_infantry", 12, x, y, 180, **e)


def clause_scenarios():
    scenario("01_charge_reaches", "A charge that reaches",
             "Cuirassiers pass their order test (3+4 = 7) and reach 7\" + 10\" = 17\": contact.",
             [CUIRASSIERS(), LINE_GB()], [charge("fr_cuir", "gb_line")],
             [d("fr_cuir", "order_test", [3, 4])])
    scenario("02_charge_short", "A charge that falls short and stops 3\" away",
             "Line infantry 15\" away rolls 1+6 = 7: reach 13\" would end 2\" off the target, so it stops 3\" short.",
             [LINE_FR(24, 4), LINE_GB(24, 20.5)], [charge("fr_line", "gb_line")],
             [d("fr_line", "order_test", [1, 6])])
    wall = {"features": [{"kind": "wall", "name": "the farm wall", "path": [["14in", "18.5in"], ["34in", "18.5in"]]}]}
    scenario("03_obstacle", "A target behind an obstacle",
             "The British hold a wall; the French stop in front of it and fight across it.",
             [LINE_FR(24, 8), LINE_GB(24, 20)], [charge("fr_line", "gb_line")],
             [d("fr_line", "order_test", [5, 5])], terrain=wall)
    jaegers = lambda: unit("gb_rifles", "British riflemen", "british", "light_infantry", 8, 24, 18, 180)
    scenario("04_withdraw_passed", "Withdraw passed",
             "Riflemen pass their order test, skirmish, and withdraw a full move; the line follows its full reach but cannot reach.",
             [LINE_FR(24, 6), jaegers()], [charge("fr_line", "gb_rifles"), react("gb_rifles", "withdraw")],
             [d("fr_line", "order_test", [4, 4]), d("gb_rifles", "reaction_test", [5, 5])])
    scenario("05_withdraw_failed", "Withdraw failed",
             "Riflemen fail their order test to withdraw and take the charge where they stand.",
             [LINE_FR(24, 6), jaegers()], [charge("fr_line", "gb_rifles"), react("gb_rifles", "withdraw")],
             [d("fr_line", "order_test", [4, 4]), d("gb_rifles", "reaction_test", [1, 2])])
    hussars = lambda: unit("gb_hussars", "British hussars", "british", "light_cavalry", 8, 24, 24, 180)
    scenario("06_countercharge_passed", "Countercharge passed",
             "Hussars pass their order test, countercharge half their reach and fight as chargers.",
             [CUIRASSIERS(24, 6), hussars()], [charge("fr_cuir", "gb_hussars"), react("gb_hussars", "countercharge")],
             [d("fr_cuir", "order_test", [4, 4]), d("gb_hussars", "reaction_test", [5, 4])])
    scenario("07_countercharge_failed", "Countercharge failed",
             "Hussars fail their order test to countercharge and wait for the cuirassiers.",
             [CUIRASSIERS(24, 6), hussars()], [charge("fr_cuir", "gb_hussars"), react("gb_hussars", "countercharge")],
             [d("fr_cuir", "order_test", [4, 4]), d("gb_hussars", "reaction_test", [1, 1])])
    scenario("08_volley_stops", "A volley that stops the charge",
             "The British volley (activation 6+6); the French lose models, fail their courage test and fall back half a move.",
             [LINE_FR(24, 8), LINE_GB()], [charge("fr_line", "gb_line"), react("gb_line", "volley")],
             [d("fr_line", "order_test", [4, 4]), d("gb_line", "reaction_test", [6, 6]),
              d("gb_line", "fire", [6, 6, 6, 6, 5, 5, 1, 1, 2, 2, 3, 3]), d("fr_line", "courage_test", [1, 2])])
    scenario("09_volley_passed", "A volley that the attacker passes",
             "The French pass their courage test under the volley and go in; the British roll no melee dice, their volley's hits count at the end.",
             [LINE_FR(24, 8), LINE_GB()], [charge("fr_line", "gb_line"), react("gb_line", "volley")],
             [d("fr_line", "order_test", [4, 4]), d("gb_line", "reaction_test", [6, 6]),
              d("gb_line", "fire", [6, 6, 5, 1, 1, 1, 2, 2, 2, 3, 3, 3]), d("fr_line", "courage_test", [6, 5])])
    scenario("10_square_passed", "Square passed",
             "Infantry charged by cavalry passes its activation test and forms square: the cavalry's melee value worsens by 1.",
             [CUIRASSIERS(), LINE_GB()], [charge("fr_cuir", "gb_line"), react("gb_line", "square")],
             [d("fr_cuir", "order_test", [3, 4]), d("gb_line", "reaction_test", [6, 5])])
    scenario("11_square_failed", "Square failed",
             "Infantry fails its activation test and ends in loose formation.",
             [CUIRASSIERS(), LINE_GB()], [charge("fr_cuir", "gb_line"), react("gb_line", "square")],
             [d("fr_cuir", "order_test", [3, 4]), d("gb_line", "reaction_test", [1, 3])])
    scenario("12_disordered_melee", "A disordered 6-dice melee",
             "The French battalion carries a disorder marker: it rolls 6 dice, not 12.",
             [unit("fr_line", "French line battalion", "french", "line_infantry", 12, 24, 8, 0, disorder_markers=1), LINE_GB()],
             [charge("fr_line", "gb_line")], [d("fr_line", "order_test", [6, 6])])
    scenario("13_pursuit", "A pursuit",
             "Cuirassiers beat skirmishers, fail the order test to hold, pursue and fight again.",
             [CUIRASSIERS(24, 8), unit("gb_skir", "British skirmishers", "british", "skirmishers", 8, 24, 18, 180)],
             [charge("fr_cuir", "gb_skir")],
             [d("fr_cuir", "order_test", [6, 6]), d("fr_cuir", "melee", [3, 3, 3, 3] + [1] * 8), d("gb_skir", "melee", [1] * 12),
              d("gb_skir", "courage_test", [1, 1]), d("fr_cuir", "pursuit_test", [1, 1])])


if __name__ == "__main__":
    clause_scenarios()
