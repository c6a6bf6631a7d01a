#include "plan/sort_spec.hpp"

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

std::optional<KeyType> parse_key_type(std::string_view name) {
  for (KeyType type : k_key_types) {
    if (to_string(type) == name) return type;
  }
  return std::nullopt;
}

}  // namespace ss
