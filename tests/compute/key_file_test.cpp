#include <bit>
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "core/errors.hpp"
#include "input/key_file.hpp"

using namespace ss;

namespace {
std::filesystem::path write_temp(const std::string& name, const std::string& content) {
  const auto path = std::filesystem::path(SORTSCOPE_TEST_DATA) / name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}
}  // namespace

TEST_CASE("key files: text keys of every type parse, blank lines skipped", "[input]") {
  auto u32 = read_key_file(write_temp("u32.txt", "5\n\n4294967295\n0\n"), KeyType::u32, false);
  CHECK(u32.words == std::vector<std::uint32_t>{5, 4294967295u, 0});
  auto i32 =
      read_key_file(write_temp("i32.txt", "-2147483648\n2147483647\n-1\n"), KeyType::i32, false);
  CHECK(i32.words == std::vector<std::uint32_t>{0x80000000u, 0x7fffffffu, 0xffffffffu});
  auto u64 = read_key_file(write_temp("u64.txt", "18446744073709551615\n4294967296\n"),
                           KeyType::u64, false);
  CHECK(u64.bits(0) == 18446744073709551615ull);
  CHECK(u64.bits(1) == 4294967296ull);
}

TEST_CASE("key files: f32 accepts inf, -inf, nan, -nan, -0.0 and exponents", "[input]") {
  auto keys = read_key_file(write_temp("f32.txt", "inf\n-inf\nnan\n-nan\n-0.0\n1.5e3\n-2.25\n"),
                            KeyType::f32, false);
  REQUIRE(keys.size() == 7);
  CHECK(keys.words[0] == 0x7f800000u);
  CHECK(keys.words[1] == 0xff800000u);
  CHECK(keys.words[2] == 0x7fc00000u);
  CHECK(keys.words[3] == 0xffc00000u);
  CHECK(keys.words[4] == 0x80000000u);
  CHECK(std::bit_cast<float>(keys.words[5]) == 1500.0f);
  CHECK(std::bit_cast<float>(keys.words[6]) == -2.25f);
}

TEST_CASE("key files: errors name the line and the problem", "[input]") {
  CHECK_THROWS_WITH(
      read_key_file(write_temp("bad.txt", "1\n2\nthree\n"), KeyType::u32, false),
      Catch::Contains("bad.txt:3") && Catch::Contains("'three' is not a decimal u32 key"));
  CHECK_THROWS_WITH(read_key_file(write_temp("big.txt", "1\n4294967296\n"), KeyType::u32, false),
                    Catch::Contains("big.txt:2") && Catch::Contains("out of range for u32"));
  CHECK_THROWS_WITH(read_key_file(write_temp("neg.txt", "-1\n"), KeyType::u32, false),
                    Catch::Contains("out of range for u32"));
  CHECK_THROWS_WITH(read_key_file(write_temp("i32big.txt", "2147483648\n"), KeyType::i32, false),
                    Catch::Contains("out of range for i32"));
  CHECK_THROWS_WITH(read_key_file(write_temp("f32big.txt", "1e39\n"), KeyType::f32, false),
                    Catch::Contains("out of range for f32"));
  CHECK_THROWS_WITH(read_key_file(write_temp("f32bad.txt", "1.5x\n"), KeyType::f32, false),
                    Catch::Contains("f32bad.txt:1"));
  CHECK_THROWS_WITH(read_key_file("/nonexistent/keys.txt", KeyType::u32, false),
                    Catch::Contains("cannot read input file"));
  CHECK_THROWS_WITH(read_key_file(write_temp("odd.bin", std::string(6, '\0')), KeyType::u32, false),
                    Catch::Contains("not a whole number of 4-byte u32 keys"));
}

TEST_CASE("key files: text and binary outputs read back to the same keys", "[input]") {
  KeyArray keys;
  keys.type = KeyType::f32;
  for (float f : {-0.0f, 1.0f / 3.0f, -1e-40f, 3.4e38f})
    keys.push_back_bits(std::bit_cast<std::uint32_t>(f));
  keys.push_back_bits(0xffc00000u);
  const auto text = std::filesystem::path(SORTSCOPE_TEST_DATA) / "out.txt";
  write_key_file(text, keys);
  CHECK(read_key_file(text, KeyType::f32, false).words == keys.words);
  const auto binary = std::filesystem::path(SORTSCOPE_TEST_DATA) / "out.bin";
  write_key_file(binary, keys);
  CHECK(read_key_file(binary, KeyType::f32, false).words == keys.words);
}

TEST_CASE("key files: a slice reads only its keys, values numbered as in the whole file",
          "[input]") {
  KeyArray keys;
  keys.type = KeyType::u64;
  for (std::uint64_t i = 0; i < 1000; ++i) keys.push_back_bits(i * 0x100000001ull ^ 0xabcdef);
  for (const char* name : {"slice.bin", "slice.txt"}) {
    const auto path = std::filesystem::path(SORTSCOPE_TEST_DATA) / name;
    write_key_file(path, keys);
    INFO(name);
    CHECK(key_file_count(path, KeyType::u64) == 1000);
    const KeyArray part = read_key_file_slice(path, KeyType::u64, true, 300, 250);
    REQUIRE(part.size() == 250);
    CHECK(part.has_values);
    for (std::size_t i = 0; i < part.size(); ++i) {
      CHECK(part.bits(i) == keys.bits(300 + i));
      CHECK(part.values[i] == 300 + i);
    }
    CHECK(read_key_file_slice(path, KeyType::u64, false, 1000, 0).size() == 0);
    CHECK_THROWS_WITH(read_key_file_slice(path, KeyType::u64, false, 900, 101),
                      Catch::Contains("holds 1000 keys, fewer than the 1001 asked for"));
  }
  // A .bin file's count comes from its size, which must be whole keys.
  CHECK(key_file_count(write_temp("seven.bin", std::string(28, '\0')), KeyType::u32) == 7);
  CHECK_THROWS_WITH(key_file_count(write_temp("odd.bin", std::string(28, '\0')), KeyType::u64),
                    Catch::Contains("not a whole number of 8-byte u64 keys"));
}
