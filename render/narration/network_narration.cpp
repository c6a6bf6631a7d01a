// Narration of the comparator networks' steps (batcher, batcher-fused, bitonic, transposition):
// which keys a layer compares and why, and how many comparators swapped (counted on the GPU).
#include <string>

#include "render/narration/narrators.hpp"

namespace ss::render {

namespace {

std::string layer_of(const StepState& state) {
  return "Layer " + std::to_string(state.position) + " of " +
         std::to_string(whole_step_count(*state.plan));
}

std::string runs(std::uint32_t size) {
  return "runs of " + std::to_string(size);
}

// Said once, on the first layer: why a network suits a GPU.
std::string first_layer_note(const StepState& state) {
  return state.position == 1 ? " The comparators are fixed before any key is seen, so the GPU "
                               "runs every comparator of a layer at once, one thread each."
                             : "";
}

}  // namespace

std::string narrate(const gpu::BatcherLayer& layer, const StepState& state) {
  const std::uint32_t half = layer.merge_size / 2;
  std::string text = layer_of(state);
  if (layer.inner_remainder == 0) {
    text += " starts Batcher's merge of sorted " + runs(half) + " into " + runs(layer.merge_size) +
            ": each key is compared with the key " + std::to_string(layer.stride) +
            (layer.stride == 1 ? " wire" : " wires") + " further on, in the other run.";
  } else {
    text += " compares keys " + std::to_string(layer.stride) +
            (layer.stride == 1 ? " wire" : " wires") + " apart inside the merge into " +
            runs(layer.merge_size) +
            ": the odd-even merge fixes, at ever smaller distances, what the layers before left "
            "out of place.";
  }
  text += ' ';
  text += swaps_sentence(state, "comparator");
  return text + first_layer_note(state);
}

std::string narrate(const gpu::BatcherFusedStep& step, const StepState& state) {
  const std::uint32_t layers = step.last_layer - step.first_layer + 1;
  std::string text = "This one dispatch runs Batcher's layers " +
                     std::to_string(step.first_layer + 1) + " to " +
                     std::to_string(step.last_layer + 1) + " (merges up to " + runs(step.merge_hi) +
                     ") in shared memory: each workgroup loads a window of " +
                     std::to_string(step.window << step.residue_shift) +
                     " keys, runs all those layers there and writes back its centre, so the keys "
                     "cross memory once instead of " +
                     std::to_string(layers) + " times.";
  return text + " " + swaps_sentence(state, "comparator");
}

std::string narrate(const gpu::BitonicLayer& layer, const StepState& state) {
  std::string text = layer_of(state);
  if (layer.mirror != 0) {
    text += " starts the bitonic merge into " + runs(layer.merge_size) +
            ": each key is compared with its mirror in its block (first with last, second with "
            "second-to-last...), which moves the smaller half of every block to its lower half.";
  } else {
    text += " is a half-cleaner: it compares keys " + std::to_string(layer.stride) +
            (layer.stride == 1 ? " wire" : " wires") + " apart in every block of " +
            std::to_string(2 * layer.stride) + ", splitting each half again until the " +
            runs(layer.merge_size) + " are sorted.";
  }
  text += ' ';
  text += swaps_sentence(state, "comparator");
  return text + first_layer_note(state);
}

std::string narrate(const gpu::TranspositionPass& pass, const StepState& state) {
  std::string text = "Pass " + std::to_string(pass.pass + 1) + " of " +
                     std::to_string(whole_step_count(*state.plan)) + " compares neighbours " +
                     (pass.parity == 0 ? "(0,1), (2,3), ..." : "(1,2), (3,4), ...") +
                     " and moves the smaller key of each pair to the left.";
  if (state.stats_counts.available) {
    const std::uint64_t swaps = state.stats_counts.swaps;
    text += ' ';
    text += std::to_string(swaps) + " of the " +
            count_of(state.stats_counts.comparisons, "pair", "pairs") +
            (swaps == 1 ? " was swapped" : " were swapped") +
            "; each swap removes exactly one inversion, so the inversions fell by " +
            std::to_string(swaps) + ".";
  }
  if (state.invariant) {
    text += ' ';
    text +=
        count_of(state.invariant->out_of_order, "neighbouring pair is", "neighbouring pairs are");
    text += " still out of order (that count can rise for a pass; the inversions never do).";
  }
  return text;
}

}  // namespace ss::render
