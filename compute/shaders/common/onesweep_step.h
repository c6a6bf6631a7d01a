// onesweep (seed 003): LSD radix sort with 8-bit digits after Adinets and Merrill. Steps:
//   init       clears the digit histograms, the tile counters and status region 0;
//   histogram  one read of the keys builds the 256-bucket histogram of every digit at once;
//   scan       exclusive scan of each digit's histogram: where each bucket starts globally;
//   pass p     (one per digit) each workgroup takes the next tile id from an atomic counter (launch
//              order; at full speed its own index instead, onesweep_pass.comp says why), ranks its
//              keys stably within the tile, publishes its bucket counts, finds
//              for each bucket how many keys of earlier tiles precede it by a chained scan with
//              decoupled lookback over the 256-bucket status words, publishes its inclusive
//              prefix, and scatters the keys through shared memory so the writes coalesce. It
//              also clears the other status region for pass p + 1.
// 32-bit keys take 4 passes, u64 keys 8; the result ends in the buffer the input came in.
//
// Lookback never waits unboundedly: a status word still empty after ONESWEEP spins makes the
// whole workgroup compute that tile's histogram itself from the input keys (the fallback), publish
// it as the tile's aggregate for others (atomicMax: identical to what the tile would publish, and
// never overwrites an inclusive prefix), and continue one tile further back. A workgroup thus
// depends on no other workgroup making progress, on lavapipe as on GPUs.
//
// Plan buffers (index = PlanBuffer index):
//   0 keys, 1 values, 2 keys (alt), 3 values (alt)   ping-pong, like radix4; the full-speed
//                        pipelines of one-word keys with values leave the passes between the
//                        first and the last their pairs as 8-byte items instead (RADIX_PAIRS_*
//                        in radix_digits.h): interleaved in buffer 2, or split over buffers 0
//                        and 1
//   4 digit histograms   uint[onesweep_hist_words(passes)]: onesweep_hist_index(p, b) = keys
//                        whose pass-p digit is b; onesweep_offset_index(passes, p, b) = exclusive
//                        scan over b; onesweep_dispatch_index(passes, p, r) = the group counts
//                        of pass p's dispatch ranked by ballots or by partition (r), of which
//                        onesweep_partition_index(passes, p) = 1 where the scan step chose
//                        partition (onesweep_partition_limit), else 0
//   5 tile status        uint[onesweep_status_words(tiles)]: ONESWEEP_STATUS_HEADER words of
//                        tile counters (word p: next tile id of pass p), then two regions of
//                        tiles * 256 status words; pass p publishes in region p % 2 at
//                        onesweep_status_index(tiles, p % 2, tile, bucket). After pass p's step
//                        its region holds every tile's final status (views); the other is zero.
//   6 lookback records   uint[tiles * ONESWEEP_RECORD_WORDS], written by instrumented pipelines
//                        only (the stepper's): per tile of the last pass, see ONESWEEP_RECORD_*.
#ifndef SS_ONESWEEP_STEP_H
#define SS_ONESWEEP_STEP_H
#include "radix_digits.h"
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_CONST uint ONESWEEP_BITS = 8u;
SS_CONST uint ONESWEEP_DIGITS = 256u;
SS_CONST uint ONESWEEP_HIST_WORKGROUP = 256u;
SS_CONST uint ONESWEEP_HIST_KEYS_PER_THREAD = 16u;
SS_CONST uint ONESWEEP_MAX_PASSES = 8u;

SS_CONST uint ONESWEEP_BUFFER_KEYS = 0u;
SS_CONST uint ONESWEEP_BUFFER_VALUES = 1u;
SS_CONST uint ONESWEEP_BUFFER_KEYS_ALT = 2u;
SS_CONST uint ONESWEEP_BUFFER_VALUES_ALT = 3u;
SS_CONST uint ONESWEEP_BUFFER_DIGIT_HIST = 4u;
SS_CONST uint ONESWEEP_BUFFER_STATUS = 5u;
SS_CONST uint ONESWEEP_BUFFER_RECORDS = 6u;
SS_CONST uint ONESWEEP_BUFFER_COUNT = 7u;

SS_CONST uint ONESWEEP_BINDING_DIGIT_HIST = 4u;
SS_CONST uint ONESWEEP_BINDING_STATUS = 5u;
SS_CONST uint ONESWEEP_BINDING_RECORDS = 6u;

SS_CONST uint ONESWEEP_STAGE_INIT = 0u;
SS_CONST uint ONESWEEP_STAGE_HISTOGRAM = 1u;
SS_CONST uint ONESWEEP_STAGE_SCAN = 2u;
SS_CONST uint ONESWEEP_STAGE_PASS = 3u;

// Push constants of all four onesweep kernels, and the StepView of their steps.
struct OnesweepStep {
  uint stage;        // ONESWEEP_STAGE_*: which kernel runs (kernels ignore it; views read it)
  uint n;            // keys
  uint passes;       // digit passes of the whole sort (4, or 8 for u64 keys)
  uint pass;         // pass: this pass, 0 = least significant digit
  uint word;         // pass: key word holding the digit (radix_pass_word)
  uint shift;        // pass: bit offset of the digit in that word (radix_pass_shift)
  uint tile_keys;    // keys per tile of the pass kernel: up to threads * keys per thread
  uint tiles;        // radix_tiles(n, tile_keys)
  uint region;       // pass: status region it publishes in (pass % 2)
  uint clear_words;  // init: words of the status buffer it zeroes (header and region 0)
  uint hist_keys;    // histogram: keys per workgroup
  uint groups_x;     // workgroups along x, to flatten a 2D dispatch
};

// Status word of one (tile, bucket): flag in the top two bits, a 30-bit key count below.
// AGGREGATE: the tile's own count of the bucket. PREFIX: keys of the bucket in this tile and all
// earlier ones plus the keys of all lower buckets (the global offset is folded in at tile 0), i.e.
// the output position just after the tile's last key of the bucket. 30 bits cap n.
SS_CONST uint ONESWEEP_STATUS_EMPTY = 0u;
SS_CONST uint ONESWEEP_STATUS_AGGREGATE = 1u;
SS_CONST uint ONESWEEP_STATUS_PREFIX = 2u;
SS_CONST uint ONESWEEP_STATUS_VALUE_MASK = 0x3fffffffu;
SS_CONST uint ONESWEEP_MAX_N = 0x3fffffffu;
SS_CONST uint ONESWEEP_STATUS_HEADER = 16u;

SS_FN uint onesweep_status_pack(uint flag, uint value) {
  return (flag << 30u) | value;
}
SS_FN uint onesweep_status_flag(uint status) {
  return status >> 30u;
}
SS_FN uint onesweep_status_value(uint status) {
  return status & ONESWEEP_STATUS_VALUE_MASK;
}
SS_FN uint onesweep_status_index(uint tiles, uint region, uint tile, uint bucket) {
  return ONESWEEP_STATUS_HEADER + (region * tiles + tile) * ONESWEEP_DIGITS + bucket;
}
SS_FN uint onesweep_status_words(uint tiles) {
  return ONESWEEP_STATUS_HEADER + 2u * tiles * ONESWEEP_DIGITS;
}

SS_FN uint onesweep_hist_index(uint pass, uint bucket) {
  return pass * ONESWEEP_DIGITS + bucket;
}
SS_FN uint onesweep_offset_index(uint passes, uint pass, uint bucket) {
  return (passes + pass) * ONESWEEP_DIGITS + bucket;
}
// After the offsets, for each pass, the group counts (VkDispatchIndirectCommand: x, y, z) of its
// two pass modules' dispatches where the plan lets the GPU choose how the pass ranks its keys:
// by ballots (onesweep_pass.comp), then by partition (onesweep_pass_partitioned.comp). The plan
// uploads x and y, the pass's tiles; the scan step writes z, 1 for the ranking it chose and 0 for
// the other, so only that module runs. Elsewhere the words only record the choice.
SS_CONST uint ONESWEEP_RANK_BY_BALLOTS = 0u;
SS_CONST uint ONESWEEP_RANK_BY_PARTITION = 1u;
SS_CONST uint ONESWEEP_DISPATCH_WORDS = 3u;
SS_FN uint onesweep_dispatch_index(uint passes, uint pass, uint ranking) {
  return 2u * passes * ONESWEEP_DIGITS + (pass * 2u + ranking) * ONESWEEP_DISPATCH_WORDS;
}
// The z word of a ranking's group counts: 1 where the scan step chose it for the pass, else 0.
SS_FN uint onesweep_chosen_index(uint passes, uint pass, uint ranking) {
  return onesweep_dispatch_index(passes, pass, ranking) + 2u;
}
SS_FN uint onesweep_partition_index(uint passes, uint pass) {
  return onesweep_chosen_index(passes, pass, ONESWEEP_RANK_BY_PARTITION);
}
SS_FN uint onesweep_hist_words(uint passes) {
  return onesweep_dispatch_index(passes, passes, 0u);
}

// The scan step chooses ranking by partition (subgroupPartitionNV, one instruction that finds the
// lanes holding a key's digit, where the device has it: onesweep_pass.comp) when
// fewer distinct digits than onesweep_partition_limit are expected among a subgroup's keys of one
// round, from the pass's histogram: the sum over digits b of 1 - (1 - count_b / n)^subgroup_size,
// in units of 1 / ONESWEEP_DISTINCT_SCALE. The partition takes longer the more distinct values its
// lanes hold, eight ballots the same whatever they hold: on the H100 a pass at 2^28 took 2.17 ms
// by partition against 1.34 by ballots with uniform digits (about 30 distinct of 32 lanes), and
// 1.10 against 1.31 for the top digit of f32 keys in [-1000, 1000) (about 5.5), which crosses near
// 11 of 32 (BENCHMARKS.md note 131). Other subgroup sizes scale the limit.
SS_CONST uint ONESWEEP_PARTITION_DISTINCT_OF_32 = 10u;
SS_CONST uint ONESWEEP_DISTINCT_SCALE = 1024u;
SS_FN uint onesweep_partition_limit(uint subgroup_size) {
  return ONESWEEP_PARTITION_DISTINCT_OF_32 * ONESWEEP_DISTINCT_SCALE * subgroup_size / 32u;
}

// Lookback record of one tile (instrumented pipelines only), words at tile * RECORD_WORDS:
SS_CONST uint ONESWEEP_RECORD_WORDS = 4u;
SS_CONST uint ONESWEEP_RECORD_WORKGROUP = 0u;  // flat index of the workgroup that got the tile
SS_CONST uint ONESWEEP_RECORD_DEPTH = 1u;      // earlier tiles its lookback inspected
SS_CONST uint ONESWEEP_RECORD_FALLBACKS = 2u;  // of those, tiles whose histogram it computed
SS_CONST uint ONESWEEP_RECORD_FLAGS = 3u;      // ONESWEEP_FLAG_* bits
SS_CONST uint ONESWEEP_FLAG_PUBLISHED_AGGREGATE = 1u;  // published its counts before lookback
SS_CONST uint ONESWEEP_FLAG_PUBLISHED_PREFIX = 2u;     // published its inclusive prefix
SS_CONST uint ONESWEEP_FLAG_WITHHELD = 4u;             // held back (withheld tiles, below)
SS_CONST uint ONESWEEP_FLAG_REACHED_START = 8u;        // some bucket's lookback went past tile 0

// Withheld tiles (specialization constants RADIX_SPEC_WITHHOLD_*): tile `first`, and with a
// period every period-th tile after it, publish late (only their inclusive prefix, after their
// scatter) or never, so the tiles after them look back further and use the fallback. The
// teaching switch (SortSpec::delayed_tile, --delay-tile) withholds one tile; tests withhold
// periodically.
SS_CONST uint ONESWEEP_WITHHOLD_OFF = 0u;
SS_CONST uint ONESWEEP_WITHHOLD_LATE = 1u;
SS_CONST uint ONESWEEP_WITHHOLD_NEVER = 2u;
SS_FN bool onesweep_tile_withheld(uint mode, uint first, uint period, uint tile) {
  if (mode == ONESWEEP_WITHHOLD_OFF || tile < first) return false;
  return period == 0u ? tile == first : (tile - first) % period == 0u;
}

// Shared memory of the pass kernel besides its main array of RADIX_SPEC_SHARED_WORDS words:
// local bases (then the fallback's counts, then global bases; 256), one total per subgroup,
// three vote slots, the tile id, a flag, the deepest walk and the stuck tile. The tile's counts
// take 256 words of the main array, after the counters. Keep in step with onesweep_pass.comp.
SS_FN uint onesweep_pass_extra_shared_words(uint subgroups) {
  return ONESWEEP_DIGITS + subgroups + 7u;
}

SS_NAMESPACE_END

#ifdef __cplusplus
static_assert(sizeof(ss::gpu::OnesweepStep) == 48, "OnesweepStep is the onesweep push block");
#endif

#endif  // SS_ONESWEEP_STEP_H
