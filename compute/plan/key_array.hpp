#pragma once
// Keys (and values) on the host, in the exact bit layout the GPU buffers hold: key_words(type)
// 32-bit words per key (u64: low word first), values as u32.
#include <cstdint>
#include <vector>

#include "plan/sort_spec.hpp"

namespace ss {

struct KeyArray {
  KeyType type = KeyType::u32;
  std::vector<std::uint32_t> words;
  bool has_values = false;  // key-value: values holds one u32 per key
  std::vector<std::uint32_t> values;

  std::size_t size() const { return words.size() / key_words(type); }

  // The raw bits of key i, zero-extended for 32-bit types.
  std::uint64_t bits(std::size_t i) const {
    if (key_words(type) == 1) return words[i];
    return words[2 * i] | (std::uint64_t(words[2 * i + 1]) << 32);
  }
  void push_back_bits(std::uint64_t bits) {
    words.push_back(static_cast<std::uint32_t>(bits));
    if (key_words(type) == 2) words.push_back(static_cast<std::uint32_t>(bits >> 32));
  }
};

// The key's position in the sort order as one unsigned 64-bit number (IEEE totalOrder for f32,
// inverted for descending), through the same encoding the kernels use.
inline std::uint64_t encoded_key(const KeyArray& keys, std::size_t i, bool descending) {
  const auto type = static_cast<std::uint32_t>(keys.type);
  if (key_words(keys.type) == 1) return gpu::encode_key_word(keys.words[i], type, descending);
  const std::uint64_t hi = gpu::encode_key_word(keys.words[2 * i + 1], type, descending);
  const std::uint64_t lo = gpu::encode_key_word(keys.words[2 * i], type, descending);
  return (hi << 32) | lo;
}

}  // namespace ss
