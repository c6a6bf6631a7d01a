#include "input/key_file.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"

namespace ss {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// Built by appending: GCC 12 warns falsely (-Wstringop-overflow) on "'" + std::string(...).
std::string quoted(std::string_view text) {
  std::string out = "'";
  out.append(text);
  out += '\'';
  return out;
}

std::string range_of(KeyType type) {
  switch (type) {
    case KeyType::u32:
      return "0..4294967295";
    case KeyType::i32:
      return "-2147483648..2147483647";
    case KeyType::f32:
      return "a 32-bit float (|x| < 3.4e38, inf, nan)";
    case KeyType::u64:
      return "0..18446744073709551615";
  }
  return "";
}

template <class T>
std::string parse_integer(std::string_view text, KeyType type, std::uint64_t& bits) {
  // Parse wide so an out-of-range number is reported as such, not as malformed.
  const bool negative = !text.empty() && text.front() == '-';
  std::string_view digits = negative ? text.substr(1) : text;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
    return quoted(text) + " is not a decimal " + std::string(to_string(type)) + " key";
  }
  std::uint64_t magnitude = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude);
  (void)end;
  const std::string out_of_range = "key " + std::string(text) + " is out of range for " +
                                   std::string(to_string(type)) + " (" + range_of(type) + ")";
  if (ec == std::errc::result_out_of_range) return out_of_range;
  if constexpr (std::is_signed_v<T>) {
    const std::uint64_t limit = negative ? std::uint64_t(std::numeric_limits<T>::max()) + 1
                                         : std::uint64_t(std::numeric_limits<T>::max());
    if (magnitude > limit) return out_of_range;
    const std::int64_t value = negative ? -std::int64_t(magnitude) : std::int64_t(magnitude);
    bits = static_cast<std::uint32_t>(static_cast<T>(value));
  } else {
    if (negative && magnitude != 0) return out_of_range;
    if (magnitude > std::numeric_limits<T>::max()) return out_of_range;
    bits = magnitude;
  }
  return {};
}

std::string parse_float(std::string_view text, std::uint64_t& bits) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string_view body = lower;
  bool negative = false;
  if (!body.empty() && (body.front() == '-' || body.front() == '+')) {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  // NaN keeps its sign: totalOrder puts -NaN first and +NaN last.
  if (body == "nan") {
    bits = negative ? 0xffc00000u : 0x7fc00000u;
    return {};
  }
  if (body == "inf" || body == "infinity") {
    bits = negative ? 0xff800000u : 0x7f800000u;
    return {};
  }
  if (body.empty() || body.front() == '-' || body.front() == '+' ||
      body.find_first_not_of("0123456789.e+-") != std::string_view::npos) {
    return quoted(text) + " is not an f32 key (decimal, inf, -inf, nan, -0.0)";
  }
  float value = 0;
  auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), value);
  if (ec == std::errc::result_out_of_range) {
    // from_chars also reports underflow this way; only overflow is out of range.
    const double wide = std::strtod(std::string(body).c_str(), nullptr);
    if (std::fabs(wide) > double(std::numeric_limits<float>::max())) {
      return "key " + std::string(text) + " is out of range for f32 (" + range_of(KeyType::f32) +
             ")";
    }
    value = static_cast<float>(wide);
  } else if (ec != std::errc() || end != body.data() + body.size()) {
    return quoted(text) + " is not an f32 key (decimal, inf, -inf, nan, -0.0)";
  }
  if (negative) value = -value;
  bits = std::bit_cast<std::uint32_t>(value);
  return {};
}

}  // namespace

bool is_binary_key_file(const std::filesystem::path& path) {
  return path.extension() == ".bin";
}

std::string parse_text_key(std::string_view text, KeyType type, std::uint64_t& bits) {
  switch (type) {
    case KeyType::u32:
      return parse_integer<std::uint32_t>(text, type, bits);
    case KeyType::i32:
      return parse_integer<std::int32_t>(text, type, bits);
    case KeyType::u64:
      return parse_integer<std::uint64_t>(text, type, bits);
    case KeyType::f32:
      return parse_float(text, bits);
  }
  return "unknown key type";
}

std::string format_text_key(std::uint64_t bits, KeyType type) {
  switch (type) {
    case KeyType::u32:
    case KeyType::u64:
      return std::to_string(bits);
    case KeyType::i32:
      return std::to_string(static_cast<std::int32_t>(static_cast<std::uint32_t>(bits)));
    case KeyType::f32: {
      const float value = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
      if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
      if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
      char text[32];
      std::snprintf(text, sizeof text, "%.9g", double(value));
      return text;
    }
  }
  return "";
}

namespace {

// Bytes a .bin file holds, checked to be a whole number of keys.
std::uint64_t binary_key_bytes(const std::filesystem::path& path, KeyType type) {
  std::error_code error;
  const std::uint64_t bytes = std::filesystem::file_size(path, error);
  if (error) throw UsageError("cannot read input file " + path.string() + ": " + error.message());
  const std::size_t each = key_bytes(type);
  if (bytes % each != 0) {
    throw UsageError("input file " + path.string() + " holds " + std::to_string(bytes) +
                     " bytes, not a whole number of " + std::to_string(each) + "-byte " +
                     std::string(to_string(type)) + " keys");
  }
  return bytes;
}

}  // namespace

KeyArray read_key_file(const std::filesystem::path& path, KeyType type, bool pairs) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw UsageError("cannot read input file " + path.string() + ": " + std::strerror(errno));
  }
  KeyArray keys;
  keys.type = type;
  keys.has_values = pairs;
  if (is_binary_key_file(path)) {
    binary_key_bytes(path, type);  // whole keys, or the error
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    keys.words.resize(bytes.size() / 4);
    if (!bytes.empty()) std::memcpy(keys.words.data(), bytes.data(), bytes.size());
  } else {
    std::string line;
    std::size_t line_number = 0;
    while (std::getline(in, line)) {
      ++line_number;
      const std::string_view text = trim(line);
      if (text.empty()) continue;
      std::uint64_t bits = 0;
      const std::string error = parse_text_key(text, type, bits);
      if (!error.empty()) {
        throw UsageError(path.string() + ":" + std::to_string(line_number) + ": " + error);
      }
      keys.push_back_bits(bits);
    }
    if (in.bad()) throw UsageError("error reading input file " + path.string());
  }
  if (keys.size() > std::numeric_limits<std::uint32_t>::max()) {
    throw UsageError("input file " + path.string() + " holds more than 2^32-1 keys");
  }
  if (pairs) {
    keys.values.resize(keys.size());
    for (std::uint32_t i = 0; i < keys.values.size(); ++i) keys.values[i] = i;
  }
  return keys;
}

std::uint64_t key_file_count(const std::filesystem::path& path, KeyType type) {
  if (!is_binary_key_file(path)) return read_key_file(path, type, false).size();
  return binary_key_bytes(path, type) / key_bytes(type);
}

KeyArray read_key_file_slice(const std::filesystem::path& path, KeyType type, bool pairs,
                             std::uint64_t first, std::uint64_t count) {
  KeyArray keys;
  const std::uint64_t each = key_bytes(type);
  const bool binary = is_binary_key_file(path);
  const KeyArray whole = binary ? KeyArray{} : read_key_file(path, type, false);
  const std::uint64_t held = binary ? binary_key_bytes(path, type) / each : whole.size();
  if (first + count > held) {
    throw UsageError("input file " + path.string() + " holds " + std::to_string(held) +
                     " keys, fewer than the " + std::to_string(first + count) + " asked for");
  }
  if (!binary) {
    const std::uint32_t words = key_words(type);
    keys.words.assign(whole.words.begin() + std::ptrdiff_t(first * words),
                      whole.words.begin() + std::ptrdiff_t((first + count) * words));
  } else {
    std::ifstream in(path, std::ios::binary);
    keys.words.resize(count * each / 4);
    in.seekg(std::streamoff(first * each));
    if (!in ||
        !in.read(reinterpret_cast<char*>(keys.words.data()), std::streamsize(count * each))) {
      throw UsageError("error reading input file " + path.string());
    }
  }
  keys.type = type;
  keys.has_values = pairs;
  if (pairs) {
    keys.values.resize(count);
    for (std::uint64_t i = 0; i < count; ++i)
      keys.values[i] = static_cast<std::uint32_t>(first + i);
  }
  return keys;
}

// Keys written between looks at the interrupt flag: a text file of 2^28 keys takes a minute.
constexpr std::size_t k_keys_between_checks = std::size_t(1) << 18;

std::string key_file_bytes(const KeyArray& keys, bool binary, std::size_t first,
                           std::size_t count) {
  std::string out;
  const std::size_t words = key_words(keys.type);
  for (std::size_t i = first; i < first + count; ++i) {
    if (i % k_keys_between_checks == 0) throw_if_interrupted();
    if (binary) {
      out.append(reinterpret_cast<const char*>(&keys.words[i * words]), words * 4);
      if (keys.has_values) out.append(reinterpret_cast<const char*>(&keys.values[i]), 4);
      continue;
    }
    out += format_text_key(keys.bits(i), keys.type);
    if (keys.has_values) {
      out += ' ';
      out += std::to_string(keys.values[i]);
    }
    out += '\n';
  }
  return out;
}

void write_key_file(const std::filesystem::path& path, const KeyArray& keys) {
  AtomicFile out(path);  // on an interruption the temporary is removed
  const bool binary = is_binary_key_file(path);
  for (std::size_t first = 0; first < keys.size(); first += k_keys_per_file_piece) {
    out.write(
        key_file_bytes(keys, binary, first, std::min(k_keys_per_file_piece, keys.size() - first)));
  }
  out.commit();
}

}  // namespace ss
