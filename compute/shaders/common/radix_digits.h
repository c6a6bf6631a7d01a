// Digit extraction and tile index math shared by the LSD radix sorts (radix4, onesweep), their
// C++ planners, the views and the CPU reference counts in the tests.
//
// Keys stay raw in memory. A pass extracts its digit from the encoded key (encode_key_word), so
// i32/f32 order, IEEE totalOrder and descending order all come from the same function the
// comparator networks use. Sorting stably by every digit from least to most significant gives a
// stable sort by the encoded key, and therefore a stable descending sort too.
#ifndef SS_RADIX_DIGITS_H
#define SS_RADIX_DIGITS_H
#include "keys.h"
#include "shared_types.h"

SS_NAMESPACE_BEGIN

// Descriptor bindings shared by all radix kernels. Each step binds the plan's buffers to these
// slots; ping-pong passes swap which plan buffer sits in the "in" and "out" slots.
SS_CONST uint RADIX_BINDING_KEYS_IN = 0u;
SS_CONST uint RADIX_BINDING_VALUES_IN = 1u;
SS_CONST uint RADIX_BINDING_KEYS_OUT = 2u;
SS_CONST uint RADIX_BINDING_VALUES_OUT = 3u;
// Slots 4..6 are algorithm specific (radix4_step.h, onesweep_step.h).
SS_CONST uint RADIX_BINDING_COUNT = 7u;

// Specialization constant ids of every radix kernel (0 is local_size_x). Ids 1..4 match the
// network kernels, so Plan::instrumented_constant_id is RADIX_SPEC_INSTRUMENTED for both.
SS_CONST uint RADIX_SPEC_KEY_TYPE = 1u;
SS_CONST uint RADIX_SPEC_DESCENDING = 2u;
SS_CONST uint RADIX_SPEC_HAS_VALUES = 3u;
SS_CONST uint RADIX_SPEC_INSTRUMENTED = 4u;
// The subgroup size the pipeline is created with (required, full subgroups): sizes the shared
// per-subgroup histograms and the tile layout below.
SS_CONST uint RADIX_SPEC_SUBGROUP_SIZE = 5u;
SS_CONST uint RADIX_SPEC_KEYS_PER_THREAD = 6u;
// Words of the kernel's main shared array (per-subgroup histograms, then the staging tile).
SS_CONST uint RADIX_SPEC_SHARED_WORDS = 7u;
// onesweep (onesweep_step.h): lookback spins before the fallback, withheld tiles; radix4's scan
// reads WITHHOLD_PERIOD only (radix4.hpp, Radix4Options).
SS_CONST uint RADIX_SPEC_LOOKBACK_SPINS = 8u;
SS_CONST uint RADIX_SPEC_WITHHOLD_MODE = 9u;
SS_CONST uint RADIX_SPEC_WITHHOLD_PERIOD = 10u;
SS_CONST uint RADIX_SPEC_WITHHOLD_FIRST = 11u;
// Whether tiles hold fewer keys than the workgroup has slots (teaching tiles): only then do the
// kernels test a slot against tile_keys, so the tuned kernels keep their plain `i < n` (the
// extra test cost radix4's scatter 40% on an H100).
SS_CONST uint RADIX_SPEC_PARTIAL_TILES = 12u;
// Whether the ranking counters are 16-bit halves of shared words (radix_packed_shift) or whole
// words. Whole words are faster (two digits never share one word's atomics: onesweep's passes
// 12% faster on an H100) and are used where they take no shared memory from the tile.
SS_CONST uint RADIX_SPEC_PACKED_COUNTERS = 13u;
// Where onesweep's full-speed pipelines (not instrumented) read and write one-word keys with
// values in a pass (RADIX_PAIRS_*): the Stepper's pipelines, whose buffers the views draw, keep
// every pass's keys and values apart.
SS_CONST uint RADIX_SPEC_PAIRS_IN = 14u;
SS_CONST uint RADIX_SPEC_PAIRS_OUT = 15u;
// Whether onesweep's full-speed pipelines read keys as encode_key_word makes them, and store them
// so: the passes between the first and the last, for one-word keys whose encoding is not the
// identity (i32, f32, descending). The Stepper's pipelines read and write raw keys.
SS_CONST uint RADIX_SPEC_KEYS_IN_ENCODED = 16u;
SS_CONST uint RADIX_SPEC_KEYS_OUT_ENCODED = 17u;
// Whether onesweep's full-speed pass takes its tile id from the pass's tile counter, in launch
// order, or its workgroup's index (onesweep_pass.comp); the Stepper's pipelines always count.
SS_CONST uint RADIX_SPEC_TILES_FROM_COUNTER = 18u;
SS_CONST uint RADIX_SPEC_COUNT = 18u;  // constants 1..18

// Layouts of n one-word keys with their values in a pass's buffers. Apart: keys in the keys
// buffer, values in the values buffer. Interleaved: key i and its value side by side, 8 bytes at
// 8 * i of the keys buffer (which takes 8n bytes). Split: the same 8-byte items, the first
// radix_split_items(n) in the keys buffer and the rest in the values buffer, so that two buffers of
// 4n bytes (rounded up to 8) hold them. On the H100 a pass that wrote keys and values apart took
// 0.14 ms longer at 2^28 than one that wrote them as items (BENCHMARKS.md note 114).
SS_CONST uint RADIX_PAIRS_APART = 0u;
SS_CONST uint RADIX_PAIRS_INTERLEAVED = 1u;
SS_CONST uint RADIX_PAIRS_SPLIT = 2u;

// Items of a split layout in the keys buffer: the first half, rounded up.
SS_FN uint radix_split_items(uint n) {
  return n / 2u + n % 2u;
}

// Digit passes of an LSD sort with `bits`-bit digits: 32-bit keys take 32 / bits, u64 twice that.
SS_FN uint radix_passes(uint key_type, uint bits) {
  return key_words(key_type) * 32u / bits;
}

// Pass p reads the digit at bit p * bits of the key: in word 0 (the low or only word) or word 1
// (the high word of a u64 key), at this shift within the word. bits divides 32.
SS_FN uint radix_pass_word(uint pass, uint bits) {
  return pass * bits / 32u;
}
SS_FN uint radix_pass_shift(uint pass, uint bits) {
  return pass * bits % 32u;
}

// The digit of one raw key word: encoded first, so unsigned digit order is the sort order.
SS_FN uint radix_digit(uint raw_word, uint key_type, bool descending, uint shift, uint bits) {
  return (encode_key_word(raw_word, key_type, descending) >> shift) & ((1u << bits) - 1u);
}

// Tiles of tile_keys keys covering n keys (the last one may be partial); safe for n near 2^32.
SS_FN uint radix_tiles(uint n, uint tile_keys) {
  return n / tile_keys + (n % tile_keys != 0u ? 1u : 0u);
}

// Parts in which a tile of tile_slots keys passes through shared memory that holds part_positions
// staged keys when it is staged in parts (onesweep, stage_parts in radix_rank.glsl): part p holds
// the keys ranked at positions [p * part_positions, (p + 1) * part_positions).
SS_FN uint radix_stage_parts(uint tile_slots, uint part_positions) {
  return radix_tiles(tile_slots, part_positions);
}

// Words of shared memory a staged position takes where each key is staged whole with its value
// (onesweep's module for u64 keys and pairs, RADIX_STAGES_WHOLE_ITEMS in radix_rank.glsl): a part
// of stage_words words holds stage_words / radix_whole_item_words(...) positions.
SS_FN uint radix_whole_item_words(uint key_type, bool values) {
  return key_words(key_type) + (values ? 1u : 0u);
}

// Layout of a tile in the ranking kernels: subgroup s owns the contiguous segment
// [s * subgroup_size * keys_per_thread, (s + 1) * ...) of the tile and reads it in keys_per_thread
// rounds of subgroup_size consecutive keys (coalesced), lane l taking key round * subgroup_size +
// l. Ranking subgroup by subgroup, round by round, lane by lane thus visits keys in input order,
// which is what makes the sort stable.
SS_FN uint radix_tile_key_index(uint tile, uint tile_keys, uint subgroup, uint subgroup_size,
                                uint keys_per_thread, uint round, uint lane) {
  return tile * tile_keys + subgroup * subgroup_size * keys_per_thread + round * subgroup_size +
         lane;
}

// Slot `local` (0-based within the tile) holds a real key when it lies inside the tile and inside
// n. A tile may hold fewer keys than its workgroup has slots (teaching tiles: 8 keys for 256
// threads); the slots past tile_keys then behave like those past n in a partial last tile.
SS_FN bool radix_tile_slot_valid(uint tile, uint tile_keys, uint local, uint n) {
  return local < tile_keys && tile * tile_keys + local < n;
}

// Packed per-subgroup digit counts are 16-bit halves of shared words (digit d in word d / 2, bits
// 16 * (d % 2)): a tile never holds 65536 keys, so they cannot overflow, and adding two packed
// words adds both counts at once.
SS_CONST uint RADIX_MAX_TILE_KEYS = 65535u;
SS_FN uint radix_packed_shift(uint digit) {
  return (digit & 1u) * 16u;
}
SS_FN uint radix_unpack(uint word, uint digit) {
  return (word >> radix_packed_shift(digit)) & 0xffffu;
}

SS_NAMESPACE_END

#endif  // SS_RADIX_DIGITS_H
