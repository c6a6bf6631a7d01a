// Loading a tile, ranking its keys stably by one digit and writing them out through shared memory,
// shared by radix4's scatter and onesweep's pass. The includer defines RADIX_BITS and declares
// `shared uint s_work[SHARED_WORDS]` (at least RANK_WORDS words: the counters, and the staged
// tile when it stages) and includes radix_common.glsl first.
//
// Counting first: each subgroup counts its own segment of the tile (radix_tile_key_index) by
// digit with shared atomics, and the counts are scanned across subgroups, so the tile's digit
// counts are known before any key is ranked (onesweep publishes them then, as CUB's onesweep
// does). Ranking then goes round by round, each subgroup's counters seeded with the keys of
// earlier subgroups, so a key's rank is final when its round ends. Per key only the rank is kept,
// with its digit or two to a word (t_rank: registers decide how many workgroups an SM holds).
// Keys are placed after the loop, not in it: shared stores inside the loop made onesweep's passes
// 50% slower on the H100 (docs/bench/2026-11-23-h100-speed-2-experiments.txt).
//
// Needs GL_KHR_shader_subgroup_shuffle.

const uint RADIX = 1u << RADIX_BITS;
const uint HIST_WORDS = PACKED_COUNTERS ? RADIX / 2u : RADIX;  // counter words per subgroup
const uint RANK_WORDS = NUM_SUBGROUPS * HIST_WORDS;            // s_work words the counters take

uint counter_word(uint d) {
  return PACKED_COUNTERS ? d / 2u : d;
}
uint counter_shift(uint d) {
  return PACKED_COUNTERS ? radix_packed_shift(d) : 0u;
}
uint counter_value(uint word, uint d) {
  return PACKED_COUNTERS ? radix_unpack(word, d) : word;
}

// Key words as encode_key_word makes them (t_hi only for u64 keys): a digit is then a shift and a
// mask, wherever the kernel takes it, and the key is decoded once, when it is written. Taking every
// digit from raw words cost the H100's compiler registers it did not have at 56 per invocation
// (f32 keys in tiles of 384 x 18).
uint t_lo[KEYS_PER_THREAD];
uint t_hi[KEYS_PER_THREAD];
uint t_value[KEYS_PER_THREAD];  // values (pairs)
// After rank_tile, each key's rank (key_rank) and digit (key_digit). Where the includer defines
// RADIX_PACKS_RANKS (onesweep), keys keep two ranks to a word, 16 bits each (a tile holds at most
// 65535 keys, RADIX_MAX_TILE_KEYS, so no rank reaches RANK_NONE), and no digit: their ranks are
// places already (seeded_ranks), which need none. With a word per key the H100's compiler fitted
// onesweep's one-word keys to 512 x 21 tiles in 64 registers, packed to 512 x 22 (u32 at 2^28 2.8%
// faster), and u64 keys to 384 x 18 in 80, packed to 384 x 20 (docs/bench/2026-11-26-h100-speed-19-
// experiments.txt); pairs, staged whole, to 384 x 21 (BENCHMARKS.md note 112). Elsewhere a key's
// word holds its digit (bits 16..) and its rank (bits 0..15): radix4's passes took 2% longer
// packed.
#ifdef RADIX_PACKS_RANKS
#ifndef RADIX_SEEDS_RANKS
#error "packed ranks must be places in the staged tile: a packed word has no room for digits"
#endif
const uint RANKS_PER_WORD = 2u;
#else
const uint RANKS_PER_WORD = 1u;
#endif
uint t_rank[(KEYS_PER_THREAD + RANKS_PER_WORD - 1u) / RANKS_PER_WORD];

// The rank of an empty slot that is not padded (pads_empty_slots), where the tile is staged in
// several parts (stages_in_parts): each part tests it instead of the slot's index, which the
// H100's compiler otherwise kept in a register per key from the ranking to the last staged round.
// Tiles staged at once test the index: marking the slots cost them 0.8% on the H100.
const uint RANK_NONE = 0xffffu;

// Every index below is within t_rank whichever way the ranks are kept, also in the branch that
// specialization leaves dead.
uint key_rank(uint k) {
  const uint i = k / RANKS_PER_WORD;
  if (RANKS_PER_WORD == 1u) return t_rank[i] & 0xffffu;
  return bitfieldExtract(t_rank[i], int(16u * (k % 2u)), 16);
}

// Sets key k's rank (< 2^16) and digit, for k in increasing order: packed, an even key's word is
// written whole, and the digit is not kept.
void set_key_rank(uint k, uint digit, uint rank) {
  const uint i = k / RANKS_PER_WORD;
  if (RANKS_PER_WORD == 1u) {
    t_rank[i] = (digit << 16u) | rank;
  } else {
    t_rank[i] = k % 2u == 0u ? rank : t_rank[i] | (rank << 16u);
  }
}

// Words a staged position holds where the tile is staged in parts: one, or, where the includer
// defines RADIX_STAGES_WHOLE_ITEMS (onesweep's module for u64 keys and for keys with values), every
// word of a key and its value, so that no destination or word waits in registers for a later
// round of the same part and a u64 key goes out in one store (stage_placed_items,
// write_staged_items). When they were staged a word of every key per round, u64 keys at 2^28 took
// 17.99 ms on the H100 against 16.78 so, u64 keys with values 34.74 against 25.46, and pairs 9.04-
// 9.05 against 9.01-9.07 (0.656-0.658 against 0.644-0.647 ms at 2^24), in the tiles each fits best
// (BENCHMARKS.md notes 101, 112).
uint item_words() {
#ifdef RADIX_STAGES_WHOLE_ITEMS
  return radix_whole_item_words(KEY_TYPE, HAS_VALUES);
#else
  return 1u;
#endif
}

// Positions of the staged tile a part holds: as many items as SHARED_WORDS has room for.
uint part_items() {
#ifdef RADIX_STAGES_WHOLE_ITEMS
  return SHARED_WORDS / item_words();
#else
  return SHARED_WORDS;  // no division by one in the other modules' SPIR-V
#endif
}

// Parts of the tile staged one after another where the includer defines RADIX_STAGES_IN_PARTS:
// part p holds the keys at positions [p * part_items(), (p + 1) * part_items()) of the staged tile
// (radix_stage_parts), so a tile may hold more keys than shared memory has room for.
#if defined(RADIX_STAGES_IN_PARTS) && !defined(RADIX_SEEDS_RANKS)
#error "a tile staged in parts needs seeded ranks: its parts outlive the local bases"
#endif
uint stage_parts() {
#ifdef RADIX_STAGES_IN_PARTS
  return radix_stage_parts(KEYS_PER_THREAD * WORKGROUP_SIZE, part_items());
#else
  return 1u;
#endif
}

// Whether the tile is staged in more than one part (stage_placed_items, write_staged_items) rather
// than at once (stage_ranked_tile, write_staged_tile). Parts are staged after the look-back has
// replaced the local bases, so their keys' ranks must be places already (seeded_ranks).
bool stages_in_parts() {
  return stage_parts() > 1u;
}

// Keys of each digit in the tile (after count_tile): an array of their own, or, where the
// includer defines RADIX_COUNT_IN_WORK because it reads them before the ranking ends, the RADIX
// words of s_work after the counters (which the staged tile overwrites later).
#ifdef RADIX_COUNT_IN_WORK
#define S_COUNT(d) s_work[RANK_WORDS + (d)]
#else
shared uint s_count[RADIX];
#define S_COUNT(d) s_count[d]
#endif

uint tile_key_index(uint tile, uint tile_keys, uint round) {
  return radix_tile_key_index(tile, tile_keys, gl_SubgroupID, SUBGROUP_SIZE, KEYS_PER_THREAD, round,
                              gl_SubgroupInvocationID);
}

// Whether this invocation's round-k slot holds a key (radix_tile_slot_valid).
bool tile_slot_valid(uint tile, uint tile_keys, uint n, uint round) {
  if (!PARTIAL_TILES) return tile_key_index(tile, tile_keys, round) < n;
  return radix_tile_slot_valid(tile, tile_keys, tile_key_index(0u, tile_keys, round), n);
}

// Whether the empty slots of a tile hold padding keys rather than being tested in every loop:
// where the includer defines RADIX_PADS_EMPTY_SLOTS (onesweep) and only the last tile has empty
// slots (!PARTIAL_TILES). A padding key is the largest encoded key, so it counts and ranks as
// one of the last keys of the highest digit, after every real key: real keys keep their ranks,
// and the padding is staged from position tile_end on, which no write reaches. The includer
// leaves the padding (tile slots - tile_end) out of the highest digit's published count.
bool pads_empty_slots() {
#ifdef RADIX_PADS_EMPTY_SLOTS
  return !PARTIAL_TILES;
#else
  return false;
#endif
}

// Whether slot k is counted, ranked and staged: every slot where the empty ones are padded.
bool ranked_slot(uint tile, uint tile_keys, uint n, uint k) {
  return pads_empty_slots() || tile_slot_valid(tile, tile_keys, n, k);
}

// Every slot is encoded, an empty one from the raw word that encodes to its padding, so that each
// load lands in the register its encoded key keeps. Encoding only the loaded slots took a second
// register per key, for the empty slot's value, and the H100's compiler, held to 64 registers, then
// issued the loads a few at a time: i32 keys in 512 x 21 tiles took 9% longer per pass than u32
// keys, whose words need no encoding.
void load_tile(uint tile, uint tile_keys, uint n) {
  const uint empty = pads_empty_slots() ? 0xffffffffu : 0u;  // encoded, so the largest key
  const uint raw_empty = keys_in_encoded() ? empty : decode_key_word(empty, KEY_TYPE, DESCENDING);
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    uint i = tile_key_index(tile, tile_keys, k);
    bool valid = tile_slot_valid(tile, tile_keys, n, k);
    uint lo = raw_empty;
    uint hi = raw_empty;
    t_value[k] = 0u;
    if (valid) {
#ifdef RADIX_STAGES_WHOLE_ITEMS
      if (pairs_in() != RADIX_PAIRS_APART) {
        const uvec2 pair = input_pair(i, n);
        lo = pair.x;
        t_value[k] = pair.y;
      } else
#endif
      {
        const uvec2 words = input_key_words(i);
        lo = words.x;
        hi = words.y;
        if (HAS_VALUES) t_value[k] = values_in[i];
      }
    }
    t_lo[k] = encoded_input_word(lo);
    t_hi[k] = is_u64() ? encoded_input_word(hi) : empty;
  }
}

// The digit at `shift` of an encoded key word.
uint encoded_digit(uint encoded, uint shift) {
  return (encoded >> shift) & (RADIX - 1u);
}

// The digit of loaded key k (`word` and `shift` say where the pass's digit is).
uint loaded_digit(uint k, uint word, uint shift) {
  return encoded_digit(word == 0u ? t_lo[k] : t_hi[k], shift);
}

// The digit of ranked key k (set_key_rank), where ranks are not packed: packed ranks are places
// already (seeded_ranks), and no caller asks for their digits.
uint key_digit(uint k) {
  return t_rank[k / RANKS_PER_WORD] >> 16u;
}

// A staged key word as it goes out (raw, or encoded for the next pass: keys_out_encoded).
uint decoded(uint encoded) {
  return keys_out_encoded() ? encoded : decode_key_word(encoded, KEY_TYPE, DESCENDING);
}

// Whether, after count_tile, each invocation reads no counts but its own digit's until the next
// barrier: where the includer defines RADIX_READS_OWN_COUNT (onesweep's pass, whose invocation d
// scans and seeds digit d) and counters are whole words, so that invocation d wrote digit d's
// counts itself and count_tile ends without a barrier. With the other barriers the pass shed
// (BENCHMARKS.md note 124), u32 sorts at 2^28 took 2.5% less time on the H100.
bool count_ends_unsynced() {
#ifdef RADIX_READS_OWN_COUNT
  return !PACKED_COUNTERS;
#else
  return false;
#endif
}

// Whether count_tile leaves digit d's keys in earlier subgroups in invocation d's registers
// (g_keys_before) for seed_rank_counters to write with the local base added, rather than in the
// counters for it to read back: where ranks are seeded (RADIX_SEEDS_RANKS) and counters are whole
// words. On the H100 that took 0.3-1.3% off onesweep's sorts of one-word keys (BENCHMARKS.md
// note 130).
bool seeds_from_registers() {
#ifdef RADIX_SEEDS_RANKS
  return !PACKED_COUNTERS;
#else
  return false;
#endif
}
uint g_keys_before[NUM_SUBGROUPS];

// Counts the loaded keys by digit, before ranking them (so a chained scan can publish the
// tile's counts early). Afterwards s_work[s * HIST_WORDS + counter_word(d)] holds the keys of
// digit d in subgroups before s (counter_value; where seeds_from_registers(), invocation d's
// g_keys_before[s] holds that instead), S_COUNT(d) the tile's keys of digit d: for every
// invocation, or where count_ends_unsynced() for invocation d only, until the next barrier. Call
// before anything else in the kernel uses s_work, from all invocations.
void count_tile(uint tile, uint tile_keys, uint n, uint word, uint shift) {
  // Each subgroup counts into counters of its own: only its own lanes need to see them cleared.
  const uint base = gl_SubgroupID * HIST_WORDS;
  for (uint w = gl_SubgroupInvocationID; w < HIST_WORDS; w += SUBGROUP_SIZE) s_work[base + w] = 0u;
  subgroupMemoryBarrierShared();
  subgroupBarrier();
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    if (!ranked_slot(tile, tile_keys, n, k)) continue;
    uint d = loaded_digit(k, word, shift);
    atomicAdd(s_work[base + counter_word(d)], 1u << counter_shift(d));
  }
  barrier();
  // Exclusive scan of each counter word over the subgroups (packed: both halves at once), into
  // registers where seed_rank_counters writes the counters.
  uint lane = wg_lane();
  if (lane < HIST_WORDS) {
    uint running = 0u;
    for (uint s = 0u; s < NUM_SUBGROUPS; ++s) {
      const uint v = s_work[s * HIST_WORDS + lane];
      if (seeds_from_registers()) {
        g_keys_before[s] = running;
      } else {
        s_work[s * HIST_WORDS + lane] = running;
      }
      running += v;
    }
    if (PACKED_COUNTERS) {
      S_COUNT(2u * lane) = running & 0xffffu;
      S_COUNT(2u * lane + 1u) = running >> 16u;
    } else {
      S_COUNT(lane) = running;
    }
  }
  if (!count_ends_unsynced()) barrier();
}

// The includer sets, per digit d, s_local_base[d] (the tile's keys of lower digits) before
// staging (or before rank_tile, where seeded_ranks()) and s_global_base[d] (where the digit's first
// key goes in the output, minus s_local_base[d]) before writing. An includer that writes
// s_global_base only after a barrier that follows the staging defines
// RADIX_GLOBAL_BASE_REPLACES_LOCAL, and both live in one array.
shared uint s_local_base[RADIX];
#ifdef RADIX_GLOBAL_BASE_REPLACES_LOCAL
#define s_global_base s_local_base
#else
shared uint s_global_base[RADIX];
#endif

// Whether rank_tile's counters start at each digit's place in the staged tile (seed_rank_counters),
// so that a key's rank is its place there and staging reads no s_local_base per key: where the
// includer defines RADIX_SEEDS_RANKS (onesweep). On the H100 onesweep's u32 passes at 2^28 took
// 4.4% less time (6% with the staging's stores under a condition), f32 4%, u64 keys 0.4%
// (docs/bench/2026-11-26-h100-speed-17-experiments.txt); pairs staged in rounds took 0.1-0.4%
// more, staged whole as much or less (BENCHMARKS.md note 112).
bool seeded_ranks() {
#ifdef RADIX_SEEDS_RANKS
  return true;
#else
  return false;
#endif
}

// Adds the tile's keys of lower digits (local_base: this invocation's digit's, for the first RADIX
// invocations) to every subgroup's counters (where seeds_from_registers(), sets them to
// g_keys_before plus that), after count_tile. Must be called by all.
void seed_rank_counters(uint local_base) {
  const uint lane = wg_lane();
  if (PACKED_COUNTERS) {
    barrier();  // s_local_base is written: a counter word holds two digits
    if (lane < HIST_WORDS) {
      const uint seed = (s_local_base[2u * lane] << counter_shift(2u * lane)) |
                        (s_local_base[2u * lane + 1u] << counter_shift(2u * lane + 1u));
      for (uint s = 0u; s < NUM_SUBGROUPS; ++s) s_work[s * HIST_WORDS + lane] += seed;
    }
  } else if (lane < HIST_WORDS) {
    for (uint s = 0u; s < NUM_SUBGROUPS; ++s) {
      s_work[s * HIST_WORDS + lane] =
          (seeds_from_registers() ? g_keys_before[s] : s_work[s * HIST_WORDS + lane]) + local_base;
    }
  }
  barrier();
}

// The lanes of this subgroup whose slot this round holds a key of digit d: the last of them
// (the leader, whose `below` + 1 is how many there are, as in CUB) and how many come before this
// lane. Eight (or four) ballots over the digit's bits, or, where the includer defines
// RADIX_MATCHES_BY_PARTITION (onesweep_pass_partitioned.comp, which enables
// GL_NV_shader_subgroup_partitioned), one partition, which takes longer the more distinct digits
// the lanes hold (onesweep_partition_limit). One ballot word where subgroups have at most 32 lanes
// (every device sortscope has met), so that no register goes to the upper words; there, where the
// tile's empty slots are padded, every lane holds a key and none is voted on.
void match_digit(uint d, bool valid, out uint leader, out uint below) {
  if (SUBGROUP_SIZE <= 32u) {
#ifdef RADIX_MATCHES_BY_PARTITION
    const uint peers = subgroupPartitionNV(valid ? d : RADIX).x;  // an empty slot's: apart, unused
#else
    const uint lanes = 0xffffffffu >> (32u - SUBGROUP_SIZE);  // the subgroup's lanes
    uint peers = pads_empty_slots() ? lanes : subgroupBallot(valid).x;
    for (uint b = 0u; b < RADIX_BITS; ++b) {
      bool bit = ((d >> b) & 1u) != 0u;
      uint vote = subgroupBallot(bit).x;
      peers &= bit ? vote : ~vote;
    }
#endif
    leader = findMSB(peers);
    below = bitCount(peers & gl_SubgroupLtMask.x);
  } else {
#ifdef RADIX_MATCHES_BY_PARTITION
    const uvec4 peers = subgroupPartitionNV(valid ? d : RADIX);
#else
    uvec4 peers = subgroupBallot(valid);
    for (uint b = 0u; b < RADIX_BITS; ++b) {
      bool bit = ((d >> b) & 1u) != 0u;
      uvec4 vote = subgroupBallot(bit);
      peers &= bit ? vote : ~vote;
    }
#endif
    leader = subgroupBallotFindMSB(peers);
    below = subgroupBallotExclusiveBitCount(peers);
  }
}

// Ranks the counted keys: key_rank(k) becomes key k's position among the tile's keys of its digit
// (stable: input order), or, seeded (seed_rank_counters), its place in the staged tile; an empty
// slot's (not padded) is RANK_NONE where stages_in_parts(). In each round the leader of each digit
// advances the subgroup's counter by the digit's lanes with one atomic whose old value it shares.
// The next round's atomic (perhaps another lane's, on the same counter) cannot start before this
// one has returned: the shuffle consumes its result, and the subgroup's later instructions follow
// the shuffle. No barrier between rounds, as in CUB's onesweep: a subgroup barrier per round cost
// 12% of each onesweep pass on an H100, and 25% of radix4's scatter once that staged its tile (it
// had measured 7% faster with the barrier before). The counters are in use until the caller's next
// barrier. Must be called by all.
void rank_tile(uint tile, uint tile_keys, uint n, uint word, uint shift) {
  const uint base = gl_SubgroupID * HIST_WORDS;
  // The digits again, from a broadcast copy of `shift` so that no compiler can keep count_tile's
  // digits alive until here instead (the H100's did not: 87 registers with and without it).
  const uint rank_shift = subgroupBroadcastFirst(shift);
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    const bool valid = ranked_slot(tile, tile_keys, n, k);
    const uint d = loaded_digit(k, word, rank_shift);
    uint leader, below;
    match_digit(d, valid, leader, below);
    uint before = 0u;
    if (valid && leader == gl_SubgroupInvocationID) {
      before = atomicAdd(s_work[base + counter_word(d)], (below + 1u) << counter_shift(d));
    }
    before = subgroupShuffle(before, leader);
    const bool marked = !valid && stages_in_parts();
    set_key_rank(k, d, marked ? RANK_NONE : counter_value(before, d) + below);
  }
}

// Where loaded key k goes in the staged tile, ordered by digit.
uint staged_position(uint k) {
  return seeded_ranks() ? key_rank(k) : s_local_base[key_digit(k)] + key_rank(k);
}

// Staging a ranked tile in shared memory, ordered by digit, then writing it out: consecutive
// invocations write consecutive keys of one digit (straight from the registers, one store of a
// subgroup would touch as many output runs as it holds digits).

// Puts the ranked keys (and values) in s_work at s_local_base[digit] + rank: key words from 0,
// high words (u64) from tile_keys, values after them. Call after a barrier that ends the ranking
// (s_work held its counters); the staged tile is readable after the next barrier.
void stage_ranked_tile(uint tile, uint tile_keys, uint n) {
  const uint value_offset = (is_u64() ? 2u : 1u) * tile_keys;
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    if (!ranked_slot(tile, tile_keys, n, k)) continue;
    const uint p = staged_position(k);
    s_work[p] = t_lo[k];
    if (is_u64()) s_work[tile_keys + p] = t_hi[k];
    if (HAS_VALUES) s_work[value_offset + p] = t_value[k];
  }
}

// Staging part by part (stage_parts), so that tiles outgrow the shared memory (onesweep: on the
// H100 a workgroup that declares more than 24 KiB of shared memory has its SM to itself).

// Whether ranked slot k is staged in parts: all where empty slots are padded, else those rank_tile
// did not mark RANK_NONE.
bool staged_slot(uint k) {
  return pads_empty_slots() || key_rank(k) != RANK_NONE;
}

// Part `part` of the ranked keys (with their values) into s_work[0, part_items() * item_words()):
// word w of the key (then the value) at position p of the part in s_work[w * part_items() + p], so
// that write_staged_items reads each word without bank conflicts. The H100's compiler did not merge
// two 4-byte reads of a position's words side by side into one 8-byte read: u64 keys at 2^28 took
// 17.37 ms so, 16.79 in rows. Keys of other parts are skipped under a condition: stored to a spare
// word instead, u64 keys took 0.1% longer here (docs/bench/2026-11-26-h100-speed-21-
// experiments.txt) and u32 keys 1-2% longer (docs/bench/2026-11-26-h100-speed-17-experiments.txt).
// Readable after the next barrier.
void stage_placed_items(uint part) {
  const uint positions = part_items();
  const uint first = part * positions;
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    const uint slot = key_rank(k) - first;  // wraps below the part: then out of it too
    if (!staged_slot(k) || (stage_parts() > 1u && slot >= positions)) continue;
    s_work[slot] = t_lo[k];
    if (is_u64()) s_work[positions + slot] = t_hi[k];
    if (HAS_VALUES) s_work[(item_words() - 1u) * positions + slot] = t_value[k];
  }
}

// Writes staged part `part` (stage_placed_items), as far as the tile's first tile_end keys go:
// position p to output element s_global_base[d] + p, d the digit at `word` and `shift`; u64 keys
// with one 8-byte store, and so pairs where pairs_out() is not apart (n keys in all).
void write_staged_items(uint tile_end, uint part, uint word, uint shift, uint n) {
  const uint positions = part_items();
  const uint first = part * positions;
  const uint slots = (positions + WORKGROUP_SIZE - 1u) / WORKGROUP_SIZE;  // per invocation
  for (uint i = 0u; i < slots; ++i) {
    const uint j = wg_lane() + i * WORKGROUP_SIZE;
    if (j >= positions || first + j >= tile_end) break;
    const uint lo = s_work[j];
    const uint hi = is_u64() ? s_work[positions + j] : 0u;
    const uint digit_word = is_u64() && word != 0u ? hi : lo;  // no select for one-word keys
    const uint dest = s_global_base[encoded_digit(digit_word, shift)] + first + j;
#ifdef RADIX_STAGES_WHOLE_ITEMS
    if (is_u64()) {
      keys_out64[dest] = uvec2(decoded(lo), decoded(hi));
    } else if (pairs_out() != RADIX_PAIRS_APART) {
      write_pair(dest, uvec2(decoded(lo), s_work[positions + j]), n);
      continue;
    } else {
      keys_out[dest] = decoded(lo);
    }
#else
    keys_out[dest] = decoded(lo);  // one-word keys only: no 8-byte view of the output is declared
#endif
    if (HAS_VALUES) values_out[dest] = s_work[(item_words() - 1u) * positions + j];
  }
}

// Writes the staged tile's first tile_end keys (and values): key j of digit d to output
// position s_global_base[d] + j (of n; pairs as pairs_out() says).
void write_staged_tile(uint tile_end, uint tile_keys, uint word, uint shift, uint n) {
  const uint value_offset = (is_u64() ? 2u : 1u) * tile_keys;
  for (uint j = wg_lane(); j < tile_end; j += WORKGROUP_SIZE) {
    const uint lo = s_work[j];
    const uint hi = is_u64() ? s_work[tile_keys + j] : 0u;
    const uint dest = s_global_base[encoded_digit(word == 0u ? lo : hi, shift)] + j;
#ifdef RADIX_STAGES_WHOLE_ITEMS
    if (pairs_out() != RADIX_PAIRS_APART) {
      write_pair(dest, uvec2(decoded(lo), s_work[value_offset + j]), n);
      continue;
    }
#endif
    if (is_u64()) {
      keys_out[2u * dest] = decoded(lo);
      keys_out[2u * dest + 1u] = decoded(hi);
    } else {
      keys_out[dest] = decoded(lo);
    }
    if (HAS_VALUES) values_out[dest] = s_work[value_offset + j];
  }
}
