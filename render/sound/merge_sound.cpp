// The sound of mergesort's steps: a blocksort's sorted runs, a partition's splits of lists A and
// B where each tile's diagonal crosses the merge path, a merge's keys in output order with the
// list each came from (the merge kernel's sources buffer) as the timbre.
#include <vector>

#include "render/gather.hpp"
#include "render/sound/sounders.hpp"
#include "shaders/common/mergesort_step.h"

namespace ss::render {

namespace {

// At each sampled tile boundary, the first key the tile will output: the smaller of A's and B's
// next keys where the partition kernel split the lists (A's on a tie, as the merge takes it).
std::vector<Note> partition_notes(const gpu::MergesortStep& step, const SoundInput& in) {
  const Plan& plan = in.stepper.plan();
  const std::vector<std::uint32_t> boundaries = even_sample(step.partitions, k_max_step_notes);
  const std::vector<std::uint32_t> splits =
      gather_words(in.context, in.stepper.buffer(gpu::MERGESORT_BUFFER_PARTITIONS), boundaries);
  std::vector<std::uint32_t> positions;  // two per boundary: A's next key, B's (or the same)
  for (std::size_t i = 0; i < boundaries.size(); ++i) {
    std::uint32_t a0 = 0, a_count = 0, b0 = 0, b_count = 0, diag = 0;
    gpu::mergesort_partition_search(step.coop, boundaries[i], step.tile_keys, step.n, a0, a_count,
                                    b0, b_count, diag);
    const std::uint32_t a = splits[i], b = diag - splits[i];
    if (a >= a_count && b >= b_count) continue;  // the end of a list pair: no key follows
    const std::uint32_t from_a = a < a_count ? a0 + a : b0 + b;
    const std::uint32_t from_b = b < b_count ? b0 + b : from_a;
    positions.push_back(from_a);
    positions.push_back(from_b);
  }
  const KeyArray keys =
      gather_keys(in.context, in.stepper.keys_buffer(), plan.spec.key_type, positions);
  std::vector<Note> notes;
  for (std::size_t i = 0; i + 1 < positions.size(); i += 2) {
    const bool b_first =
        encoded_key(keys, i + 1, plan.spec.descending) < encoded_key(keys, i, plan.spec.descending);
    const std::size_t k = b_first ? i + 1 : i;
    notes.push_back(
        {key_fraction(keys, k, in.range), 1.0f, b_first ? Timbre::bright : Timbre::sine});
  }
  return notes;
}

// Keys of sampled outputs in order, each in the timbre of the list it left (0 = A, 1 = B).
std::vector<Note> merge_notes(const SoundInput& in) {
  const std::vector<std::uint32_t> outputs =
      even_sample(in.stepper.plan().spec.n, k_max_step_notes);
  const std::vector<std::uint32_t> sources =
      gather_words(in.context, in.stepper.buffer(gpu::MERGESORT_BUFFER_SOURCES), outputs);
  std::vector<Note> notes = key_notes(in, outputs);
  for (std::size_t i = 0; i < notes.size(); ++i)
    notes[i].timbre = sources[i] == 0 ? Timbre::sine : Timbre::bright;
  return notes;
}

}  // namespace

std::vector<Note> sound(const gpu::MergesortStep& step, const SoundInput& in) {
  switch (step.stage) {
    case gpu::MERGESORT_STAGE_PARTITION:
      return partition_notes(step, in);
    case gpu::MERGESORT_STAGE_MERGE:
      return merge_notes(in);
    default:
      return sampled_keys(in);  // the blocksort's sorted runs
  }
}

}  // namespace ss::render
