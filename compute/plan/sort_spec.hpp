#pragma once
// What to sort: the input of every algorithm's planner.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "shaders/common/keys.h"

namespace ss {

enum class KeyType : std::uint32_t {
  u32 = gpu::KEY_U32,
  i32 = gpu::KEY_I32,
  f32 = gpu::KEY_F32,
  u64 = gpu::KEY_U64,
};

inline constexpr KeyType k_key_types[] = {KeyType::u32, KeyType::i32, KeyType::f32, KeyType::u64};

std::string_view to_string(KeyType type);
std::optional<KeyType> parse_key_type(std::string_view name);
inline std::uint32_t key_words(KeyType type) {
  return gpu::key_words(static_cast<std::uint32_t>(type));
}
inline std::uint32_t key_bytes(KeyType type) {
  return 4u * key_words(type);
}

struct SortSpec {
  std::uint32_t n = 0;
  KeyType key_type = KeyType::u32;
  bool pairs = false;  // key-value: u32 values travel with their keys
  bool descending = false;
};

}  // namespace ss
