#version 460
// Several consecutive layers of Batcher's odd-even mergesort in one dispatch (batcher-fused):
// each workgroup loads a window of wires into shared memory, runs the covered layers there
// with a barrier between layers, and writes back the window's centre. Which wires a window
// holds, and why its halo makes the centre exact, is in batcher_fused_step.h; which comparators
// exist is batcher's own batcher_comparator_runs, so the network is batcher's.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

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

void load_window(uint first_residue, uint first_j, uint slots) {
  for (uint w = gl_LocalInvocationID.x; w < slots; w += gl_WorkGroupSize.x) {
    uint wire;
    if (!batcher_fused_slot_wire(pc, first_residue, first_j, w, wire)) continue;
    s_words[w] = keys[WIDE ? wire * 2u : wire];
    if (WIDE) s_words[HI + w] = keys[wire * 2u + 1u];
    if (HAS_VALUES) s_words[VALUE + w] = values[wire];
  }
}

void store_center(uint first_residue, uint first_j, uint slots) {
  for (uint w = gl_LocalInvocationID.x; w < slots; w += gl_WorkGroupSize.x) {
    uint wire;
    if (!batcher_fused_in_center(pc, w) ||
        !batcher_fused_slot_wire(pc, first_residue, first_j, w, wire))
      continue;
    keys_out[WIDE ? wire * 2u : wire] = s_words[w];
    if (WIDE) keys_out[wire * 2u + 1u] = s_words[HI + w];
    if (HAS_VALUES) values_out[wire] = s_words[VALUE + w];
  }
}

// Orders slots a < b (wires a < b) so the smaller encoded key ends in a; true when it swapped.
bool compare_and_swap_slots(uint a, uint b) {
  uint a_lo = s_words[a], b_lo = s_words[b];
  uint a_hi = WIDE ? s_words[HI + a] : 0u, b_hi = WIDE ? s_words[HI + b] : 0u;
  bool swap = encoded_less(encode_key_word(b_hi, KEY_TYPE, DESCENDING && WIDE),
                           encode_key_word(b_lo, KEY_TYPE, DESCENDING),
                           encode_key_word(a_hi, KEY_TYPE, DESCENDING && WIDE),
                           encode_key_word(a_lo, KEY_TYPE, DESCENDING));
  if (swap) {
    s_words[a] = b_lo;
    s_words[b] = a_lo;
    if (WIDE) {
      s_words[HI + a] = b_hi;
      s_words[HI + b] = a_hi;
    }
    if (HAS_VALUES) {
      uint v = s_words[VALUE + a];
      s_words[VALUE + a] = s_words[VALUE + b];
      s_words[VALUE + b] = v;
    }
  }
  return swap;
}

void main() {
  uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  // The grid may hold a few more workgroups than windows (a 2D grid is a rectangle): those load
  // nothing, yet join every barrier below.
  bool has_window = group < batcher_fused_groups(pc);
  uint slots = has_window ? batcher_fused_slots(pc) : 0u;
  uint first_residue = batcher_fused_first_residue(pc, group);
  uint first_j = batcher_fused_first_j(pc, group);
  load_window(first_residue, first_j, slots);
  barrier();

  uint compared = 0u, swapped = 0u;
  for (uint layer = pc.first_layer; layer <= pc.last_layer; ++layer) {
    BatcherLayer l = batcher_layer_at(pc.n, layer);
    // Only this layer's candidate left wires whose partner is in the window (comparators
    // reaching outside only feed the halo), about half the slots.
    uint begin, end;
    batcher_fused_left_range(pc, first_j, l, begin, end);
    uint candidates = has_window ? (end - begin) << pc.residue_shift : 0u;
    for (uint t = gl_LocalInvocationID.x; t < candidates; t += gl_WorkGroupSize.x) {
      uint wire, w;
      if (!batcher_fused_candidate(pc, first_residue, first_j, l, begin, t, wire, w) ||
          !comparator_enabled(layer, pc.n, wire))
        continue;
      bool exchanged = compare_and_swap_slots(w, batcher_fused_partner_slot(pc, w, l.stride));
      if (INSTRUMENTED && batcher_fused_in_center(pc, w)) {
        compared += 1u;
        if (exchanged) {
          swapped += 1u;
          stats[STATS_FLAGS_OFFSET + wire] = 1u;
        }
      }
    }
    barrier();
  }

  store_center(first_residue, first_j, slots);
  if (INSTRUMENTED) {
    // One atomic per subgroup for the whole step (every invocation gets here).
    uint compares = subgroupAdd(compared);
    uint swaps = subgroupAdd(swapped);
    if (subgroupElect()) {
      if (compares != 0u) atomicAdd(stats[STATS_COMPARISONS], compares);
      if (swaps != 0u) atomicAdd(stats[STATS_SWAPS], swaps);
    }
  }
}
