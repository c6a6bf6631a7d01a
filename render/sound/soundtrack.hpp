#pragma once
// A sort's soundtrack in time with its pictures: each shown step's notes (step_sound.hpp) laid out
// as tones inside the time that step stays on screen, and the closing sweep once the keys are
// sorted. The app plays it as it steps; `render --steps` writes it as WAV or into the MP4.
#include <cstddef>
#include <span>

#include "render/sound/step_sound.hpp"
#include "render/sound/tone_track.hpp"

namespace ss::render {

// A tone lasts its share of the step's window, between these (never past the window), so a step
// of few notes plays them one after another with gaps between them and a step of many overlaps
// them, each quieter.
inline constexpr double k_longest_tone_s = 0.15;
inline constexpr double k_shortest_tone_s = 0.03;
// The closing sweep lasts at most this long (less when the time after the last step is shorter).
inline constexpr double k_closing_sweep_s = 1.5;

// Adds `notes` to `track` as tones in [start_s, start_s + window_s), in order and evenly spaced.
// Every tone ends (release included) by the window's end, so one step's sound never runs into
// the next step's.
void lay_out_step(ToneTrack& track, std::span<const Note> notes, double start_s, double window_s);

// What an animation of steps sounds like, built as its frames are drawn: add_frame() after the
// stepper moved to each frame's position, samples() for the mix.
class SoundtrackBuilder {
 public:
  // `step_s`: how long each frame stays on screen; `hold_s`: how much longer the last one stays.
  SoundtrackBuilder(double step_s, double hold_s, SoundOptions options = {})
      : step_s_(step_s), hold_s_(hold_s), options_(options) {}
  // The notes of the stepper's position, in the next frame's window; after the last frame (`last`)
  // of a sorted array, the closing sweep in the hold.
  void add_frame(const Context& context, const Stepper& stepper, const KeyRange& range, bool last);
  double length_s() const { return double(frames_) * step_s_ + hold_s_; }
  std::vector<float> samples() const { return track_.mix(length_s()); }
  std::uint32_t sample_rate() const { return track_.sample_rate(); }
  const ToneTrack& track() const { return track_; }

 private:
  double step_s_;
  double hold_s_;
  SoundOptions options_;
  std::size_t frames_ = 0;
  ToneTrack track_;
};

}  // namespace ss::render
