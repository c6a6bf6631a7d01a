#version 460
// Sample sort: where each splitter falls in this rank's sorted keys (common/sample_sort.h). Two
// binary searches per splitter: bounds[2s] counts the keys below splitter s, bounds[2s + 1] the
// keys not above it. The host places the splitter between them by its rank and position, which
// breaks ties among equal keys the way a stable sort orders them.
#extension GL_GOOGLE_include_directive : require

#include "keys.h"
#include "sample_sort.h"

layout(local_size_x_id = 0) in;

layout(push_constant) uniform Push {
  SplitterSearch pc;
};

layout(set = 0, binding = 0, std430) readonly buffer Keys {
  uint keys[];
};
layout(set = 0, binding = 1, std430) readonly buffer Splitters {
  uvec2 splitters[];  // encoded (hi, lo); hi = 0 for 32-bit keys
};
layout(set = 0, binding = 2, std430) writeonly buffer Bounds {
  uint bounds[];
};

uvec2 encoded_at(uint i) {
  if (key_words(pc.key_type) == 1u) {
    return uvec2(0u, encode_key_word(keys[i], pc.key_type, pc.descending != 0u));
  }
  return uvec2(encode_key_word(keys[2u * i + 1u], pc.key_type, pc.descending != 0u),
               encode_key_word(keys[2u * i], pc.key_type, pc.descending != 0u));
}

// The first position in [0, n) whose key is not below (or, `past_equal`, not at or below) s.
uint bound(uvec2 s, bool past_equal) {
  uint lo = 0u;
  uint hi = pc.n;
  while (lo < hi) {
    const uint mid = lo + (hi - lo) / 2u;
    const uvec2 k = encoded_at(mid);
    const bool before =
        past_equal ? !encoded_less(s.x, s.y, k.x, k.y) : encoded_less(k.x, k.y, s.x, s.y);
    if (before) {
      lo = mid + 1u;
    } else {
      hi = mid;
    }
  }
  return lo;
}

void main() {
  const uint s = gl_GlobalInvocationID.x;
  if (s >= pc.splitters) return;
  bounds[2u * s] = bound(splitters[s], false);
  bounds[2u * s + 1u] = bound(splitters[s], true);
}
