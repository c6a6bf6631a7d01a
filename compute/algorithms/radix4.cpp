#include "algorithms/radix4.hpp"

#include <algorithm>
#include <string>

#include "algorithms/radix_plan.hpp"
#include "core/errors.hpp"
#include "shaders/common/radix4_step.h"

namespace ss {

Radix4Tuning radix4_tuning(const SortSpec& spec, const DeviceLimits& limits,
                           std::uint32_t tile_keys) {
  Radix4Tuning t;
  t.workgroup_size = std::min<std::uint32_t>(256, limits.max_workgroup_invocations);
  t.subgroup_size = radix_subgroup_size(limits, t.workgroup_size, "radix4");
  // A scan workgroup covers 8 entries per invocation of a digit's row: as many invocations as
  // the device allows, so short rows take one workgroup each.
  t.scan_workgroup_size = std::min(
      {1024u, limits.max_workgroup_invocations, limits.max_workgroup_subgroups * t.subgroup_size});
  const std::uint32_t subgroups = t.workgroup_size / t.subgroup_size;
  // s_work holds the ranking counters, then the staged tile (its key words and values); with
  // s_local_base, s_global_base, s_count and s_subgroup_total, all the scatter declares.
  const std::uint32_t element_words = key_words(spec.key_type) + (spec.pairs ? 1u : 0u);
  auto shared_words = [&](std::uint32_t keys_per_thread) {
    return std::max(radix_rank_words(subgroups, gpu::RADIX4_DIGITS, false),
                    t.workgroup_size * keys_per_thread * element_words);
  };
  auto shared_bytes = [&](std::uint32_t keys_per_thread) {
    return 4u * (shared_words(keys_per_thread) + 3u * gpu::RADIX4_DIGITS + subgroups);
  };
  // 8 keys per thread where the staged tile fits (16 measured slower on the H100: 54 registers
  // instead of 40), fewer on devices with little shared memory.
  t.keys_per_thread = 8;
  while (t.keys_per_thread > 1 && shared_bytes(t.keys_per_thread) > limits.max_shared_memory)
    t.keys_per_thread /= 2;
  t.tile_keys = t.workgroup_size * t.keys_per_thread;
  if (tile_keys != 0) {
    if (tile_keys > t.tile_keys) {
      throw UsageError("radix4 tiles hold 1 to " + std::to_string(t.tile_keys) +
                       " keys on this device (its tuned tile: " + std::to_string(t.workgroup_size) +
                       " threads x " + std::to_string(t.keys_per_thread) + " keys); got " +
                       std::to_string(tile_keys));
    }
    t.keys_per_thread = (tile_keys + t.workgroup_size - 1) / t.workgroup_size;
    t.tile_keys = tile_keys;
  }
  t.scatter_shared_words = shared_words(t.keys_per_thread);
  t.scatter_shared_bytes = shared_bytes(t.keys_per_thread);
  if (t.scatter_shared_bytes > limits.max_shared_memory) {
    throw SetupError("radix4 needs " + std::to_string(t.scatter_shared_bytes) +
                     " bytes of shared memory; the device has " +
                     std::to_string(limits.max_shared_memory));
  }
  return t;
}

Plan plan_radix4(const SortSpec& spec, const DeviceLimits& limits) {
  return plan_radix4(spec, limits, Radix4Options{});
}

Plan plan_radix4(const SortSpec& spec, const DeviceLimits& limits, const Radix4Options& options) {
  const Radix4Tuning tuned = radix4_tuning(spec, limits);
  const std::uint32_t tile_keys =
      chosen_tile_keys(spec, tuned.tile_keys, radix_teaching_tile_keys(spec.n));
  const Radix4Tuning t = radix4_tuning(spec, limits, tile_keys);
  Plan plan = radix_plan_skeleton("radix4", spec);
  plan.tiles =
      tiles_text(t.tile_keys, t.workgroup_size, t.keys_per_thread, t.tile_keys == tuned.tile_keys);
  const std::uint32_t tiles = gpu::radix_tiles(spec.n, t.tile_keys);
  const std::uint32_t passes =
      gpu::radix_passes(static_cast<std::uint32_t>(spec.key_type), gpu::RADIX4_BITS);
  const std::uint64_t entries = std::uint64_t(gpu::RADIX4_DIGITS) * std::max(tiles, 1u);
  plan.buffers.push_back({"tile histograms", entries * 4u, false});
  plan.buffers.push_back({"tile offsets", entries * 4u, false});
  const std::uint32_t chunks = gpu::radix4_scan_chunks(std::max(tiles, 1u), t.scan_workgroup_size);
  PlanBuffer totals{"digit totals",
                    (std::uint64_t(gpu::radix4_digit_totals_words(passes)) +
                     gpu::radix4_scan_words(passes, chunks)) *
                        4u,
                    false};
  // Its digit counts take the count steps' atomics, its look-back words the scan's.
  totals.zeroed_before_each_run = true;
  plan.buffers.push_back(std::move(totals));

  RadixKernelParams count;
  count.workgroup_size = t.workgroup_size;
  count.keys_per_thread = t.keys_per_thread;
  count.partial_tiles = t.tile_keys < t.workgroup_size * t.keys_per_thread;
  RadixKernelParams scan;
  scan.workgroup_size = t.scan_workgroup_size;
  scan.subgroup_size = t.subgroup_size;
  scan.withhold_period = options.scan_withhold_period;
  RadixKernelParams scatter = count;
  scatter.subgroup_size = t.subgroup_size;
  scatter.packed_counters = false;  // 16 digits: whole-word counters take little shared memory
  scatter.shared_words = t.scatter_shared_words;
  const std::uint32_t push = sizeof(gpu::Radix4Step);
  plan.kernels = {radix_kernel(spec, "radix4_count.comp", push, count),
                  radix_kernel(spec, "radix4_scan.comp", push, scan),
                  radix_kernel(spec, "radix4_scatter.comp", push, scatter)};
  if (spec.n < 2) return plan;  // nothing to order: no steps, the keys stay in buffer 0

  const GroupCount tile_groups =
      groups_for(std::uint64_t(tiles) * t.workgroup_size, t.workgroup_size, limits);
  const std::uint64_t key_bytes_total = std::uint64_t(spec.n) * key_bytes(spec.key_type);
  const std::uint64_t value_bytes = spec.pairs ? std::uint64_t(spec.n) * 4u : 0u;
  const std::vector<std::uint32_t> rest = {gpu::RADIX4_BUFFER_TILE_HIST,
                                           gpu::RADIX4_BUFFER_TILE_OFFSETS,
                                           gpu::RADIX4_BUFFER_DIGIT_TOTALS};
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    gpu::Radix4Step p{};
    p.n = spec.n;
    p.passes = passes;
    p.pass = pass;
    p.word = gpu::radix_pass_word(pass, gpu::RADIX4_BITS);
    p.shift = gpu::radix_pass_shift(pass, gpu::RADIX4_BITS);
    p.tile_keys = t.tile_keys;
    p.tiles = tiles;
    const std::string digit = "pass " + std::to_string(pass + 1) + " (bits " +
                              std::to_string(pass * gpu::RADIX4_BITS) + ".." +
                              std::to_string(pass * gpu::RADIX4_BITS + 3) + ")";
    const std::uint32_t keys_in = pass % 2 == 0 ? 0 : 2;
    const std::uint32_t values_in = pass % 2 == 0 ? 1 : 3;

    auto add = [&](std::uint32_t stage, std::string label, GroupCount groups) -> Step& {
      p.stage = stage;
      p.groups_x = groups.x;
      const bool moves = stage == gpu::RADIX4_STAGE_SCATTER;
      return add_radix_step(plan, std::move(label), stage, radix_pass_bindings(pass, rest), p,
                            groups, moves ? radix_keys_after(pass) : keys_in,
                            moves ? radix_values_after(pass) : values_in);
    };
    Step& c = add(gpu::RADIX4_STAGE_COUNT, digit + ": count digits per tile", tile_groups);
    c.kind = "count";
    c.bytes_read = key_bytes_total;
    c.bytes_written = entries * 4u + std::uint64_t(tiles) * gpu::RADIX4_DIGITS * 4u;
    Step& s = add(gpu::RADIX4_STAGE_SCAN, digit + ": scan tile histograms",
                  GroupCount{chunks, gpu::RADIX4_DIGITS, 1});
    s.kind = "scan";
    // Each chunk reads its part of its row and the spread counts of the digits below it.
    s.bytes_read = entries * 4u + std::uint64_t(chunks) * gpu::RADIX4_DIGITS *
                                      (gpu::RADIX4_DIGITS - 1u) / 2u * gpu::RADIX4_COUNT_SPREAD *
                                      4u;
    s.bytes_written = entries * 4u + 2u * gpu::RADIX4_DIGITS * 4u;
    Step& x = add(gpu::RADIX4_STAGE_SCATTER, digit + ": scatter", tile_groups);
    x.kind = "scatter";
    x.bytes_read = key_bytes_total + value_bytes + entries * 4u;
    x.bytes_written = key_bytes_total + value_bytes;
  }
  plan.result_keys = radix_keys_after(passes - 1);
  plan.result_values = radix_values_after(passes - 1);
  return plan;
}

}  // namespace ss
