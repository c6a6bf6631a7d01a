#pragma once
// What to sort: the input of every algorithm's planner.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

// Tile sizes of the tiled algorithms (radix4, onesweep, mergesort): SortSpec::tile_keys.
// auto: teaching tiles for n <= k_teaching_max_n (so a classroom-sized array spans many tiles
// and the views show tiles, lookback and merge passes), the device's tuned tiles above; tuned:
// always the tuned tiles (full speed, bench); any other value: that many keys per tile.
inline constexpr std::uint32_t k_tile_keys_auto = 0;
inline constexpr std::uint32_t k_tile_keys_tuned = 0xffffffffu;
inline constexpr std::uint32_t k_teaching_max_n = 1024;
inline constexpr std::uint32_t k_no_delayed_tile = 0xffffffffu;

// A comparator taken out of a network (batcher, bitonic, transposition), to see the network fail:
// `layer` is the network layer (the plan's step index) and `index` the comparator's place in that
// layer counted from the lowest left wire, as the wire diagram orders them. Both from 0 here;
// users name them from 1 (--disable LAYER:I, step numbers).
struct DisabledComparator {
  std::uint32_t layer = 0;
  std::uint32_t index = 0;
  bool operator==(const DisabledComparator&) const = default;
};

// Largest n whose network may have comparators disabled: the mask holds a bit per layer and wire.
inline constexpr std::uint32_t k_disable_max_n = 1u << 16;

struct SortSpec {
  std::uint32_t n = 0;
  KeyType key_type = KeyType::u32;
  bool pairs = false;  // key-value: u32 values travel with their keys
  bool descending = false;
  // How, not what: the same sort with other tiles (above), and onesweep's lookback made visible:
  // tile `delayed_tile` of every pass publishes its status only after its scatter (late) or
  // never, so later tiles look back further and compute its histogram themselves (the fallback).
  std::uint32_t tile_keys = k_tile_keys_auto;
  std::uint32_t delayed_tile = k_no_delayed_tile;
  bool delayed_never = true;
  // Comparators the network plans leave out (empty: the intact network).
  std::vector<DisabledComparator> disabled = {};
};

// The tiles a plan of `spec` uses: `teaching` keys per tile for auto at n <= k_teaching_max_n,
// `tuned` for auto above it and for k_tile_keys_tuned, else the keys asked for.
std::uint32_t chosen_tile_keys(const SortSpec& spec, std::uint32_t tuned, std::uint32_t teaching);

// Teaching tiles of the radix sorts: n / 16 keys, 8 to 64 (64 keys: 8 tiles of 8; 256: 16 of
// 16; 1024: 16 of 64).
std::uint32_t radix_teaching_tile_keys(std::uint32_t n);

}  // namespace ss
