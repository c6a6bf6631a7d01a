#pragma once
// What the sample sort's verification needs to know of one array (a rank's input or its sorted
// part): how many keys, how many neighbours out of order and ties out of input order, the
// order-free digest of every (key, value) (shaders/common/part_check.h), and its two ends for the
// check across rank boundaries. Computed on the GPU where the array lies (part_check.comp, one
// pass over it), or on the host as the reference the tests hold the GPU to.
#include <cstdint>

#include "core/buffer.hpp"
#include "plan/key_array.hpp"

namespace ss {

class Context;

struct PartSummary {
  std::uint64_t count = 0;
  std::uint64_t out_of_order = 0;  // i whose key i + 1 sorts before key i
  std::uint64_t unstable = 0;      // equal keys i, i + 1 whose values (input positions) decrease
  std::uint32_t digest_a = 0;      // the digest's two sums, modulo 2^32
  std::uint32_t digest_b = 0;
  std::uint64_t first_key = 0;  // encoded (keys.h), in the order checked; 0 when count is 0
  std::uint64_t last_key = 0;
  std::uint32_t first_value = 0;  // 0 without values
  std::uint32_t last_value = 0;

  bool operator==(const PartSummary&) const = default;
};

PartSummary summarize_on_host(const KeyArray& keys, bool descending);

// `keys` (and `values`, null for keys alone) are storage buffers holding n keys of `type`.
// One submission; throws GpuError as every submission does.
PartSummary summarize_on_gpu(const Context& context, const Buffer& keys, const Buffer* values,
                             std::uint64_t n, KeyType type, bool descending);

// Makes summarize_on_gpu's pipeline now (a cold run's verification otherwise pays for it).
void make_part_check_kernel(const Context& context);

}  // namespace ss
