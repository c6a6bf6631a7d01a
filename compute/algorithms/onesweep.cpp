#include "algorithms/onesweep.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <tuple>
#include <utility>

#include "algorithms/radix_plan.hpp"
#include "core/errors.hpp"

namespace ss {

namespace {
// The tuned tile of 256 threads: keys per thread swept on the H100 (onesweep u32 2^26, docs/bench/
// 2026-11-23-h100-speed-2-experiments.txt): 14 -> 3.46 ms, 16 -> 3.19, 18 -> 2.98, 20 -> 4.72.
// The driver's statistics (sortscope-cli kernels) say why: 81 registers per invocation at 16, 87
// at 18 (two workgroups per SM either way), and at 20 the key arrays go to local memory.
constexpr std::uint32_t k_max_keys_per_thread = 18;
constexpr std::uint32_t k_max_explicit_keys_per_thread = 32;
// Threads of the pass kernel's workgroup; the first 256 look back for one bucket each. 384 where
// the device's subgroups allow it: on the H100 two 384-thread workgroups (24 warps) fit an SM at
// up to 80 registers (docs/bench/2026-11-23-h100-speed-3-experiments.txt, runs 10-11). Tiles
// staged at once took at most 15 keys per thread there: a workgroup shares its SM only while it
// declares at most 24 KiB of shared memory and holds at most 80 registers per invocation, and 15
// keys per thread make the largest such tile under both (24140 bytes, 77 registers; 16 keys took
// 25676 bytes and ran 39% slower). u32 at 2^28: 384 x 13 10.38 ms, 384 x 14 9.84, 384 x 15 9.50
// (docs/bench/2026-11-24-h100-speed-9-experiments.txt). Keys of two words and pairs were then
// staged one word of every key at a time, so that they fit the same 24 KiB and ran two workgroups
// per SM too; staging all their words at once took 48 KiB and the SM (pairs at 2^28 15.0 -> 10.7
// ms, u64 keys 30.4 -> 26.8; docs/bench/2026-11-25-h100-speed-11-experiments.txt). They are now
// staged whole, a part of the tile at a time (stages_whole_keys, below).
constexpr std::uint32_t k_pass_workgroup = 256;
constexpr std::uint32_t k_wide_pass_workgroup = 384;
constexpr std::uint32_t k_wide_shared_bytes = 24 * 1024;
// One-word keys at 384 threads take tiles larger than 24 KiB stage at once, staged in parts of
// consecutive positions (stage_parts in radix_rank.glsl). The driver appears to fit registers to
// the workgroups per SM that shared memory allows: 384 x 18 in two parts declares 14924 bytes and
// compiled to 56 registers, three workgroups per SM. u32 at 2^28 (2^24), keys per thread: 15 in
// one part 9.21 ms (0.644), in parts 16 8.83 (0.622), 17 10.83, 18 7.93 (0.575), 19 10.83, 20
// 11.34 (key arrays in local memory), 24 11.73; with [[unroll]] 18 8.96, 24 7.76 (80 registers);
// 512 threads x 18 7.78 (docs/bench/2026-11-25-h100-speed-13-experiments.txt, runs 1-4). Where
// 512-thread workgroups fit, one-word keys without values now take those (below).
constexpr std::uint32_t k_wide_one_word_keys_per_thread = 18;
// Keys of two words (u64, or u32 with values) in parts too, once empty slots were padded and
// bounds checks dropped: u64 at 2^28, keys per thread, 15 (one part) 26.41 ms, 16 25.34, 17 25.36,
// 18 24.86, 19 24.91, 20 25.90 (local memory); pairs 15 9.97, 16 10.02, 17 9.84, 18 9.62, 19 9.43,
// 20 9.29, at 72-80 registers, two workgroups per SM (docs/bench/
// 2026-11-25-h100-speed-14-experiments.txt). u64 keys with values, once staging stored every key
// (the staging then): 15 (one part) 38.24 and 38.40 ms, 16 (two parts) 34.46 and 34.90, 17
// 39.70, 18 39.52, at 80 registers; u64 keys 16 24.21, 17 24.20, 18 23.74, 19 23.60, 20 24.95;
// pairs 18 9.41, 19 9.23, 20 9.12, 21 9.69 (docs/bench/2026-11-25-h100-speed-15-experiments.txt).
// Once the ranks of keys without values were packed two to a word (radix_rank.glsl), u64 keys 18
// 23.48 ms, 19 23.33, 20 23.28-23.29 (80 registers), 21 26.37 (94 registers); pairs did not fit
// larger tiles (docs/bench/2026-11-26-h100-speed-19-experiments.txt). Once u64 keys were staged
// whole, with their values, a part at a time (onesweep_pass_whole.comp), u64 keys 20 17.70 ms (78
// registers), 21 17.37 (80), 22 17.51 (32 bytes in local memory), 23 18.52, 512 x 15 17.50; u64
// keys with values 14 25.83 ms, 15 25.46, 16 26.17, 17 30.20 (99 registers), 18 29.34; with the
// staged words laid out in rows, u64 keys 21 16.78
// (docs/bench/2026-11-26-h100-speed-21-experiments.txt). Pairs staged whole too, with ranks packed
// two to a word, 20 9.12 ms (78 registers), 21 9.01-9.07 against 9.04-9.05 staged in rounds at 20
// (80 registers; 0.647 against 0.657 ms at 2^24), 22 9.18 (16 bytes in local memory), 23 11.75
// (92 registers); u64 keys with values 15 25.52 -> 25.38 with packed ranks
// (docs/bench/2026-11-26-h100-speed-22-experiments.txt).
constexpr std::uint32_t k_wide_u64_keys_per_thread = 21;
constexpr std::uint32_t k_wide_pairs_keys_per_thread = 21;
constexpr std::uint32_t k_wide_u64_pairs_keys_per_thread = 15;
// One-word keys without values took 512 x 21 in two parts: 22624 bytes and 64 registers, two
// workgroups per SM, 21504 keys per SM against 384 x 18's 20736 in three, and each tile's look-back
// shared by 10752 keys instead of 6912. u32 at 2^28 (2^24), 384 x 18 7.05-7.10 ms (0.504), 512 x
// 17 7.08, 18 6.93 (0.511), 19 6.77-6.80, 20 6.69-6.74 (0.497), 21 6.62 twice (0.500); 22 kept
// key arrays in local memory (before ranks were packed, below); 448 x 20 7.06, 576 x 18 6.81 and x
// 19 6.75 (56 registers). Once load_tile encoded every slot (radix_rank.glsl), i32 keys 7.13
// -> 6.68 ms, f32 7.07 -> 6.63 and u32 sorted from largest to smallest 7.15 -> 6.65 gained as much.
// Pairs (9.12 -> 9.30, x 14 and x 16) and u64 keys (23.69 -> 23.80, x 14) were not faster at 512
// threads and keep 384 (docs/bench/2026-11-26-h100-speed-16-experiments.txt, runs 2-4 and 7-8).
// With the ranks packed two to a word (radix_rank.glsl), 512 x 22 fits 62 registers: u32 at
// 2^28 6.276 -> 6.102 ms, 2^24 0.470 -> 0.455, f32 6.32 -> 6.14; 512 x 23 6.36 (64 registers, three
// parts), 24 spills (docs/bench/2026-11-26-h100-speed-19-experiments.txt).
constexpr std::uint32_t k_one_word_keys_pass_workgroup = 512;
constexpr std::uint32_t k_one_word_keys_per_thread = 22;

bool one_word_keys_only(const SortSpec& spec) {
  return key_bytes(spec.key_type) == 4 && !spec.pairs;
}

// Whether the pass stages each key whole with its value (onesweep_pass_whole.comp, which u64 keys
// and pairs run) rather than a word per key (onesweep_pass.comp: one-word keys without values).
bool stages_whole_keys(const SortSpec& spec) {
  return spec.key_type == KeyType::u64 || spec.pairs;
}

// Words of shared memory a staged key takes in a part of the tile.
std::uint32_t staged_item_words(const SortSpec& spec) {
  return stages_whole_keys(spec)
             ? gpu::radix_whole_item_words(static_cast<std::uint32_t>(spec.key_type), spec.pairs)
             : 1;
}

// Whether a pass workgroup of wg invocations fits the device's workgroups and subgroups.
bool workgroup_fits(std::uint32_t wg, const DeviceLimits& limits) {
  const std::uint32_t s = limits.subgroup_size;
  return limits.max_workgroup_invocations >= wg && s != 0 && wg % s == 0 &&
         wg / s <= limits.max_workgroup_subgroups;
}

// The tuned keys per thread of a 384- or 512-thread pass (every type's tile is staged in parts).
std::uint32_t wide_keys_per_thread(const SortSpec& spec, std::uint32_t wg) {
  if (wg == k_one_word_keys_pass_workgroup) return k_one_word_keys_per_thread;
  const bool one_word = key_bytes(spec.key_type) == 4;
  if (one_word) return spec.pairs ? k_wide_pairs_keys_per_thread : k_wide_one_word_keys_per_thread;
  return spec.pairs ? k_wide_u64_pairs_keys_per_thread : k_wide_u64_keys_per_thread;
}
static_assert(k_pass_workgroup >= gpu::ONESWEEP_DIGITS);

std::uint32_t pass_workgroup(const SortSpec& spec, const DeviceLimits& limits) {
  if (!workgroup_fits(k_wide_pass_workgroup, limits)) return k_pass_workgroup;
  return one_word_keys_only(spec) && workgroup_fits(k_one_word_keys_pass_workgroup, limits)
             ? k_one_word_keys_pass_workgroup
             : k_wide_pass_workgroup;
}

// Whether the full-speed pipelines may move keys and values between passes as 8-byte items
// (RADIX_PAIRS_INTERLEAVED, RADIX_PAIRS_SPLIT): one-word keys with values, whose passes are
// staged whole. A pass's stores of keys and values apart were what made a pairs pass slower than
// a u64 key pass of the same bytes on the H100 (BENCHMARKS.md note 114).
bool moves_pairs_as_items(const SortSpec& spec) {
  return spec.pairs && key_bytes(spec.key_type) == 4;
}

// Sizes the ping-pong buffers for pairs as items where the sort may move them so and the device
// holds them: buffer 2 takes n items (8n bytes, against 4n), buffer 0 the first half, rounded up.
// Returns whether it did; where the larger buffers do not fit, passes keep pairs apart.
bool size_buffers_for_items(Plan& plan, const SortSpec& spec, const DeviceLimits& limits) {
  if (!moves_pairs_as_items(spec)) return false;
  Plan sized = plan;
  sized.buffers[gpu::ONESWEEP_BUFFER_KEYS_ALT].bytes = std::max<std::uint64_t>(8ull * spec.n, 4);
  sized.buffers[gpu::ONESWEEP_BUFFER_KEYS].bytes =
      std::max<std::uint64_t>(8ull * gpu::radix_split_items(spec.n), 4);
  if (!plan_fits(sized, limits)) return false;
  sized.buffers[gpu::ONESWEEP_BUFFER_KEYS_ALT].name += ", with their values at full speed";
  plan.buffers = std::move(sized.buffers);
  return true;
}

// Where pass `pass` of `passes` (an even number: the result ends in buffers 0 and 1) reads and
// writes its pairs at full speed, moved as items or not (size_buffers_for_items). Pass 0 reads
// them apart from buffers 0 and 1 and the last pass writes them apart there; the passes between
// write items, interleaved in buffer 2 after an even pass and split over buffers 0 and 1 after an
// odd one.
std::pair<std::uint32_t, std::uint32_t> pairs_layouts(bool items, std::uint32_t pass,
                                                      std::uint32_t passes) {
  if (!items) return {gpu::RADIX_PAIRS_APART, gpu::RADIX_PAIRS_APART};
  const std::uint32_t in = pass == 0       ? gpu::RADIX_PAIRS_APART
                           : pass % 2 == 1 ? gpu::RADIX_PAIRS_INTERLEAVED
                                           : gpu::RADIX_PAIRS_SPLIT;
  const std::uint32_t out = pass + 1 == passes ? gpu::RADIX_PAIRS_APART
                            : pass % 2 == 0    ? gpu::RADIX_PAIRS_INTERLEAVED
                                               : gpu::RADIX_PAIRS_SPLIT;
  return {in, out};
}

// Whether the full-speed passes between the first and the last read and write keys encoded
// (encode_key_word; RADIX_SPEC_KEYS_IN_ENCODED, RADIX_SPEC_KEYS_OUT_ENCODED): one-word keys whose
// encoding is not the identity (i32, f32, descending). Each pass had encoded its keys as it loaded
// them and decoded them as it stored them. On the H100 at 2^28 (BENCHMARKS.md note 117) f32 keys
// took 6.10 -> 5.98 ms so, f32 pairs 8.55 -> 8.33, i32 6.11 -> 6.08, u32 descending 6.13 -> 6.09;
// u64 keys descending, whose encoding is a NOT, 16.70 -> 16.77, so they keep encoding each pass.
bool keys_encoded_between_passes(const SortSpec& spec) {
  return key_bytes(spec.key_type) == 4 &&
         (spec.descending || spec.key_type == KeyType::i32 || spec.key_type == KeyType::f32);
}

// Keys each histogram workgroup counts: whole chunks of 256 x 16 keys, up to k_hist_min_chunks
// where n is small enough that fewer would leave fewer than k_hist_small_groups workgroups, else
// as many as keep the grid near k_hist_groups workgroups (a few per SM on large GPUs). Each
// workgroup adds its 256 counts per digit pass to the global histograms once; one workgroup per
// chunk meant 2^16 workgroups and 2^26 global atomics on 1024 words at 2^28 u32 keys. H100 at
// 2^28: u32 0.773 -> 0.480 ms, f32 (few distinct high digits) 0.775 -> 0.411 (the records
// docs/bench/2026-11-24-h100-speed-9.jsonl and docs/bench/2026-11-24-h100-speed-10.jsonl). Near
// 2048 workgroups of at least one chunk, 2^24 keys took 0.045 ms (2048 workgroups of 2 chunks,
// each ending on its 1024 global atomics); at least 8 chunks and near 3168 workgroups, 0.038 ms at
// 2^24 and 0.473 at 2^28 (docs/bench/2026-11-26-h100-speed-17-experiments.txt). Below 2^22 keys 8
// chunks left few workgroups for 132 SMs: on the H200, chunks per workgroup 8 / 4 / 2 / 1, 2^20
// 0.012 / 0.008 / 0.007 / 0.008 ms, 2^21 0.013 / 0.009 / 0.010 / 0.011, 2^22 0.015 / 0.014 /
// 0.015 / 0.019, 2^24 0.036 / 0.038 / 0.045 / 0.061 (BENCHMARKS.md note 154): about 128
// workgroups, at most 8 chunks each.
constexpr std::uint32_t k_hist_groups = 3168;
constexpr std::uint32_t k_hist_min_chunks = 8;
constexpr std::uint32_t k_hist_small_groups = 128;
std::uint32_t onesweep_hist_keys(std::uint32_t n, std::uint32_t chunks_per_group) {
  const std::uint32_t chunk = gpu::ONESWEEP_HIST_WORKGROUP * gpu::ONESWEEP_HIST_KEYS_PER_THREAD;
  const std::uint64_t chunks = (std::uint64_t(n) + chunk - 1) / chunk;
  const std::uint64_t small_n_chunks =
      std::clamp<std::uint64_t>(chunks / k_hist_small_groups, 1, k_hist_min_chunks);
  const std::uint64_t per_group =
      chunks_per_group != 0
          ? chunks_per_group
          : std::max(small_n_chunks, (chunks + k_hist_groups - 1) / k_hist_groups);
  return static_cast<std::uint32_t>(per_group * chunk);
}
}  // namespace

OnesweepTuning onesweep_tuning(const SortSpec& spec, const DeviceLimits& limits,
                               std::uint32_t keys_per_thread, std::uint32_t stage_words) {
  // A staged key takes one word of shared memory, or its every word and its value
  // (staged_item_words).
  const std::uint32_t wg = pass_workgroup(spec, limits);
  const bool wide = wg != k_pass_workgroup;
  if (limits.max_workgroup_invocations < wg) {
    throw SetupError("onesweep needs workgroups of " + std::to_string(wg) +
                     " invocations; the device allows " +
                     std::to_string(limits.max_workgroup_invocations));
  }
  OnesweepTuning t;
  t.workgroup_size = wg;
  t.subgroup_size = radix_subgroup_size(limits, wg, "onesweep");
  const std::uint32_t subgroups = wg / t.subgroup_size;
  // The main array holds the counters and the tile's counts, then the staged tile.
  const std::uint32_t count_words = gpu::ONESWEEP_DIGITS;
  const std::uint32_t hist_words =
      radix_rank_words(subgroups, gpu::ONESWEEP_DIGITS, true) + count_words;
  const std::uint32_t extra = gpu::onesweep_pass_extra_shared_words(subgroups);
  const std::uint32_t budget = limits.max_shared_memory / 4u;
  if (hist_words + extra > budget) {
    throw SetupError("onesweep needs " + std::to_string(4u * (hist_words + extra)) +
                     " bytes of shared memory with subgroups of " +
                     std::to_string(t.subgroup_size) + "; the device has " +
                     std::to_string(limits.max_shared_memory));
  }
  // Words of the main array one staged part may take: in 384- and 512-thread workgroups what
  // keeps the workgroup within 24 KiB, elsewhere all the shared memory.
  const std::uint32_t device_stage_words =
      (wide ? std::min(budget, k_wide_shared_bytes / 4u) : budget) - extra;
  const std::uint32_t stage_budget =
      stage_words != 0 ? std::min(stage_words, budget - extra) : device_stage_words;
  // Ranks and staged positions are 16-bit fields (RADIX_MAX_TILE_KEYS); tiles larger than one part
  // are staged in several.
  const std::uint32_t most = gpu::RADIX_MAX_TILE_KEYS / wg;
  const std::uint32_t at_once = std::min(device_stage_words / wg, most);
  const std::uint32_t tuned_keys_per_thread =
      wide ? wide_keys_per_thread(spec, wg) : std::min(k_max_keys_per_thread, at_once);
  t.keys_per_thread = keys_per_thread != 0 ? keys_per_thread : tuned_keys_per_thread;
  if (t.keys_per_thread == 0 || t.keys_per_thread > most) {
    throw SetupError("onesweep cannot rank a tile of " + std::to_string(t.keys_per_thread) +
                     " keys per thread (1 to " + std::to_string(most) + " with " +
                     std::to_string(wg) + " threads)");
  }
  t.tile_keys = wg * t.keys_per_thread;
  t.tuned = t.keys_per_thread == tuned_keys_per_thread;
  if (keys_per_thread == 0) {
    const std::uint32_t tuned = t.tile_keys;
    // Larger tiles than the tuned one may be asked for (for tuning), up to
    // k_max_explicit_keys_per_thread, staged in parts where shared memory needs.
    const std::uint32_t largest = wg * std::min(most, k_max_explicit_keys_per_thread);
    const std::uint32_t chosen = chosen_tile_keys(spec, tuned, radix_teaching_tile_keys(spec.n));
    if (chosen == 0 || chosen > largest) {
      throw UsageError("onesweep tiles hold 1 to " + std::to_string(largest) +
                       " keys on this device for " + std::string(to_string(spec.key_type)) +
                       (spec.pairs ? " pairs" : " keys") +
                       " (its tuned tile: " + std::to_string(wg) + " threads x " +
                       std::to_string(t.keys_per_thread) + " keys); got " + std::to_string(chosen));
    }
    t.keys_per_thread = (chosen + wg - 1) / wg;
    t.tile_keys = chosen;
    t.tuned = chosen == tuned;
  }
  // The tile's slots in as few equal parts as the stage budget takes, each slot item_words words.
  // Whole-word counters where they fit in the words that stage a part (not on lavapipe, whose 32
  // subgroups of 8 would need 32 KiB for them).
  const std::uint32_t item_words = staged_item_words(spec);
  const std::uint32_t slots = wg * t.keys_per_thread;
  const std::uint32_t parts =
      gpu::radix_stage_parts(slots, std::max(stage_budget / item_words, 1u));
  const std::uint32_t part_words = (slots + parts - 1) / parts * item_words;
  t.packed_counters = radix_rank_words(subgroups, gpu::ONESWEEP_DIGITS, false) + count_words >
                      std::max(hist_words, part_words);
  t.shared_words =
      std::max(radix_rank_words(subgroups, gpu::ONESWEEP_DIGITS, t.packed_counters) + count_words,
               part_words);
  t.stage_parts =  // as the kernel counts them (stage_parts in radix_rank.glsl)
      gpu::radix_stage_parts(slots, t.shared_words / item_words);
  t.pass_shared_bytes = 4u * (t.shared_words + extra);
  return t;
}

Plan plan_onesweep(const SortSpec& spec, const DeviceLimits& limits) {
  return plan_onesweep(spec, limits, OnesweepOptions{});
}

Plan plan_onesweep(const SortSpec& spec, const DeviceLimits& limits,
                   const OnesweepOptions& options) {
  if (spec.n > gpu::ONESWEEP_MAX_N) {
    throw UsageError(
        "onesweep takes n <= " + std::to_string(gpu::ONESWEEP_MAX_N) +
        " (its tile status words hold 30-bit counts); got n = " + std::to_string(spec.n));
  }
  const OnesweepTuning t =
      onesweep_tuning(spec, limits, options.keys_per_thread, options.stage_words);
  Plan plan = radix_plan_skeleton("onesweep", spec);
  plan.tiles = tiles_text(t.tile_keys, t.workgroup_size, t.keys_per_thread, t.tuned);
  if (t.stage_parts > 1) {
    plan.tiles += ", staged through shared memory in " + std::to_string(t.stage_parts) + " parts";
  }
  const std::uint32_t tiles = gpu::radix_tiles(spec.n, t.tile_keys);
  const std::uint32_t passes =
      gpu::radix_passes(static_cast<std::uint32_t>(spec.key_type), gpu::ONESWEEP_BITS);
  const std::uint64_t status_words = gpu::onesweep_status_words(std::max(tiles, 1u));
  plan.buffers.push_back({"digit histograms", gpu::onesweep_hist_words(passes) * 4ull, false});
  plan.buffers.push_back({"tile status", status_words * 4u, false});
  plan.buffers.push_back({"lookback records",
                          std::uint64_t(std::max(tiles, 1u)) * gpu::ONESWEEP_RECORD_WORDS * 4u,
                          true});

  constexpr std::uint32_t wg = gpu::ONESWEEP_HIST_WORKGROUP;  // init, histogram and scan
  RadixKernelParams init;
  init.workgroup_size = wg;
  RadixKernelParams histogram = init;
  histogram.keys_per_thread = gpu::ONESWEEP_HIST_KEYS_PER_THREAD;
  RadixKernelParams scan = init;
  scan.subgroup_size = t.subgroup_size;
  RadixKernelParams pass_kernel = scan;
  pass_kernel.workgroup_size = t.workgroup_size;
  pass_kernel.keys_per_thread = t.keys_per_thread;
  pass_kernel.partial_tiles = t.tile_keys < t.workgroup_size * t.keys_per_thread;
  pass_kernel.shared_words = t.shared_words;
  pass_kernel.packed_counters = t.packed_counters;
  pass_kernel.lookback_spins = std::max(options.lookback_spins, 1u);
  // On lavapipe, whose threads may start a workgroup before lower-numbered ones, tiles in start
  // order took 100 sorts of 256 tiles 8.9-10.3 s against 12.0-13.2 by index (BENCHMARKS.md note
  // 125); GPUs start workgroups in index order.
  pass_kernel.tiles_from_counter = limits.cpu;
  if (options.withhold_mode != gpu::ONESWEEP_WITHHOLD_OFF && options.withhold_period != 0) {
    pass_kernel.withhold_mode = options.withhold_mode;
    pass_kernel.withhold_first = options.withhold_period - 1;
    pass_kernel.withhold_period = options.withhold_period;
  } else if (spec.delayed_tile != k_no_delayed_tile) {
    if (spec.delayed_tile >= tiles) {
      // Tiles counted from 1, as --delay-tile takes them.
      throw UsageError("--delay-tile " + std::to_string(spec.delayed_tile + 1) +
                       ": onesweep sorts " + std::to_string(spec.n) + " keys in " +
                       std::to_string(tiles) + " tiles (1 to " + std::to_string(tiles) +
                       "); smaller --tile-keys make more");
    }
    pass_kernel.withhold_mode =
        spec.delayed_never ? gpu::ONESWEEP_WITHHOLD_NEVER : gpu::ONESWEEP_WITHHOLD_LATE;
    pass_kernel.withhold_first = spec.delayed_tile;
  }
  const std::uint32_t push = sizeof(gpu::OnesweepStep);
  // u64 keys and pairs have a pass module of their own (onesweep_pass.comp says why). Where the
  // device finds a digit's lanes in one instruction, the passes of one-word keys without values
  // run one of two modules, chosen on the GPU by the scan step (onesweep_dispatch_index): the
  // ranking by partition where it finds few distinct digits per subgroup (a pass of f32 keys in a
  // small range took 1.10 ms instead of 1.31 on the H100, BENCHMARKS.md note 131), else by ballots.
  // pass_shaders: the module of each ranking (ONESWEEP_RANK_BY_*), the same twice where the GPU
  // does not choose.
  const std::string pass_shader =
      stages_whole_keys(spec) ? "onesweep_pass_whole.comp" : "onesweep_pass.comp";
  std::array<std::string, 2> pass_shaders = options.pass_shaders_by_ranking;
  const bool gpu_chooses =
      !pass_shaders[0].empty() || (!stages_whole_keys(spec) && limits.subgroup_partitioned);
  if (pass_shaders[0].empty()) {
    pass_shaders = {pass_shader, gpu_chooses ? "onesweep_pass_partitioned.comp" : pass_shader};
  }
  plan.kernels = {radix_kernel(spec, "onesweep_init.comp", push, init),
                  radix_kernel(spec, "onesweep_histogram.comp", push, histogram),
                  radix_kernel(spec, "onesweep_scan.comp", push, scan)};
  plan.kernels.back().splittable = false;  // its workgroups stride by gl_NumWorkGroups
  // The index of a pass kernel in the plan, added where no alike one is there yet: one for every
  // pass where all passes read and write keys alike.
  auto pass_kernel_index = [&plan](KernelSpec kernel) {
    // Without the driver's bounds checks the pass took u32 at 2^28 from 7.88 to 7.57 ms and pairs
    // from 10.92 to 10.04, f32 8.04 -> 8.29 (docs/bench/2026-11-25-h100-speed-13-experiments.txt,
    // run 8). Every access is within the plan's buffers: tiles cover [0, n), status words
    // onesweep_status_words(tiles), records tiles x ONESWEEP_RECORD_WORDS, items the buffers
    // size_buffers_for_items made.
    kernel.buffer_bounds_checks = false;
    const auto same =
        std::find_if(plan.kernels.begin() + 3, plan.kernels.end(),
                     [&](const KernelSpec& k) { return k.cache_key() == kernel.cache_key(); });
    const auto index = static_cast<std::uint32_t>(same - plan.kernels.begin());
    if (same == plan.kernels.end()) plan.kernels.push_back(std::move(kernel));
    return index;
  };
  // The pass kernels of each pass, by ranking, for each way its passes read and write keys
  // (pairs_layouts, keys_encoded_between_passes).
  const bool sorts = spec.n >= 2;  // else nothing to order: the plan gets no steps (below)
  const bool items = sorts && size_buffers_for_items(plan, spec, limits);
  const bool encoded = sorts && keys_encoded_between_passes(spec);
  std::vector<std::array<std::uint32_t, 2>> pass_kernels;
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    std::tie(pass_kernel.pairs_in, pass_kernel.pairs_out) = pairs_layouts(items, pass, passes);
    pass_kernel.keys_in_encoded = encoded && pass > 0;
    pass_kernel.keys_out_encoded = encoded && pass + 1 < passes;
    pass_kernels.push_back(
        {pass_kernel_index(radix_kernel(spec, pass_shaders[0], push, pass_kernel)),
         pass_kernel_index(radix_kernel(spec, pass_shaders[1], push, pass_kernel))});
  }
  if (!sorts) return plan;  // no steps: the keys stay in buffer 0

  const std::uint64_t key_bytes_total = std::uint64_t(spec.n) * key_bytes(spec.key_type);
  const std::uint64_t value_bytes = spec.pairs ? std::uint64_t(spec.n) * 4u : 0u;
  const std::uint64_t hist_bytes = 2ull * passes * gpu::ONESWEEP_DIGITS * 4u;
  const std::vector<std::uint32_t> rest = {
      gpu::ONESWEEP_BUFFER_DIGIT_HIST, gpu::ONESWEEP_BUFFER_STATUS, gpu::ONESWEEP_BUFFER_RECORDS};
  gpu::OnesweepStep p{};
  p.n = spec.n;
  p.passes = passes;
  p.tile_keys = t.tile_keys;
  p.tiles = tiles;
  p.clear_words = gpu::ONESWEEP_STATUS_HEADER + tiles * gpu::ONESWEEP_DIGITS;
  p.hist_keys = onesweep_hist_keys(spec.n, options.hist_chunks_per_group);
  auto add = [&](std::uint32_t stage, std::uint32_t pass, std::string label,
                 GroupCount groups) -> Step& {
    p.stage = stage;
    p.groups_x = groups.x;
    const bool moves = stage == gpu::ONESWEEP_STAGE_PASS;
    return add_radix_step(plan, std::move(label), stage, radix_pass_bindings(pass, rest), p, groups,
                          moves ? radix_keys_after(pass) : 0, moves ? radix_values_after(pass) : 1);
  };

  const std::uint64_t init_threads =
      std::max<std::uint64_t>(passes * gpu::ONESWEEP_DIGITS, p.clear_words);
  Step& i = add(gpu::ONESWEEP_STAGE_INIT, 0, "clear histograms and tile status",
                groups_for(init_threads, wg, limits));
  i.kind = "init";
  i.bytes_written = hist_bytes / 2 + std::uint64_t(p.clear_words) * 4u;
  Step& h = add(gpu::ONESWEEP_STAGE_HISTOGRAM, 0,
                "histograms of all " + std::to_string(passes) + " digits",
                groups_for(spec.n, p.hist_keys, limits));
  h.kind = "histogram";
  h.bytes_read = key_bytes_total;
  h.bytes_written = hist_bytes / 2;
  Step& s = add(gpu::ONESWEEP_STAGE_SCAN, 0, "scan digit histograms", GroupCount{passes, 1, 1});
  s.kind = "scan";
  s.writes_dispatch_args = gpu_chooses;
  s.bytes_read = hist_bytes / 2;
  s.bytes_written = hist_bytes / 2 + passes * 8u;  // the offsets, and how each pass ranks
  const GroupCount tile_groups =
      groups_for(std::uint64_t(tiles) * t.workgroup_size, t.workgroup_size, limits);
  // Each pass's group counts for both rankings, of which the scan step gives one z = 0.
  PlanBuffer& digit_hist = plan.buffers[gpu::ONESWEEP_BUFFER_DIGIT_HIST];
  digit_hist.initial_words.assign(gpu::onesweep_hist_words(passes), 0u);
  digit_hist.dispatch_args = gpu_chooses;
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    p.pass = pass;
    p.word = gpu::radix_pass_word(pass, gpu::ONESWEEP_BITS);
    p.shift = gpu::radix_pass_shift(pass, gpu::ONESWEEP_BITS);
    p.region = pass % 2u;
    Step& x = add(gpu::ONESWEEP_STAGE_PASS, pass,
                  "pass " + std::to_string(pass + 1) + " (bits " +
                      std::to_string(pass * gpu::ONESWEEP_BITS) + ".." +
                      std::to_string(pass * gpu::ONESWEEP_BITS + 7) + "): rank, look back, scatter",
                  tile_groups);
    x.kind = "pass " + std::to_string(pass + 1);
    x.kernel = pass_kernels[pass][gpu::ONESWEEP_RANK_BY_BALLOTS];
    for (std::uint32_t ranking : {gpu::ONESWEEP_RANK_BY_BALLOTS, gpu::ONESWEEP_RANK_BY_PARTITION}) {
      const std::uint32_t at = gpu::onesweep_dispatch_index(passes, pass, ranking);
      digit_hist.initial_words[at] = tile_groups.x;
      digit_hist.initial_words[at + 1] = tile_groups.y;
      if (gpu_chooses) {
        x.gpu_choices.push_back(
            {pass_kernels[pass][ranking], gpu::ONESWEEP_BUFFER_DIGIT_HIST, 4ull * at});
      }
    }
    const std::uint64_t status_bytes = std::uint64_t(tiles) * gpu::ONESWEEP_DIGITS * 4u;
    x.bytes_read = key_bytes_total + value_bytes + status_bytes;
    x.bytes_written = key_bytes_total + value_bytes + 2u * status_bytes;
  }
  plan.result_keys = radix_keys_after(passes - 1);
  plan.result_values = radix_values_after(passes - 1);
  return plan;
}

}  // namespace ss
