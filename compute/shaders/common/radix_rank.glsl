// Loading a tile and ranking its keys stably by one digit, shared by radix4's scatter and
// onesweep's pass. The includer defines RADIX_BITS and declares `shared uint s_work[SHARED_WORDS]`
// (at least NUM_SUBGROUPS * RADIX / 2 words) and includes radix_common.glsl first.
//
// Ranking: subgroup s ranks its own segment of the tile (radix_tile_key_index) round by round.
// In a round, eight (or four) ballots over the digit bits give each lane the mask of lanes
// holding the same digit; its rank is the count of those before it plus the subgroup's running
// count of that digit, which the last such lane then advances (16-bit packed counters in s_work).
// Afterwards the per-subgroup counts are scanned across subgroups, so a key's position within
// its digit in the tile is: earlier subgroups' count + its rank in its subgroup.

const uint RADIX = 1u << RADIX_BITS;
const uint HIST_WORDS = RADIX / 2u;  // packed counters per subgroup

uint t_lo[KEYS_PER_THREAD];  // key words (t_hi only for u64 keys)
uint t_hi[KEYS_PER_THREAD];
uint t_value[KEYS_PER_THREAD];  // values (pairs)
uint t_digit[KEYS_PER_THREAD];
uint t_rank[KEYS_PER_THREAD];  // rank among the subgroup's keys of the same digit, then more

shared uint s_count[RADIX];  // keys of each digit in the tile (after rank_tile)

uint tile_key_index(uint tile, uint tile_keys, uint round) {
  return radix_tile_key_index(tile, tile_keys, gl_SubgroupID, SUBGROUP_SIZE, KEYS_PER_THREAD, round,
                              gl_SubgroupInvocationID);
}

// Whether this invocation's round-k slot holds a key (radix_tile_slot_valid).
bool tile_slot_valid(uint tile, uint tile_keys, uint n, uint round) {
  if (!PARTIAL_TILES) return tile_key_index(tile, tile_keys, round) < n;
  return radix_tile_slot_valid(tile, tile_keys, tile_key_index(0u, tile_keys, round), n);
}

void load_tile(uint tile, uint tile_keys, uint n, uint word, uint shift) {
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    uint i = tile_key_index(tile, tile_keys, k);
    bool valid = tile_slot_valid(tile, tile_keys, n, k);
    t_lo[k] = 0u;
    t_hi[k] = 0u;
    t_value[k] = 0u;
    if (valid) {
      t_lo[k] = keys_in[is_u64() ? 2u * i : i];
      if (is_u64()) t_hi[k] = keys_in[2u * i + 1u];
      if (HAS_VALUES) t_value[k] = values_in[i];
    }
    t_digit[k] =
        radix_digit(word == 0u ? t_lo[k] : t_hi[k], KEY_TYPE, DESCENDING, shift, RADIX_BITS);
  }
}

// Ranks the loaded keys; afterwards s_work[s * HIST_WORDS + d / 2] holds (packed) the keys of
// digit d in subgroups before s, s_count[d] the tile's keys of digit d. Must be called by all.
void rank_tile(uint tile, uint tile_keys, uint n) {
  const uint base = gl_SubgroupID * HIST_WORDS;
  for (uint w = gl_SubgroupInvocationID; w < HIST_WORDS; w += SUBGROUP_SIZE) s_work[base + w] = 0u;
  subgroupMemoryBarrierShared();
  subgroupBarrier();
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    bool valid = tile_slot_valid(tile, tile_keys, n, k);
    uint d = t_digit[k];
    uvec4 peers = subgroupBallot(valid);
    for (uint b = 0u; b < RADIX_BITS; ++b) {
      bool bit = ((d >> b) & 1u) != 0u;
      uvec4 vote = subgroupBallot(bit);
      peers &= bit ? vote : ~vote;
    }
    uint word = base + d / 2u;
    uint before = radix_unpack(s_work[word], d);
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    if (valid && subgroupBallotFindMSB(peers) == gl_SubgroupInvocationID) {
      atomicAdd(s_work[word], subgroupBallotBitCount(peers) << radix_packed_shift(d));
    }
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    t_rank[k] = before + subgroupBallotExclusiveBitCount(peers);
  }
  barrier();
  // Exclusive scan of each packed word over the subgroups: both halves at once.
  uint lane = wg_lane();
  if (lane < HIST_WORDS) {
    uint running = 0u;
    for (uint s = 0u; s < NUM_SUBGROUPS; ++s) {
      uint v = s_work[s * HIST_WORDS + lane];
      s_work[s * HIST_WORDS + lane] = running;
      running += v;
    }
    s_count[2u * lane] = running & 0xffffu;
    s_count[2u * lane + 1u] = running >> 16u;
  }
  barrier();
}

// Position of loaded key k among the tile's keys of its digit (stable: input order).
uint rank_in_digit(uint k) {
  uint d = t_digit[k];
  return radix_unpack(s_work[gl_SubgroupID * HIST_WORDS + d / 2u], d) + t_rank[k];
}
