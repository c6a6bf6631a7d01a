#include "distributed/sample_sort_record.hpp"

#include <algorithm>

#include "shaders/common/keys.h"

namespace ss {

std::vector<std::uint64_t> recorded_positions(std::uint64_t count, std::uint64_t limit) {
  const std::uint64_t kept = std::min(count, limit);
  if (kept == 0) return {};  // an empty array (a rank that received no keys), or nothing kept
  std::vector<std::uint64_t> out(kept);
  // The middle of each of `kept` equal parts: (2i + 1) count / 2 kept, split so that no product
  // overflows (count < 2^41, kept <= 2^20).
  const std::uint64_t whole = count / (2 * kept);
  const std::uint64_t rest = count % (2 * kept);
  for (std::uint64_t i = 0; i < kept; ++i) {
    out[i] = (2 * i + 1) * whole + (2 * i + 1) * rest / (2 * kept);
  }
  return out;
}

std::uint64_t decoded_key_bits(std::uint64_t encoded, KeyType type, bool descending) {
  const auto t = static_cast<std::uint32_t>(type);
  if (key_words(type) == 1) {
    return gpu::decode_key_word(static_cast<std::uint32_t>(encoded), t, descending);
  }
  const std::uint64_t hi =
      gpu::decode_key_word(static_cast<std::uint32_t>(encoded >> 32), t, descending);
  const std::uint64_t lo = gpu::decode_key_word(static_cast<std::uint32_t>(encoded), t, descending);
  return hi << 32 | lo;
}

}  // namespace ss
