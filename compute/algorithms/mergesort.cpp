#include "algorithms/mergesort.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "core/errors.hpp"

namespace ss {

namespace {

// The tuned tiles, by bytes per element. 8-byte elements (pairs, u64 keys): 256 threads x 11 keys,
// swept 9..15 keys at 256 threads on the H100 (run 12 of
// docs/bench/2026-11-23-h100-speed-3-experiments.txt; u32 pairs at 2^26: 9 -> 10.77 ms, 11 ->
// 10.21, 15 -> 14.05). 4-byte elements took 256 x 9 there (u32 at 2^26: 9 -> 5.01 ms, 11 -> 5.31,
// 15 -> 5.48). On the H200, whose copy bandwidth is 43% above the H100's with the same 48 KiB of
// shared memory per SM for a Vulkan pipeline, u32 at 2^26 (docs/bench/2026-11-29-h200-mergesort-
// experiments.txt): 256 x 9 3.61 ms, 256 x 11 3.65, 256 x 17 3.92, 256 x 23 3.67, 512 x 11 3.77,
// 128 x 17 3.42, 128 x 23 3.56: 128 x 17 keeps five workgroups of 8.5 KiB per SM, as 256 x 9
// does, with a longer serial merge per thread and a blocksort phase fewer; its merge passes take
// 0.162 ms instead of 0.173. u32 pairs did not gain from it (blocksort 1.29 -> 1.64 ms, merges
// 4.52 -> 5.42 at 2^26).
constexpr std::uint32_t k_tuned_threads = 128;
constexpr std::uint32_t k_tuned_keys_per_thread = 17;
constexpr std::uint32_t k_tuned_wide_threads = 256;
constexpr std::uint32_t k_tuned_wide_keys_per_thread = 11;
// Most keys per thread a chosen tile may take: the tuned 17 (more keep more registers live
// through each serial merge: 256 x 19 to 23 were slower on the H200).
constexpr std::uint32_t k_max_keys_per_thread = 17;

// Consecutive tiles one merge workgroup produces, the next tile's loads in flight while it merges
// the current one (mergesort_merge.comp). H100 at 2^26 with 256 x 9 tiles
// (docs/bench/2026-11-24-h100-speed-7-experiments.txt): u32 keys 2 -> 3.92 ms, 3 -> 3.90, 4 ->
// 3.92, 8 -> 4.01; u32 pairs 3 -> 7.14, 4 -> 7.17, 8 -> 7.33; u64 keys 2 -> 7.94, 3 -> 7.68, 4 ->
// 7.58 (8-byte elements take 4: best for u64 keys, within 0.4% for pairs); u64 keys with values 4
// -> 14.23, 8 -> 12.90 (the 8 with samples every 64th key; 13.78 with every 256th in the record).
// Wider elements leave fewer workgroups per SM, so each one overlaps more tiles. H200, u32 at 2^26
// with 128 x 17 tiles: 3 -> 3.42 ms, 4 -> 3.42, 6 -> 3.37-3.41; in a session whose partition
// step was slower (a rejected search), 4 -> 3.51, 6 -> 3.48, 8 -> 3.50, 12 -> 3.51. Loading two
// tiles ahead instead of one, in two register buffers, was slower at every count (3.55-3.59 ms at
// 128 x 17: 96 registers).
std::uint32_t merge_tiles_per_group(std::uint32_t element_bytes) {
  if (element_bytes <= 4) return 6;
  return element_bytes <= 8 ? 4 : 8;
}

KernelSpec mergesort_kernel(const SortSpec& spec, std::string shader, std::uint32_t threads,
                            std::uint32_t keys_per_thread) {
  KernelSpec kernel;
  kernel.shader = std::move(shader);
  kernel.workgroup_size = threads;
  kernel.bindings = gpu::MERGESORT_BINDING_COUNT;
  kernel.push_size = sizeof(gpu::MergesortStep);
  kernel.constants.assign(gpu::MERGESORT_SPEC_COUNT, 0);
  auto set = [&](std::uint32_t id, std::uint32_t value) { kernel.constants[id - 1] = value; };
  set(gpu::MERGESORT_SPEC_KEY_TYPE, static_cast<std::uint32_t>(spec.key_type));
  set(gpu::MERGESORT_SPEC_DESCENDING, spec.descending ? 1 : 0);
  set(gpu::MERGESORT_SPEC_HAS_VALUES, spec.pairs ? 1 : 0);
  set(gpu::MERGESORT_SPEC_VT, keys_per_thread);
  return kernel;
}

std::string phase_label(std::uint32_t phase, std::uint32_t vt) {
  if (phase == 1) {
    return "blocksort phase 1: each thread sorts its " + std::to_string(vt) +
           " keys in registers (odd-even transposition)";
  }
  const std::uint32_t coop = 1u << (phase - 1);
  return "blocksort phase " + std::to_string(phase) + ": coop = " + std::to_string(coop) +
         ", merge lists of " + std::to_string(vt * coop / 2) + " into " + std::to_string(vt * coop);
}

}  // namespace

MergesortTuning mergesort_tuning(const SortSpec& spec, const DeviceLimits& limits,
                                 const MergesortOptions& options) {
  // Each staged key takes its words, its value and nothing else (mergesort_tile.glsl).
  const std::uint32_t element_bytes = key_bytes(spec.key_type) + (spec.pairs ? 4u : 0u);
  // Chosen tiles may use the device's largest power-of-two workgroup; the tuned one stays at 256.
  const std::uint32_t max_threads = std::bit_floor(limits.max_workgroup_invocations);
  auto fits = [&](std::uint32_t threads) {
    return limits.max_shared_memory / (threads * element_bytes);
  };
  const bool wide = element_bytes > 4;
  const std::uint32_t tuned_threads =
      std::min(wide ? k_tuned_wide_threads : k_tuned_threads, max_threads);
  MergesortTuning t;
  t.threads = tuned_threads;
  const std::uint32_t tuned_vt = wide ? k_tuned_wide_keys_per_thread : k_tuned_keys_per_thread;
  t.keys_per_thread = std::min(tuned_vt, fits(t.threads));
  const std::uint32_t tuned_keys = t.threads * t.keys_per_thread;
  if (options.threads != 0 || options.keys_per_thread != 0) {
    t.threads = options.threads != 0 ? options.threads : t.threads;
    t.keys_per_thread = options.keys_per_thread != 0 ? options.keys_per_thread
                                                     : std::min(tuned_vt, fits(t.threads));
  } else {
    const std::uint32_t chosen = chosen_tile_keys(
        spec, tuned_keys, k_mergesort_teaching_threads * k_mergesort_teaching_keys_per_thread);
    if (chosen != tuned_keys) {
      // NT x VT = chosen with NT a power of two: the squarest split, VT <= 17 and what fits.
      std::uint32_t best_threads = 0;  // the first NT that works, unless a square one follows
      for (std::uint32_t nt = 2; nt <= max_threads && nt <= chosen; nt *= 2) {
        const std::uint32_t vt = chosen / nt;
        if (chosen % nt != 0 || vt > k_max_keys_per_thread || vt > fits(nt)) continue;
        if (best_threads == 0 || vt <= nt) best_threads = nt;
        if (vt <= nt) break;
      }
      if (best_threads == 0) {
        throw UsageError("mergesort tiles are NT x VT keys with NT a power of two from 2 to " +
                         std::to_string(max_threads) + " and VT from 1 to " +
                         std::to_string(std::min(k_max_keys_per_thread, fits(2))) +
                         " on this device; " + std::to_string(chosen) +
                         " keys cannot be split so (try 16, 32 or 64)");
      }
      t.threads = best_threads;
      t.keys_per_thread = chosen / best_threads;
    }
  }
  if (!std::has_single_bit(t.threads) || t.threads < 2 ||
      t.threads > limits.max_workgroup_invocations) {
    throw SetupError(
        "mergesort needs a power-of-two workgroup of at least 2 threads the device "
        "allows (at most " +
        std::to_string(limits.max_workgroup_invocations) + "); got " + std::to_string(t.threads));
  }
  if (t.keys_per_thread == 0 || t.keys_per_thread > fits(t.threads)) {
    throw SetupError("mergesort cannot stage " + std::to_string(t.threads) + " x " +
                     std::to_string(std::max(t.keys_per_thread, 1u)) + " " +
                     std::string(to_string(spec.key_type)) + " keys" +
                     (spec.pairs ? " with values" : "") + " in the device's " +
                     std::to_string(limits.max_shared_memory) + " bytes of shared memory");
  }
  t.tile_keys = t.threads * t.keys_per_thread;
  t.shared_bytes = t.tile_keys * element_bytes;
  t.tuned = t.tile_keys == tuned_keys && t.threads == tuned_threads;
  return t;
}

Plan plan_mergesort(const SortSpec& spec, const DeviceLimits& limits) {
  return plan_mergesort(spec, limits, MergesortOptions{});
}

Plan plan_mergesort(const SortSpec& spec, const DeviceLimits& limits,
                    const MergesortOptions& options) {
  const MergesortTuning t = mergesort_tuning(spec, limits, options);
  Plan plan;
  plan.algorithm = "mergesort";
  plan.spec = spec;
  plan.tiles = tiles_text(t.tile_keys, t.threads, t.keys_per_thread, t.tuned);
  const std::uint64_t n = spec.n;
  const std::uint64_t keys_bytes = std::max<std::uint64_t>(n * key_bytes(spec.key_type), 4);
  const std::uint64_t values_bytes = spec.pairs ? std::max<std::uint64_t>(n * 4u, 4) : 4u;
  const std::uint32_t tiles = static_cast<std::uint32_t>((n + t.tile_keys - 1) / t.tile_keys);
  const std::uint32_t passes = gpu::mergesort_passes(tiles);
  const std::uint64_t sample_bytes =
      2ull * gpu::mergesort_sample_count(spec.n, t.tile_keys) * key_bytes(spec.key_type);
  plan.buffers = {
      {"keys", keys_bytes, false},
      {"values", values_bytes, false},
      {"keys (ping-pong)", keys_bytes, false},
      {"values (ping-pong)", values_bytes, false},
      {"partitions", (std::uint64_t(tiles) + 1) * 4u, false},
      {"merge sources", std::max<std::uint64_t>(n * 4u, 4), true},
      {"merge-path samples", std::max<std::uint64_t>(sample_bytes, 4), false},
  };
  plan.keys_buffer = gpu::MERGESORT_BUFFER_KEYS;
  plan.values_buffer = gpu::MERGESORT_BUFFER_VALUES;
  plan.instrumented_constant_id = gpu::MERGESORT_SPEC_INSTRUMENTED;
  plan.kernels = {mergesort_kernel(spec, "mergesort_blocksort.comp", t.threads, t.keys_per_thread),
                  mergesort_kernel(spec, "mergesort_partition.comp",
                                   gpu::MERGESORT_PARTITION_WORKGROUP, t.keys_per_thread),
                  mergesort_kernel(spec, "mergesort_merge.comp", t.threads, t.keys_per_thread)};
  plan.result_keys = plan.keys_buffer;
  plan.result_values = plan.values_buffer;
  if (n < 2) return plan;  // nothing to order: no steps, the keys stay in buffer 0

  using gpu::MERGESORT_BUFFER_KEYS, gpu::MERGESORT_BUFFER_VALUES, gpu::MERGESORT_BUFFER_KEYS_ALT,
      gpu::MERGESORT_BUFFER_VALUES_ALT, gpu::MERGESORT_BUFFER_PARTITIONS,
      gpu::MERGESORT_BUFFER_SOURCES, gpu::MERGESORT_BUFFER_SAMPLES;
  const std::uint64_t moved = n * key_bytes(spec.key_type) + (spec.pairs ? n * 4u : 0u);
  gpu::MergesortStep p{};
  p.n = spec.n;
  p.tile_keys = t.tile_keys;
  p.tiles = tiles;
  p.keys_per_thread = t.keys_per_thread;
  p.threads = t.threads;
  p.partitions = tiles + 1;
  p.phases = 1u + static_cast<std::uint32_t>(std::countr_zero(t.threads));
  p.tiles_per_group = std::min(merge_tiles_per_group(t.shared_bytes / t.tile_keys), tiles);
  const std::uint32_t merge_groups = (tiles + p.tiles_per_group - 1) / p.tiles_per_group;
  auto make_step = [&](std::string label, std::uint32_t kernel, std::vector<std::uint32_t> bindings,
                       GroupCount groups, std::uint32_t keys_after, std::uint32_t values_after) {
    p.groups_x = groups.x;
    Step step;
    step.label = std::move(label);
    step.kernel = kernel;
    step.bindings = std::move(bindings);
    step.push = push_bytes(p);
    step.groups = groups;
    step.view = p;
    step.keys_after = keys_after;
    step.values_after = values_after;
    return step;
  };
  const GroupCount tile_groups = groups_for(std::uint64_t(tiles) * t.threads, t.threads, limits);

  // Blocksort: input 0/1 -> 2/3, never in place, so each phase reads the same input.
  p.stage = gpu::MERGESORT_STAGE_BLOCKSORT;
  const std::vector<std::uint32_t> blocksort_bindings = {
      MERGESORT_BUFFER_KEYS,       MERGESORT_BUFFER_VALUES,     MERGESORT_BUFFER_KEYS_ALT,
      MERGESORT_BUFFER_VALUES_ALT, MERGESORT_BUFFER_PARTITIONS, MERGESORT_BUFFER_SOURCES,
      MERGESORT_BUFFER_SAMPLES};
  std::vector<Step> phases;
  for (std::uint32_t phase = 1; phase <= p.phases; ++phase) {
    p.phase_limit = phase;
    phases.push_back(make_step(phase_label(phase, t.keys_per_thread), 0, blocksort_bindings,
                               tile_groups, MERGESORT_BUFFER_KEYS_ALT,
                               MERGESORT_BUFFER_VALUES_ALT));
    phases.back().kind = "blocksort";
    phases.back().bytes_read = moved;
    phases.back().bytes_written = moved + sample_bytes;
  }
  Step blocksort = phases.back();
  blocksort.label = "blocksort: " + std::to_string(tiles) + (tiles == 1 ? " tile" : " tiles") +
                    " of " + std::to_string(t.tile_keys) + " keys (" + std::to_string(t.threads) +
                    " threads x " + std::to_string(t.keys_per_thread) + "), each into one list";
  blocksort.phases = std::move(phases);
  plan.steps.push_back(std::move(blocksort));
  p.phase_limit = 0;

  std::uint32_t keys_in = MERGESORT_BUFFER_KEYS_ALT, values_in = MERGESORT_BUFFER_VALUES_ALT;
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    const std::uint32_t keys_out = gpu::mergesort_keys_after_pass(pass);
    const std::uint32_t values_out = gpu::mergesort_values_after_pass(pass);
    const std::vector<std::uint32_t> bindings = {keys_in,
                                                 values_in,
                                                 keys_out,
                                                 values_out,
                                                 MERGESORT_BUFFER_PARTITIONS,
                                                 MERGESORT_BUFFER_SOURCES,
                                                 MERGESORT_BUFFER_SAMPLES};
    p.pass = pass;
    p.coop = 2u << pass;
    const std::uint64_t list = std::uint64_t(t.tile_keys) << pass;
    const std::string lists = "lists of " + std::to_string(std::min<std::uint64_t>(list, n)) +
                              " into " + std::to_string(std::min<std::uint64_t>(2 * list, n));
    p.stage = gpu::MERGESORT_STAGE_PARTITION;
    Step partition =
        make_step("pass " + std::to_string(pass + 1) + " partition: " + std::to_string(tiles + 1) +
                      " merge-path searches (" + lists + ")",
                  1, bindings,
                  groups_for(std::uint64_t(tiles) + 1, gpu::MERGESORT_PARTITION_WORKGROUP, limits),
                  keys_in, values_in);
    // A binary search of about log2(list) probes per partition, each two keys.
    partition.bytes_read = (std::uint64_t(tiles) + 1) * 2u * key_bytes(spec.key_type) *
                           (1u + static_cast<std::uint32_t>(std::bit_width(list)));
    partition.bytes_written = (std::uint64_t(tiles) + 1) * 4u;
    partition.kind = "partition";
    plan.steps.push_back(std::move(partition));
    p.stage = gpu::MERGESORT_STAGE_MERGE;
    Step merge = make_step("pass " + std::to_string(pass + 1) +
                               " merge: coop = " + std::to_string(p.coop) + ", " + lists,
                           2, bindings,
                           groups_for(std::uint64_t(merge_groups) * t.threads, t.threads, limits),
                           keys_out, values_out);
    merge.bytes_read = moved + (std::uint64_t(tiles) + 1) * 4u;
    merge.bytes_written = moved + sample_bytes;
    merge.kind = "merge";
    plan.steps.push_back(std::move(merge));
    keys_in = keys_out;
    values_in = values_out;
  }
  plan.result_keys = keys_in;
  plan.result_values = values_in;
  return plan;
}

}  // namespace ss
