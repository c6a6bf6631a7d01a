// batcher-fused's full-speed path for one-word keys without values (the Runner's pipelines: not
// instrumented, no comparator disabled). The stepping path walks each layer's comparators
// through shared memory with about 40 instructions of index arithmetic apiece (BENCHMARKS.md
// notes 32-33); here every invocation holds BATCHER_FUSED_REGISTER_KEYS consecutive slots in
// registers for the whole step, and a layer costs a min and a max per comparator plus, by its
// stride D (in slots):
//   D < K (K keys per invocation)  pairs inside the invocation, at register indices fixed by the
//                                  layer's stride (one unrolled case per stride); on a merge's
//                                  later layers the last D keys also pair with the next
//                                  invocation's first D;
//   K <= D < subgroup * K          the partner invocation is D / K lanes away: one shuffle per key;
//   larger strides, and layers whose pairs cross a subgroup's slots, exchange the keys through
//                                  shared memory (a barrier, and one before the next exchange).
// It runs exactly the stepping path's comparators (the tests compare the two step by step).
//
// Slots are numbered globally here: G = (window's first j - halo + jj) * residues + row, so that
// whether a slot is a comparator's left wire depends only on G (batcher_is_left_index on its j).
// Invocation t holds G in [g_base + t K, g_base + t K + K) with g_base the window's first G
// rounded down to K, so in-thread pairs sit at fixed register indices. Register slots outside
// the window stand for the comparators the stepping path skips: those before it hold 0 (the
// smallest encoded key: as a left wire it never moves its partner), those after it and the
// wires at n and beyond hold ~0 (the largest: as a right wire it never moves its partner).
//
// Expects KEY_TYPE, DESCENDING, pc (BatcherFusedStep), keys, keys_out and s_words of at least
// gl_WorkGroupSize.x * K words, and full subgroups (the plan asks for them).
#ifndef SS_BATCHER_FUSED_REGISTERS_GLSL
#define SS_BATCHER_FUSED_REGISTERS_GLSL

const uint RK = BATCHER_FUSED_REGISTER_KEYS;

uint reg_x[RK];

// Shared word of register slot v. Invocations touch slots K apart, and the window's loads and
// stores consecutive slots: XOR-ing each row of 32 words with its row index (mod K) puts both
// patterns in 32 different banks.
uint reg_swizzle(uint v) {
  return v ^ ((v >> 5u) & (RK - 1u));
}

// Whether global slot g is a comparator's left wire in a layer of stride 2^d_log within merges of
// mr slots: batcher_is_left_index on the slot's j, in slot units. Negative g (the halo before
// wire 0) wraps as uint; its bits stay periodic, and those slots only hold the smallest key.
bool reg_is_left(int g, uint d_log, uint mr, bool first) {
  uint u = uint(g);
  return ((u >> d_log) & 1u) == (first ? 0u : 1u) && (u & (mr - 1u)) < mr - (1u << d_log);
}

// Not clang-formatted from here on: it takes GLSL's [[unroll]] for loops apart (their bodies
// onto the loop line, each case's macro call below its label); the layout is clang-format's
// otherwise.
// clang-format off
// The layer's in-thread comparators for stride D (a literal, so register indices are fixed),
// and the pairs across the boundary with the neighbouring invocations, whose keys come by
// shuffle or, when `exchange`, through shared memory (after a barrier).
#define REG_SMALL_STRIDE(D)                                                           \
  {                                                                                   \
    uint next[D], prev[D];                                                            \
    if (exchange) {                                                                   \
      if (dirty) barrier();                                                           \
      [[unroll]] for (uint i = 0u; i < D; ++i) {                                      \
        s_words[reg_swizzle(v0 + i)] = reg_x[i];                                      \
        s_words[reg_swizzle(v0 + RK - D + i)] = reg_x[RK - D + i];                    \
      }                                                                               \
      barrier();                                                                      \
      dirty = true;                                                                   \
      [[unroll]] for (uint i = 0u; i < D; ++i) {                                      \
        next[i] = right_cross ? s_words[reg_swizzle(v0 + RK + i)] : ~0u;              \
        prev[i] = left_cross ? s_words[reg_swizzle(v0 - D + i)] : 0u;                 \
      }                                                                               \
    } else {                                                                          \
      [[unroll]] for (uint i = 0u; i < D; ++i) {                                      \
        next[i] = subgroupShuffle(reg_x[i], (lane + 1u) & (gl_SubgroupSize - 1u));    \
        prev[i] = subgroupShuffle(reg_x[RK - D + i], (lane - 1u) & (gl_SubgroupSize - 1u)); \
      }                                                                               \
    }                                                                                 \
    [[unroll]] for (uint k = 0u; k + D < RK; ++k) {                                   \
      if (((k / D) & 1u) == (first ? 0u : 1u) &&                                      \
          (first || mr >= RK || (k & (mr - 1u)) < mr - D)) {                          \
        uint a = reg_x[k], b = reg_x[k + D];                                          \
        reg_x[k] = min(a, b);                                                         \
        reg_x[k + D] = max(a, b);                                                     \
      }                                                                               \
    }                                                                                 \
    [[unroll]] for (uint i = 0u; i < D; ++i) {                                        \
      if (right_cross) reg_x[RK - D + i] = min(reg_x[RK - D + i], next[i]);           \
      if (left_cross) reg_x[i] = max(reg_x[i], prev[i]);                              \
    }                                                                                 \
  }

void run_registers(bool has_window, uint first_residue, uint first_j) {
  const uint threads = gl_WorkGroupSize.x;
  const uint total = threads * RK;
  const int g_window = (int(first_j) - int(pc.halo)) * int(1u << pc.residue_shift);
  const int g_base = g_window & ~int(RK - 1u);
  const uint off = uint(g_window - g_base);  // register slot of window slot 0

  // Slot w = v - off of register slot v = invocation + i * threads: the plan makes threads a
  // multiple of the residue rows, so an invocation keeps its row and steps j by threads / rows,
  // and its wires step by a constant too. (Computing each slot's wire from scratch made the
  // steps' loads and stores alone take 3 of 2^24 keys' 6.2 ms.)
  const uint rows_log = pc.residue_shift;
  const uint residue = first_residue + (gl_LocalInvocationID.x & ((1u << rows_log) - 1u));
  const int j_step = int(threads >> rows_log);
  const int j_count = int(batcher_fused_j_count(pc));
  const int first_jj = int(gl_LocalInvocationID.x >> rows_log) - int(off >> rows_log);
  const int first_wire_j = int(first_j) - int(pc.halo);  // the j of window row 0

  // Each invocation issues all its K loads before it waits for one: with a load in flight per
  // invocation at a time, the steps moved about 0.85 TB/s (their loads and stores alone took
  // 5.5 ms of 2^24 keys' 8.3).
  uint word[RK];
  [[unroll]] for (uint i = 0u; i < RK; ++i) {
    const int jj = first_jj + int(i) * j_step;  // window row; negative before the window
    const int j = first_wire_j + jj;            // negative before wire 0
    const uint wire = (uint(j) << pc.unit_shift) + residue;
    const bool real = has_window && jj >= 0 && jj < int(pc.window) && j >= 0 && j < j_count &&
                      wire < pc.n;
    // Not a real wire: after the window, or at n or beyond (largest key); before wire 0 or
    // before the window (smallest). Shared memory holds the keys as stored, so the fill is the
    // key that encodes to the extreme: encoding between the loads and the shared stores cost
    // 2^24 i32 keys 5.35 -> 5.78 ms on the H100, descending f32 keys 5.61 -> 6.46.
    const bool largest = has_window && jj >= 0 && (jj >= int(pc.window) || j >= 0);
    word[i] = decode_key_word(largest ? ~0u : 0u, KEY_TYPE, DESCENDING);
    if (real) word[i] = keys[wire];
  }
  [[unroll]] for (uint i = 0u; i < RK; ++i)
    s_words[reg_swizzle(gl_LocalInvocationID.x + i * threads)] = word[i];
  barrier();

  const uint lane = gl_SubgroupInvocationID;
  const uint t = gl_SubgroupID * gl_SubgroupSize + lane;
  const uint v0 = t * RK;
  const int g0 = g_base + int(v0);
  [[unroll]] for (uint k = 0u; k < RK; ++k)
    reg_x[k] = encode_key_word(s_words[reg_swizzle(v0 + k)], KEY_TYPE, DESCENDING);
  bool dirty = true;  // others may still read the shared words: a barrier before rewriting them
  const uint span = gl_SubgroupSize * RK;
  const bool aligned = (g_base & int(span - 1u)) == 0;

  BatcherLayer l = batcher_layer_of(pc.n, pc.merge_lo, pc.stride_hi, pc.first_layer);
  for (;;) {
    const uint d_log = l.stride_shift - pc.unit_shift + pc.residue_shift;
    const uint d = 1u << d_log;
    const uint mr = (l.merge_size >> pc.unit_shift) << pc.residue_shift;
    const bool first = l.inner_remainder == 0u;
    // Pairs stay inside each subgroup's aligned slots only when merges do.
    const bool exchange = d >= span || mr > span || !aligned;
    if (d < RK) {
      // Later layers pair this invocation's last d keys with the next one's first d, unless a
      // merge ends between them.
      const bool right_cross = !first && ((g0 + int(RK)) & int(mr - 1u)) != 0 && v0 + RK < total;
      const bool left_cross = !first && (g0 & int(mr - 1u)) != 0 && v0 != 0u;
      switch (d_log) {
        case 0u: REG_SMALL_STRIDE(1u) break;
        case 1u: REG_SMALL_STRIDE(2u) break;
        case 2u: REG_SMALL_STRIDE(4u) break;
        default: REG_SMALL_STRIDE(8u) break;
      }
    } else {
      // Every key of this invocation has its partner d / K invocations away, or none.
      const bool is_left = reg_is_left(g0, d_log, mr, first) && v0 + d < total;
      const bool is_right = reg_is_left(g0 - int(d), d_log, mr, first) && v0 >= d;
      if (exchange) {
        if (dirty) barrier();
        [[unroll]] for (uint k = 0u; k < RK; ++k) s_words[reg_swizzle(v0 + k)] = reg_x[k];
        barrier();
        dirty = true;
        if (is_left || is_right) {
          const uint partner = is_left ? v0 + d : v0 - d;
          [[unroll]] for (uint k = 0u; k < RK; ++k) {
            uint y = s_words[reg_swizzle(partner + k)];
            reg_x[k] = is_left ? min(reg_x[k], y) : max(reg_x[k], y);
          }
        }
      } else {
        const uint c = d / RK;
        const uint partner = is_left ? lane + c : (is_right ? lane - c : lane);
        [[unroll]] for (uint k = 0u; k < RK; ++k) {
          uint y = subgroupShuffle(reg_x[k], partner);
          reg_x[k] = is_left ? min(reg_x[k], y) : (is_right ? max(reg_x[k], y) : reg_x[k]);
        }
      }
    }
    if (l.layer >= pc.last_layer) break;
    l = batcher_next_layer(l);
  }

  if (dirty) barrier();
  [[unroll]] for (uint k = 0u; k < RK; ++k)
    s_words[reg_swizzle(v0 + k)] = decode_key_word(reg_x[k], KEY_TYPE, DESCENDING);
  barrier();
  // Window slot w = invocation + i * threads: only the centre's real wires are written back.
  [[unroll]] for (uint i = 0u; i < RK; ++i) {
    const int jj = first_jj + int(off >> rows_log) + int(i) * j_step;
    const int j = first_wire_j + jj;
    const uint wire = (uint(j) << pc.unit_shift) + residue;
    if (has_window && jj >= int(pc.halo) && jj < int(pc.halo + pc.center) && j < j_count &&
        wire < pc.n) {
      const uint v = gl_LocalInvocationID.x + i * threads + off;
      keys_out[wire] = s_words[reg_swizzle(v)];
    }
  }
}

// clang-format on

#endif  // SS_BATCHER_FUSED_REGISTERS_GLSL
