#pragma once
// What a step sounds like, from what its kernel did: the notes of the step shown by a Stepper,
// read from the buffers the step wrote (swap flags, digit counts, the keys where they landed, the
// merge's sources), never from a CPU replay. Each algorithm family chooses its notes in its own
// file beside its views (network_sound.cpp, radix_sound.cpp, merge_sound.cpp); this one picks the
// family by the step's parameter block, as the narration does. soundtrack.hpp turns notes into
// timed tones.
#include <cstddef>
#include <vector>

#include "plan/stepper.hpp"
#include "render/sound/tone_track.hpp"
#include "render/step_state.hpp"

namespace ss::render {

// One sound of a step, in the order the step plays them.
struct Note {
  double rank = 0.5;  // pitch: the key's place in the key range (key_pitch_hz), or a bucket's
  float gain = 1.0f;
  Timbre timbre = Timbre::sine;
};

// Most notes one step plays: a step that did more is sampled evenly over what it did.
inline constexpr std::size_t k_max_step_notes = 256;

// What a user can choose about the sound.
struct SoundOptions {
  // Network steps: comparators that compared but kept their keys sound too, lighter (gain
  // k_compared_gain); off, they are silent, so a sorted input's layers are silent.
  bool compared = false;
};
inline constexpr float k_compared_gain = 0.3f;

// The notes of the step shown at stepper.position() (none at the input, before any step):
// - a network layer or transposition pass: one note per comparator that swapped (its swap flag),
//   at the pitch of the key it moved to its lower wire, in wire order; comparators that kept
//   their keys are silent (so a sorted input's layers are silent and a converging sort
//   quietens), or with SoundOptions::compared a lighter tone at their lower wire's key;
// - radix: a count, histogram or scan step sweeps its digit counts (one note per digit, louder
//   for fuller buckets, pitch rising with the digit); a scatter or onesweep pass plays keys in
//   the order they landed in the output;
// - mergesort: a blocksort plays its sorted runs; a partition the key where each diagonal splits
//   lists A and B; a merge the keys in output order, a sine from A and a brighter tone from B.
// Reads a few hundred words at most (gather.hpp), so it costs little at any n.
std::vector<Note> step_notes(const Context& context, const Stepper& stepper, const KeyRange& range,
                             const SoundOptions& options = {});

// The rising sweep over the keys once sorted (as The Sound of Sorting ends): evenly spaced keys of
// the stepper's live array, in order.
std::vector<Note> closing_sweep_notes(const Context& context, const Stepper& stepper,
                                      const KeyRange& range);

}  // namespace ss::render
