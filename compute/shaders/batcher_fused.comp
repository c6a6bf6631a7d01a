#version 460
// Several consecutive layers of Batcher's odd-even mergesort in one dispatch (batcher-fused):
// each workgroup loads a window of wires into shared memory, runs the covered layers there
// with a barrier between layers, and writes back the window's centre. Which wires a window
// holds, and why its halo makes the centre exact, is in batcher_fused_step.h; which comparators
// exist is batcher's own batcher_comparator_runs, so the network is batcher's. That is the
// stepping path (statistics, swap flags, disabled comparators, wide keys and values); the
// full-speed pipelines of one-word keys without values hold the window in registers instead
// (batcher_fused_registers.glsl), with the same comparators.
#extension GL_EXT_control_flow_attributes : require
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require

#include "batcher_fused_bindings.h"
#include "batcher_fused_step.h"
#include "grid.h"
#include "keys.h"

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint KEY_TYPE = KEY_U32;
layout(constant_id = 2) const bool DESCENDING = false;
layout(constant_id = 3) const bool HAS_VALUES = false;
layout(constant_id = 4) const bool INSTRUMENTED = false;
layout(constant_id = 5) const bool COMPARATOR_MASK = false;
// Window slots and the shared words they take (1, 2 or 3 per slot), sized by the plan from the
// device's limit: low key words at [0, SLOTS), then high key words (u64), then values (pairs).
layout(constant_id = 6) const uint SLOTS = 1;
layout(constant_id = 7) const uint SHARED_WORDS = 1;
// Whether the plan chose the register path (batcher_fused_registers.glsl) for its full-speed
// pipelines: one-word keys without values, workgroups of whole subgroups.
layout(constant_id = 8) const bool REGISTER_PATH = false;

layout(push_constant) uniform Push {
  BatcherFusedStep pc;
};

#include "network_compare.glsl"

// Where the centres go: the keys and values buffers themselves, or the other pair (halo steps).
layout(std430, set = 0, binding = FUSED_BINDING_KEYS_OUT) writeonly buffer KeysOut {
  uint keys_out[];
};
layout(std430, set = 0, binding = FUSED_BINDING_VALUES_OUT) writeonly buffer ValuesOut {
  uint values_out[];
};

shared uint s_words[SHARED_WORDS];

const bool WIDE = KEY_TYPE == KEY_U64;
const uint HI = SLOTS;                         // offset of the high key words
const uint VALUE = WIDE ? 2u * SLOTS : SLOTS;  // offset of the values

#include "batcher_fused_registers.glsl"

// Slots and comparators an invocation takes per round: their shared and global loads are all
// issued before the first result is used, so each invocation keeps several in flight instead of
// waiting on one at a time (the window phase is otherwise latency-bound). Keys of two words or
// with values take one at a time; four measured no different for them on the H100 (u64 pairs at
// 2^24: 27.2 ms either way, both slower than before this loop; runs 9 and 12 of
// docs/bench/2026-11-23-h100-speed-3-experiments.txt).
const uint BATCH = WIDE || HAS_VALUES ? 1u : 4u;

// Keys sit in shared memory encoded (keys.h), so every comparator is an unsigned compare.
void load_window(uint first_residue, uint first_j, uint slots) {
  for (uint w0 = gl_LocalInvocationID.x; w0 < slots; w0 += BATCH * gl_WorkGroupSize.x) {
    uint lo[BATCH], hi[BATCH], value[BATCH];
    bool real[BATCH];
    [[unroll]] for (uint i = 0u; i < BATCH; ++i) {
      uint w = w0 + i * gl_WorkGroupSize.x;
      uint wire = 0u;
      real[i] = w < slots && batcher_fused_slot_wire(pc, first_residue, first_j, w, wire);
      if (real[i]) {
        lo[i] = keys[WIDE ? wire * 2u : wire];
        hi[i] = WIDE ? keys[wire * 2u + 1u] : 0u;
        value[i] = HAS_VALUES ? values[wire] : 0u;
      }
    }
    [[unroll]] for (uint i = 0u; i < BATCH; ++i) {
      uint w = w0 + i * gl_WorkGroupSize.x;
      if (!real[i]) continue;
      s_words[w] = encode_key_word(lo[i], KEY_TYPE, DESCENDING);
      if (WIDE) s_words[HI + w] = encode_key_word(hi[i], KEY_TYPE, DESCENDING);
      if (HAS_VALUES) s_words[VALUE + w] = value[i];
    }
  }
}

void store_center(uint first_residue, uint first_j, uint slots) {
  for (uint w = gl_LocalInvocationID.x; w < slots; w += gl_WorkGroupSize.x) {
    uint wire;
    if (!batcher_fused_in_center(pc, w) ||
        !batcher_fused_slot_wire(pc, first_residue, first_j, w, wire))
      continue;
    keys_out[WIDE ? wire * 2u : wire] = decode_key_word(s_words[w], KEY_TYPE, DESCENDING);
    if (WIDE) keys_out[wire * 2u + 1u] = decode_key_word(s_words[HI + w], KEY_TYPE, DESCENDING);
    if (HAS_VALUES) values_out[wire] = s_words[VALUE + w];
  }
}

// One layer's comparators in the window, BATCH per invocation per round (comparators of one
// layer share no wire, so their loads may all go first). Candidate t runs in invocation
// t % threads, as batcher_fused_invocation_of says. Returns the comparisons and swaps counted
// for the statistics (centre comparators only).
uvec2 run_layer(BatcherLayer l, uint first_residue, uint first_j, bool has_window) {
  const uint layer = l.layer;
  // Only this layer's candidate left wires whose partner is in the window (comparators
  // reaching outside only feed the halo), about half the slots.
  uint begin, end;
  batcher_fused_left_range(pc, first_j, l, begin, end);
  uint candidates = has_window ? (end - begin) << pc.residue_shift : 0u;
  uint partner_offset = batcher_fused_partner_slot(pc, 0u, l.stride);
  uvec2 counts = uvec2(0u);
  for (uint t0 = gl_LocalInvocationID.x; t0 < candidates; t0 += BATCH * gl_WorkGroupSize.x) {
    uint slot[BATCH], wire[BATCH];
    bool runs[BATCH];
    [[unroll]] for (uint i = 0u; i < BATCH; ++i) {
      uint t = t0 + i * gl_WorkGroupSize.x;
      slot[i] = 0u;
      wire[i] = 0u;
      runs[i] =
          t < candidates &&
          batcher_fused_candidate(pc, first_residue, first_j, l, begin, t, wire[i], slot[i]) &&
          comparator_enabled(layer, pc.n, wire[i]);
    }
    uint a_lo[BATCH], b_lo[BATCH], a_hi[BATCH], b_hi[BATCH];
    [[unroll]] for (uint i = 0u; i < BATCH; ++i) {
      if (!runs[i]) continue;
      a_lo[i] = s_words[slot[i]];
      b_lo[i] = s_words[slot[i] + partner_offset];
      a_hi[i] = WIDE ? s_words[HI + slot[i]] : 0u;
      b_hi[i] = WIDE ? s_words[HI + slot[i] + partner_offset] : 0u;
    }
    [[unroll]] for (uint i = 0u; i < BATCH; ++i) {
      if (!runs[i]) continue;
      uint a = slot[i], b = slot[i] + partner_offset;
      bool swap = encoded_less(b_hi[i], b_lo[i], a_hi[i], a_lo[i]);
      if (!WIDE && !HAS_VALUES) {
        // Branch-free: the smaller word to the left wire whether or not it moved.
        s_words[a] = min(a_lo[i], b_lo[i]);
        s_words[b] = max(a_lo[i], b_lo[i]);
      } else if (swap) {
        s_words[a] = b_lo[i];
        s_words[b] = a_lo[i];
        if (WIDE) {
          s_words[HI + a] = b_hi[i];
          s_words[HI + b] = a_hi[i];
        }
        if (HAS_VALUES) {
          uint v = s_words[VALUE + a];
          s_words[VALUE + a] = s_words[VALUE + b];
          s_words[VALUE + b] = v;
        }
      }
      if (INSTRUMENTED && batcher_fused_in_center(pc, a)) {
        counts.x += 1u;
        if (swap) {
          counts.y += 1u;
          stats[STATS_FLAGS_OFFSET + wire[i]] = 1u;
        }
      }
    }
  }
  return counts;
}

void main() {
  uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  // The grid may hold a few more workgroups than windows (a 2D grid is a rectangle): those load
  // nothing, yet join every barrier below.
  bool has_window = group < batcher_fused_groups(pc);
  uint slots = has_window ? batcher_fused_slots(pc) : 0u;
  uint first_residue = batcher_fused_first_residue(pc, group);
  uint first_j = batcher_fused_first_j(pc, group);
  if (REGISTER_PATH && !INSTRUMENTED && !COMPARATOR_MASK && !WIDE && !HAS_VALUES) {
    run_registers(has_window, first_residue, first_j);
    return;
  }
  load_window(first_residue, first_j, slots);
  barrier();

  uvec2 counts = uvec2(0u);
  BatcherLayer l = batcher_layer_of(pc.n, pc.merge_lo, pc.stride_hi, pc.first_layer);
  for (;;) {
    counts += run_layer(l, first_residue, first_j, has_window);
    barrier();
    if (l.layer >= pc.last_layer) break;
    l = batcher_next_layer(l);
  }

  store_center(first_residue, first_j, slots);
  if (INSTRUMENTED) {
    // One atomic per subgroup for the whole step (every invocation gets here).
    uint compares = subgroupAdd(counts.x);
    uint swaps = subgroupAdd(counts.y);
    if (subgroupElect()) {
      if (compares != 0u) atomicAdd(stats[STATS_COMPARISONS], compares);
      if (swaps != 0u) atomicAdd(stats[STATS_SWAPS], swaps);
    }
  }
}
