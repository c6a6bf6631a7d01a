// The soundtrack's building blocks: key pitches on the scale, enveloped tones mixed at the right
// times and pitches (measured from the samples, read back from the WAV file's bytes), no clicks.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/animation.hpp"
#include "render/gather.hpp"
#include "render/sound/soundtrack.hpp"
#include "render/sound/step_sound.hpp"
#include "render/sound/tone_track.hpp"
#include "render/sound/wav_file.hpp"
#include "render/step_state.hpp"
#include "render/video_writer.hpp"
#include "shaders/common/mergesort_step.h"
#include "shaders/common/radix4_step.h"
#include "support/cli.hpp"
#include "support/gpu.hpp"

using namespace ss::render;
using ss::KeyArray;
using ss::KeyType;
using ss::Plan;
using ss::Stepper;

namespace {

std::uint32_t field(const std::string& bytes, std::size_t at, int size) {
  std::uint32_t v = 0;
  for (int i = 0; i < size; ++i) v |= std::uint32_t(std::uint8_t(bytes[at + i])) << (8 * i);
  return v;
}

// Samples of a mono 16-bit WAV file, checking its header on the way.
std::vector<float> read_wav(const std::string& path, std::uint32_t rate) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(bytes.size() >= 44);
  CHECK(bytes.substr(0, 4) == "RIFF");
  CHECK(field(bytes, 4, 4) == bytes.size() - 8);
  CHECK(bytes.substr(8, 8) == "WAVEfmt ");
  CHECK(field(bytes, 20, 2) == 1);  // PCM
  CHECK(field(bytes, 22, 2) == 1);  // mono
  CHECK(field(bytes, 24, 4) == rate);
  CHECK(field(bytes, 34, 2) == 16);  // bits
  CHECK(bytes.substr(36, 4) == "data");
  const std::uint32_t data = field(bytes, 40, 4);
  REQUIRE(data == bytes.size() - 44);
  std::vector<float> samples(data / 2);
  for (std::size_t i = 0; i < samples.size(); ++i)
    samples[i] = float(std::int16_t(field(bytes, 44 + 2 * i, 2))) / 32767.0f;
  return samples;
}

// The frequency in samples [first, last) from the times of its upward zero crossings.
double measured_hz(const std::vector<float>& s, std::size_t first, std::size_t last,
                   std::uint32_t rate) {
  std::vector<double> crossings;
  for (std::size_t i = first + 1; i < last; ++i) {
    if (s[i - 1] < 0.0f && s[i] >= 0.0f)
      crossings.push_back(double(i - 1) + double(-s[i - 1]) / double(s[i] - s[i - 1]));
  }
  REQUIRE(crossings.size() >= 3);
  return double(rate) * double(crossings.size() - 1) / (crossings.back() - crossings.front());
}

float peak(const std::vector<float>& s, std::size_t first, std::size_t last) {
  float p = 0.0f;
  for (std::size_t i = first; i < last && i < s.size(); ++i) p = std::max(p, std::abs(s[i]));
  return p;
}

}  // namespace

TEST_CASE("sound: key pitches rise by semitones from 120 Hz to about 1.2 kHz", "[sound]") {
  CHECK(key_pitch_hz(0.0) == Approx(120.0));
  CHECK(key_pitch_hz(-3.0) == Approx(120.0));
  CHECK(key_pitch_hz(1.0) == Approx(120.0 * std::exp2(40.0 / 12.0)));  // 1209.5 Hz
  CHECK(key_pitch_hz(7.0) == key_pitch_hz(1.0));
  double last = 0;
  int steps = 0;
  for (int i = 0; i <= 1000; ++i) {
    const double hz = key_pitch_hz(i / 1000.0);
    REQUIRE(hz >= last);
    if (hz > last && last > 0) {
      CHECK(hz / last == Approx(std::exp2(1.0 / 12.0)));  // one semitone, never more
      ++steps;
    }
    last = hz;
  }
  CHECK(steps == 40);
}

TEST_CASE("sound: tones sound at their times and pitches, silent between, and do not click",
          "[sound]") {
  const std::uint32_t rate = 44100;
  ToneTrack track(rate);
  const std::vector<double> pitches{key_pitch_hz(0.1), key_pitch_hz(0.5), key_pitch_hz(0.9)};
  for (std::size_t i = 0; i < pitches.size(); ++i)
    track.add(
        {0.1 + 0.2 * double(i), 0.1, pitches[i], 0.5f, i == 1 ? Timbre::bright : Timbre::sine});
  const std::string path = std::string(SORTSCOPE_TEST_DATA) + "/tones.wav";
  write_wav(path, track.mix(0.7), rate);
  const std::vector<float> s = read_wav(path, rate);
  REQUIRE(s.size() == std::size_t(0.7 * rate + 0.5));
  for (std::size_t i = 0; i < pitches.size(); ++i) {
    INFO("tone " << i);
    const auto start = std::size_t((0.1 + 0.2 * double(i)) * rate);
    const auto end = start + std::size_t(0.1 * rate);
    // The sustained middle: the tone's pitch (the bright timbre's harmonics keep its period).
    CHECK(measured_hz(s, start + rate / 100, end - rate / 40, rate) ==
          Approx(pitches[i]).epsilon(0.01));
    CHECK(peak(s, start + rate / 100, end - rate / 40) > 0.3f);
    // Rising from and falling to silence: the first and last millisecond are quiet.
    CHECK(peak(s, start, start + rate / 1000) < 0.15f);
    CHECK(peak(s, end - rate / 1000, end + 2) < 0.05f);
    // Silence between the tones.
    CHECK(peak(s, end + 2, end + std::size_t(0.1 * rate) - 2) == 0.0f);
  }
}

TEST_CASE("sound: a mix of many tones at once is scaled down below full scale", "[sound]") {
  ToneTrack track(8000);
  for (int i = 0; i < 50; ++i) track.add({0.0, 0.2, key_pitch_hz(i / 50.0), 1.0f});
  const std::vector<float> s = track.mix(0.2);
  CHECK(peak(s, 0, s.size()) == Approx(0.9f).epsilon(0.001));
  // A tone starting before 0 or running past the end is cut, not a fault.
  ToneTrack edges(8000);
  edges.add({-0.05, 0.1, 440.0, 0.5f});
  edges.add({0.15, 0.1, 440.0, 0.5f});
  CHECK(edges.mix(0.2).size() == 1600);
}

namespace {

// Stretches of sound in samples [first, last): runs where the signal passes `threshold` within
// 2 ms of each other (a tone's zero crossings do not split it).
struct Stretch {
  std::size_t begin = 0, end = 0;
};
std::vector<Stretch> stretches(const std::vector<float>& s, std::size_t first, std::size_t last,
                               std::uint32_t rate, float threshold = 0.01f) {
  std::vector<Stretch> out;
  const std::size_t bridge = rate / 500;
  for (std::size_t i = first; i < last && i < s.size(); ++i) {
    if (std::abs(s[i]) < threshold) continue;
    if (!out.empty() && i - out.back().end <= bridge)
      out.back().end = i + 1;
    else
      out.push_back({i, i + 1});
  }
  return out;
}

KeyArray u32_keys(const std::vector<std::uint32_t>& words) {
  KeyArray keys;
  keys.type = KeyType::u32;
  keys.words = words;
  return keys;
}

// The soundtrack of every step of `plan` on `input`, one second a step, no hold, read back from
// the WAV file write_soundtrack wrote.
std::vector<float> soundtrack_of(const Plan& plan, const KeyArray& input, const std::string& name,
                                 std::uint32_t hold_ms = 0, SoundOptions sound = {}) {
  AnimationOptions options;
  options.steps = {0, plan.steps.size()};
  options.fps = 1.0;
  options.hold_ms = hold_ms;
  options.audio = ss::test::data_path(name);
  options.sound_options = sound;
  write_soundtrack(ss::test::gpu(), plan, input, key_range(input), options);
  return read_wav(options.audio, 44100);
}

}  // namespace

TEST_CASE("sound: a batcher sort of 16 keys plays one tone per swapped comparator, at its key",
          "[sound][gpu]") {
  const std::uint32_t rate = 44100;
  // Keys 0, 1000, .., 15000 shuffled: ranks i / 15, each on its own semitone.
  const std::vector<std::uint32_t> order{9, 3, 14, 0, 7, 12, 5, 1, 15, 10, 2, 8, 13, 6, 11, 4};
  std::vector<std::uint32_t> words;
  for (std::uint32_t i : order) words.push_back(1000 * i);
  const KeyArray input = u32_keys(words);
  const Plan plan = ss::make_plan("batcher", {16, KeyType::u32, false, false}, ss::test::limits());
  const std::vector<float> s = soundtrack_of(plan, input, "batcher16.wav");
  // One window a frame: the input, then each step.
  REQUIRE(s.size() == (plan.steps.size() + 1) * rate);
  CHECK(stretches(s, 0, rate, rate).empty());

  std::vector<std::uint32_t> keys = words;
  std::size_t tones = 0;
  for (std::size_t step = 0; step < plan.steps.size(); ++step) {
    INFO("step " << step + 1);
    // What the step's comparators do to the keys, replayed here: the keys each swap sent down.
    std::vector<std::uint32_t> expected;
    for (const ss::Comparator& c : ss::step_comparators(plan.steps[step])) {
      if (keys[c.left] <= keys[c.right]) continue;
      std::swap(keys[c.left], keys[c.right]);
      expected.push_back(keys[c.left]);
    }
    const std::size_t begin = (step + 1) * rate;
    const std::vector<Stretch> found = stretches(s, begin, begin + rate, rate);
    REQUIRE(found.size() == expected.size());
    for (std::size_t i = 0; i < found.size(); ++i) {
      const std::size_t length = found[i].end - found[i].begin;
      const double hz =
          measured_hz(s, found[i].begin + length / 4, found[i].end - length / 4, rate);
      CHECK(hz == Approx(key_pitch_hz(expected[i] / 15000.0)).epsilon(0.015));
    }
    tones += found.size();
  }
  CHECK(std::is_sorted(keys.begin(), keys.end()));
  CHECK(tones > 10);
}

TEST_CASE("sound: a sorted input is silent until the closing sweep, which rises", "[sound][gpu]") {
  const std::uint32_t rate = 44100;
  std::vector<std::uint32_t> words;
  for (std::uint32_t i = 0; i < 64; ++i) words.push_back(7 * i + 3);
  const KeyArray input = u32_keys(words);
  for (const char* algorithm : {"batcher", "bitonic", "transposition", "batcher-fused"}) {
    INFO(algorithm);
    const Plan plan =
        ss::make_plan(algorithm, {64, KeyType::u32, false, false}, ss::test::limits());
    const std::vector<float> s =
        soundtrack_of(plan, input, std::string(algorithm) + "-sorted.wav", 2000);
    const std::size_t steps_end = (plan.steps.size() + 1) * rate;
    REQUIRE(s.size() == steps_end + 2 * rate);
    CHECK(peak(s, 0, steps_end) == 0.0f);
    // The 1.5 s sweep: 64 keys from the lowest pitch to the highest.
    const std::size_t sweep_end = steps_end + rate * 3 / 2;
    CHECK(peak(s, steps_end, sweep_end) > 0.1f);
    CHECK(peak(s, sweep_end + 2, s.size()) == 0.0f);
    CHECK(measured_hz(s, steps_end + rate / 50, steps_end + rate / 10, rate) <
          measured_hz(s, sweep_end - rate / 10, sweep_end - rate / 50, rate) / 4);
  }
  SECTION("unless compared comparators sound too: one lighter tone each") {
    const Plan plan =
        ss::make_plan("batcher", {16, KeyType::u32, false, false}, ss::test::limits());
    std::vector<std::uint32_t> sixteen(words.begin(), words.begin() + 16);
    const std::vector<float> s =
        soundtrack_of(plan, u32_keys(sixteen), "batcher-compared.wav", 0, SoundOptions{true});
    for (std::size_t step = 0; step < plan.steps.size(); ++step) {
      INFO("step " << step + 1);
      const std::size_t begin = (step + 1) * rate;
      CHECK(stretches(s, begin, begin + rate, rate).size() ==
            ss::step_comparators(plan.steps[step]).size());
      // A swapped comparator's tone peaks at the lone tone's gain, 0.35; these at 0.3 of that.
      CHECK(peak(s, begin, begin + rate) < 0.35f * k_compared_gain + 0.01f);
      CHECK(peak(s, begin, begin + rate) > 0.35f * k_compared_gain - 0.02f);
    }
  }
}

TEST_CASE("sound: radix counts sweep their digits; scatters and merges play the keys as they land",
          "[sound][gpu]") {
  const std::uint32_t n = 200;
  const KeyArray input = ss::generate_keys(ss::Distribution::random, n, KeyType::u32, 11, false);
  const KeyRange range = key_range(input);
  const auto fractions_now = [&](const Stepper& stepper) {
    const KeyArray now = stepper.read_current();
    std::vector<double> out;
    for (std::size_t i = 0; i < n; ++i) out.push_back(key_fraction(now, i, range));
    return out;
  };
  const auto ranks = [](const std::vector<Note>& notes) {
    std::vector<double> out;
    for (const Note& note : notes) out.push_back(note.rank);
    return out;
  };

  SECTION("radix4") {
    const Plan plan = ss::make_plan("radix4", {n, KeyType::u32, false, false}, ss::test::limits());
    Stepper stepper(ss::test::gpu(), plan, input);
    CHECK(step_notes(ss::test::gpu(), stepper, range).empty());  // the input
    // Pass 0's digit counts, from the keys here.
    std::vector<std::uint32_t> counts(16, 0);
    for (std::uint32_t w : input.words) ++counts[w & 15u];
    const std::uint32_t fullest = *std::max_element(counts.begin(), counts.end());
    for (std::size_t step = 0; step < 3; ++step) {
      stepper.next();
      const auto view = ss::push_value<ss::gpu::Radix4Step>(plan.steps[step]);
      const std::vector<Note> notes = step_notes(ss::test::gpu(), stepper, range);
      INFO("stage " << view.stage);
      if (view.stage == ss::gpu::RADIX4_STAGE_SCATTER) {
        CHECK(ranks(notes) == fractions_now(stepper));
        continue;
      }
      // One note per digit present, rising; the fullest bucket at full gain.
      std::vector<double> expected_ranks;
      std::vector<float> expected_gains;
      for (std::uint32_t d = 0; d < 16; ++d) {
        if (counts[d] == 0) continue;
        expected_ranks.push_back(d / 15.0);
        expected_gains.push_back(float(std::sqrt(double(counts[d]) / fullest)));
      }
      REQUIRE(notes.size() == expected_ranks.size());
      for (std::size_t i = 0; i < notes.size(); ++i) {
        CHECK(notes[i].rank == Approx(expected_ranks[i]));
        CHECK(notes[i].gain == Approx(expected_gains[i]));
      }
    }
  }
  SECTION("onesweep passes") {
    const Plan plan =
        ss::make_plan("onesweep", {n, KeyType::u32, false, false}, ss::test::limits());
    Stepper stepper(ss::test::gpu(), plan, input);
    std::size_t passes = 0;
    while (!stepper.at_end()) {
      stepper.next();
      const auto view = ss::push_value<ss::gpu::OnesweepStep>(plan.steps[stepper.position() - 1]);
      if (view.stage != ss::gpu::ONESWEEP_STAGE_PASS) continue;
      CHECK(ranks(step_notes(ss::test::gpu(), stepper, range)) == fractions_now(stepper));
      ++passes;
    }
    CHECK(passes == 4);
  }
  SECTION("mergesort merges: keys in output order, half of them from list B") {
    const Plan plan =
        ss::make_plan("mergesort", {n, KeyType::u32, false, false}, ss::test::limits());
    Stepper stepper(ss::test::gpu(), plan, input);
    std::size_t merges = 0, partitions = 0;
    while (!stepper.at_end()) {
      stepper.next();
      const auto view = ss::push_value<ss::gpu::MergesortStep>(plan.steps[stepper.position() - 1]);
      const std::vector<Note> notes = step_notes(ss::test::gpu(), stepper, range);
      if (view.stage == ss::gpu::MERGESORT_STAGE_PARTITION) {
        ++partitions;
        CHECK(!notes.empty());
        CHECK(notes.size() <= view.partitions);
        continue;
      }
      CHECK(ranks(notes) == fractions_now(stepper));
      if (view.stage != ss::gpu::MERGESORT_STAGE_MERGE) continue;
      ++merges;
      // Each output list of 2L keys takes L from A and the rest from B (the last list may have
      // only A, of fewer keys).
      const std::uint32_t list = ss::gpu::mergesort_frame_size(view.coop, view.tile_keys);
      std::size_t from_b = 0, expected_b = 0;
      for (const Note& note : notes) from_b += note.timbre == Timbre::bright ? 1 : 0;
      for (std::uint32_t start = 0; start < n; start += 2 * list)
        expected_b += std::min(n, start + 2 * list) - std::min(n, start + list);
      CHECK(from_b == expected_b);
    }
    CHECK(merges > 0);
    CHECK(partitions == merges);
  }
}

TEST_CASE("sound: a soundtrack lasts frames x step duration + hold; tones stay in their step",
          "[sound]") {
  ToneTrack track(8000);
  const std::vector<Note> notes(300, Note{0.5, 1.0f, Timbre::sine});
  lay_out_step(track, notes, 2.0, 0.1);
  REQUIRE(track.tones().size() == 300);
  for (const Tone& tone : track.tones()) {
    CHECK(tone.start_s >= 2.0);
    CHECK(tone.start_s + tone.duration_s <= 2.1 + 1e-9);
  }
  SoundtrackBuilder builder(0.25, 1.0);
  CHECK(builder.length_s() == 1.0);
}

TEST_CASE("cli: render --audio writes the soundtrack; --sound puts it into the MP4 only",
          "[sound][cli][gpu]") {
  namespace fs = std::filesystem;
  using ss::test::cli;
  using ss::test::data_path;
  const std::string wav = data_path("cli-sound.wav");
  fs::remove(wav);
  // Alone: 4 steps and the input at 2 frames per second, 1 s of hold.
  const auto alone =
      cli("render --algo transposition --n 32 --steps 0..4 --fps 2 --hold-ms 1000 "
          "--audio '" +
          wav + "'");
  INFO(alone.out);
  CHECK(alone.code == 0);
  CHECK(read_wav(wav, 44100).size() == std::size_t(44100 * (5 * 0.5 + 1.0)));

  const auto gif = cli("render --algo batcher --n 16 --steps 0..3 --sound --out '" +
                       data_path("silent.gif") + "'");
  CHECK(gif.code == 2);
  CHECK_THAT(gif.out, Catch::Contains("--sound") && Catch::Contains("--audio FILE.wav"));
  const auto mp3 =
      cli("render --algo batcher --n 16 --steps 0..3 --audio '" + data_path("x.mp3") + "'");
  CHECK(mp3.code == 2);
  CHECK_THAT(mp3.out, Catch::Contains(".wav"));

  if (find_ffmpeg().empty()) {
    WARN("ffmpeg is not on PATH here: the soundtrack in an .mp4 is not tested");
    return;
  }
  const std::string mp4 = data_path("sound.mp4");
  fs::remove(mp4);
  const auto video =
      cli("render --algo batcher --n 16 --steps all --width 320 --height 200 "
          "--sound --out '" +
          mp4 + "'");
  INFO(video.out);
  CHECK(video.code == 0);
  const std::string streams = ss::test::run_program({"ffprobe", "-v", "error", "-show_entries",
                                                     "stream=codec_type", "-of", "csv=p=0", mp4})
                                  .out;
  CHECK(streams == "video\naudio\n");
  for (const auto& entry : fs::directory_iterator(fs::path(mp4).parent_path()))
    CHECK(entry.path().filename().string().find("sound.mp4.partial") == std::string::npos);
}
