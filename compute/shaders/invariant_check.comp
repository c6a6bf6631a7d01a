#version 460
// Checks the statement that holds after a step (invariant_check.h) over the whole array: one
// invocation per position i (the pair i, i + 1 or the comparator whose lower wire is i) and per
// word of the auxiliary range. Counts reach the result words through one atomic per workgroup.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

#include "batcher_layer.h"
#include "bitonic_layer.h"
#include "grid.h"
#include "invariant_check.h"
#include "keys.h"

layout(local_size_x_id = 0) in;

layout(push_constant) uniform Push {
  InvariantCheck pc;
};

layout(std430, set = 0, binding = INVARIANT_BINDING_KEYS) readonly buffer Keys {
  uint keys[];
};
layout(std430, set = 0, binding = INVARIANT_BINDING_VALUES) readonly buffer Values {
  uint values[];
};
layout(std430, set = 0, binding = INVARIANT_BINDING_RESULT) buffer Result {
  uint result[];
};
layout(std430, set = 0, binding = INVARIANT_BINDING_AUX_A) readonly buffer AuxA {
  uint aux_a[];
};
layout(std430, set = 0, binding = INVARIANT_BINDING_AUX_B) readonly buffer AuxB {
  uint aux_b[];
};

shared uint workgroup_violations;
shared uint workgroup_first;
shared uint workgroup_out_of_order;
shared uint workgroup_sum_lo;
shared uint workgroup_sum_hi;

// The key at position i in its encoded order, as (hi, lo); 32-bit keys have hi = 0.
uvec2 encoded_key(uint i) {
  bool descending = pc.descending != 0u;
  if (pc.key_type == KEY_U64) {
    return uvec2(encode_key_word(keys[2u * i + 1u], KEY_U64, descending),
                 encode_key_word(keys[2u * i], KEY_U64, descending));
  }
  return uvec2(0u, encode_key_word(keys[i], pc.key_type, descending));
}

uint low_mask(uint bits) {
  return bits >= 32u ? 0xffffffffu : (1u << bits) - 1u;
}

// The key's low `bits` bits, as (hi, lo).
uvec2 low_bits_of(uvec2 key, uint bits) {
  if (bits >= 64u) return key;
  if (bits >= 32u) return uvec2(key.x & low_mask(bits - 32u), key.y);
  return uvec2(0u, key.y & low_mask(bits));
}

bool pair_out_of_order(uint left, uint right) {
  uvec2 a = encoded_key(left), b = encoded_key(right);
  return encoded_less(b.x, b.y, a.x, a.y);
}

// Whether position i breaks the statement about the keys.
bool key_violation(uint i) {
  if (pc.mode == INVARIANT_RUNS) {
    if (i + 1u >= pc.n || (pc.run_length < pc.n && (i + 1u) % pc.run_length == 0u)) return false;
    uvec2 a = low_bits_of(encoded_key(i), pc.low_bits);
    uvec2 b = low_bits_of(encoded_key(i + 1u), pc.low_bits);
    if (encoded_less(b.x, b.y, a.x, a.y)) return true;
    return pc.stable != 0u && a == b && values[i] > values[i + 1u];
  }
  if (pc.mode == INVARIANT_BATCHER_PAIRS) {
    BatcherLayer layer = BatcherLayer(pc.n, pc.stride, pc.stride_shift, pc.inner_remainder,
                                      pc.inner_last_idx, pc.merge_size, 0u, 0u);
    return batcher_comparator_runs(layer, i) && pair_out_of_order(i, batcher_partner(layer, i));
  }
  if (pc.mode == INVARIANT_BITONIC_PAIRS) {
    BitonicLayer layer = BitonicLayer(pc.n, pc.merge_size, pc.stride, pc.mirror, 0u, 0u);
    return bitonic_comparator_runs(layer, i) && pair_out_of_order(i, bitonic_partner(layer, i));
  }
  if (pc.mode == INVARIANT_NEIGHBOUR_PAIRS) {
    return i + 1u < pc.n && (i & 1u) == pc.parity && pair_out_of_order(i, i + 1u);
  }
  return false;
}

// Whether word j of the auxiliary range breaks the statement about it.
bool aux_violation(uint j) {
  if (j >= pc.aux_count) return false;
  if (pc.mode == INVARIANT_ZEROS) return aux_a[pc.aux_offset + j] != 0u;
  if (pc.mode == INVARIANT_SCAN) {
    uint expected = 0u;
    if (j % pc.segment != 0u) {
      expected = aux_a[pc.aux_offset + j - 1u] + aux_b[pc.aux_offset_b + j - 1u];
    }
    return aux_a[pc.aux_offset + j] != expected;
  }
  return false;
}

void add_sum(uint value) {
  uint total = subgroupAdd(value);
  if (subgroupElect() && total != 0u) {
    uint before = atomicAdd(workgroup_sum_lo, total);
    if (before + total < before) atomicAdd(workgroup_sum_hi, 1u);
  }
}

void main() {
  if (gl_LocalInvocationIndex == 0u) {
    workgroup_violations = 0u;
    workgroup_first = INVARIANT_NONE;
    workgroup_out_of_order = 0u;
    workgroup_sum_lo = 0u;
    workgroup_sum_hi = 0u;
  }
  barrier();

  uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  uint i = group * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  bool inside = i < pc.threads;
  bool violation = inside && (i < pc.n ? key_violation(i) : false);
  if (pc.mode == INVARIANT_SCAN || pc.mode == INVARIANT_ZEROS) {
    violation = inside && aux_violation(i);
  }
  bool out_of_order = inside && i + 1u < pc.n && pair_out_of_order(i, i + 1u);
  if (pc.mode == INVARIANT_SUM) {
    add_sum(inside && i < pc.aux_count ? aux_a[pc.aux_offset + i] : 0u);
  }

  uint violations = subgroupAdd(violation ? 1u : 0u);
  uint first = subgroupMin(violation ? i : INVARIANT_NONE);
  uint unordered = subgroupAdd(out_of_order ? 1u : 0u);
  if (subgroupElect()) {
    if (violations != 0u) {
      atomicAdd(workgroup_violations, violations);
      atomicMin(workgroup_first, first);
    }
    if (unordered != 0u) atomicAdd(workgroup_out_of_order, unordered);
  }
  barrier();

  if (gl_LocalInvocationIndex == 0u) {
    if (workgroup_violations != 0u) {
      atomicAdd(result[INVARIANT_RESULT_VIOLATIONS], workgroup_violations);
      atomicMin(result[INVARIANT_RESULT_FIRST], workgroup_first);
    }
    if (workgroup_out_of_order != 0u) {
      atomicAdd(result[INVARIANT_RESULT_OUT_OF_ORDER], workgroup_out_of_order);
    }
    if (workgroup_sum_lo != 0u || workgroup_sum_hi != 0u) {
      uint before = atomicAdd(result[INVARIANT_RESULT_SUM_LO], workgroup_sum_lo);
      uint carry = before + workgroup_sum_lo < before ? 1u : 0u;
      atomicAdd(result[INVARIANT_RESULT_SUM_HI], workgroup_sum_hi + carry);
    }
  }
}
