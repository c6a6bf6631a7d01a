#pragma once
// The soundtrack of a sort: short enveloped tones placed in time and mixed into mono samples, as
// the app plays them and `render --audio` writes them. Each step's sound (from what its kernel
// did: swap flags, digit counts, the keys a merge takes) becomes tones here; pitch comes from a
// key's rank in the key range, on an equal-tempered scale from 120 Hz to 1.2 kHz, so the ear hears
// order as rising pitch (as The Sound of Sorting does).
#include <cstdint>
#include <span>
#include <vector>

namespace ss::render {

// Two timbres, so two sources in one step can be told apart (a merge's lists A and B): a pure sine,
// and one with its second and third harmonics.
enum class Timbre { sine, bright };

struct Tone {
  double start_s = 0;
  double duration_s = 0.05;  // attack, sustain and release included
  double frequency_hz = 440;
  float gain = 1.0f;  // before the mix's normalisation
  Timbre timbre = Timbre::sine;
};

// Every tone rises from silence over the attack and falls back over the release (shorter tones
// scale both down); a tone cut short (the app's next step) ends with the release.
constexpr double k_tone_attack_s = 0.005;
constexpr double k_tone_release_s = 0.020;

constexpr double k_lowest_pitch_hz = 120.0;
constexpr double k_highest_pitch_hz = 1200.0;

// The pitch of a key whose rank in the key range is `rank` (0 the smallest, 1 the largest,
// clamped), rounded to the nearest semitone above k_lowest_pitch_hz (about 40 semitones).
double key_pitch_hz(double rank);

// Adds `tone`, whose first sample is sample `first` of a stream at `sample_rate`, to `out`, which
// holds the stream's samples from `offset` on: the tone's part that falls there (its start_s is
// not read), with the attack and release above.
// ToneTrack::mix renders a whole track with it; the app's audio thread one block at a time.
void add_tone(const Tone& tone, std::uint32_t sample_rate, std::int64_t first, std::int64_t offset,
              std::span<float> out);

class ToneTrack {
 public:
  explicit ToneTrack(std::uint32_t sample_rate = 44100) : sample_rate_(sample_rate) {}
  std::uint32_t sample_rate() const { return sample_rate_; }

  void add(const Tone& tone) { tones_.push_back(tone); }
  const std::vector<Tone>& tones() const { return tones_; }

  // The tones mixed into `length_s` seconds of samples in [-1, 1]. Each tone rises from and falls
  // to silence (k_tone_attack_s, k_tone_release_s), so no tone clicks;
  // the mix is scaled down as a whole where it would pass 0.9.
  std::vector<float> mix(double length_s) const;
  // The factor mix(length_s) scales the tones by: 1, or less where they would pass its peak. The
  // web lesson's player (assets/web/player.js) applies it to its own oscillators.
  float level(double length_s) const;

 private:
  std::vector<float> unscaled_mix(double length_s) const;

  std::uint32_t sample_rate_;
  std::vector<Tone> tones_;
};

}  // namespace ss::render
