#!/usr/bin/env python3
"""Writes the shipped scenarios in replays/: the narrated examples of seed 000, melee example A
of seed 004, and the demo battle. Run it after changing this file; commit its output.

    python3 tools/make_scenarios.py

Positions are centimetres on the table (x to the right, y up the table); facing 0 looks up the
table (+y), 90 to the right. Forced dice reproduce each narrated outcome exactly."""
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "replays")


def unit(uid, name, typ, figures, at, facing, **kw):
    u = {"id": uid, "name": name, "type": typ, "figures": figures, "at": at, "facing": facing}
    u.update(kw)
    return u


def side(sid, name, nation, commander, brigades):
    return {"id": sid, "name": name, "nation": nation, "commander": commander, "brigades": brigades}


def general(gid, name, at, skill="average", **kw):
    g = {"id": gid, "name": name, "skill": skill, "at": at}
    g.update(kw)
    return g


def brigade(bid, name, gen, units):
    return {"id": bid, "name": name, "general": gen, "units": units}


def scenario(title, source, description, sides, orders, dice, turns=1, first="french", seed=1,
             width="120cm", depth="80cm", terrain=None):
    return {
        "format": "vedette-scenario", "version": 1, "title": title, "source": source,
        "description": description, "ruleset": "gdb", "scale": "15mm", "seed": seed, "turns": turns,
        "first_side": first, "table": {"width": width, "depth": depth},
        "terrain": terrain or {"heightfield": {"kind": "flat"}},
        "sides": sides, "orders": orders, "dice": dice,
    }


def write(rel, data):
    path = os.path.join(ROOT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


def dice(turn, uid, purpose, values):
    return {"turn": turn, "unit": uid, "purpose": purpose, "values": values}


def young_guard():
    return scenario(
        "Young Guard against Landwehr", "seed 000, first narrated charge",
        "A battalion of the French Young Guard charges Prussian Landwehr. Its brigade general is within 15 cm, "
        "so the charge may go in. The Landwehr stands and fires, killing two figures; the Guard passes its morale "
        "test; the Landwehr fails its test to stand with a Retreat, falls back half its retreat move, and the "
        "Guard occupies its position, still formed.",
        [side("french", "French", "french", general("napoleon", "Napoleon", [20, 5], "excellent"), [
            brigade("yg", "Young Guard brigade", general("yg_general", "Young Guard brigade general", [60, 12]), [
                unit("yg_1", "1st battalion, Young Guard tirailleurs", "infantry", 24, [60, 20], 0,
                     **{"class": "guard", "formation": "attack_column"})])]),
         side("prussians", "Prussians", "prussian", general("blucher", "Blücher", [100, 75], "excellent"), [
             brigade("lw", "Landwehr brigade", general("lw_general", "Landwehr brigade commander", [60, 45]), [
                 unit("lw_1", "1st Silesian Landwehr battalion", "infantry", 24, [60, 32], 180,
                      **{"class": "second_rate", "formation": "line"})])])],
        [{"turn": 1, "unit": "yg_1", "charge": "lw_1", "after_contact": "halt"},
         {"turn": 1, "unit": "lw_1", "reaction": "stand_and_fire"}],
        [dice(1, "lw_1", "closing_fire", [5, 5]), dice(1, "yg_1", "charge_test", [4, 4]),
         dice(1, "lw_1", "stand_test", [1, 2])])


def dragoons_vs_square():
    return scenario(
        "Heavy dragoons against a column forming square", "seed 000, second narrated charge",
        "A regiment of British heavy dragoons in line charges a French column 20 cm away. The French form square: "
        "from column it takes half a move, and 20 cm is more than half the heavy cavalry's charge move, so the "
        "square will be formed before contact. The dragoons move half way; the French, busy forming, cannot fire. "
        "The dragoons pass their morale test; the French test as unformed (still forming) and pass. The dragoons "
        "reach contact, the square is formed, and the melee follows.",
        [side("british", "British", "british", general("wellington", "Wellington", [100, 5], "excellent"), [
            brigade("union", "Union Brigade", general("ponsonby", "Ponsonby", [60, 12]), [
                unit("scots_greys", "2nd (Royal North British) Dragoons", "heavy_cavalry", 12, [60, 20], 0,
                     **{"formation": "line"})])]),
         side("french", "French", "french", general("ney", "Ney", [20, 75], "excellent"), [
             brigade("quiot", "Quiot's brigade", general("quiot", "Quiot", [60, 60]), [
                 unit("ligne_54", "54e de ligne, 1st battalion", "infantry", 24, [60, 43.75], 180,
                      **{"formation": "column"})])])],
        [{"turn": 1, "unit": "scots_greys", "charge": "ligne_54"},
         {"turn": 1, "unit": "ligne_54", "reaction": "form_square"}],
        [dice(1, "scots_greys", "charge_test", [5, 4]), dice(1, "ligne_54", "stand_test", [5, 5]),
         dice(1, "scots_greys", "melee", [4, 3]), dice(1, "ligne_54", "melee", [4, 4]),
         dice(1, "ligne_54", "melee_test", [4, 4])], first="british")


def uhlans_vs_battery():
    return scenario(
        "Austrian uhlans against a battery and the column behind it", "seed 000, third narrated charge",
        "A regiment of Austrian uhlans charges a French 8-pounder battery. Canister does not stop them and they pass "
        "their test to charge home. The gunners fail their test to hold: the emergency limbering die shows 1, the "
        "guns are abandoned and the crew flees half its retreat move (10 cm) through the French column 5 cm behind, "
        "which becomes unformed. The uhlans charge the unformed column too and the charge procedure starts again: "
        "they ride through the abandoned guns, the column's fire kills no one, the uhlans pass their test, the column "
        "fails its own, and the uhlans go into contact.",
        [side("austrians", "Austrians", "austrian", general("schwarzenberg", "Schwarzenberg", [100, 5], "excellent"), [
            brigade("hohenzollern", "Hohenzollern's brigade", general("hohenzollern", "Hohenzollern", [60, 8]), [
                unit("uhlans", "Schwarzenberg Uhlans", "lancers", 12, [60, 18], 0, **{"formation": "line"})])]),
         side("french", "French", "french", general("davout", "Davout", [20, 75], "excellent"), [
             brigade("artillery", "Corps artillery", general("art_cmd", "Artillery commander", [30, 50]), [
                 unit("battery_8pdr", "8-pounder foot battery", "artillery", 8, [60, 38], 180)]),
             brigade("friant", "Friant's brigade", general("friant", "Friant", [75, 60]), [
                 unit("ligne_33", "33e de ligne, 2nd battalion", "infantry", 24, [60, 49.2], 180,
                      **{"formation": "column"})])])],
        [{"turn": 1, "unit": "uhlans", "charge": "battery_8pdr", "after_contact": "charge_another",
          "next_target": "ligne_33"},
         {"turn": 1, "unit": "battery_8pdr", "reaction": "stand_and_fire"},
         {"turn": 1, "unit": "ligne_33", "reaction": "stand_and_fire"}],
        [dice(1, "battery_8pdr", "closing_fire", [1, 2]), dice(1, "uhlans", "charge_test", [4, 4, 5, 3]),
         dice(1, "battery_8pdr", "stand_test", [2, 2]), dice(1, "battery_8pdr", "limbering", [1]),
         dice(1, "ligne_33", "closing_fire", [2, 1]), dice(1, "ligne_33", "stand_test", [4, 4]),
         dice(1, "uhlans", "melee", [5, 4]), dice(1, "ligne_33", "melee", [3, 2])], first="austrians")


def cuirassiers_vs_dragoons():
    return scenario(
        "Cuirassiers against Russian dragoons countercharging", "seed 000, fourth narrated charge",
        "French cuirassiers in line charge the flank of Russian dragoons in line, 18 cm away, and move half way, "
        "9 cm. The dragoons countercharge: they use those 9 cm to wheel and face the cuirassiers. The cuirassiers "
        "pass their morale test (no flank penalty: the dragoons now face them), the dragoons pass their "
        "countercharge test. The cuirassiers cover the rest, the dragoons ride to meet them, but the dragoons have "
        "moved less than the 5 cm a countercharge needs for its charge bonus.",
        [side("french", "French", "french", general("murat", "Murat", [10, 10], "excellent"), [
            brigade("cuirassiers", "Cuirassier brigade", general("nansouty", "Nansouty", [24, 40]), [
                unit("cuir_5", "5e cuirassiers", "cuirassiers", 12, [30, 40], 90, **{"formation": "line"})])]),
         side("russians", "Russians", "russian", general("bagration", "Bagration", [110, 75], "excellent"), [
             brigade("dragoons", "Dragoon brigade", general("korff", "Korff", [75, 60]), [
                 unit("kargopol", "Kargopol dragoons", "dragoons", 12, [58.5, 40], 0, **{"formation": "line"})])])],
        [{"turn": 1, "unit": "cuir_5", "charge": "kargopol"},
         {"turn": 1, "unit": "kargopol", "reaction": "countercharge"}],
        [dice(1, "cuir_5", "charge_test", [5, 4]), dice(1, "kargopol", "charge_test", [4, 4]),
         dice(1, "cuir_5", "melee", [3, 4]), dice(1, "kargopol", "melee", [4, 4]),
         dice(1, "cuir_5", "melee_test", [5, 5])])


def hussars_opportunity():
    return scenario(
        "British hussars' opportunity charge against chasseurs", "seed 000, opportunity charge example",
        "A British battalion stands in line with hussars covering its right flank. French chasseurs à cheval come "
        "forward and declare a charge on the British infantry. The British player answers with an opportunity "
        "charge by the hussars on the chasseurs: their brigade commander is within 15 cm, the enemy is visible, in "
        "range and within 22 degrees. The hussars seize the initiative and move first; the chasseurs, charged, may "
        "only stand or countercharge, and the charge runs as usual.",
        [side("british", "British", "british", general("uxbridge", "Uxbridge", [110, 5], "excellent"), [
            brigade("vivian", "Vivian's brigade", general("vivian", "Vivian", [62, 14]), [
                unit("foot_52", "52nd Foot", "infantry", 24, [40, 20], 0, **{"formation": "line"}),
                unit("hussars_10", "10th Hussars", "light_cavalry", 12, [60, 20], 0, **{"formation": "line"})])]),
         side("french", "French", "french", general("kellermann", "Kellermann", [10, 75], "excellent"), [
             brigade("chasseurs", "Light cavalry brigade", general("pire", "Piré", [45, 58]), [
                 unit("chasseurs_6", "6e chasseurs à cheval", "light_cavalry", 12, [52, 46], 180,
                      **{"formation": "line"})])])],
        [{"turn": 1, "unit": "chasseurs_6", "charge": "foot_52"},
         {"turn": 1, "unit": "hussars_10", "opportunity_charge": "chasseurs_6"},
         {"turn": 1, "unit": "chasseurs_6", "reaction": "countercharge"}],
        [dice(1, "hussars_10", "charge_test", [5, 3]), dice(1, "chasseurs_6", "charge_test", [4, 3]),
         dice(1, "hussars_10", "melee", [5, 5]), dice(1, "chasseurs_6", "melee", [3, 3]),
         dice(1, "hussars_10", "melee_test", [5, 4])], first="french")


def lancers_vs_battery():
    return scenario(
        "Polish lancers against a Spanish battery whose crew evades, then the line behind it",
        "seed 000, evade example",
        "Polish lancers in column charge a Spanish foot battery 18 cm away. The crew chooses to evade to shelter "
        "nearby. The lancers move half way, 9 cm; 9 cm is a quarter of their 36 cm charge move, so the gunners may "
        "evade a quarter of their 20 cm, 5 cm: enough to reach cover behind their infantry. The lancers cannot "
        "catch them and charge instead the Spanish battalion in line 1 cm behind the guns; the charge procedure "
        "starts again.",
        [side("french", "French (Polish lancers)", "polish", general("suchet", "Suchet", [110, 5], "excellent"), [
            brigade("vistula", "Vistula Legion cavalry", general("konopka", "Konopka", [60, 6]), [
                unit("lancers_vistula", "Vistula Lancers", "lancers", 12, [60, 15], 0,
                     **{"formation": "column"})])]),
         side("spanish", "Spanish", "spanish", general("blake", "Blake", [10, 75], "average"), [
             brigade("artillery", "Spanish artillery", general("art_sp", "Artillery commander", [20, 60]), [
                 unit("battery_sp", "Spanish foot battery", "artillery", 8, [60, 39.5], 180)]),
             brigade("zayas", "Zayas' brigade", general("zayas", "Zayas", [90, 70]), [
                 unit("irlanda", "Irlanda regiment, 1st battalion", "infantry", 24, [60, 43.25], 180,
                      **{"formation": "line"})])])],
        [{"turn": 1, "unit": "lancers_vistula", "charge": "battery_sp", "after_contact": "charge_another",
          "next_target": "irlanda"},
         {"turn": 1, "unit": "battery_sp", "reaction": "evade"},
         {"turn": 1, "unit": "irlanda", "reaction": "stand_and_fire"}],
        [dice(1, "irlanda", "closing_fire", [3, 2]), dice(1, "lancers_vistula", "charge_test", [5, 4]),
         dice(1, "irlanda", "stand_test", [4, 4]),
         dice(1, "lancers_vistula", "melee", [4, 5]), dice(1, "irlanda", "melee", [2, 3])])


def melee_example_a():
    return scenario(
        "Melee example A: heavy dragoons against hussars", "seed 004, melee example A",
        "French hussars charge twelve British heavy dragoons, who countercharge. In the melee the dragoons roll 8 "
        "and add +4 heavy cavalry, +1 for numbers (12 against 8 is 3:2) and +2 for their countercharge: 15. The "
        "hussars roll 5 and add +2 light cavalry and +2 charging: 9. The difference of 6 means the hussars retreat; "
        "the dragoons kill three hussars (1 per 4), the hussars one dragoon (1 per 8). The dragoons' pursuit test "
        "comes to 5: pursuit, so in the mandatory move phase the hussars retreat and the dragoons pursue.",
        [side("french", "French", "french", general("lasalle", "Lasalle", [10, 10], "excellent"), [
            brigade("lasalle_b", "Light cavalry brigade", general("colbert", "Colbert", [60, 42]), [
                unit("hussars_7", "7e hussards", "light_cavalry", 8, [60, 50], 0, **{"formation": "line"})])]),
         side("british", "British", "british", general("uxbridge", "Uxbridge", [110, 95], "excellent"), [
             brigade("household", "Heavy brigade", general("somerset", "Somerset", [60, 85]), [
                 unit("dragoons_1", "1st (Royal) Dragoons", "heavy_cavalry", 12, [60, 73], 180,
                      **{"formation": "line"})])])],
        [{"turn": 1, "unit": "hussars_7", "charge": "dragoons_1"},
         {"turn": 1, "unit": "dragoons_1", "reaction": "countercharge"}],
        [dice(1, "hussars_7", "charge_test", [4, 4]), dice(1, "dragoons_1", "charge_test", [4, 4]),
         dice(1, "hussars_7", "melee", [3, 2]), dice(1, "dragoons_1", "melee", [4, 4]),
         dice(1, "dragoons_1", "melee_test", [3, 4])], depth="100cm")


if __name__ == "__main__":
    write("seed000/01_young_guard_vs_landwehr.scenario.json", young_guard())
    write("seed000/02_dragoons_vs_square.scenario.json", dragoons_vs_square())
    write("seed000/03_uhlans_vs_battery.scenario.json", uhlans_vs_battery())
    write("seed000/04_cuirassiers_vs_dragoons.scenario.json", cuirassiers_vs_dragoons())
    write("seed000/05_hussars_opportunity_charge.scenario.json", hussars_opportunity())
    write("seed000/06_lancers_vs_spanish_battery.scenario.json", lancers_vs_battery())
    write("seed004/melee_example_a.scenario.json", melee_example_a())
    print("wrote the scenarios under", os.path.normpath(ROOT))
