#pragma once
// Custom input and sorted output as files. A name ending in .bin is raw little-endian binary
// (keys back to back; sorted pairs as key, value records); anything else is text, one key per
// line in decimal (f32 also takes inf, -inf, nan, -nan, -0.0 and exponents), and sorted pairs
// as "key value" per line.
#include <filesystem>
#include <string>
#include <string_view>

#include "plan/key_array.hpp"

namespace ss {

bool is_binary_key_file(const std::filesystem::path& path);

// Throws UsageError naming the file, the line and the problem: unreadable, malformed, out of
// range for the key type, or a binary size that is not a whole number of keys.
KeyArray read_key_file(const std::filesystem::path& path, KeyType type, bool pairs);

// The keys a key file holds: a .bin file's from its size, reading none; a text file is read
// (as read_key_file, whose errors it throws). A .bin file may hold more than 2^32 - 1 keys here.
std::uint64_t key_file_count(const std::filesystem::path& path, KeyType type);

// Keys [first, first + count) of a key file, with values first .. first + count - 1 (the whole
// file's indices) when pairs: of a .bin file only those bytes are read (a rank's slice of an
// input larger than its memory), a text file is read whole. Throws UsageError when the file
// holds fewer keys.
KeyArray read_key_file_slice(const std::filesystem::path& path, KeyType type, bool pairs,
                             std::uint64_t first, std::uint64_t count);

// Parses one text key; returns an error description ("" when fine) instead of throwing.
std::string parse_text_key(std::string_view text, KeyType type, std::uint64_t& bits);
std::string format_text_key(std::uint64_t bits, KeyType type);

// The bytes of keys [first, first + count) as write_key_file writes them: binary records, or text
// lines. Each piece of a file written by parts (by the ranks of a distributed sort).
std::string key_file_bytes(const KeyArray& keys, bool binary, std::size_t first, std::size_t count);

// Keys a piece of key_file_bytes holds when a file is written piece by piece.
inline constexpr std::size_t k_keys_per_file_piece = std::size_t(1) << 20;

// Throws UsageError when the file cannot be written.
void write_key_file(const std::filesystem::path& path, const KeyArray& keys);

}  // namespace ss
