// The key-file parser on thousands of random and mutated files (seeded, so a failure reproduces):
// every file either parses into keys or is refused with a UsageError; nothing crashes or hangs.
#include <filesystem>
#include <fstream>
#include <random>

#include <catch2/catch.hpp>

#include "core/errors.hpp"
#include "input/key_file.hpp"

using namespace ss;

namespace {

const char* const k_seeds[] = {"5\n4294967295\n0\n",
                               "-2147483648\n2147483647\n",
                               "1.5\n-0.0\ninf\n-inf\nnan\n-nan\n",
                               "1e38\n-3.4e38\n",
                               "18446744073709551615\n1\n",
                               "  7  \n\n\n8\r\n",
                               "0x10\n",
                               "1 2\n3 4\n",
                               "+5\n-5\n",
                               "99999999999999999999\n"};

std::string mutate(std::string text, std::mt19937_64& rng) {
  const std::string alphabet = "0123456789+-.eEinfa \n\r\t\x00\xff#x";
  const int edits = 1 + static_cast<int>(rng() % 6);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = text.empty() ? 0 : rng() % (text.size() + 1);
    const char c = alphabet[rng() % alphabet.size()];
    switch (rng() % 4) {
      case 0:
        text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
        break;
      case 1:
        if (at < text.size()) text.erase(at, 1 + rng() % 4);
        break;
      case 2:
        if (at < text.size()) text[at] = c;
        break;
      default:
        text += text.substr(0, at);  // repeat a prefix
    }
  }
  return text;
}

std::string random_bytes(std::mt19937_64& rng) {
  std::string bytes(rng() % 64, '\0');
  for (char& b : bytes) b = static_cast<char>(rng());
  return bytes;
}

}  // namespace

TEST_CASE("key files: random and mutated files give keys or a UsageError, never a crash",
          "[input][fuzz]") {
  std::mt19937_64 rng(20261122);
  const auto folder = std::filesystem::path(SORTSCOPE_TEST_DATA) / "fuzz";
  std::filesystem::create_directories(folder);
  std::size_t parsed = 0, refused = 0;
  for (int i = 0; i < 4000; ++i) {
    const bool binary = i % 4 == 3;
    const std::string content =
        i % 5 == 4 || binary ? random_bytes(rng) : mutate(k_seeds[rng() % std::size(k_seeds)], rng);
    const auto path = folder / (binary ? "case.bin" : "case.txt");
    std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
    const KeyType type = k_key_types[rng() % 4];
    const bool pairs = rng() % 3 == 0;
    INFO("case " << i << ", " << to_string(type) << (pairs ? " pairs" : "") << ", "
                 << content.size() << " bytes");
    try {
      const KeyArray keys = read_key_file(path, type, pairs);
      CHECK(keys.type == type);
      CHECK(keys.words.size() == keys.size() * key_words(type));
      ++parsed;
    } catch (const UsageError& e) {
      CHECK(std::string(e.what()).find(path.filename().string()) != std::string::npos);
      ++refused;
    }
  }
  // Both outcomes occur, so the generator reaches the parser's accepting and refusing paths.
  CHECK(parsed > 100);
  CHECK(refused > 100);
}
