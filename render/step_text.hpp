#pragma once
// Words and numbers about a step, shared by the app's step panel and the headless renderer.
#include <string>
#include <vector>

#include "plan/plan.hpp"
#include "render/step_state.hpp"

namespace ss::render {

struct Field {
  std::string name;
  std::string value;
};

// The step's push constants by field name for the parameter blocks the views know (batcher,
// transposition); other steps show their raw 32-bit words, so a new algorithm needs no change.
// Indices the kernel counts from 0 (layer, pass) read "0 (pass 1)": the kernel's value and the
// number the title and narration give it.
std::vector<Field> push_fields(const Step& step);

// What the step does in the algorithm's own terms, beyond its push constants (mergesort: list
// length, coop, NV, partitions; blocksort phases: coop and list length; networks: the network's
// size and depth beside the other networks' and the best known, network_facts_text); empty for
// others. Given the plan, the network facts count its disabled comparators too.
// `facts`, when given, is the network's facts line already computed (NetworkLayout::facts).
std::vector<Field> step_facts(const Step& step, const Plan* plan = nullptr,
                              const std::string* facts = nullptr);

// "batcher, 32 u32 keys, ascending" (+ ", key-value")
std::string scenario_text(const Plan& plan);
// "step 7 of 15: merge 8, stride 2", or "input, 15 steps to go" at position 0
std::string step_heading(const StepState& state);
// "16 comparisons, 5 swaps (counted on the GPU)", empty when not available
std::string step_counts(const StepState& state);

}  // namespace ss::render
