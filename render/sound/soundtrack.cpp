#include "render/sound/soundtrack.hpp"

#include <algorithm>
#include <cmath>

namespace ss::render {

namespace {
// A lone tone's gain: leaves room for overlapping tones before the mix has to scale down.
constexpr float k_tone_gain = 0.35f;
}  // namespace

void lay_out_step(ToneTrack& track, std::span<const Note> notes, double start_s, double window_s) {
  if (notes.empty() || window_s <= 0) return;
  const double count = double(notes.size());
  // 0.8: a fifth of each tone's share is left silent, so sparse tones stand apart.
  const double duration =
      std::min(window_s, std::clamp(0.8 * window_s / count, k_shortest_tone_s, k_longest_tone_s));
  const double spacing = notes.size() > 1 ? (window_s - duration) / (count - 1) : 0.0;
  // Tones sounding at once, on average: their gains shrink by its square root, as random phases
  // add.
  const double overlap = std::max(1.0, count * duration / window_s);
  const float scale = k_tone_gain / float(std::sqrt(overlap));
  for (std::size_t i = 0; i < notes.size(); ++i) {
    Tone tone;
    tone.start_s = start_s + double(i) * spacing;
    tone.duration_s = duration;
    tone.frequency_hz = key_pitch_hz(notes[i].rank);
    tone.gain = notes[i].gain * scale;
    tone.timbre = notes[i].timbre;
    track.add(tone);
  }
}

void SoundtrackBuilder::add_frame(const Context& context, const Stepper& stepper,
                                  const KeyRange& range, bool last) {
  const double start = double(frames_) * step_s_;
  lay_out_step(track_, step_notes(context, stepper, range, options_), start, step_s_);
  ++frames_;
  if (last && stepper.at_end() && hold_s_ > 0)
    lay_out_step(track_, closing_sweep_notes(context, stepper, range), start + step_s_,
                 std::min(hold_s_, k_closing_sweep_s));
}

}  // namespace ss::render
