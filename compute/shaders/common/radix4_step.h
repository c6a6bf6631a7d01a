// radix4 (seed 001): LSD radix sort with 4-bit digits, reduce-then-scan. Each digit pass is three
// steps, each one dispatch:
//   count   one workgroup per tile counts the tile's 16 digits into the tile-histogram buffer,
//           and adds them to the pass's digit counts (spread over RADIX4_COUNT_SPREAD copies);
//   scan    workgroups over chunks of each digit's row scan the tile histogram (digit-major, so
//           the exclusive scan of entry (d, t) is where tile t's keys of digit d start in the
//           output; a chunk starts from the digit counts of the lower digits and a look-back
//           over the row's earlier chunks) and write the digit totals and offsets;
//   scatter one workgroup per tile ranks its keys stably within the tile (per-subgroup ballots)
//           and writes each key (and value) to its tile offset + rank, into the other buffer.
// 32-bit keys take 8 passes, u64 keys 16; the result ends in the buffer the input came in.
//
// Plan buffers (index = PlanBuffer index; the step binds them to the RADIX_BINDING_* slots):
//   0 keys, 1 values           input, and result (an even number of passes)
//   2 keys (alt), 3 values (alt) ping-pong partners; odd passes read these
//   4 tile histograms          uint[16 * tiles], entry radix4_tile_entry(d, t, tiles): count of
//                              digit d in tile t for the current pass (written by count)
//   5 tile offsets             uint[16 * tiles], same indexing: exclusive scan of buffer 4, i.e.
//                              the output position of tile t's first key with digit d (scan)
//   6 digit totals             uint[2 * passes * 16]: radix4_total_index(p, d) = keys with
//                              digit d in pass p; radix4_offset_index(passes, p, d) = its
//                              exclusive scan over d (written by the scan of pass p); then
//                              uint[passes * 16 * RADIX4_COUNT_SPREAD] digit counts,
//                              radix4_count_index(passes, p, d, s): the count steps' atomics;
//                              then the scan's look-back words (radix4_scan_aggregate_index);
//                              all zeroed before every run
#ifndef SS_RADIX4_STEP_H
#define SS_RADIX4_STEP_H
#include "radix_digits.h"
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_CONST uint RADIX4_BITS = 4u;
SS_CONST uint RADIX4_DIGITS = 16u;

SS_CONST uint RADIX4_BUFFER_KEYS = 0u;
SS_CONST uint RADIX4_BUFFER_VALUES = 1u;
SS_CONST uint RADIX4_BUFFER_KEYS_ALT = 2u;
SS_CONST uint RADIX4_BUFFER_VALUES_ALT = 3u;
SS_CONST uint RADIX4_BUFFER_TILE_HIST = 4u;
SS_CONST uint RADIX4_BUFFER_TILE_OFFSETS = 5u;
SS_CONST uint RADIX4_BUFFER_DIGIT_TOTALS = 6u;
SS_CONST uint RADIX4_BUFFER_COUNT = 7u;

// Binding slots 4..6 hold buffers 4..6.
SS_CONST uint RADIX4_BINDING_TILE_HIST = 4u;
SS_CONST uint RADIX4_BINDING_TILE_OFFSETS = 5u;
SS_CONST uint RADIX4_BINDING_DIGIT_TOTALS = 6u;

SS_CONST uint RADIX4_STAGE_COUNT = 0u;
SS_CONST uint RADIX4_STAGE_SCAN = 1u;
SS_CONST uint RADIX4_STAGE_SCATTER = 2u;

// Push constants of all three radix4 kernels, and the StepView of their steps.
struct Radix4Step {
  uint stage;      // RADIX4_STAGE_*: which kernel runs (kernels ignore it; views read it)
  uint n;          // keys
  uint passes;     // digit passes of the whole sort (8, or 16 for u64 keys)
  uint pass;       // this pass, 0 = least significant digit
  uint word;       // key word holding the digit (radix_pass_word)
  uint shift;      // bit offset of the digit in that word (radix_pass_shift)
  uint tile_keys;  // keys per tile of count and scatter: workgroup size * keys per thread
  uint tiles;      // radix_tiles(n, tile_keys)
  uint groups_x;   // workgroups along x, to flatten a 2D dispatch (count, scatter)
};

SS_FN uint radix4_tile_entry(uint digit, uint tile, uint tiles) {
  return digit * tiles + tile;
}
SS_FN uint radix4_total_index(uint pass, uint digit) {
  return pass * RADIX4_DIGITS + digit;
}
SS_FN uint radix4_offset_index(uint passes, uint pass, uint digit) {
  return (passes + pass) * RADIX4_DIGITS + digit;
}

// Copies of each digit count the count step's workgroups add into (tile t into copy t % spread),
// so that few of them wait on one address; the scan sums the copies of the lower digits instead
// of reading their rows of the tile histogram (a single workgroup's reads, 8 MiB for digit 15
// at 2^28 keys, made the scan 7.5% of the sort on an H100). With 32 copies the atomics took 38%
// of the count steps there (4096 per address per pass at 2^28).
SS_CONST uint RADIX4_COUNT_SPREAD = 1024u;
SS_FN uint radix4_count_index(uint passes, uint pass, uint digit, uint copy) {
  return 2u * passes * RADIX4_DIGITS + (pass * RADIX4_DIGITS + digit) * RADIX4_COUNT_SPREAD + copy;
}
SS_FN uint radix4_digit_totals_words(uint passes) {
  return 2u * passes * RADIX4_DIGITS + passes * RADIX4_DIGITS * RADIX4_COUNT_SPREAD;
}

// Entries each scan-workgroup thread scans: a scan workgroup covers a chunk of its workgroup size
// times this many entries of one digit's row.
SS_CONST uint RADIX4_SCAN_ITEMS = 8u;
SS_FN uint radix4_scan_chunks(uint tiles, uint scan_workgroup_size) {
  uint chunk = scan_workgroup_size * RADIX4_SCAN_ITEMS;
  return (tiles + chunk - 1u) / chunk;
}
// After the digit counts, the scan's look-back words: for each pass, digit and chunk of the row,
// the chunk's sum, then its inclusive prefix in the row, each published as value + 1 (0: not
// yet), zeroed before every run with the rest of the buffer.
SS_FN uint radix4_scan_aggregate_index(uint passes, uint pass, uint digit, uint chunk,
                                       uint chunks) {
  return radix4_digit_totals_words(passes) + ((pass * RADIX4_DIGITS + digit) * chunks + chunk) * 2u;
}
SS_FN uint radix4_scan_prefix_index(uint passes, uint pass, uint digit, uint chunk, uint chunks) {
  return radix4_scan_aggregate_index(passes, pass, digit, chunk, chunks) + 1u;
}
SS_FN uint radix4_scan_words(uint passes, uint chunks) {
  return passes * RADIX4_DIGITS * chunks * 2u;
}

SS_NAMESPACE_END

#ifdef __cplusplus
static_assert(sizeof(ss::gpu::Radix4Step) == 36, "Radix4Step is the radix4 push-constant block");
#endif

#endif  // SS_RADIX4_STEP_H
