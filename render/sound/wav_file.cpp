#include "render/sound/wav_file.hpp"

#include <algorithm>
#include <cmath>

#include "core/atomic_file.hpp"

namespace ss::render {

namespace {

// WAV's fields are little-endian whatever the host.
void put(std::string& out, std::uint32_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xffu));
}

}  // namespace

std::string wav_bytes(std::span<const float> samples, std::uint32_t sample_rate) {
  constexpr std::uint32_t k_channels = 1, k_bits = 16;
  const auto data_bytes = static_cast<std::uint32_t>(samples.size() * (k_bits / 8));
  std::string out;
  out.reserve(44 + data_bytes);
  out += "RIFF";
  put(out, 36 + data_bytes, 4);
  out += "WAVEfmt ";
  put(out, 16, 4);  // the fmt chunk's size
  put(out, 1, 2);   // PCM
  put(out, k_channels, 2);
  put(out, sample_rate, 4);
  put(out, sample_rate * k_channels * (k_bits / 8), 4);  // bytes per second
  put(out, k_channels * (k_bits / 8), 2);                // bytes per frame
  put(out, k_bits, 2);
  out += "data";
  put(out, data_bytes, 4);
  for (float s : samples) {
    const auto v = static_cast<std::int16_t>(std::lround(std::clamp(s, -1.0f, 1.0f) * 32767.0f));
    put(out, static_cast<std::uint16_t>(v), 2);
  }
  return out;
}

void write_wav(const std::filesystem::path& path, std::span<const float> samples,
               std::uint32_t sample_rate) {
  write_file_atomically(path, wav_bytes(samples, sample_rate));
}

}  // namespace ss::render
