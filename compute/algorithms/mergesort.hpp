#pragma once
#include <cstdint>

#include "plan/plan.hpp"

namespace ss {

// Tile shape of the mergesort kernels on a device: NT threads of VT keys each, passed as the
// workgroup size and specialization constant MERGESORT_SPEC_VT. The one place they are chosen.
struct MergesortTuning {
  std::uint32_t threads = 128;         // NT, a power of two
  std::uint32_t keys_per_thread = 17;  // VT
  std::uint32_t tile_keys = 2176;      // NV = NT * VT
  std::uint32_t shared_bytes = 0;      // the tile kernels' shared memory
  bool tuned = true;                   // the device's tuned tiles, not teaching ones
};

// Teaching tiles (spec.tile_keys auto at n <= k_teaching_max_n): NT = VT = 4, so 64 keys span
// 4 tiles and 2 merge passes and the blocksort opens into 3 phases.
inline constexpr std::uint32_t k_mergesort_teaching_threads = 4;
inline constexpr std::uint32_t k_mergesort_teaching_keys_per_thread = 4;

// Overrides for tests; 0 keeps spec.tile_keys' choice.
struct MergesortOptions {
  std::uint32_t threads = 0;
  std::uint32_t keys_per_thread = 0;
};

// Tuned: 128 x 17 for 4-byte elements and 256 x 11 for wider ones (pairs, u64), with fewer
// threads if the device caps workgroups and fewer keys if its shared memory holds fewer.
// spec.tile_keys (chosen_tile_keys) may ask for other tiles: teaching tiles above, or K keys split
// as NT x VT with NT a power of two, as square as VT <= 17 allows (UsageError when K has no such
// split). Throws SetupError when a tile cannot fit or the options ask for what the device cannot
// run.
MergesortTuning mergesort_tuning(const SortSpec& spec, const DeviceLimits& limits,
                                 const MergesortOptions& options = {});

// Modern GPU mergesort (seed 002): a blocksort step (which opens into 1 + log2 NT phases), then
// per global pass a partition and a merge step. Stable. Layouts: mergesort_step.h.
Plan plan_mergesort(const SortSpec& spec, const DeviceLimits& limits);
Plan plan_mergesort(const SortSpec& spec, const DeviceLimits& limits,
                    const MergesortOptions& options);

}  // namespace ss
