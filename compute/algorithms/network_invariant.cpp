// What holds after a layer of a comparator network: every pair the layer compares is in order,
// and at the end of a merge level (its stride-1 layer) every run of the merge's size is sorted.
// The pairs are those of the intact network, so a disabled comparator shows as a pair out of
// order at the layer it was taken from.
#include <string>

#include "algorithms/step_invariants.hpp"

namespace ss {

namespace {

StepInvariant merged_runs(const Plan& plan, std::uint32_t merge_size) {
  StepInvariant invariant = sorted_runs(plan.spec, merge_size, key_bits(plan.spec), false);
  if (merge_size < plan.spec.n) invariant.text += ": the merges of this level are done";
  return invariant;
}

std::string apart(std::uint32_t stride) {
  return stride == 1 ? "neighbours" : std::to_string(stride) + " wires apart";
}

StepInvariant batcher_pairs(const Plan& plan, const gpu::BatcherLayer& layer,
                            const std::string& which) {
  StepInvariant invariant =
      invariant_of(plan.spec, gpu::INVARIANT_BATCHER_PAIRS,
                   "every pair " + which + " compares (" + apart(layer.stride) +
                       ") holds its smaller key on the lower wire");
  invariant.check.stride = layer.stride;
  invariant.check.stride_shift = layer.stride_shift;
  invariant.check.inner_remainder = layer.inner_remainder;
  invariant.check.inner_last_idx = layer.inner_last_idx;
  invariant.check.merge_size = layer.merge_size;
  return invariant;
}

}  // namespace

StepInvariant invariant_after(const gpu::BatcherLayer& layer, const Plan& plan) {
  if (layer.stride == 1) return merged_runs(plan, layer.merge_size);
  return batcher_pairs(plan, layer, "this layer");
}

StepInvariant invariant_after(const gpu::BatcherFusedStep& step, const Plan& plan) {
  const gpu::BatcherLayer last = gpu::batcher_layer_at(step.n, step.last_layer);
  if (last.stride == 1) return merged_runs(plan, last.merge_size);
  return batcher_pairs(plan, last,
                       "layer " + std::to_string(step.last_layer + 1) + ", the step's last,");
}

StepInvariant invariant_after(const gpu::BitonicLayer& layer, const Plan& plan) {
  if (layer.stride == 1) return merged_runs(plan, layer.merge_size);
  const std::string which = layer.mirror != 0 ? "this layer compares (each key with its mirror in "
                                                "a block of " +
                                                    std::to_string(layer.merge_size) + ")"
                                              : "this layer compares (" + apart(layer.stride) + ")";
  StepInvariant invariant =
      invariant_of(plan.spec, gpu::INVARIANT_BITONIC_PAIRS,
                   "every pair " + which + " holds its smaller key on the lower wire");
  invariant.check.stride = layer.stride;
  invariant.check.merge_size = layer.merge_size;
  invariant.check.mirror = layer.mirror;
  return invariant;
}

StepInvariant invariant_after(const gpu::TranspositionPass& pass, const Plan& plan) {
  StepInvariant invariant =
      invariant_of(plan.spec, gpu::INVARIANT_NEIGHBOUR_PAIRS,
                   std::string("every neighbouring pair this pass compares (") +
                       (pass.parity == 0 ? "0-1, 2-3, ..." : "1-2, 3-4, ...") + ") is in order");
  invariant.check.parity = pass.parity;
  return invariant;
}

}  // namespace ss
