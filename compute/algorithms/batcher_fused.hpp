#pragma once
// batcher-fused: Batcher's odd-even merge sort network (the same comparators in the same layers
// as plan_batcher) with consecutive layers run in one dispatch through shared-memory windows
// (batcher_fused_step.h says why that is exact). One step per dispatch; a step's label names
// the layers it covers.
#include <cstdint>
#include <vector>

#include "plan/plan.hpp"

namespace ss {

Plan plan_batcher_fused(const SortSpec& spec, const DeviceLimits& limits);

// Invocations per workgroup on the register path (the full-speed kernel holds each window in
// registers, batcher_fused_registers.glsl), or 0 where it does not apply: keys of more than one
// word, values, disabled comparators, or a device without full subgroups of a fixed size.
std::uint32_t batcher_fused_register_threads(const SortSpec& spec, const DeviceLimits& limits);

// Window slots (keys, with their values for pairs) a workgroup's shared memory holds: as many
// as fit half the device's limit, so that two workgroups share a multiprocessor; on the register
// path, as many as the workgroup's registers hold less one invocation's share.
std::uint32_t batcher_fused_slots(const SortSpec& spec, const DeviceLimits& limits);

// The dispatches for n keys with `slots` window slots of `element_bytes` each: first all merges
// up to the largest power of two T <= slots in aligned tiles (no halo), then each larger merge's
// layers in groups, each group a halo window (unit 1) or a strided one. groups_x and threads
// are left 0 for the caller. Empty for n < 2.
std::vector<gpu::BatcherFusedStep> batcher_fused_groups(std::uint32_t n, std::uint32_t slots,
                                                        std::uint32_t element_bytes);

// Real wires a step's windows load, summed over its workgroups (halos read twice or more).
std::uint64_t batcher_fused_loaded_wires(const gpu::BatcherFusedStep& p);

}  // namespace ss
