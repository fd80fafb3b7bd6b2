// The pace of a video (renderer/export/pacing.h) and the director camera that films it
// (renderer/scene/director.h), without a GPU: the plain clock kept exactly, holds and the minimum
// caption time lengthening the right segments, a title card first, subtitles that last as long
// as their held captions, and a camera that moves smoothly and keeps each shot long enough.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "renderer/export/overlay_panels.h"
#include "renderer/export/pacing.h"
#include "renderer/export/subtitles.h"
#include "renderer/export/video_export.h"
#include "renderer/scene/director.h"
#include "renderer/scene/result_card.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

int first_melee_of(const ReplayScene& scene) {
    const auto& events = scene.replay.events;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].category == sim::record::Category::melee) return int(i);
    return -1;
}

const PacedSegment* segment_of_event(const PacedVideo& v, int event) {
    for (const auto& s : v.segments)
        if (s.event == event) return &s;
    return nullptr;
}

TEST(Pacing, ThePlainClockIsKeptFrameForFrame) {
    const ReplayScene& scene = demo();
    Pacing plain;
    plain.speed = 2.0;
    const std::int64_t from = 1000, to = 9000;
    const PacedVideo v = pace_video(scene, from, to, plain);
    const double step = 2.0 * 1000.0 / 30;
    ASSERT_EQ(v.frames.size(), std::size_t(double(to - from) / step + 1));
    for (std::size_t i = 0; i < v.frames.size(); ++i)
        ASSERT_EQ(v.frames[i].replay_ms, from + std::int64_t(double(i) * step)) << i;
    EXPECT_DOUBLE_EQ(paced_frame_count(scene, from, to, plain), double(to - from) / step + 1);
}

TEST(Pacing, AMeleeHeldTwoSecondsStaysTwoSecondsAtAnySpeed) {
    const ReplayScene& scene = demo();
    const int melee = first_melee_of(scene);
    ASSERT_GE(melee, 0);
    const auto& e = scene.replay.events[std::size_t(melee)];
    Pacing p;
    p.speed = 8.0;  // the melee alone would be a fraction of a second
    p.holds = {parse_hold("melee=2")};
    const PacedVideo v = pace_video(scene, e.t0_ms - 2000, e.t1_ms + 2000, p);
    const PacedSegment* s = segment_of_event(v, melee);
    ASSERT_NE(s, nullptr);
    EXPECT_LT(s->play_s, 1.0);
    EXPECT_GE(s->video_end_s() - s->video_start_s, 2.0);
    // Every frame of the hold shows the melee's last moment; before it the melee plays.
    int held = 0, playing = 0;
    for (const auto& f : v.frames) {
        if (&v.segments[std::size_t(f.segment)] != s) continue;
        EXPECT_GE(f.replay_ms, s->from_ms);
        EXPECT_LT(f.replay_ms, s->to_ms);
        if (f.replay_ms == s->to_ms - 1)
            ++held;
        else
            ++playing;
    }
    EXPECT_GE(held, 2 * 30 - 1);
    EXPECT_GT(playing, 0);
    // Its subtitle lasts as long.
    const std::string srt = srt_of(scene, v);
    EXPECT_NE(srt.find(e.text), std::string::npos);
}

// A caption is up its reading time, 1.5 s to 7 s (issue 41): never held longer for being long,
// and a --hold comes on top of it.
TEST(Pacing, EveryCaptionIsUpItsReadingTimeBetweenTheMinimumAndTheMaximum) {
    const ReplayScene& scene = demo();
    Pacing p;
    p.speed = 4.0;
    p.min_caption_s = 1.5;
    p.max_caption_s = 7.0;
    p.reading_chars_per_s = 15.0;
    const PacedVideo v = pace_video(scene, 0, scene.duration_ms, p);
    int capped = 0, short_ones = 0;
    for (const auto& s : v.segments) {
        if (s.event < 0) continue;
        const auto& e = scene.replay.events[std::size_t(s.event)];
        if (e.text.empty() || card_event(scene, s.event) == s.event) continue;  // cards: below
        const double reading = double(reading_chars(e)) / 15.0;
        const double wanted = std::clamp(reading, 1.5, 7.0);
        const double up = s.video_end_s() - s.video_start_s;
        EXPECT_GE(up, wanted - 1e-9) << e.text;
        EXPECT_LE(s.hold_s, std::max(0.0, wanted - s.play_s) + 1e-9) << e.text;
        capped += reading > 7.0;
        short_ones += reading < 1.5;
    }
    EXPECT_GT(capped, 0) << "no caption over 7 s of reading: the cap is not tried";
    EXPECT_GT(short_ones, 0) << "no caption under 1.5 s of reading: the minimum is not tried";
    // A --hold comes on top: every declaration 1.5 s longer.
    p.holds = {parse_hold("declare=1.5")};
    const PacedVideo held = pace_video(scene, 0, scene.duration_ms, p);
    ASSERT_EQ(held.segments.size(), v.segments.size());
    int declarations = 0;
    for (std::size_t i = 0; i < v.segments.size(); ++i) {
        const int ev = v.segments[i].event;
        if (ev < 0 ||
            scene.replay.events[std::size_t(ev)].category != sim::record::Category::declare)
            continue;
        ++declarations;
        EXPECT_NEAR(held.segments[i].hold_s - v.segments[i].hold_s, 1.5, 1e-9);
    }
    EXPECT_GT(declarations, 0);
}

// The seconds an SRT cue whose text starts with `text` is up (-1: no such cue).
double cue_seconds(const std::string& srt, const std::string& text) {
    const std::size_t at = srt.find("\n" + text);
    if (at == std::string::npos) return -1;
    const std::size_t line = srt.rfind('\n', at - 1);
    const std::string times = srt.substr(line + 1, at - line - 1);  // "00:00:01,000 --> ..."
    const auto seconds = [](const std::string& t) {
        return std::stoi(t.substr(0, 2)) * 3600.0 + std::stoi(t.substr(3, 2)) * 60.0 +
               std::stoi(t.substr(6, 2)) + std::stoi(t.substr(9, 3)) / 1000.0;
    };
    return seconds(times.substr(17, 12)) - seconds(times.substr(0, 12));
}

TEST(Pacing, CaptionsStayUpAsLongAsReadingThemTakes) {
    ReplayScene scene = demo();
    // Two captioned events without result cards get captions of 40 and 160 characters.
    std::vector<int> plain_events;
    for (std::size_t i = 0; i < scene.replay.events.size() && plain_events.size() < 2; ++i) {
        const auto& e = scene.replay.events[i];
        if (!e.text.empty() && !e.explanation && e.category != sim::record::Category::turn)
            plain_events.push_back(int(i));
    }
    ASSERT_EQ(plain_events.size(), 2u);
    const std::string short_text = "Short caption " + std::string(40 - 14, 's');
    const std::string long_text = "Long caption " + std::string(160 - 13, 'l');
    scene.replay.events[std::size_t(plain_events[0])].text = short_text;
    scene.replay.events[std::size_t(plain_events[1])].text = long_text;
    Pacing p;
    p.speed = 4.0;
    p.min_caption_s = 2.0;
    p.reading_chars_per_s = 15.0;  // no maximum: a long caption is up all its reading time
    const std::int64_t to = scene.replay.events[std::size_t(plain_events[1])].t1_ms + 1000;
    const std::string srt = srt_of(scene, pace_video(scene, 0, to, p));
    EXPECT_GE(cue_seconds(srt, short_text), 2.0 - 1e-3) << srt;
    EXPECT_LT(cue_seconds(srt, short_text), 160.0 / 15.0) << "a short caption is not held long";
    EXPECT_GE(cue_seconds(srt, long_text), 160.0 / 15.0 - 1e-3) << srt;  // 10.7 s
    // Without reading time the long caption is up only the minimum.
    p.reading_chars_per_s = 0;
    EXPECT_LT(cue_seconds(srt_of(scene, pace_video(scene, 0, to, p)), long_text), 160.0 / 15.0);
}

// A result card is revealed part by part on its melee's own segment, which holds until every part
// has been up its reading time; the events under the card afterwards (the melee's losses and
// retreats) see it whole and hold only for their own captions (issue 41: "loses 1 figure" held
// 28 s once, for the card's sake).
TEST(Pacing, AResultCardIsReadOnItsOwnEventAndNeverCountedAgain) {
    const ReplayScene& scene = demo();
    const int melee = first_melee_of(scene);
    ASSERT_GE(melee, 0);
    Pacing p;
    p.speed = 8.0;
    p.min_caption_s = 1.5;
    p.max_caption_s = 7.0;
    p.reading_chars_per_s = 15.0;
    const PacedVideo v = pace_video(scene, 0, scene.duration_ms, p);
    const auto card = result_card_of(*scene.replay.events[std::size_t(melee)].explanation);
    ASSERT_TRUE(card);
    const std::vector<double> parts = card_part_seconds(*card, p);
    double reading = 0;
    for (const double s : parts) reading += s;
    EXPECT_GT(reading, 5.0);
    const PacedSegment* own = segment_of_event(v, melee);
    ASSERT_NE(own, nullptr);
    EXPECT_GE(own->video_end_s() - own->video_start_s, reading - 1e-6);
    // Its parts appear in order from the segment's start, each after the one before has been read.
    ASSERT_EQ(own->card_parts_at_s.size(), parts.size());
    EXPECT_DOUBLE_EQ(own->card_parts_at_s.front(), own->video_start_s);
    for (std::size_t k = 1; k < parts.size(); ++k)
        EXPECT_NEAR(own->card_parts_at_s[k], own->card_parts_at_s[k - 1] + parts[k - 1], 1e-9);
    int under = 0;
    for (const auto& s : v.segments) {
        if (s.event <= melee || card_event(scene, s.event) != melee) continue;
        ++under;
        const auto& e = scene.replay.events[std::size_t(s.event)];
        EXPECT_EQ(s.card_parts_at_s, own->card_parts_at_s) << "the card stays whole: " << e.text;
        EXPECT_LE(s.hold_s, std::max(0.0, reading_seconds(e, p) - s.play_s) + 1e-9) << e.text;
    }
    EXPECT_GT(under, 0) << "no event follows the melee under its card";
    // Segments follow each other without gaps after the holds were added.
    for (std::size_t i = 1; i < v.segments.size(); ++i)
        EXPECT_NEAR(v.segments[i].video_start_s, v.segments[i - 1].video_end_s(), 1e-9);
}

// --story UNIT: only the events naming the unit are shown, cut together from the first video
// second; an end card closes the video and recalls each result card shown, once.
TEST(Pacing, AStoryShowsOnlyItsUnitsEventsAndTheEndCardRecallsItsCards) {
    const ReplayScene& scene = demo();
    const int melee = first_melee_of(scene);
    ASSERT_GE(melee, 0);
    const int unit = scene.replay.events[std::size_t(melee)].units.front();
    Pacing p;
    p.min_caption_s = 1.5, p.max_caption_s = 7.0, p.reading_chars_per_s = 15.0;
    p.story_unit = unit;
    p.end_s = 4.0;
    const PacedVideo v = pace_video(scene, 0, scene.duration_ms, p);
    ASSERT_GE(v.segments.size(), 3u);
    EXPECT_DOUBLE_EQ(v.segments.front().video_start_s, 0.0);
    bool melee_shown = false;
    for (std::size_t i = 0; i + 1 < v.segments.size(); ++i) {
        const auto& s = v.segments[i];
        ASSERT_GE(s.event, 0);
        const auto& units = scene.replay.events[std::size_t(s.event)].units;
        EXPECT_NE(std::find(units.begin(), units.end(), unit), units.end()) << s.event;
        melee_shown = melee_shown || s.event == melee;
        if (i > 0) {
            EXPECT_NEAR(s.video_start_s, v.segments[i - 1].video_end_s(), 1e-9);
        }
    }
    EXPECT_TRUE(melee_shown);
    const PacedSegment& end = v.segments.back();
    EXPECT_EQ(end.event, kEndCard);
    EXPECT_DOUBLE_EQ(end.hold_s, 4.0);
    EXPECT_NE(std::find(end.recap_events.begin(), end.recap_events.end(), melee),
              end.recap_events.end());
    std::vector<int> once = end.recap_events;
    std::sort(once.begin(), once.end());
    EXPECT_EQ(std::unique(once.begin(), once.end()), once.end()) << "a card recalled twice";
    // Without the story every event is shown: a longer video.
    p.story_unit = -1;
    EXPECT_GT(pace_video(scene, 0, scene.duration_ms, p).seconds(), v.seconds() + 10);
}

TEST(Pacing, ATitleCardComesFirstOnTheOpeningMoment) {
    const ReplayScene& scene = demo();
    Pacing p;
    p.title_s = 3.0;
    const PacedVideo v = pace_video(scene, 0, 5000, p);
    ASSERT_FALSE(v.segments.empty());
    EXPECT_EQ(v.segments[0].event, kTitleCard);
    for (int i = 0; i < 90; ++i) {
        EXPECT_EQ(v.frames[std::size_t(i)].segment, 0) << i;
        EXPECT_EQ(v.frames[std::size_t(i)].replay_ms, 0) << i;
    }
    EXPECT_NE(v.frames[91].segment, 0);
    EXPECT_NEAR(v.seconds(), 3.0 + 5.0, 1e-9);
}

// A teacher's note holds the segment showing its moment, wherever that moment falls in the range:
// inside it, at its first moment, or at its very last (`--to` exactly on the note).
TEST(Pacing, ANoteHoldsTheSegmentShowingItsMomentEvenAtTheRangesEnd) {
    const ReplayScene& scene = demo();
    const int melee = first_melee_of(scene);
    ASSERT_GE(melee, 0);
    const auto& e = scene.replay.events[std::size_t(melee)];
    const std::int64_t from = e.t0_ms - 3000, to = e.t1_ms;
    Pacing plain;
    const double base = pace_video(scene, from, to, plain).seconds();
    for (const std::int64_t at : {from, e.t0_ms + 1, to}) {
        Pacing p;
        p.note_times_ms = {at};
        p.note_hold_s = 3.0;
        const PacedVideo v = pace_video(scene, from, to, p);
        EXPECT_NEAR(v.seconds(), base + 3.0, 1e-9) << "a note at " << at;
        EXPECT_NEAR(paced_frame_count(scene, from, to, p) - 1, std::floor((base + 3.0) * 30 + 1e-9),
                    1e-9)
            << "a note at " << at;
        double held = 0;
        for (const auto& s : v.segments)
            if (s.from_ms <= at && (at < s.to_ms || (at == to && s.to_ms == to))) held += s.hold_s;
        EXPECT_GE(held, 3.0) << "a note at " << at;
        // The note is on screen while it is held: 3 s of frames at or after its moment (a hold
        // on `to - 1` would not show a note at `to`).
        const auto showing = std::count_if(v.frames.begin(), v.frames.end(),
                                           [&](const PacedFrame& f) { return f.replay_ms >= at; });
        EXPECT_GE(showing, 90) << "a note at " << at;
    }
    // A note outside the range holds nothing.
    Pacing outside;
    outside.note_times_ms = {to + 1, from - 1};
    outside.note_hold_s = 3.0;
    EXPECT_NEAR(pace_video(scene, from, to, outside).seconds(), base, 1e-9);
}

// The exporter's pacing (video_export.h) holds on notes only in a presenter video, which shows
// them; the GIF length limit is checked against this same pacing.
TEST(Pacing, AnExportsPacingHoldsOnItsNotesOnlyWhenItShowsThem) {
    ReplayNotes notes;
    add_note(notes, {"a", 1000, -1, "", {}});
    add_note(notes, {"b", 4000, -1, "", {}});
    ExportOptions o;
    o.notes = &notes;
    o.note_hold_s = 3.0;
    o.speed = 2.0;
    EXPECT_TRUE(pacing_of(o).note_times_ms.empty());
    o.presenter = true;
    const Pacing p = pacing_of(o);
    EXPECT_EQ(p.note_times_ms, (std::vector<std::int64_t>{1000, 4000}));
    EXPECT_DOUBLE_EQ(p.note_hold_s, 3.0);
    EXPECT_DOUBLE_EQ(p.speed, 2.0);
}

TEST(Pacing, BadHoldsSayWhatIsExpected) {
    for (const char* bad : {"melee", "=2", "melee=", "melee=two", "melee=-1", "melee=61"}) {
        try {
            parse_hold(bad);
            ADD_FAILURE() << bad << " was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("KIND=SECONDS"), std::string::npos) << e.what();
        }
    }
    const HoldRule r = parse_hold("charge_declared=1.25");
    EXPECT_EQ(r.kind, "charge_declared");
    EXPECT_DOUBLE_EQ(r.seconds, 1.25);
}

TEST(DirectorCamera, MovesSmoothlyAndHoldsEachShotAtLeastItsMinimum) {
    const ReplayScene& scene = demo();
    Pacing p;
    p.speed = 2.0;
    const PacedVideo v = pace_video(scene, 0, scene.duration_ms / 2, p);
    DirectorCamera director(2.5);
    CameraSpec raw_spec;
    raw_spec.mode = CameraSpec::Mode::director;
    glm::vec3 last_eye(0.0f);
    float largest_step = 0, raw_largest_step = 0;
    glm::vec3 raw_last(0.0f);
    int raw_cuts = 0;
    for (std::size_t i = 0; i < v.frames.size(); ++i) {
        const SceneState state = scene_at_time(scene, v.frames[i].replay_ms);
        const Camera c = director.next(scene, state, 16.0f / 9.0f, i == 0 ? 0.0 : 1.0 / 30);
        const Camera raw = make_camera(raw_spec, scene, state, 16.0f / 9.0f);
        if (i > 0) {
            largest_step = std::max(largest_step, glm::length(c.eye - last_eye));
            const float raw_step = glm::length(raw.eye - raw_last);
            raw_largest_step = std::max(raw_largest_step, raw_step);
            if (raw_step > 100.0f) ++raw_cuts;
        }
        last_eye = c.eye;
        raw_last = raw.eye;
    }
    const double seconds = double(v.frames.size()) / 30;
    ASSERT_GT(raw_cuts, 0) << "the raw director never cuts: nothing to smooth";
    // Never a jump: the smooth camera's largest step between frames is a small part of the raw
    // director's cut.
    EXPECT_LT(largest_step, raw_largest_step / 3) << largest_step << " v " << raw_largest_step;
    // No shot shorter than the minimum: at most one new shot per 2.5 s.
    EXPECT_LE(director.shots_changed(), int(seconds / 2.5) + 1);
    EXPECT_GT(director.shots_changed(), 0);
}

}  // namespace
}  // namespace vedette::render
