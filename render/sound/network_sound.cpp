// The sound of a comparator network's step (batcher, batcher-fused, bitonic, transposition): the
// comparators that swapped, from the swap flags the kernel wrote at their lower (left) wires.
#include <vector>

#include "algorithms/network_plan.hpp"
#include "render/gather.hpp"
#include "render/sound/sounders.hpp"
#include "shaders/common/network_bindings.h"

namespace ss::render {

std::vector<Note> network_notes(const SoundInput& in) {
  const Buffer* stats = in.stepper.stats_buffer();
  if (stats == nullptr) return {};  // not instrumented: nothing says which comparators swapped
  // The lower wire of each comparator the step ran, once: a fused step's layers share wires, and
  // the kernel flags a wire when any of its comparators there swapped.
  std::vector<std::uint32_t> lefts;
  {
    std::vector<bool> seen(in.stepper.plan().spec.n, false);
    for (const Comparator& c : step_comparators(in.step)) {
      if (c.disabled || seen[c.left]) continue;
      seen[c.left] = true;
      lefts.push_back(c.left);
    }
  }
  std::vector<std::uint32_t> sampled;
  for (std::uint32_t i : even_sample(lefts.size(), k_max_step_notes)) sampled.push_back(lefts[i]);
  const std::vector<std::uint32_t> flags =
      gather_words(in.context, *stats, sampled, 1, gpu::STATS_FLAGS_OFFSET);
  std::vector<std::uint32_t> sounding;
  std::vector<float> gains;
  for (std::size_t i = 0; i < sampled.size(); ++i) {
    if (flags[i] == 0 && !in.options.compared) continue;
    sounding.push_back(sampled[i]);
    gains.push_back(flags[i] != 0 ? 1.0f : k_compared_gain);
  }
  std::vector<Note> notes = key_notes(in, sounding);
  for (std::size_t i = 0; i < notes.size(); ++i) notes[i].gain = gains[i];
  return notes;
}

}  // namespace ss::render
