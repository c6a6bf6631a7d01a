#include "render/sound/tone_track.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ss::render {

namespace {
constexpr float k_peak = 0.9f;

// sin(2π·cycles) from floor, + and * alone: the C libraries' sin differ in the last bit (glibc's
// and the Windows build's), which set a few samples of the same WAV one step apart.
double tone_sine(double cycles) {
  double x = cycles - std::floor(cycles);  // [0, 1)
  if (x > 0.75)
    x -= 1.0;
  else if (x > 0.25)
    x = 0.5 - x;  // sin(2π(1/2 - x)) = sin(2πx); now x is in [-1/4, 1/4]
  const double a = 2.0 * std::numbers::pi * x, a2 = a * a;
  // Taylor's series to a^15: within 1e-11 on [-π/2, π/2], far below a 16-bit step (3e-5).
  double p = -1.0 / 1307674368000.0;
  p = p * a2 + 1.0 / 6227020800.0;
  p = p * a2 - 1.0 / 39916800.0;
  p = p * a2 + 1.0 / 362880.0;
  p = p * a2 - 1.0 / 5040.0;
  p = p * a2 + 1.0 / 120.0;
  p = p * a2 - 1.0 / 6.0;
  return a + a * a2 * p;
}
}  // namespace

double key_pitch_hz(double rank) {
  rank = std::clamp(rank, 0.0, 1.0);
  const double semitones = 12.0 * std::log2(k_highest_pitch_hz / k_lowest_pitch_hz);
  const double hz = k_lowest_pitch_hz * std::exp2(std::round(rank * semitones) / 12.0);
  // To a micro-hertz: C libraries differ in exp2's last bit (glibc's and the Windows build's gave
  // 226.52983504360645 and ...643), and a web lesson writes each pitch out in full.
  return std::round(hz * 1e6) / 1e6;
}

void add_tone(const Tone& tone, std::uint32_t sample_rate, std::int64_t first, std::int64_t offset,
              std::span<float> out) {
  const double rate = sample_rate;
  const auto count = static_cast<std::int64_t>(std::llround(tone.duration_s * rate));
  // Shorter tones keep the shape: the attack and release share the tone's length.
  const double attack = std::min(k_tone_attack_s, tone.duration_s * 0.25);
  const double release = std::min(k_tone_release_s, tone.duration_s * 0.5);
  const std::int64_t end = offset + static_cast<std::int64_t>(out.size());
  for (std::int64_t i = std::max<std::int64_t>(0, offset - first); i < count; ++i) {
    const std::int64_t at = first + i;
    if (at >= end) break;
    const double t = double(i) / rate;
    const double left = tone.duration_s - t;
    const double envelope = std::clamp(std::min(t / attack, left / release), 0.0, 1.0);
    const double cycles = tone.frequency_hz * t;
    double wave = tone_sine(cycles);
    if (tone.timbre == Timbre::bright)
      wave = 0.6 * wave + 0.3 * tone_sine(2 * cycles) + 0.1 * tone_sine(3 * cycles);
    out[static_cast<std::size_t>(at - offset)] += static_cast<float>(tone.gain * envelope * wave);
  }
}

std::vector<float> ToneTrack::unscaled_mix(double length_s) const {
  std::vector<float> out(static_cast<std::size_t>(std::max(0.0, length_s) * sample_rate_ + 0.5),
                         0.0f);
  for (const Tone& tone : tones_)
    add_tone(tone, sample_rate_, std::llround(tone.start_s * sample_rate_), 0, out);
  return out;
}

namespace {
float tone_track_level(const std::vector<float>& unscaled) {
  float peak = 0.0f;
  for (float s : unscaled) peak = std::max(peak, std::abs(s));
  return peak > k_peak ? k_peak / peak : 1.0f;
}
}  // namespace

std::vector<float> ToneTrack::mix(double length_s) const {
  std::vector<float> out = unscaled_mix(length_s);
  const float scale = tone_track_level(out);
  if (scale < 1.0f)
    for (float& s : out) s *= scale;
  return out;
}

float ToneTrack::level(double length_s) const {
  return tone_track_level(unscaled_mix(length_s));
}

}  // namespace ss::render
