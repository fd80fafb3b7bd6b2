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




def village_skirmishers_and_guns():
    return scenario(
        "Through the skirmishers into the village; the guns re-manned", "seed 000, rules without a narrated example",
        "Seed 000 rules that its examples do not show. A French column charges a British battalion holding a "
        "village: its own voltigeurs in front simply move to its rear, and the British riflemen in the path of the "
        "charge must evade behind their battalion (they may not fire or fight). The battalion fails to stand and "
        "retreats; the French infantry occupies the village as a bonus move. Beside it, British hussars charge a "
        "French battery: the crew evades into a wood, leaving the guns marked abandoned. Next turn the hussars ride "
        "away, and the crew comes back and re-mans its guns.",
        [side("french", "French", "french", general("reille", "Reille", [60, 5], "excellent"), [
            brigade("bachelu", "Bachelu's brigade", general("bachelu", "Bachelu", [30, 12]), [
                unit("ligne_2", "2e léger, 1st bn", "infantry", 24, [30, 20], 0, **{"formation": "column"}),
                unit("voltigeurs_2", "Voltigeurs of the 2e léger", "skirmishers", 4, [30, 25.5], 0),
                unit("ligne_61", "61e de ligne, 2nd bn", "infantry", 24, [90, 14], 0, **{"formation": "column"})]),
            brigade("art", "Divisional artillery", general("art_b", "Artillery commander", [100, 22]), [
                unit("battery_6", "6-pounder foot battery", "artillery", 8, [90, 30], 0)])]),
         side("british", "British", "british", general("hill", "Hill", [60, 78], "excellent"), [
             brigade("kempt", "Kempt's brigade", general("kempt", "Kempt", [30, 48]), [
                 unit("foot_32", "32nd Foot", "infantry", 24, [30, 36], 180, **{"formation": "line"}),
                 unit("rifles_95", "95th Rifles, 3 companies", "skirmishers", 4, [30, 32], 180)]),
             brigade("grant", "Grant's brigade", general("grant", "Grant", [90, 62]), [
                 unit("hussars_7", "7th Hussars", "light_cavalry", 12, [90, 52], 180, **{"formation": "line"})])])],
        [{"turn": 1, "unit": "ligne_2", "charge": "foot_32", "after_contact": "halt"},
         {"turn": 1, "unit": "foot_32", "reaction": "stand"},
         {"turn": 1, "unit": "hussars_7", "charge": "battery_6", "after_contact": "halt"},
         {"turn": 1, "unit": "battery_6", "reaction": "evade"},
         {"turn": 2, "unit": "hussars_7", "move": [90, 70]}],
        [dice(1, "ligne_2", "charge_test", [4, 4]), dice(1, "foot_32", "stand_test", [1, 2])],
        turns=2,
        terrain={"heightfield": {"kind": "flat"},
                 "features": [
                     {"kind": "built_up", "name": "Papelotte", "polygon": [[18, 33], [42, 33], [42, 46], [18, 46]],
                      "capacity": 2},
                     {"kind": "woods", "name": "the copse", "polygon": [[80, 20], [100, 20], [100, 27], [80, 27]]}]})


LANES = [12, 34, 56, 78, 100, 122, 144, 166]


def demo_battle():
    """The embedded demo: 42 units over 6 turns, laid out in lanes 22 cm apart so that each lane
    shows a different part of the rules; together they show every event kind. Distances are chosen
    against the 15mm tables: heavy cavalry charges 27 cm, light cavalry 36 cm, infantry 15 cm."""
    L = LANES
    units_f, units_a, orders, forced = {}, {}, [], []

    def fu(brig, *us):
        units_f.setdefault(brig, []).extend(us)

    def au(brig, *us):
        units_a.setdefault(brig, []).extend(us)

    # French, attacking up the table (facing 0). Cavalry front line at y = 40.
    fu("lancers", unit("f_lancers", "1er chevau-légers lanciers", "lancers", 12, [L[0], 40], 0))
    fu("cuir_1", unit("f_cuir_1", "1er cuirassiers", "cuirassiers", 12, [L[1], 40], 0))
    fu("cuir_2", unit("f_cuir_2", "4e cuirassiers", "cuirassiers", 12, [L[2], 40], 0))
    fu("hussars", unit("f_hussars", "4e hussards", "light_cavalry", 12, [L[3], 40], 0))
    fu("donzelot", unit("f_ligne_1", "17e de ligne, 1st bn", "infantry", 24, [L[4], 26], 0,
                        **{"formation": "attack_column"}),
       unit("f_ligne_3", "30e de ligne, 1st bn", "infantry", 24, [L[4], 12], 0, **{"formation": "column"}))
    fu("aulard", unit("f_ligne_2", "17e de ligne, 2nd bn", "infantry", 24, [L[5], 26], 0,
                      **{"formation": "attack_column", "class": "veteran"}),
       unit("f_ligne_4", "30e de ligne, 2nd bn", "infantry", 24, [L[5], 12], 0, **{"formation": "column"}))
    fu("chasseurs", unit("f_chasseurs", "9e chasseurs à cheval", "light_cavalry", 12, [L[6], 40], 0))
    fu("chasseurs_2", unit("f_chasseurs_2", "12e chasseurs à cheval", "light_cavalry", 12, [L[7], 46], 0))
    fu("guard", unit("f_guard_1", "3e grenadiers à pied", "infantry", 24, [L[0], 20], 0,
                     **{"formation": "column", "class": "guard"}),
       unit("f_guard_2", "4e grenadiers à pied", "infantry", 24, [L[1], 20], 0,
            **{"formation": "column", "class": "guard"}))
    fu("marcognet", unit("f_ligne_5", "61e de ligne, 1st bn", "infantry", 24, [L[2], 20], 0,
                         **{"formation": "column"}),
       unit("f_ligne_6", "61e de ligne, 2nd bn", "infantry", 24, [L[3], 20], 0, **{"formation": "column"}))
    fu("light_inf", unit("f_voltigeurs", "Voltigeurs of the 61e", "skirmishers", 8, [L[6], 22], 0),
       unit("f_ligne_7", "111e de ligne, 1st bn", "infantry", 24, [L[7], 22], 0,
            **{"formation": "column", "class": "conscript"}))
    fu("reserve", unit("f_reserve_1", "85e de ligne, 1st bn", "infantry", 24, [L[6], 10], 0, **{"formation": "column"}),
       unit("f_reserve_2", "85e de ligne, 2nd bn", "infantry", 24, [L[7], 10], 0, **{"formation": "column"}))
    fu("artillery", unit("f_battery_1", "Guard foot battery", "artillery", 8, [L[0] + 11, 8], 0),
       unit("f_battery_2", "Line foot battery", "artillery", 8, [L[6] + 11, 8], 0))

    # Allies, holding the ridge (facing 180). Front line about y = 66.
    au("frazer", unit("a_battery_1", "Bull's troop RHA", "artillery", 8, [L[0], 66], 180),
       unit("a_battery_2", "Sandham's foot battery", "artillery", 8, [L[1], 66], 180))
    au("maitland", unit("a_foot_1", "1st Foot Guards, 2nd bn", "infantry", 24, [L[2], 68], 180,
                        **{"formation": "column", "class": "guard"}),
       unit("a_foot_7", "1st Foot, 3rd bn", "infantry", 24, [L[2], 96], 180, **{"formation": "column"}))
    au("vivian", unit("a_lt_dragoons", "23rd Light Dragoons", "light_cavalry", 12, [L[3], 68], 180),
       unit("a_hussars", "18th Hussars", "light_cavalry", 12, [L[3], 96], 180))
    au("halkett", unit("a_foot_2", "33rd Foot", "infantry", 24, [L[4], 66], 180),
       unit("a_foot_8", "44th Foot", "infantry", 24, [L[4], 96], 180, **{"formation": "column"}))
    au("adam", unit("a_foot_3", "69th Foot", "infantry", 24, [L[5], 66], 180, **{"class": "second_rate"}),
       unit("a_foot_10", "73rd Foot", "infantry", 24, [L[5], 96], 180, **{"formation": "column"}))
    au("barnard", unit("a_rifles", "95th Rifles, 1st bn", "skirmishers", 8, [L[6], 60], 180),
       unit("a_kgl_light", "2nd Light bn KGL", "infantry", 24, [L[6], 96], 180,
            **{"class": "elite", "nation": "hanoverian"}))
    au("bulow", unit("p_uhlans", "6th Uhlans", "lancers", 12, [L[7], 68], 180, **{"nation": "prussian"}),
       unit("p_landwehr_1", "1st Silesian Landwehr", "infantry", 24, [L[7], 96], 180,
            **{"class": "second_rate", "nation": "prussian"}))
    au("somerset", unit("a_household", "Household Cavalry", "heavy_cavalry", 12, [L[0], 96], 180),
       unit("a_foot_6", "92nd Foot", "infantry", 24, [L[1], 92], 180, **{"formation": "column"}))
    au("lambert", unit("a_foot_11", "4th Foot", "infantry", 24, [L[3], 116], 180, **{"formation": "column"}),
       unit("a_foot_12", "27th Foot", "infantry", 24, [L[5], 116], 180, **{"formation": "column"}),
       unit("a_dragoons", "1st Dragoons KGL", "dragoons", 12, [L[6], 116], 180, **{"nation": "hanoverian"}),
       unit("a_foot_13", "Nassau battalion in La Haie", "infantry", 24, [163, 119], 180,
            **{"formation": "column", "nation": "nassau"}))
    au("picton", unit("a_foot_5", "42nd Foot", "infantry", 24, [L[0], 116], 180, **{"formation": "column"}),
       unit("a_foot_9", "28th Foot", "infantry", 24, [L[4], 116], 180, **{"formation": "column"}))

    names_f = {"lancers": ("Colbert", 0, 32), "cuir_1": ("Travers", 1, 32), "cuir_2": ("Wathier", 2, 32),
               "hussars": ("Piré", 3, 32), "donzelot": ("Donzelot", 4, 20), "aulard": ("Aulard", 5, 20),
               "chasseurs": ("Subervie", 6, 32), "chasseurs_2": ("Domon", 7, 38), "guard": ("Friant", 0.5, 12), "reserve": ("Schmitz", 6.5, 4),
               "marcognet": ("Marcognet", 2.5, 12), "light_inf": ("Grenier", 6.5, 12), "artillery": ("Desales", 3.5, 4)}
    names_a = {"frazer": ("Frazer", 0.5, 76), "maitland": ("Maitland", 2, 82), "vivian": ("Vivian", 3, 82),
               "halkett": ("Halkett", 4, 80), "adam": ("Adam", 5, 80), "barnard": ("Barnard", 6, 72),
               "bulow": ("Bülow", 7, 82), "somerset": ("Somerset", 0.5, 104), "picton": ("Picton", 2, 122),
               "lambert": ("Lambert", 4.5, 124)}

    def lane_x(pos):
        lo = int(pos)
        return L[lo] if pos == lo else (L[lo] + L[lo + 1]) / 2

    # Generals of the infantry brigades that advance ride with their leading battalion.
    attached = {"donzelot": "f_ligne_1", "aulard": "f_ligne_2", "light_inf": "f_ligne_7", "marcognet": "f_ligne_6",
                "picton": "a_foot_9"}

    def brigades(units, names, prefix):
        out = []
        for key, us in units.items():
            gname, lane, y = names[key]
            g = general("g_" + key, gname, [lane_x(lane), y], "excellent" if key in ("guard", "picton") else "average")
            if key in attached:
                g["attached_to"] = attached[key]
            out.append(brigade(prefix + key, gname + "'s brigade", g, us))
        return out

    sides = [side("french", "French", "french", general("ney", "Ney", [90, 4], "excellent"),
                  brigades(units_f, names_f, "fb_")),
             side("allies", "Allies", "british", general("wellington", "Wellington", [90, 126], "excellent"),
                  brigades(units_a, names_a, "ab_"))]

    def charge(turn, uid, target, **kw):
        d = {"turn": turn, "unit": uid, "charge": target}
        d.update(kw)
        orders.append(d)

    def react(turn, uid, reaction, **kw):
        d = {"turn": turn, "unit": uid, "reaction": reaction}
        d.update(kw)
        orders.append(d)

    def move(turn, uid, to):
        orders.append({"turn": turn, "unit": uid, "move": to})

    def form(turn, uid, formation):
        orders.append({"turn": turn, "unit": uid, "formation": formation})

    def force(turn, uid, purpose, values):
        forced.append(dice(turn, uid, purpose, values))

    # Turn 1, French: the cavalry goes in along the whole line.
    charge(1, "f_lancers", "a_battery_1")                       # the crew evades, guns abandoned
    react(1, "a_battery_1", "evade")
    force(1, "f_lancers", "charge_test", [5, 4])
    charge(1, "f_cuir_1", "a_battery_2")                        # canister, melee, battery dispersed
    force(1, "a_battery_2", "closing_fire", [3, 3])
    force(1, "f_cuir_1", "charge_test", [5, 5])
    force(1, "a_battery_2", "stand_test", [5, 4])
    force(1, "f_cuir_1", "melee", [5, 5])
    force(1, "a_battery_2", "melee", [1, 2])
    force(1, "f_cuir_1", "melee_test", [1, 2])                   # pursuit with no one left: uncontrolled
    charge(1, "f_cuir_2", "a_foot_1")                           # the Guards form square and hold
    react(1, "a_foot_1", "form_square")
    force(1, "f_cuir_2", "charge_test", [6, 5])
    force(1, "a_foot_1", "stand_test", [4, 4])
    force(1, "f_cuir_2", "melee", [6, 6])
    force(1, "a_foot_1", "melee", [3, 4])
    charge(1, "f_hussars", "a_lt_dragoons")                     # countercharge, retreat, pursuit
    react(1, "a_lt_dragoons", "countercharge")
    force(1, "f_hussars", "charge_test", [5, 4])
    force(1, "a_lt_dragoons", "charge_test", [4, 4])
    force(1, "f_hussars", "melee", [6, 5])
    force(1, "a_lt_dragoons", "melee", [2, 3])
    force(1, "f_hussars", "melee_test", [2, 2])
    charge(1, "f_chasseurs", "a_rifles")                        # skirmishers evade but are caught
    force(1, "f_chasseurs", "charge_test", [5, 5])
    charge(1, "f_ligne_7", "p_landwehr_1")                      # far out of range: refused
    move(1, "f_ligne_1", [L[4], 38])
    move(1, "f_ligne_2", [L[5], 38])
    form(1, "f_ligne_3", "attack_column")
    move(1, "f_guard_1", [L[0], 30])
    # Turn 1, Allies (after the French): the Prussian uhlans charge the chasseurs.
    charge(1, "p_uhlans", "f_chasseurs_2")
    force(1, "p_uhlans", "charge_test", [5, 5])
    force(1, "f_chasseurs_2", "stand_test", [5, 5])
    force(1, "p_uhlans", "melee", [6, 5])
    force(1, "f_chasseurs_2", "melee", [1, 2])
    force(1, "p_uhlans", "melee_test", [3, 4])                   # blown

    # Turn 2, Allies phasing: the reserves move up; the French infantry closes.
    move(2, "f_ligne_1", [L[4], 50])
    move(2, "f_ligne_2", [L[5], 50])
    move(2, "f_ligne_3", [L[4], 30])
    move(2, "f_ligne_4", [L[5], 26])
    form(2, "a_foot_5", "line")
    move(2, "a_hussars", [L[3], 88])
    move(2, "f_ligne_7", [L[7], 34])

    # Turn 3, French: the infantry charges home.
    charge(3, "f_ligne_1", "a_foot_2")                          # volley, the 33rd gives way
    react(3, "a_foot_2", "stand_and_fire")
    force(3, "a_foot_2", "closing_fire", [4, 4])
    force(3, "f_ligne_1", "charge_test", [5, 4])
    force(3, "a_foot_2", "stand_test", [1, 1])
    charge(3, "f_ligne_2", "a_foot_3")                          # melee and rout
    react(3, "a_foot_3", "stand_and_fire")
    force(3, "a_foot_3", "closing_fire", [1, 1])
    force(3, "f_ligne_2", "charge_test", [6, 4])
    force(3, "a_foot_3", "stand_test", [4, 4])
    force(3, "f_ligne_2", "melee", [6, 6])
    force(3, "a_foot_3", "melee", [1, 1])
    force(3, "f_ligne_2", "melee_test", [5, 5])
    move(3, "f_ligne_7", [L[7], 46])
    move(3, "f_guard_2", [L[1], 32])

    # Turns 4-6: the fight goes on with the dice as they fall.
    charge(4, "a_foot_8", "f_ligne_1")
    react(4, "f_ligne_1", "stand_and_fire")
    charge(4, "a_hussars", "f_hussars")
    move(4, "f_ligne_3", [L[4], 42])
    move(4, "a_foot_10", [L[5], 84])
    charge(5, "f_ligne_3", "a_foot_8")
    react(5, "a_foot_8", "stand_and_fire")
    move(5, "f_ligne_6", [L[3], 32])
    move(5, "a_foot_9", [L[4], 104])
    charge(6, "a_foot_10", "f_ligne_2")
    react(6, "f_ligne_2", "stand_and_fire")
    move(6, "f_ligne_5", [L[2], 32])
    move(6, "a_kgl_light", [L[6], 84])
    move(4, "f_reserve_1", [L[6], 22])
    move(5, "f_reserve_2", [L[7], 20])
    form(5, "a_foot_12", "line")

    return scenario(
        "Demo battle: the ridge at Vedette", "Vedette demo",
        "A French corps attacks an Anglo-Prussian line over six turns: cavalry charges against guns, a square and "
        "cavalry, gunners and skirmishers evading, infantry charges with closing volleys, melees, retreats, routs, "
        "pursuits and rallies. Each lane of the table shows a different part of the rules.",
        sides, orders, forced, turns=6, seed=1815, width="180cm", depth="130cm",
        terrain={"heightfield": {"kind": "procedural", "seed": 7, "relief": "3cm"},
                 "features": [
                     {"kind": "woods", "name": "Bois de Paris", "polygon": [[2, 104], [22, 104], [22, 128], [2, 128]]},
                     {"kind": "built_up", "name": "La Haie", "polygon": [[150, 110], [176, 110], [176, 128], [150, 128]],
                      "capacity": 2},
                     {"kind": "road", "name": "Brussels road", "path": [[90, 0], [90, 130]]},
                     {"kind": "hedge", "name": "Ohain hedge", "path": [[40, 106], [70, 106]]},
                     {"kind": "rough", "name": "Sunken lane", "polygon": [[100, 124], [130, 124], [130, 129], [100, 129]]}]})


if __name__ == "__main__":
    write("seed000/01_young_guard_vs_landwehr.scenario.json", young_guard())
    write("seed000/02_dragoons_vs_square.scenario.json", dragoons_vs_square())
    write("seed000/03_uhlans_vs_battery.scenario.json", uhlans_vs_battery())
    write("seed000/04_cuirassiers_vs_dragoons.scenario.json", cuirassiers_vs_dragoons())
    write("seed000/05_hussars_opportunity_charge.scenario.json", hussars_opportunity())
    write("seed000/06_lancers_vs_spanish_battery.scenario.json", lancers_vs_battery())
    write("seed000/07_village_skirmishers_and_guns.scenario.json", village_skirmishers_and_guns())
    write("seed004/melee_example_a.scenario.json", melee_example_a())
    write("demo/demo_battle.scenario.json", demo_battle())
    print("wrote the scenarios under", os.path.normpath(ROOT))

