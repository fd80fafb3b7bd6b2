// The luck of a battle (sim/replay/luck.h) checked against counts made here over every roll: the
// shipped replays of all three rule systems give the dice, modifiers and thresholds of their
// events, and this test enumerates every roll itself and compares. Then small explanations built
// by hand pin down the definition: strictly worse minus strictly better, the sides' attribution,
// the sections that decide an event, and the order of the luckiest moments.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "sim/replay/luck.h"
#include "sim/replay/replay.h"

namespace luck_test {

using namespace vedette::sim;

replay::Replay shipped(const std::string& name) {
    return replay::read_replay(std::string(VEDETTE_SOURCE_DIR) + "/replays/" + name);
}

const replay::LuckMoment* moment_of(const replay::BattleLuck& luck, int seq) {
    for (const auto& m : luck.moments)
        if (m.seq == seq) return &m;
    return nullptr;
}

std::vector<const record::Section*> sections(const record::Event& e, record::SectionKind kind) {
    std::vector<const record::Section*> out;
    for (const auto& s : e.explanation->sections)
        if (s.kind == kind) out.push_back(&s);
    return out;
}

int side_of(const replay::Replay& r, int unit) {
    return r.header.units[std::size_t(unit)].side;
}

// (worse - better) / all, for a side that wants `band` high, given every roll's band.
double luck_from_counts(const std::map<int, long long>& rolls_by_band, int actual) {
    long long worse = 0, better = 0, all = 0;
    for (const auto& [band, n] : rolls_by_band) {
        all += n;
        if (band < actual) worse += n;
        if (band > actual) better += n;
    }
    return double(worse - better) / double(all);
}

// ---- General de Brigade: 2d6 each, plus modifiers; the difference decides (12.18).

int gdb_band(int difference) {
    if (difference >= 7) return 3;
    if (difference >= 3) return 2;
    if (difference >= 1) return 1;
    if (difference == 0) return 0;
    if (difference >= -2) return -1;
    if (difference >= -6) return -2;
    return -3;
}

// The melee's dice and modifiers from its dice sections ("11 + modifiers +5 = total 16"), every
// roll of the four dice counted by the band it falls in, and the band thrown.
struct GdbCount {
    std::map<int, long long> by_band;
    int actual = 0;
};
GdbCount count_gdb_melee(const record::Event& e) {
    const auto dice = sections(e, record::SectionKind::dice);
    std::array<int, 2> thrown{}, modifiers{};
    for (std::size_t s = 0; s < 2; ++s) {
        int total = 0;
        const auto& words = dice.at(s)->dice.at(0).total;
        EXPECT_EQ(std::sscanf(words.c_str(), "%d + modifiers %d = total %d", &thrown[s],
                              &modifiers[s], &total),
                  3)
            << words;
    }
    GdbCount c;
    for (int a1 = 1; a1 <= 6; ++a1)
        for (int a2 = 1; a2 <= 6; ++a2)
            for (int d1 = 1; d1 <= 6; ++d1)
                for (int d2 = 1; d2 <= 6; ++d2)
                    ++c.by_band[gdb_band(a1 + a2 + modifiers[0] - d1 - d2 - modifiers[1])];
    c.actual = gdb_band(thrown[0] + modifiers[0] - thrown[1] - modifiers[1]);
    return c;
}

TEST(BattleLuck, GdbMeleesMatchACountOverEveryRollOfFourDice) {
    int checked = 0, allied_attackers = 0;
    for (const char* name :
         {"demo/demo_battle.replay.json", "seed000/02_dragoons_vs_square.replay.json",
          "seed000/03_uhlans_vs_battery.replay.json",
          "seed000/04_cuirassiers_vs_dragoons.replay.json",
          "seed000/05_hussars_opportunity_charge.replay.json",
          "seed000/06_lancers_vs_spanish_battery.replay.json",
          "seed004/melee_example_a.replay.json"}) {
        const auto r = shipped(name);
        const auto luck = replay::battle_luck(r.header, r.events);
        for (const auto& e : r.events) {
            if (e.kind != "melee" || !e.explanation) continue;
            // A melee decided without dice (12.12-12.14: a side that does not roll) has no roll
            // to count.
            bool rolled = true;
            for (const auto* d : sections(e, record::SectionKind::dice))
                for (const auto& g : d->dice) rolled = rolled && !g.dice.empty();
            if (!rolled) continue;
            const auto odds = sections(e, record::SectionKind::odds);
            ASSERT_EQ(odds.size(), 1u) << name << " event " << e.seq;
            // The plain melees only, where every outcome is one band of 12.18's differences (a
            // square that holds, a battery taken: outcomes of their own).
            const GdbCount c = count_gdb_melee(e);
            bool plain = true;
            for (const auto& o : odds[0]->outcomes)
                plain = plain &&
                        o.count ==
                            std::to_string(c.by_band.count(*o.rank) ? c.by_band.at(*o.rank) : -1);
            if (!plain) continue;
            const auto* m = moment_of(luck, e.seq);
            ASSERT_NE(m, nullptr) << e.seq;
            const double expected = luck_from_counts(c.by_band, c.actual);
            const int attacker = side_of(r, e.units[0]), defender = side_of(r, e.units[1]);
            ASSERT_NE(attacker, defender);
            EXPECT_NEAR(m->luck[std::size_t(attacker)], expected, 1e-12) << name << " " << e.seq;
            EXPECT_NEAR(m->luck[std::size_t(defender)], -expected, 1e-12) << name << " " << e.seq;
            allied_attackers += attacker == 1 ? 1 : 0;
            ++checked;
        }
    }
    std::printf("%d plain melees counted, %d with an attacker of the second side\n", checked,
                allied_attackers);
    EXPECT_GE(checked, 4);
    EXPECT_GE(allied_attackers, 1);  // the first odds side is not always the first battle side
}

// ---- The Borodino hex game: one d10 (0-9) plus a DRM, against a threshold or on a table.

int shock_band(int modified) {
    if (modified < 0) return 0;
    if (modified <= 4) return 1;
    if (modified <= 9) return 2;
    return 3;
}

// "hex (3, 6): 4 + DRM -2 = 2; hex (4, 6): 4 + DRM +2 = 6" or "2 + DRM +1 = 3 against 6": each
// hex's (die, DRM) and the threshold (-1 for a shock).
struct D10Roll {
    std::vector<std::pair<int, int>> hexes;
    int against = -1;
};
D10Roll parse_d10(std::string words) {
    D10Roll roll;
    for (;;) {
        const auto colon = words.find("): ");
        if (words.rfind("hex (", 0) == 0 && colon != std::string::npos) words.erase(0, colon + 3);
        int die = 0, drm = 0, total = 0, against = 0;
        const int n =
            std::sscanf(words.c_str(), "%d + DRM %d = %d against %d", &die, &drm, &total, &against);
        EXPECT_GE(n, 3) << words;
        EXPECT_EQ(die + drm, total) << words;
        roll.hexes.push_back({die, drm});
        if (n == 4) roll.against = against;
        const auto next = words.find("; ");
        if (next == std::string::npos) return roll;
        words.erase(0, next + 2);
    }
}

TEST(BattleLuck, BorodinoShocksAndChecksMatchACountOverEveryDie) {
    const auto r = shipped("borodino/shevardino_battle.replay.json");
    const auto luck = replay::battle_luck(r.header, r.events);
    std::size_t checked = 0;
    int shocks = 0, several_hexes = 0;
    for (const auto& e : r.events) {
        const auto* m = moment_of(luck, e.seq);
        if (!m) continue;
        const auto dice = sections(e, record::SectionKind::dice);
        ASSERT_FALSE(dice.empty()) << e.seq;
        const D10Roll roll = parse_d10(dice[0]->dice.at(0).total);
        double expected = 0;  // for the first unit's side: the attacker, the unit tested
        for (const auto& [die, drm] : roll.hexes) {
            std::map<int, long long> by_band;
            int actual = 0;
            for (int d = 0; d <= 9; ++d) {
                // A check passes (band 1) when the total is not higher than the threshold.
                const int band =
                    roll.against >= 0 ? (d + drm <= roll.against ? 1 : 0) : shock_band(d + drm);
                ++by_band[band];
                if (d == die) actual = band;
            }
            expected += luck_from_counts(by_band, actual) / double(roll.hexes.size());
        }
        if (roll.against < 0) ++shocks;
        if (roll.hexes.size() > 1) ++several_hexes;
        const int first = side_of(r, e.units[0]);
        EXPECT_NEAR(m->luck[std::size_t(first)], expected, 1e-12) << e.seq << " " << e.text;
        EXPECT_NEAR(m->luck[std::size_t(1 - first)], -expected, 1e-12) << e.seq;
        ++checked;
    }
    EXPECT_EQ(checked, luck.moments.size());
    EXPECT_GE(checked, 60u);
    EXPECT_GE(shocks, 15);
    EXPECT_GE(several_hexes, 3);
}

// ---- The dice-pool game: a pool of d6, each a hit at its target or better.

// How many of the 6^n rolls of n dice give k hits at `target`+: every die's six faces counted in
// turn (a die adds a hit on 7 - target faces).
std::vector<long long> hits_by_count(int n, int target) {
    std::vector<long long> rolls = {1};
    for (int die = 0; die < n; ++die) {
        std::vector<long long> next(rolls.size() + 1, 0);
        for (std::size_t k = 0; k < rolls.size(); ++k)
            for (int face = 1; face <= 6; ++face) next[k + (face >= target ? 1 : 0)] += rolls[k];
        rolls = next;
    }
    return rolls;
}

TEST(BattleLuck, DicePoolHitsMatchACountOverEveryRollAndTheResultDecides) {
    const auto r = shipped("dicepool/14_action.replay.json");
    const auto luck = replay::battle_luck(r.header, r.events);
    int pools = 0, melees = 0;
    for (const auto& e : r.events) {
        if (e.kind != "melee" || !e.explanation) continue;
        const auto odds = sections(e, record::SectionKind::odds);
        for (const auto* s : odds) {
            if (s->sides.size() != 1) continue;
            // "Hits of French line 7 (12 dice at 4+)", and the unit's dice as thrown.
            int n = 0, target = 0;
            const auto open = s->title.rfind('(');
            ASSERT_EQ(std::sscanf(s->title.c_str() + open, "(%d dice at %d+)", &n, &target), 2);
            int hits = -1;
            for (const auto* d : sections(e, record::SectionKind::dice))
                for (const auto& g : d->dice)
                    if (g.label.rfind(s->sides[0], 0) == 0 && int(g.dice.size()) == n) {
                        hits = 0;
                        for (const auto& die : g.dice) hits += die.value >= target ? 1 : 0;
                    }
            ASSERT_GE(hits, 0) << e.seq << " " << s->title;
            const auto rolls = hits_by_count(n, target);
            std::map<int, long long> by_hits;
            for (std::size_t k = 0; k < rolls.size(); ++k) by_hits[int(k)] = rolls[k];
            const auto l = replay::section_luck(*s, 0);
            ASSERT_TRUE(l);
            EXPECT_NEAR(l->luck(), luck_from_counts(by_hits, hits), 1e-12) << e.seq;
            ++pools;
        }
        // The result, not the pools beside it, is what the event's luck is made of.
        const auto* m = moment_of(luck, e.seq);
        ASSERT_NE(m, nullptr);
        EXPECT_EQ(m->sections, 1);
        EXPECT_EQ(m->odds_sides, (std::vector<std::string>{"attacker", "defender"}));
        const double attacker = replay::section_luck(*odds[0], 0)->luck();
        EXPECT_NEAR(m->luck[std::size_t(side_of(r, e.units[0]))], attacker, 1e-15);
        EXPECT_NEAR(m->luck[std::size_t(side_of(r, e.units[1]))], -attacker, 1e-15);
        ++melees;
    }
    EXPECT_GE(pools, 40);
    EXPECT_GE(melees, 20);
}

// ---- Small explanations built by hand.

record::Header two_sides() {
    record::Header h;
    h.sides = {{"fr", "French", "french"}, {"al", "Allies", "british"}};
    for (int u = 0; u < 4; ++u) {
        record::RosterUnit unit;
        unit.id = "u" + std::to_string(u);
        unit.name = "Unit " + std::to_string(u);
        unit.short_name = "U" + std::to_string(u);
        unit.side = u < 2 ? 0 : 1;
        h.units.push_back(unit);
    }
    return h;
}

// An odds section from (label, rolls, rank) over `all` rolls, the outcome `actual` lit.
record::Section odds(std::vector<std::string> sides,
                     const std::vector<std::tuple<std::string, int, int>>& outcomes, int all,
                     const std::string& actual) {
    auto s = record::section(record::SectionKind::odds, "Odds", "");
    s.sides = std::move(sides);
    s.denominator = std::to_string(all);
    for (const auto& [label, n, rank] : outcomes) {
        record::Outcome o;
        o.label = label;
        o.count = std::to_string(n);
        o.probability = double(n) / double(all);
        o.actual = label == actual;
        o.rank = rank;
        s.outcomes.push_back(o);
    }
    return s;
}

record::Event event(int seq, std::vector<int> units, std::vector<record::Section> sections) {
    record::Event e;
    e.seq = seq;
    e.turn = 1;
    e.units = std::move(units);
    e.text = "event " + std::to_string(seq);
    record::Explanation x;
    x.sections = std::move(sections);
    e.explanation = x;
    return e;
}

// One d6 against 4+: a pass (rank 1) or a fail (rank 0).
record::Section d6_test(const std::string& actual, std::string side = "the unit tested") {
    return odds({std::move(side)}, {{"passes", 3, 1}, {"fails", 3, 0}}, 6, actual);
}

TEST(BattleLuck, StrictlyWorseMinusStrictlyBetterAndACertainOutcomeIsZero) {
    // 2d6 totals 2..12 as three bands: 2-6 (15 rolls), 7 (6), 8-12 (15); equal ranks tie.
    const auto s =
        odds({"attacker", "defender"},
             {{"low", 15, 0}, {"seven", 6, 1}, {"also seven", 0, 1}, {"high", 15, 2}}, 36, "seven");
    EXPECT_NEAR(replay::section_luck(s, 0)->luck(), (15.0 - 15.0) / 36, 1e-15);
    EXPECT_NEAR(replay::section_luck(s, 0)->worse, 15.0 / 36, 1e-15);
    const auto high = odds({"attacker", "defender"}, {{"low", 15, 0}, {"high", 21, 2}}, 36, "high");
    EXPECT_NEAR(replay::section_luck(high, 0)->luck(), 15.0 / 36, 1e-15);
    EXPECT_NEAR(replay::section_luck(high, 1)->luck(), -15.0 / 36, 1e-15);
    const auto certain =
        odds({"attacker", "defender"}, {{"only", 36, 5}, {"never", 0, 9}}, 36, "only");
    EXPECT_EQ(replay::section_luck(certain, 0)->luck(), 0.0);
    auto unranked = high;
    unranked.outcomes[0].rank.reset();
    EXPECT_FALSE(replay::section_luck(unranked, 0));
    auto nothing_happened = high;
    nothing_happened.outcomes[1].actual = false;
    EXPECT_FALSE(replay::section_luck(nothing_happened, 0));
}

TEST(BattleLuck, OddsSidesAreTheBattlesSidesByNameOrByRole) {
    const auto h = two_sides();
    // An Allied attacker: "attacker" is the first unit's side, "defender" its enemy's.
    const auto by_role = event(
        1, {2, 0}, {odds({"attacker", "defender"}, {{"lose", 1, 0}, {"win", 3, 1}}, 4, "win")});
    // Named sides, in either order: a unit's name, a battle side's name or id.
    const auto by_name =
        event(2, {0, 3}, {odds({"Unit 3", "fr"}, {{"lose", 1, 0}, {"win", 3, 1}}, 4, "win")});
    // A test of the first unit is zero-sum between two sides.
    const auto test = event(3, {1, 2}, {d6_test("fails")});
    const auto luck = replay::battle_luck(h, {by_role, by_name, test});
    ASSERT_EQ(luck.moments.size(), 3u);
    EXPECT_EQ(luck.sides, (std::vector<std::string>{"French", "Allies"}));
    EXPECT_NEAR(luck.moments[0].luck[1], 0.25, 1e-15);  // the Allies won, 1 roll in 4 was worse
    EXPECT_NEAR(luck.moments[0].luck[0], -0.25, 1e-15);
    EXPECT_NEAR(luck.moments[1].luck[1], 0.25, 1e-15);  // "Unit 3" is Allied
    EXPECT_NEAR(luck.moments[1].luck[0], -0.25, 1e-15);
    EXPECT_NEAR(luck.moments[2].luck[0], -0.5, 1e-15);  // unit 1 (French) failed its test
    EXPECT_NEAR(luck.moments[2].luck[1], 0.5, 1e-15);
    EXPECT_NEAR(luck.total[1], 1.0, 1e-15);
    EXPECT_NEAR(luck.moments[1].running[1], 0.5, 1e-15);
    EXPECT_EQ(luck.moments[2].decided, "fails");
}

TEST(BattleLuck, TheResultDecidesBesideItsPoolsAndHexesShareOneDie) {
    const auto h = two_sides();
    // A result with each side's pool beside it: only the result counts.
    const auto melee =
        event(1, {0, 2},
              {odds({"attacker", "defender"}, {{"attacker wins", 1, 1}, {"defender wins", 3, -1}},
                    4, "attacker wins"),
               d6_test("fails", "Unit 0"), d6_test("passes", "Unit 2")});
    // One die deciding two hexes: the mean of the two.
    const auto shock =
        event(2, {0, 2, 3},
              {odds({"attacker", "defender"}, {{"bad", 5, 0}, {"good", 5, 1}}, 10, "good"),
               odds({"attacker", "defender"}, {{"bad", 2, 0}, {"good", 8, 1}}, 10, "good")});
    // Pools alone (no result): they decide, as the mean of the two.
    const auto pools = event(3, {0, 2}, {d6_test("passes", "Unit 0"), d6_test("passes", "U2")});
    const auto luck = replay::battle_luck(h, {melee, shock, pools});
    ASSERT_EQ(luck.moments.size(), 3u);
    EXPECT_NEAR(luck.moments[0].luck[0], 0.75, 1e-15);
    EXPECT_EQ(luck.moments[0].sections, 1);
    EXPECT_NEAR(luck.moments[1].luck[0], (0.5 + 0.2) / 2, 1e-15);
    EXPECT_EQ(luck.moments[1].decided, "good; good");
    EXPECT_NEAR(luck.moments[2].luck[0], 0.0, 1e-15);  // both passed: +0.5 and -0.5
    EXPECT_EQ(luck.moments[2].sections, 2);
}

TEST(BattleLuck, EventsWithoutUsableOddsAreLeftOut) {
    const auto h = two_sides();
    auto unranked = odds({"attacker", "defender"}, {{"a", 1, 0}, {"b", 1, 1}}, 2, "a");
    unranked.outcomes[1].rank.reset();
    auto no_actual = odds({"attacker", "defender"}, {{"a", 1, 0}, {"b", 1, 1}}, 2, "none");
    const auto nobody = event(3, {}, {odds({"someone"}, {{"a", 1, 0}, {"b", 1, 1}}, 2, "a")});
    record::Event plain;
    plain.seq = 4;
    const auto luck = replay::battle_luck(
        h, {event(1, {0, 2}, {unranked}), event(2, {0, 2}, {no_actual}), nobody, plain});
    EXPECT_TRUE(luck.moments.empty());
    EXPECT_EQ(luck.total, (std::vector<double>{0.0, 0.0}));
}

TEST(BattleLuck, LuckiestAndUnluckiestMomentsInOrderWithTiesToTheEarlierEvent) {
    const auto h = two_sides();
    std::vector<record::Event> events;
    // French tests: pass at 1 in 4 (luck +0.75), pass 3 in 4 (+0.25), fail 3 in 4 (-0.75), and
    // a second +0.75 later, which ranks after the first.
    const auto test = [](int pass, const std::string& actual) {
        return odds({"the unit tested"}, {{"passes", pass, 1}, {"fails", 4 - pass, 0}}, 4, actual);
    };
    events.push_back(event(10, {0}, {test(1, "passes")}));
    events.push_back(event(11, {0}, {test(3, "passes")}));
    events.push_back(event(12, {0}, {test(3, "fails")}));
    events.push_back(event(13, {1}, {test(1, "passes")}));
    const auto luck = replay::battle_luck(h, events);
    const auto best = replay::luckiest(luck, 3);
    ASSERT_EQ(best.size(), 3u);
    EXPECT_EQ(luck.moments[best[0].moment].seq, 10);
    EXPECT_EQ(best[0].side, 0);
    EXPECT_EQ(luck.moments[best[1].moment].seq, 12);  // the Allies' +0.75
    EXPECT_EQ(best[1].side, 1);
    EXPECT_EQ(luck.moments[best[2].moment].seq, 13);
    const auto worst = replay::unluckiest(luck, 10);
    ASSERT_EQ(worst.size(), 4u);  // every moment's unlucky side, none left over
    EXPECT_EQ(luck.moments[worst[0].moment].seq, 10);
    EXPECT_EQ(worst[0].side, 1);
    EXPECT_NEAR(worst[0].luck, -0.75, 1e-15);
    EXPECT_NEAR(worst[3].luck, -0.25, 1e-15);
}

}  // namespace luck_test
