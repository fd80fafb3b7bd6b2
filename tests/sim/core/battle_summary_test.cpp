// The ruleset-neutral battle summary (`vedette odds`, issue 30): each rule system maps its own end
// states onto broken, routed, withdrawn and eliminated, counts figures lost and names the side that
// holds the field. The records here are written by hand, one unit per case, so each expected
// fate follows from the state labels the plug-in documents, not from a battle's dice.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/ruleset/registry.h"
#include "sim/ruleset/summary.h"

namespace vedette::sim {
namespace battle_summary_test {

using ruleset::BattleSummary;
using ruleset::Fate;

// A hand-written record: a roster of units on two sides and their snapshots event by event.
struct Record {
    record::Header header;
    std::vector<record::Event> events;

    int add_unit(int side) {
        record::RosterUnit u;
        u.id = "u" + std::to_string(header.units.size());
        u.side = side;
        header.units.push_back(u);
        return static_cast<int>(header.units.size()) - 1;
    }
    // One event in which `unit` becomes `state` with `figures`, on or off the table.
    void step(int unit, const std::string& state, int figures, bool off_table = false,
              bool disordered = false) {
        record::Event e;
        e.seq = static_cast<int>(events.size());
        record::Snapshot s;
        s.unit = unit;
        s.state = state;
        s.look.figures = figures;
        s.look.off_table = off_table;
        s.look.disordered = disordered;
        e.after.push_back(s);
        events.push_back(e);
    }
};

Record two_sides() {
    Record r;
    r.header.sides = {{"a", "Side A", "french"}, {"b", "Side B", "russian"}};
    return r;
}

BattleSummary summarize(const std::string& id, const Record& r) {
    return ruleset::make_ruleset(id, "")->summarize(r.header, r.events);
}

TEST(BattleSummary, GdbMapsBrokenRoutsAndLosses) {
    Record r = two_sides();
    const int broken = r.add_unit(0), routed = r.add_unit(0), lost = r.add_unit(0),
              dispersed = r.add_unit(1), wavering = r.add_unit(1);
    for (int u : {broken, routed, lost, dispersed, wavering}) r.step(u, "formed", 12);
    r.step(broken, "broken", 10);
    r.step(routed, "broken", 9);
    r.step(routed, "removed", 9, true);  // fled off the table: a rout
    r.step(lost, "formed", 12);
    r.step(lost, "removed", 12, true);  // removed while formed (a melee's removal): a loss
    r.step(dispersed, "dispersed", 0, true);
    r.step(wavering, "wavering", 11);
    const BattleSummary s = summarize("gdb", r);
    ASSERT_EQ(s.units.size(), 5u);
    EXPECT_EQ(s.units[std::size_t(broken)].fate, Fate::broken);
    EXPECT_EQ(s.units[std::size_t(routed)].fate, Fate::routed);
    EXPECT_EQ(s.units[std::size_t(lost)].fate, Fate::eliminated);
    EXPECT_EQ(s.units[std::size_t(dispersed)].fate, Fate::eliminated);
    EXPECT_EQ(s.units[std::size_t(wavering)].fate, Fate::standing);
    // Side A: 2 + 3 figures of casualties and the 12 of the removed unit.
    EXPECT_EQ(s.sides[0].figures_lost, 2 + 3 + 12);
    EXPECT_EQ(s.sides[0].fates[std::size_t(Fate::broken)], 1);
    EXPECT_EQ(s.sides[0].fates[std::size_t(Fate::routed)], 1);
    EXPECT_EQ(s.sides[0].fates[std::size_t(Fate::eliminated)], 1);
    EXPECT_EQ(s.sides[1].figures_lost, 12 + 1);
    // A keeps nothing standing; B keeps 11 of 24 figures.
    EXPECT_EQ(s.holder, 1);
}

TEST(BattleSummary, BorodinoWithdrawsAndCountsDisorderedAsHalf) {
    Record r = two_sides();
    const int a1 = r.add_unit(0), a2 = r.add_unit(0), b1 = r.add_unit(1), b2 = r.add_unit(1);
    for (int u : {a1, a2, b1, b2}) r.step(u, "formed", 24);
    r.step(a1, "withdrawn", 24, true);
    r.step(b1, "disordered", 24, false, true);
    r.step(b2, "eliminated", 24, true);
    const BattleSummary s = summarize("borodino", r);
    EXPECT_EQ(s.units[std::size_t(a1)].fate, Fate::withdrawn);
    EXPECT_EQ(s.units[std::size_t(a2)].fate, Fate::standing);
    EXPECT_EQ(s.units[std::size_t(b1)].fate, Fate::standing);
    EXPECT_EQ(s.units[std::size_t(b2)].fate, Fate::eliminated);
    EXPECT_EQ(s.sides[0].figures_lost, 0);   // withdrawn whole
    EXPECT_EQ(s.sides[1].figures_lost, 24);  // the eliminated unit's figures
    // A keeps one formed unit of two (2 of 4); B one disordered (1 of 4): A holds.
    EXPECT_EQ(s.holder, 0);
    r.step(a2, "disordered", 24, false, true);  // now 1 of 4 each: neither
    EXPECT_EQ(summarize("borodino", r).holder, -1);
}

TEST(BattleSummary, DicepoolLosesModelsAndUnits) {
    Record r = two_sides();
    const int a1 = r.add_unit(0), b1 = r.add_unit(1), b2 = r.add_unit(1);
    r.step(a1, "close_order", 12);
    r.step(b1, "close_order", 8);
    r.step(b2, "close_order", 12);
    r.step(a1, "disordered", 5);
    r.step(b1, "destroyed", 0, true);
    r.step(b2, "in melee", 10);
    const BattleSummary s = summarize("dicepool", r);
    EXPECT_EQ(s.units[std::size_t(a1)].fate, Fate::standing);
    EXPECT_EQ(s.units[std::size_t(b1)].fate, Fate::eliminated);
    EXPECT_EQ(s.units[std::size_t(b2)].fate, Fate::standing);
    EXPECT_EQ(s.sides[0].figures_lost, 7);
    EXPECT_EQ(s.sides[1].figures_lost, 8 + 2);
    // A keeps 5 of 12 models, B 10 of 20: B's share is larger.
    EXPECT_EQ(s.holder, 1);
}

TEST(BattleSummary, HolderByShareComparesSharesWithoutRounding) {
    EXPECT_EQ(ruleset::holder_by_share({1, 1}, {3, 3}), -1);
    EXPECT_EQ(ruleset::holder_by_share({2, 1}, {3, 2}), 0);         // 2/3 > 1/2
    EXPECT_EQ(ruleset::holder_by_share({1, 2}, {3, 5}), 1);         // 1/3 < 2/5
    EXPECT_EQ(ruleset::holder_by_share({0, 0}, {3, 5}), -1);        // nobody keeps anything
    EXPECT_EQ(ruleset::holder_by_share({4, 0}, {0, 5}), -1);        // a side with nothing to start
    EXPECT_EQ(ruleset::holder_by_share({1, 2, 3}, {2, 4, 6}), -1);  // three equal shares
}

TEST(BattleSummary, UnitLeavingTheTableRemembersItsStateBefore) {
    Record r = two_sides();
    const int u = r.add_unit(0);
    r.step(u, "formed", 12);
    r.step(u, "retreating", 12);
    r.step(u, "removed", 12, true);
    r.step(u, "removed", 12, true);  // a second snapshot off the table changes nothing
    const auto tracks = ruleset::track_units(r.header, r.events);
    ASSERT_EQ(tracks.size(), 1u);
    EXPECT_EQ(tracks[0].first.state, "formed");
    EXPECT_EQ(tracks[0].state_before_leaving, "retreating");
    EXPECT_EQ(summarize("gdb", r).units[0].fate, Fate::routed);
}

}  // namespace battle_summary_test
}  // namespace vedette::sim
