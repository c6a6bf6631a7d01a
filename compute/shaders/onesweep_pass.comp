#version 460
// onesweep, one digit pass (seed 003, onesweep_pass). A key's destination is the sum of
//   (1) keys in lower buckets                      } the chained scan over tiles, seeded at tile 0
//   (2) keys of its bucket in earlier tiles         } with the global offsets of the scan step
//   (3) keys of its bucket before it in its tile    (count_tile, rank_tile: workgroup-local)
// The Stepper's (instrumented) pipelines take tile ids from an atomic counter in launch order, so
// a tile only ever looks back at tiles whose workgroups have started; full-speed pipelines take
// their workgroup's index (tiles_from_counter). The lookback never waits unboundedly (see
// onesweep_step.h), whichever order workgroups start in.
//
// u64 keys and keys with values run this kernel compiled with RADIX_STAGES_WHOLE_ITEMS
// (onesweep_pass_whole.comp in compute/CMakeLists.txt), whose staged positions hold a key's every
// word and its value, and which writes a u64 key with one 8-byte store (radix_rank.glsl). A module
// of its own: where the kernel every key type shared could store through an 8-byte view, the
// H100's compiler took pairs (then in that kernel) from 80 registers to 94, though pairs never ran
// those stores (docs/bench/2026-11-26-h100-speed-20-experiments.txt), and the module of one-word
// keys keeps its machine code as tuned. At full speed, one-word keys with values pass from one
// pass to the next as 8-byte items too (pairs_in, pairs_out in radix_common.glsl).
//
// Memory model: a status word carries its whole message (flag and count in one 32-bit word), so
// it is only ever accessed atomically, and relaxed device-scope atomics suffice: no other data is
// published through it. Keys read by the fallback were written by an earlier dispatch.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_memory_scope_semantics : require
// onesweep_pass_partitioned.comp (compute/CMakeLists.txt) ranks by partition, for one-word keys
// without values on devices with VK_NV_shader_subgroup_partitioned: the plan dispatches it or
// onesweep_pass.comp for each pass, as the scan step chose from the pass's histogram
// (onesweep_dispatch_index in onesweep_step.h). One module that branched between the two rankings
// ran the passes it ranked by ballots 3% slower than this one (BENCHMARKS.md note 133).
#ifdef ONESWEEP_PASS_PARTITIONED
#extension GL_NV_shader_subgroup_partitioned : require
#define RADIX_MATCHES_BY_PARTITION
#endif

#include "grid.h"
#include "onesweep_step.h"
#include "radix_common.glsl"

layout(constant_id = RADIX_SPEC_LOOKBACK_SPINS) const uint LOOKBACK_SPINS = 256u;
layout(constant_id = RADIX_SPEC_WITHHOLD_MODE) const uint WITHHOLD_MODE = ONESWEEP_WITHHOLD_OFF;
layout(constant_id = RADIX_SPEC_WITHHOLD_PERIOD) const uint WITHHOLD_PERIOD = 0u;
layout(constant_id = RADIX_SPEC_WITHHOLD_FIRST) const uint WITHHOLD_FIRST = 0u;
layout(constant_id = RADIX_SPEC_TILES_FROM_COUNTER) const bool TILES_FROM_COUNTER = true;

// Predecessors whose status words a look-back step reads at once. On the H100 (onesweep u32 2^26,
// docs/bench/2026-11-23-h100-speed-4-experiments.txt) a pass took 0.667 ms reading one, 0.644 ms
// reading 4, 0.658 ms reading 8 and 0.705 ms reading 16: a batch makes walks longer (later tiles
// find fewer prefixes) as much as it makes them faster.
const uint LOOKBACK_BATCH = 4u;

layout(push_constant) uniform Push {
  OnesweepStep pc;
};

layout(std430, set = 0, binding = ONESWEEP_BINDING_DIGIT_HIST) readonly buffer DigitHist {
  uint digit_hist[];
};
layout(std430, set = 0, binding = ONESWEEP_BINDING_STATUS) buffer Status {
  uint status[];
};
layout(std430, set = 0, binding = ONESWEEP_BINDING_RECORDS) writeonly buffer Records {
  uint records[];
};

// Shared memory; onesweep_pass_extra_shared_words() counts everything but s_work. Two workgroups
// of this pass share an H100 SM only while each declares at most 24 KiB (a 384 x 13 tile with
// 1.5 KiB more took 41% longer, docs/bench/2026-11-24-h100-speed-9-experiments.txt), so arrays
// whose lives do not overlap share words: the tile's counts sit in s_work after the counters
// (read before the ranking ends; the staged tile overwrites them), the fallback counts into
// s_local_base (read before the ranking, or by staging at once, which the look-back's first vote
// barrier ends) and each digit's global base replaces its local base.
// Tiles larger than the array are staged in parts of consecutive positions (stage_parts), so that
// keys of two words and pairs fit the 24 KiB of one-word keys: pairs at 2^28 took 15.0 ms staging
// both words of a whole tile at once in 48 KiB, one workgroup per SM, and 10.7 ms in two rounds of
// one word.
// Per-subgroup counters, then the staged tile.
shared uint s_work[SHARED_WORDS];
shared uint s_vote[3];
shared uint s_tile;
shared uint s_reached_start;  // instrumented: some bucket's lookback went past tile 0
shared uint s_depth;          // instrumented: the longest walk back of any bucket
shared uint s_stuck_tile;     // 1 + the nearest tile a stuck bucket waits on; 0 when none
// (s_local_base, s_global_base: radix_rank.glsl; s_subgroup_total: radix_common.glsl)

#define RADIX_BITS 8u
#define RADIX_GLOBAL_BASE_REPLACES_LOCAL
#define RADIX_COUNT_IN_WORK
#define RADIX_STAGES_IN_PARTS
#define RADIX_PADS_EMPTY_SLOTS
#define RADIX_SEEDS_RANKS
#define RADIX_PACKS_RANKS
#define RADIX_READS_OWN_COUNT
#include "radix_rank.glsl"

uint g_vote_index = 0u;

// True when v holds for any invocation. One barrier: three rotating slots, the next one cleared
// while this one is in use (it was last read before the previous call's barrier).
bool workgroup_any(bool v) {
  uint slot = g_vote_index % 3u;
  if (subgroupAny(v) && subgroupElect()) atomicOr(s_vote[slot], 1u);
  if (wg_lane() == 0u) s_vote[(g_vote_index + 1u) % 3u] = 0u;
  barrier();
  ++g_vote_index;
  return s_vote[slot] != 0u;
}

uint load_status(uint i) {
  return atomicLoad(status[i], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
}

// The fallback: the whole workgroup counts the buckets of tile `look` from its input keys, into
// s_local_base (last read before the vote that called for the fallback).
void fallback_histogram(uint look) {
  const uint lane = wg_lane();
  if (lane < ONESWEEP_DIGITS) s_local_base[lane] = 0u;
  barrier();
  for (uint j = lane; j < pc.tile_keys; j += WORKGROUP_SIZE) {
    uint i = look * pc.tile_keys + j;  // an earlier tile is always full
    uint d = encoded_digit(encoded_input_word(input_key_word(i, pc.word, pc.n)), pc.shift);
    atomicAdd(s_local_base[d], 1u);
  }
  barrier();
}

// A walk that has read tile 0's aggregate without meeting a prefix: the keys of lower buckets
// (the global offset) complete its prefix.
void finish_at_start(uint look, inout uint prefix, inout bool done, inout bool reached_start) {
  if (done || look != 0u) return;
  prefix += digit_hist[onesweep_offset_index(pc.passes, pc.pass, wg_lane())];
  done = true;
  reached_start = true;
}

// Whether the workgroup takes its tile from the pass's tile counter (in launch order, as its
// record says for the tile strip) rather than from its own index. A workgroup then waits for the
// atomic's round trip and a barrier before it can load a key: at full speed on the H100 the index
// made u32 and f32 sorts at 2^28 1.2% faster, u64 keys 1.1% and 2^24 3.3% (BENCHMARKS.md note 125).
// Workgroups that start before lower-numbered ones are safe, the fallback bounds every wait, but
// slow where that is common (TILES_FROM_COUNTER: the planner's choice per device).
bool tiles_from_counter() {
  return TILES_FROM_COUNTER || INSTRUMENTED;
}

void main() {
  const uint lane = wg_lane();  // also the bucket this invocation looks back for, if any
  const bool bucket_lane = lane < ONESWEEP_DIGITS;  // workgroups may be larger than 256
  // The look-back's shared words, first read after count_tile's barrier.
  if (lane == 0u) {
    if (tiles_from_counter()) s_tile = atomicAdd(status[pc.pass], 1u);
    s_vote[0] = 0u;
    s_vote[1] = 0u;
    s_reached_start = 0u;
    s_depth = 0u;
    s_stuck_tile = 0u;
  }
  if (tiles_from_counter()) barrier();
  const uint tile = tiles_from_counter()
                        ? s_tile
                        : flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  if (tile >= pc.tiles) return;  // the 2D grid may round up: a spare workgroup
  const uint tile_end = min(pc.n - tile * pc.tile_keys, pc.tile_keys);  // keys in this tile
  const bool withheld =
      onesweep_tile_withheld(WITHHOLD_MODE, WITHHOLD_FIRST, WITHHOLD_PERIOD, tile);

  // The other region served the previous pass (finished); clear this tile's row for the next.
  if (pc.pass + 1u < pc.passes && bucket_lane) {
    status[onesweep_status_index(pc.tiles, 1u - pc.region, tile, lane)] = 0u;
  }

  // (3) Count the tile's keys by bucket and publish the counts at once: later tiles' lookback
  // needs only them, so they should not wait for this tile's ranking.
  load_tile(tile, pc.tile_keys, pc.n);
  count_tile(tile, pc.tile_keys, pc.n, pc.word, pc.shift);
  // The last tile's padding keys (pads_empty_slots) are counted in the highest bucket, after its
  // real keys: published counts leave them out, so the status words say what the tile holds.
  const uint padding = pads_empty_slots() ? pc.tile_keys - tile_end : 0u;
  const uint count =
      bucket_lane ? S_COUNT(lane) - (lane == ONESWEEP_DIGITS - 1u ? padding : 0u) : 0u;
  const uint my_status = onesweep_status_index(pc.tiles, pc.region, tile, lane);
  uint prefix = 0u;  // keys that precede this tile's first key of bucket `lane`
  bool done = tile == 0u || !bucket_lane;
  uint flags = 0u;
  if (bucket_lane && tile == 0u) {
    prefix = digit_hist[onesweep_offset_index(pc.passes, pc.pass, lane)];
    if (!withheld) {
      atomicMax(status[my_status], onesweep_status_pack(ONESWEEP_STATUS_PREFIX, prefix + count));
      flags |= ONESWEEP_FLAG_PUBLISHED_PREFIX;
    }
  } else if (bucket_lane && !withheld) {
    atomicMax(status[my_status], onesweep_status_pack(ONESWEEP_STATUS_AGGREGATE, count));
    flags |= ONESWEEP_FLAG_PUBLISHED_AGGREGATE;
  }
  uint tile_total;
  // Called once: the next barrier (seed_rank_counters', or the one after rank_tile) ends its
  // reads of s_subgroup_total.
  const uint local_base = wg_exclusive_scan_once(count, tile_total);
  if (bucket_lane) s_local_base[lane] = local_base;
  if (seeded_ranks()) seed_rank_counters(local_base);
  rank_tile(tile, pc.tile_keys, pc.n, pc.word, pc.shift);
  barrier();  // s_work is read no more as counters: stage the tile, ordered by bucket
  if (!stages_in_parts()) {
    stage_ranked_tile(tile, pc.tile_keys, pc.n);
  } else {
    stage_placed_items(0u);  // part 0; the rest after the walk
  }

  // (1) + (2) Chained scan: look back, publish the inclusive prefix.
  // Each bucket walks back on its own, without workgroup barriers, until it has its prefix or a
  // predecessor's word stays empty for LOOKBACK_SPINS reads. Then one vote: if any bucket is
  // stuck, the workgroup counts the nearest such tile itself (the fallback) and the walk goes on,
  // so no bucket ever waits on a tile that has not started.
  uint look = tile;  // the bucket's walk has read tiles look..tile-1
  uint fallbacks = 0u;
  bool reached_start = false;
  for (;;) {
    bool stuck = false;
    while (!done && !stuck) {
      // LOOKBACK_BATCH predecessors read at once, nearest first, then used in order until one
      // holds a prefix or is still empty: one memory round trip per batch instead of per tile.
      uint batch[LOOKBACK_BATCH];
      for (uint b = 0u; b < LOOKBACK_BATCH; ++b) {
        batch[b] =
            b < look ? load_status(onesweep_status_index(pc.tiles, pc.region, look - 1u - b, lane))
                     : onesweep_status_pack(ONESWEEP_STATUS_PREFIX, 0u);  // never used
      }
      bool empty = false;
      for (uint b = 0u; b < LOOKBACK_BATCH; ++b) {
        if (done || empty) continue;
        const uint s = batch[b];
        empty = onesweep_status_flag(s) == ONESWEEP_STATUS_EMPTY;
        if (empty) continue;
        --look;
        prefix += onesweep_status_value(s);
        done = onesweep_status_flag(s) == ONESWEEP_STATUS_PREFIX;
        finish_at_start(look, prefix, done, reached_start);
      }
      if (done || !empty) continue;
      // The nearest unread predecessor has not published: wait for it, a bounded time.
      const uint i = onesweep_status_index(pc.tiles, pc.region, look - 1u, lane);
      uint s;
      uint spin = 0u;
      do {
        s = load_status(i);
      } while (onesweep_status_flag(s) == ONESWEEP_STATUS_EMPTY && ++spin < LOOKBACK_SPINS);
      stuck = onesweep_status_flag(s) == ONESWEEP_STATUS_EMPTY;
      if (stuck) break;
      --look;
      prefix += onesweep_status_value(s);
      done = onesweep_status_flag(s) == ONESWEEP_STATUS_PREFIX;
      finish_at_start(look, prefix, done, reached_start);
    }
    // A finished bucket's global base, for the scatter: the vote's barrier that ends the walk makes
    // it visible (s_local_base, whose array it shares, is read no more but by the fallback, which
    // clears it after this vote; the next vote's round writes it again).
    if (done && bucket_lane) s_global_base[lane] = prefix - local_base;
    if (!workgroup_any(stuck)) break;
    if (stuck) atomicMax(s_stuck_tile, look);  // look - 1 + 1: zero means none
    barrier();
    const uint target = s_stuck_tile - 1u;
    fallback_histogram(target);         // barriers inside: every bucket has read s_stuck_tile
    if (lane == 0u) s_stuck_tile = 0u;  // next written after the next vote's barrier
    ++fallbacks;
    if (stuck && look - 1u == target) {
      const uint s = onesweep_status_pack(ONESWEEP_STATUS_AGGREGATE, s_local_base[lane]);
      atomicMax(status[onesweep_status_index(pc.tiles, pc.region, target, lane)], s);
      --look;  // help later tiles; atomicMax never lowers a published prefix
      prefix += s_local_base[lane];
      finish_at_start(look, prefix, done, reached_start);
    }
  }
  if (tile != 0u && !withheld && bucket_lane) {
    atomicMax(status[my_status], onesweep_status_pack(ONESWEEP_STATUS_PREFIX, prefix + count));
    flags |= ONESWEEP_FLAG_PUBLISHED_PREFIX;
  }

  // Scatter from shared memory: consecutive invocations write consecutive keys of a bucket (each
  // with its value), the tile at once or part by part.
  if (!stages_in_parts()) {
    write_staged_tile(tile_end, pc.tile_keys, pc.word, pc.shift, pc.n);
  } else {
    for (uint part = 0u; part < stage_parts(); ++part) {
      if (part != 0u) {
        barrier();  // the previous part is read
        stage_placed_items(part);
        barrier();
      }
      write_staged_items(tile_end, part, pc.word, pc.shift, pc.n);
    }
  }

  if (withheld && WITHHOLD_MODE == ONESWEEP_WITHHOLD_LATE && bucket_lane) {
    atomicMax(status[my_status], onesweep_status_pack(ONESWEEP_STATUS_PREFIX, prefix + count));
    flags |= ONESWEEP_FLAG_PUBLISHED_PREFIX;
  }
  if (INSTRUMENTED) {
    if (reached_start) atomicOr(s_reached_start, 1u);
    const uint walk = subgroupMax(tile - look);
    if (subgroupElect()) atomicMax(s_depth, walk);
    barrier();
    if (lane == 0u) {
      uint r = tile * ONESWEEP_RECORD_WORDS;
      records[r + ONESWEEP_RECORD_WORKGROUP] =
          flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
      records[r + ONESWEEP_RECORD_DEPTH] = s_depth;
      records[r + ONESWEEP_RECORD_FALLBACKS] = fallbacks;
      records[r + ONESWEEP_RECORD_FLAGS] =
          flags | (withheld ? ONESWEEP_FLAG_WITHHELD : 0u) |
          (s_reached_start != 0u ? ONESWEEP_FLAG_REACHED_START : 0u);
    }
  }
}
