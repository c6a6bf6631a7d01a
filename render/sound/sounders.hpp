#pragma once
// One sound per step parameter block, each in its family's file (step_sound.hpp says what a step
// sounds like). They read the stepper's buffers, a sample of them at most.
#include <vector>

#include "render/sound/step_sound.hpp"

namespace ss::render {

struct SoundInput {
  const Context& context;
  const Stepper& stepper;
  const KeyRange& range;
  const Step& step;
  SoundOptions options;
};

// network_sound.cpp: batcher, batcher-fused, bitonic and transposition steps alike.
std::vector<Note> network_notes(const SoundInput& in);
// radix_sound.cpp
std::vector<Note> sound(const gpu::Radix4Step& step, const SoundInput& in);
std::vector<Note> sound(const gpu::OnesweepStep& step, const SoundInput& in);
// merge_sound.cpp
std::vector<Note> sound(const gpu::MergesortStep& step, const SoundInput& in);

// Shared: the keys at `positions` of the live array as notes, in that order.
std::vector<Note> key_notes(const SoundInput& in, const std::vector<std::uint32_t>& positions,
                            Timbre timbre = Timbre::sine);
// The live array's keys at up to k_max_step_notes evenly spread positions, in position order.
std::vector<Note> sampled_keys(const SoundInput& in);
// One note per bucket, pitch rising with the bucket, gain by its share of the fullest bucket
// (square root, so small buckets stay audible); empty buckets are silent.
std::vector<Note> count_sweep(const std::vector<std::uint64_t>& counts);

}  // namespace ss::render
