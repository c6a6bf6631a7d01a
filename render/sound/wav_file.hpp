#pragma once
// A soundtrack as a WAV file: RIFF, 16-bit PCM, mono, written atomically (core/atomic_file.hpp),
// so an interrupted export leaves the previous file as it was.
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace ss::render {

// The WAV file's bytes for `samples` in [-1, 1] (clamped) at `sample_rate`.
std::string wav_bytes(std::span<const float> samples, std::uint32_t sample_rate);
void write_wav(const std::filesystem::path& path, std::span<const float> samples,
               std::uint32_t sample_rate);

}  // namespace ss::render
