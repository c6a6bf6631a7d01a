#include "plan/sort_spec.hpp"

#include <algorithm>
#include <bit>

namespace ss {

std::string_view to_string(KeyType type) {
  switch (type) {
    case KeyType::u32:
      return "u32";
    case KeyType::i32:
      return "i32";
    case KeyType::f32:
      return "f32";
    case KeyType::u64:
      return "u64";
  }
  return "?";
}

std::uint32_t chosen_tile_keys(const SortSpec& spec, std::uint32_t tuned, std::uint32_t teaching) {
  if (spec.tile_keys == k_tile_keys_tuned) return tuned;
  if (spec.tile_keys == k_tile_keys_auto) return spec.n <= k_teaching_max_n ? teaching : tuned;
  return spec.tile_keys;
}

std::uint32_t radix_teaching_tile_keys(std::uint32_t n) {
  return std::clamp(std::bit_ceil(std::max(n, 1u)) / 16u, 8u, 64u);
}

std::optional<KeyType> parse_key_type(std::string_view name) {
  for (KeyType type : k_key_types) {
    if (to_string(type) == name) return type;
  }
  return std::nullopt;
}

}  // namespace ss
