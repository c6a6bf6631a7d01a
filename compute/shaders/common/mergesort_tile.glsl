// A tile of up to NV = NT * VT keys (and values) in shared memory and VT of them per thread in
// registers, with the two operations both tile kernels (blocksort, merge) are made of: a
// merge-path search between two sorted ranges of the tile, and the serial merge of VT outputs
// that follows it (SerialMerge of the seed). Every loop over VT is [[unroll]]ed (VT is a
// specialization constant, so the driver can), which keeps the per-thread arrays in registers
// instead of indexed local memory. Kernels including it enable GL_EXT_control_flow_attributes.
const uint NV = NT * VT;
shared uint s_lo[NV];
shared uint s_hi[KEY_TYPE == KEY_U64 ? NV : 1u];
shared uint s_value[HAS_VALUES ? NV : 1u];

uint r_lo[VT];
uint r_hi[VT];
uint r_value[VT];
bool r_from_b[VT];  // merge: whether output i came from list B
// The next tile's keys, loaded while this one is merged (tile_fetch, then tile_stage).
uint f_lo[VT];
uint f_hi[VT];
uint f_value[VT];

void tile_put(uint slot, uint hi, uint lo, uint value) {
  s_lo[slot] = lo;
  if (is_u64()) s_hi[slot] = hi;
  if (HAS_VALUES) s_value[slot] = value;
}

// Loads input keys [begin, begin + count) into tile slots [slot0, slot0 + count), coalesced.
void tile_load(uint begin, uint count, uint slot0) {
  [[unroll]] for (uint k = 0u; k < VT; ++k) {
    uint i = k * NT + gl_LocalInvocationID.x;
    if (i < count) {
      tile_put(slot0 + i, load_hi(begin + i), load_lo(begin + i),
               HAS_VALUES ? values_in[begin + i] : 0u);
    }
  }
}

// Loads the keys of a tile, A = input [a0, a0 + a_count) then B = input [b0, ...), total keys in
// all, into registers, coalesced: the loads are in flight while the caller goes on, and only
// tile_stage waits for them.
void tile_fetch(uint a0, uint a_count, uint b0, uint total) {
  [[unroll]] for (uint k = 0u; k < VT; ++k) {
    uint i = k * NT + gl_LocalInvocationID.x;
    if (i < total) {
      uint from = i < a_count ? a0 + i : b0 + (i - a_count);
      f_lo[k] = load_lo(from);
      f_hi[k] = load_hi(from);
      f_value[k] = HAS_VALUES ? values_in[from] : 0u;
    }
  }
}

// Puts the fetched keys into tile slots [0, total).
void tile_stage(uint total) {
  [[unroll]] for (uint k = 0u; k < VT; ++k) {
    uint i = k * NT + gl_LocalInvocationID.x;
    if (i < total) tile_put(i, f_hi[k], f_lo[k], f_value[k]);
  }
}

// Stores tile slots [0, count) to output keys [begin, begin + count), coalesced.
void tile_store(uint begin, uint count) {
  [[unroll]] for (uint k = 0u; k < VT; ++k) {
    uint i = k * NT + gl_LocalInvocationID.x;
    if (i < count) {
      store_key(begin + i, is_u64() ? s_hi[i] : 0u, s_lo[i]);
      if (HAS_VALUES) values_out[begin + i] = s_value[i];
    }
  }
}

// Writes the samples (mergesort_sample_index) of the tile slots [0, count) that go to output
// keys [begin, begin + count), begin a multiple of NV: one invocation per sample, so the store
// loop above stays as it was (a test per key there made the merge steps 20% slower on the H100).
// Samples stay encoded: only the partition reads them.
void tile_store_samples(uint begin, uint count) {
  const uint stride = mergesort_sample_stride(NV);
  for (uint t = gl_LocalInvocationID.x; t < 2u * (NV / stride); t += NT) {
    const uint slot = stride * (t >> 1u) + ((t & 1u) != 0u ? stride - 1u : 0u);
    if (slot >= count) continue;
    const uint s = mergesort_sample_index(begin + slot, pc.n, NV, is_u64() ? 2u : 1u);
    samples[s] = s_lo[slot];
    if (is_u64()) samples[s + 1u] = s_hi[slot];
  }
}

bool slot_less(uint x, uint y) {
  return encoded_less(is_u64() ? s_hi[x] : 0u, s_lo[x], is_u64() ? s_hi[y] : 0u, s_lo[y]);
}

// How many of the first `diag` outputs of merging A = slots [a0, a0 + a_count) and B = slots
// [b0, b0 + b_count) come from A: the merge path's crossing of that cross-diagonal. A key of A
// goes first unless B's is strictly smaller, so equal keys keep their order.
uint tile_merge_path(uint a0, uint a_count, uint b0, uint b_count, uint diag) {
  uint begin = diag > b_count ? diag - b_count : 0u;
  uint end = ms_min(diag, a_count);
  while (begin < end) {
    uint mid = (begin + end) >> 1u;
    if (!slot_less(b0 + diag - 1u - mid, a0 + mid)) {
      begin = mid + 1u;
    } else {
      end = mid;
    }
  }
  return begin;
}

// VT outputs into registers, starting at A slot a and B slot b, with the ranges ending at a_end
// and b_end. The next key of each list waits in registers, so each output costs one shared
// read. Outputs past both ends are left unspecified (never stored).
void serial_merge(uint a, uint a_end, uint b, uint b_end) {
  uint ia = ms_min(a, NV - 1u), ib = ms_min(b, NV - 1u);
  uint a_lo = s_lo[ia], a_hi = is_u64() ? s_hi[ia] : 0u;
  uint b_lo = s_lo[ib], b_hi = is_u64() ? s_hi[ib] : 0u;
  [[unroll]] for (uint i = 0u; i < VT; ++i) {
    const bool take_b = b < b_end && (a >= a_end || encoded_less(b_hi, b_lo, a_hi, a_lo));
    r_lo[i] = take_b ? b_lo : a_lo;
    r_hi[i] = take_b ? b_hi : a_hi;
    r_value[i] = HAS_VALUES ? s_value[take_b ? ib : ia] : 0u;
    r_from_b[i] = take_b;
    if (take_b) {
      ib = ms_min(++b, NV - 1u);
      b_lo = s_lo[ib];
      if (is_u64()) b_hi = s_hi[ib];
    } else {
      ia = ms_min(++a, NV - 1u);
      a_lo = s_lo[ia];
      if (is_u64()) a_hi = s_hi[ia];
    }
  }
}

// Writes this thread's VT register keys to slots VT * tid + i below count.
void registers_to_tile(uint count) {
  [[unroll]] for (uint i = 0u; i < VT; ++i) {
    uint slot = VT * gl_LocalInvocationID.x + i;
    if (slot < count) tile_put(slot, r_hi[i], r_lo[i], r_value[i]);
  }
}
