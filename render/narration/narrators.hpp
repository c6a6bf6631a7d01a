#pragma once
// One narrator per step parameter block, each in its family's file (narration.hpp says what a
// narration is). They read the StepState only: numbers the GPU wrote, never a re-run sort.
#include <string>

#include "render/step_state.hpp"

namespace ss::render {

// network_narration.cpp
std::string narrate(const gpu::BatcherLayer& layer, const StepState& state);
std::string narrate(const gpu::BatcherFusedStep& step, const StepState& state);
std::string narrate(const gpu::BitonicLayer& layer, const StepState& state);
std::string narrate(const gpu::TranspositionPass& pass, const StepState& state);
// radix_narration.cpp
std::string narrate(const gpu::Radix4Step& step, const StepState& state);
std::string narrate(const gpu::OnesweepStep& step, const StepState& state);
// merge_narration.cpp
std::string narrate(const gpu::MergesortStep& step, const StepState& state);

// Shared wording: "1 key", "5 keys"; "27 of the 32 comparators swapped their keys".
std::string count_of(std::uint64_t count, const std::string& singular, const std::string& plural);
std::string keys(std::uint64_t count);  // "1 key", "5 keys"
std::string swaps_sentence(const StepState& state, const std::string& what);

}  // namespace ss::render
