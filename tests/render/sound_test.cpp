// The soundtrack's building blocks: key pitches on the scale, enveloped tones mixed at the right
// times and pitches (measured from the samples, read back from the WAV file's bytes), no clicks.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "render/sound/tone_track.hpp"
#include "render/sound/wav_file.hpp"

using namespace ss::render;

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
