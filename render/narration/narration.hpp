#pragma once
// The caption of a step, for a student who knows what sorting is but not GPUs: what this dispatch
// does, why it is needed, and what it did this time, with numbers read back from the step's own
// buffers (the StepState), then what holds after it as the GPU checked it. Each algorithm family
// narrates its steps in its own file (network_narration.cpp, radix_narration.cpp,
// merge_narration.cpp); this one only picks the family by the step's parameter block.
#include <string>

#include "render/step_state.hpp"

namespace ss::render {

struct Caption {
  std::string narration;  // one to three sentences; at the input, what is about to happen
  std::string invariant;  // "Holds: every run of 16 keys is sorted." (empty at the input)
  bool invariant_fails = false;
};

Caption step_caption(const StepState& state);

// "Holds: the keys are sorted." or "Does not hold: every pair ... (3 violations, the first at
// position 12).".
std::string invariant_sentence(const InvariantVerdict& verdict);

}  // namespace ss::render
