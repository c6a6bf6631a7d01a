// Narration of mergesort's steps (blocksort and its phases, then a partition and a merge per
// pass), quoting the merge-path partitions the partition kernel wrote (MergeState).
#include <string>

#include "render/narration/narrators.hpp"

namespace ss::render {

namespace {

// The second tile of the list shown (the first starts at (0, 0), which says nothing), as
// (tile, A keys before it, B keys before it, its outputs from A, from B).
struct TileSplit {
  std::uint32_t tile = 0, a_before = 0, b_before = 0, from_a = 0, from_b = 0;
};
std::optional<TileSplit> tile_split(const MergeState& m) {
  if (!m.path) return std::nullopt;
  const std::vector<MergePartition>& p = m.path->partitions;
  const std::size_t k = p.size() >= 3 ? 1 : 0;
  if (p.size() < k + 2) return std::nullopt;
  TileSplit s;
  s.tile = p[k].tile;
  s.a_before = p[k].a;
  s.b_before = p[k].diag - p[k].a;
  s.from_a = p[k + 1].a - p[k].a;
  s.from_b = (p[k + 1].diag - p[k + 1].a) - s.b_before;
  return s;
}

}  // namespace

std::string narrate(const gpu::MergesortStep& step, const StepState& state) {
  if (!state.merge) return {};
  const MergeStepInfo& info = state.merge->info;
  if (info.blocksort()) {
    const std::string tiles =
        count_of(info.tiles, "tile", "tiles") + " of " + std::to_string(info.nv) + " keys";
    if (!state.plan->phases_expanded) {
      return "Blocksort: each of the " + tiles + " is sorted inside one workgroup, first " +
             std::to_string(info.vt) +
             " keys per thread in registers, then by merging in shared memory, round after "
             "round, with twice as many threads on each list. Runs of " +
             std::to_string(info.run_length) + " keys leave it sorted.";
    }
    if (info.phase == 1) {
      return "Blocksort phase 1: each of the " + std::to_string(info.nt) +
             " threads of a tile sorts its own " + keys(info.vt) +
             " in registers with a small odd-even transposition network; no thread waits for "
             "another.";
    }
    const std::uint32_t coop = info.blocksort_coop();
    return "Blocksort phase " + std::to_string(info.phase) + ": " + std::to_string(coop) +
           " threads share each list and merge two sorted lists of " +
           std::to_string(info.run_length / 2) + " keys into one of " +
           std::to_string(info.run_length) +
           ", each thread finding by a merge-path search where its own " + keys(info.vt) +
           " of the output come from.";
  }
  const auto split = tile_split(*state.merge);
  if (info.stage == gpu::MERGESORT_STAGE_PARTITION) {
    std::string text =
        "Before merging pairs of sorted lists of " + keys(info.list_length) +
        ", the partition kernel finds by binary search where the merge path crosses each of " +
        std::to_string(step.partitions) +
        " diagonals, one per tile boundary, so every tile gets "
        "exactly " +
        std::to_string(info.nv) + " outputs whatever the data.";
    if (split) {
      text += " In output list " + std::to_string(state.merge->path->pair + 1) + ", tile " +
              std::to_string(split->tile + 1) + " starts after " + keys(split->a_before) +
              " of A and " + keys(split->b_before) + " of B.";
    }
    return text;
  }
  std::string text = "Each tile merges its " + std::to_string(info.nv) +
                     " outputs from its share of A and B, taking A's key on ties so the sort "
                     "stays stable: sorted runs of " +
                     std::to_string(info.run_length) + " keys.";
  if (split) {
    text += " Tile " + std::to_string(split->tile + 1) + " took " + keys(split->from_a) +
            " from A and " + keys(split->from_b) + " from B.";
  }
  return text;
}

}  // namespace ss::render
