#pragma once
#include <cstdint>

#include "plan/plan.hpp"

namespace ss {

// Tile sizes radix4 uses on a device (chosen once per plan, passed as specialization constants).
struct Radix4Tuning {
  std::uint32_t workgroup_size = 256;  // count and scatter
  std::uint32_t subgroup_size = 32;    // required, full subgroups (scan and scatter)
  std::uint32_t keys_per_thread = 8;
  std::uint32_t tile_keys = 2048;  // at most workgroup_size * keys_per_thread
  std::uint32_t scan_workgroup_size = 256;
  std::uint32_t scatter_shared_words = 1;  // s_work: ranking counters, then the staged tile
  std::uint32_t scatter_shared_bytes = 0;  // all shared memory the scatter kernel declares
};
// The device's tuned tiles for keys (and values) of `spec`; with `tile_keys` (1 .. the tuned
// tile) tiles of that many keys, each thread taking ceil(tile_keys / workgroup) keys (the slots
// past tile_keys stay empty).
Radix4Tuning radix4_tuning(const SortSpec& spec, const DeviceLimits& limits,
                           std::uint32_t tile_keys = 0);

// LSD radix sort with 4-bit digits (seed 001): per pass a count, a scan and a scatter step, so
// 8 passes (24 steps) for 32-bit keys and 16 (48) for u64. Stable. Layouts: radix4_step.h.
// Tiles: spec.tile_keys (chosen_tile_keys, teaching tiles radix_teaching_tile_keys).
Plan plan_radix4(const SortSpec& spec, const DeviceLimits& limits);

// For tests of the scan's look-back: every scan_withhold_period-th chunk of a row (chunks
// period - 1, 2 period - 1, ...) never publishes its sum or prefix, so the chunks after it sum
// its entries themselves, as they do when it has not run yet. 0: every chunk publishes.
struct Radix4Options {
  std::uint32_t scan_withhold_period = 0;
};
Plan plan_radix4(const SortSpec& spec, const DeviceLimits& limits, const Radix4Options& options);

}  // namespace ss
