#include <bit>
#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "shaders/common/keys.h"

using namespace ss::gpu;

namespace {
uint f32_bits(float f) {
  return std::bit_cast<uint>(f);
}
}  // namespace

TEST_CASE("key encoding: f32 follows IEEE 754 totalOrder", "[keys]") {
  const float inf = std::numeric_limits<float>::infinity();
  const float denorm = std::numeric_limits<float>::denorm_min();
  // -NaN < -inf < negatives < -denormal < -0.0 < +0.0 < +denormal < positives < +inf < NaN
  const uint ordered[] = {0xffc00000u,       f32_bits(-inf),  f32_bits(-1e30f), f32_bits(-1.0f),
                          f32_bits(-denorm), f32_bits(-0.0f), f32_bits(0.0f),   f32_bits(denorm),
                          f32_bits(1.0f),    f32_bits(1e30f), f32_bits(inf),    0x7fc00000u};
  for (std::size_t i = 0; i + 1 < std::size(ordered); ++i) {
    INFO("position " << i);
    CHECK(encode_key_word(ordered[i], KEY_F32, false) <
          encode_key_word(ordered[i + 1], KEY_F32, false));
    CHECK(encode_key_word(ordered[i], KEY_F32, true) >
          encode_key_word(ordered[i + 1], KEY_F32, true));
  }
}

TEST_CASE("key encoding: i32 orders negatives before positives", "[keys]") {
  const int ordered[] = {std::numeric_limits<int>::min(), -5, -1, 0, 1, 7,
                         std::numeric_limits<int>::max()};
  for (std::size_t i = 0; i + 1 < std::size(ordered); ++i) {
    CHECK(encode_key_word(uint(ordered[i]), KEY_I32, false) <
          encode_key_word(uint(ordered[i + 1]), KEY_I32, false));
  }
}

TEST_CASE("key encoding: decode inverts encode for every type and direction", "[keys]") {
  const uint samples[] = {0u,          1u,          0x7fffffffu, 0x80000000u,
                          0xffffffffu, 0x3f800000u, 0xbf800000u, 0x7fc00001u,
                          0xff800000u, 0x00000001u, 0x80000001u};
  for (uint type : {KEY_U32, KEY_I32, KEY_F32, KEY_U64}) {
    for (bool descending : {false, true}) {
      for (uint bits : samples) {
        CHECK(decode_key_word(encode_key_word(bits, type, descending), type, descending) == bits);
      }
    }
  }
}

TEST_CASE("key encoding: 64-bit keys compare high word first", "[keys]") {
  CHECK(encoded_less(0u, 0xffffffffu, 1u, 0u));
  CHECK_FALSE(encoded_less(1u, 0u, 0u, 0xffffffffu));
  CHECK_FALSE(encoded_less(3u, 4u, 3u, 4u));
}
