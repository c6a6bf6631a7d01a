#pragma once
// One follower per step parameter block, each in its family's file (key_follow.hpp says how each
// kernel's moves are read). They read a few words of the stepper's buffers, never a whole array.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "algorithms/network_plan.hpp"
#include "plan/stepper.hpp"
#include "render/follow/key_follow.hpp"
#include "shaders/common/mergesort_step.h"
#include "shaders/common/onesweep_step.h"
#include "shaders/common/radix4_step.h"

namespace ss::render {

struct FollowInput {
  const Context& context;
  const Stepper& stepper;  // after the step
  const Step& step;
  std::uint32_t at;                    // the key's index before the step
  std::uint32_t origin;                // its index in the input
  std::span<const std::uint32_t> key;  // its words
  // What before_step read: positions (increasing) and their keys' words before the step.
  std::span<const std::uint32_t> region;
  std::span<const std::uint32_t> region_words;
};

struct FollowMove {
  std::uint32_t at = 0;
  std::string why;
};

// network_follow.cpp: batcher, batcher-fused, bitonic and transposition steps.
// The positions an in-place step may move the key at `at` to, read before it runs (batcher-fused
// only; empty for steps whose kernel flags every move).
std::vector<std::uint32_t> network_region(const Step& step, std::uint32_t at);
FollowMove follow_network(const FollowInput& in);
// radix_follow.cpp
FollowMove follow(const gpu::Radix4Step& step, const FollowInput& in);
FollowMove follow(const gpu::OnesweepStep& step, const FollowInput& in);
// merge_follow.cpp
FollowMove follow(const gpu::MergesortStep& step, const FollowInput& in);

// Shared (key_follow.cpp): the positions first, first + 1, ..., end - 1.
std::vector<std::uint32_t> index_range(std::uint32_t first, std::uint32_t end);
// The words of the keys at `positions` of plan buffer `buffer`.
std::vector<std::uint32_t> key_words_at(const FollowInput& in, std::uint32_t buffer,
                                        std::span<const std::uint32_t> positions);
// Where the item at before[index] went when `before` (keys at some positions) became `after`
// (keys at the same positions): equal keys matched in order (match_moves). Returns the index into
// the positions, or k_unmatched.
std::uint32_t matched_index(std::span<const std::uint32_t> before,
                            std::span<const std::uint32_t> after, std::uint32_t words,
                            std::uint32_t index);
// merge_follow.cpp: the input index of the key at `at` when the steps so far are blocksort phases
// (which sort each tile from the untouched input): found by matching its tile back; else `at`.
std::uint32_t input_origin(const Context& context, const Stepper& stepper, std::uint32_t at);

// "17th"
std::string ordinal(std::uint32_t k);
// "0x3A": a digit as the radix views print it.
std::string digit_text(std::uint32_t digit, std::uint32_t bits);

}  // namespace ss::render
