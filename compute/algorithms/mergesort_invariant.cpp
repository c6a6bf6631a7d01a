// What holds after mergesort's steps: blocksort (and each of its phases) leaves runs sorted, as
// long as the phase's lists; a partition step moves no key, so the runs are the last merge's; a
// merge pass doubles them. The merges are stable, so for pairs ties keep their input order.
#include "algorithms/step_invariants.hpp"

namespace ss {

StepInvariant invariant_after(const gpu::MergesortStep& step, const Plan& plan) {
  const bool stable = plan.spec.pairs;
  const std::uint32_t bits = key_bits(plan.spec);
  if (step.stage == gpu::MERGESORT_STAGE_BLOCKSORT) {
    const std::uint32_t phase = step.phase_limit == 0 ? step.phases : step.phase_limit;
    return sorted_runs(
        plan.spec,
        std::min(gpu::blocksort_run_length(phase - 1, step.keys_per_thread), step.tile_keys), bits,
        stable);
  }
  if (step.stage == gpu::MERGESORT_STAGE_PARTITION) {
    StepInvariant invariant = sorted_runs(
        plan.spec,
        step.pass == 0 ? step.tile_keys : gpu::mergesort_run_length(step.pass - 1, step.tile_keys),
        bits, stable);
    invariant.text += " (the partition step moves no key)";
    return invariant;
  }
  return sorted_runs(plan.spec, gpu::mergesort_run_length(step.pass, step.tile_keys), bits, stable);
}

}  // namespace ss
