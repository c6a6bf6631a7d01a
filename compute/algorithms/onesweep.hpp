#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "plan/plan.hpp"
#include "shaders/common/onesweep_step.h"

namespace ss {

// Tile sizes onesweep uses on a device, chosen once per plan from its shared memory and subgroup
// size and passed to the kernels as specialization constants.
struct OnesweepTuning {
  std::uint32_t subgroup_size = 32;     // required, full subgroups
  std::uint32_t workgroup_size = 256;   // pass kernel: at least one thread per bucket
  std::uint32_t keys_per_thread = 15;   // pass kernel
  std::uint32_t tile_keys = 3840;       // up to workgroup_size * keys_per_thread
  std::uint32_t shared_words = 0;       // the pass kernel's main shared array
  std::uint32_t stage_parts = 1;        // parts the tile is staged in (radix_stage_parts)
  std::uint32_t pass_shared_bytes = 0;  // all shared memory the pass kernel declares
  bool packed_counters = true;          // RADIX_SPEC_PACKED_COUNTERS of the pass kernel
  bool tuned = true;                    // the device's tuned tiles, not teaching ones
};

// Planner options only tests set.
struct OnesweepOptions {
  // Status reads before a missing one is computed by the fallback instead.
  std::uint32_t lookback_spins = 256;
  // Tiles t with (t + 1) % withhold_period == 0 publish late or never (ONESWEEP_WITHHOLD_*),
  // so that the tiles after them must use the fallback. Off: spec.delayed_tile decides.
  std::uint32_t withhold_mode = gpu::ONESWEEP_WITHHOLD_OFF;
  std::uint32_t withhold_period = 0;
  // Keys per thread of the pass kernel, full tiles of workgroup_size x that; 0: spec.tile_keys
  // decides.
  std::uint32_t keys_per_thread = 0;
  // Words of shared memory one staged part of a tile may take; 0: the device's (tiles larger than
  // that are staged in parts).
  std::uint32_t stage_words = 0;
  // Chunks of ONESWEEP_HIST_WORKGROUP x ONESWEEP_HIST_KEYS_PER_THREAD keys each histogram
  // workgroup counts; 0: at least 8, else as many as keep the grid near 3168 workgroups.
  std::uint32_t hist_chunks_per_group = 0;
  // The pass modules the GPU chooses between for each pass, ranking by ballots and by partition
  // (ONESWEEP_RANK_BY_*), as the scan step decides. Empty: the device's, which is that choice for
  // one-word keys without values where the device has VK_NV_shader_subgroup_partitioned, else one
  // module dispatched directly. Tests name other modules to see which one ran.
  std::array<std::string, 2> pass_shaders_by_ranking = {};
};

// keys_per_thread != 0: tiles of workgroup_size x that. Else spec.tile_keys
// (chosen_tile_keys; teaching tiles radix_teaching_tile_keys) up to the tuned tile: where the
// device's subgroups allow 384-thread workgroups, each key type's tuned tile staged in parts
// (one-word keys 512 x 22, pairs and u64 keys 384 x 21, u64 keys with values 384 x 15);
// elsewhere the largest tile of one-word keys that the device's shared memory stages at once (at
// most 18 keys per thread), pairs and u64 keys staged whole in parts.
// Smaller tiles leave slots of the workgroup empty, so every bucket still has its thread to look
// back for it. stage_words != 0 caps the words of one staged part (OnesweepOptions).
OnesweepTuning onesweep_tuning(const SortSpec& spec, const DeviceLimits& limits,
                               std::uint32_t keys_per_thread = 0, std::uint32_t stage_words = 0);

// OneSweep (seed 003): init, histogram, scan, then one chained-scan pass per 8-bit digit: 4
// passes (7 steps) for 32-bit keys, 8 (11 steps) for u64. Stable; n <= ONESWEEP_MAX_N.
// Layouts: onesweep_step.h.
Plan plan_onesweep(const SortSpec& spec, const DeviceLimits& limits);
Plan plan_onesweep(const SortSpec& spec, const DeviceLimits& limits,
                   const OnesweepOptions& options);

}  // namespace ss
