#version 460
// The sample sort's check of a part on its GPU (common/part_check.h): neighbours out of order,
// ties out of input order, and the order-free digest, added up per subgroup, then per workgroup,
// then into the result words.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

#include "grid.h"
#include "keys.h"
#include "part_check.h"

layout(local_size_x_id = 0) in;

layout(push_constant) uniform Push {
  PartCheck pc;
};

layout(std430, set = 0, binding = PART_CHECK_BINDING_KEYS) readonly buffer Keys {
  uint keys[];
};
layout(std430, set = 0, binding = PART_CHECK_BINDING_VALUES) readonly buffer Values {
  uint values[];
};
layout(std430, set = 0, binding = PART_CHECK_BINDING_RESULT) buffer Result {
  uint result[];
};

shared uint workgroup_sums[PART_CHECK_SUM_WORDS];

// The raw key words at position i as (hi, lo); hi = 0 for 32-bit keys.
uvec2 raw_key(uint i) {
  if (key_words(pc.key_type) == 1u) return uvec2(0u, keys[i]);
  return uvec2(keys[2u * i + 1u], keys[2u * i]);
}

uvec2 encoded(uvec2 raw) {
  const bool descending = pc.descending != 0u;
  if (key_words(pc.key_type) == 1u)
    return uvec2(0u, encode_key_word(raw.y, pc.key_type, descending));
  return uvec2(encode_key_word(raw.x, pc.key_type, descending),
               encode_key_word(raw.y, pc.key_type, descending));
}

void main() {
  if (gl_LocalInvocationIndex < PART_CHECK_SUM_WORDS) workgroup_sums[gl_LocalInvocationIndex] = 0u;
  barrier();

  const uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  const uint first = group * gl_WorkGroupSize.x * PART_CHECK_ITEMS + gl_LocalInvocationID.x;
  uint out_of_order = 0u, unstable = 0u, digest_a = 0u, digest_b = 0u;
  for (uint k = 0u; k < PART_CHECK_ITEMS; ++k) {
    const uint i = first + k * gl_WorkGroupSize.x;
    if (i >= pc.n) break;
    const uvec2 key = raw_key(i);
    const uint value = pc.pairs != 0u ? values[i] : 0u;
    if (i == 0u || i + 1u == pc.n) {
      const uint at = i == 0u ? PART_CHECK_RESULT_FIRST : PART_CHECK_RESULT_LAST;
      result[at] = key.y;
      result[at + 1u] = key.x;
      result[at + 2u] = value;
    }
    digest_a += part_check_hash(key.y, key.x, value, PART_CHECK_SEED_A);
    digest_b += part_check_hash(key.y, key.x, value, PART_CHECK_SEED_B);
    if (i + 1u < pc.n) {
      const uvec2 a = encoded(key);
      const uvec2 b = encoded(raw_key(i + 1u));
      if (encoded_less(b.x, b.y, a.x, a.y)) ++out_of_order;
      if (pc.pairs != 0u && a == b && values[i + 1u] < value) ++unstable;
    }
  }
  // Sums modulo 2^32 (the digest's) and counts below 2^32 (n is) alike: wrapping adds.
  const uint sums[PART_CHECK_SUM_WORDS] = uint[](subgroupAdd(out_of_order), subgroupAdd(unstable),
                                                 subgroupAdd(digest_a), subgroupAdd(digest_b));
  if (subgroupElect()) {
    for (uint w = 0u; w < PART_CHECK_SUM_WORDS; ++w) atomicAdd(workgroup_sums[w], sums[w]);
  }
  barrier();
  if (gl_LocalInvocationIndex < PART_CHECK_SUM_WORDS) {
    atomicAdd(result[gl_LocalInvocationIndex], workgroup_sums[gl_LocalInvocationIndex]);
  }
}
