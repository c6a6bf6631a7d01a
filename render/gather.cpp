#include "render/gather.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "core/context.hpp"
#include "render/step_state.hpp"

namespace ss::render {

std::vector<std::uint32_t> gather_words(const Context& context, const Buffer& buffer,
                                        std::span<const std::uint32_t> items,
                                        std::uint32_t item_words, std::uint64_t first_word) {
  std::vector<std::uint32_t> out;
  if (items.empty()) return out;
  const vk::DeviceSize item_bytes = vk::DeviceSize(item_words) * 4u;
  std::vector<vk::BufferCopy> regions;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const vk::DeviceSize src = (first_word + vk::DeviceSize(items[i]) * item_words) * 4u;
    const vk::DeviceSize dst = vk::DeviceSize(i) * item_bytes;
    if (!regions.empty() && regions.back().srcOffset + regions.back().size == src &&
        regions.back().dstOffset + regions.back().size == dst)
      regions.back().size += item_bytes;
    else
      regions.emplace_back(src, dst, item_bytes);
  }
  const vk::DeviceSize bytes = vk::DeviceSize(items.size()) * item_bytes;
  Buffer staging(context, bytes, vk::BufferUsageFlagBits::eTransferDst, MemoryKind::readback);
  context.run_commands([&](const vk::raii::CommandBuffer& cmd) {
    full_barrier(cmd);
    cmd.copyBuffer(buffer.handle(), staging.handle(), regions);
    transfer_to_host_barrier(cmd);
  });
  out.resize(items.size() * item_words);
  std::memcpy(out.data(), staging.mapped(), bytes);
  return out;
}

KeyArray gather_keys(const Context& context, const Buffer& buffer, KeyType type,
                     std::span<const std::uint32_t> items) {
  KeyArray keys;
  keys.type = type;
  keys.words = gather_words(context, buffer, items, key_words(type));
  return keys;
}

std::vector<std::uint32_t> even_sample(std::size_t count, std::size_t most) {
  std::vector<std::uint32_t> out;
  const std::size_t taken = std::min(count, most);
  out.reserve(taken);
  // The centre of each of `taken` equal parts, so a sample of a sorted array spans it evenly.
  for (std::size_t i = 0; i < taken; ++i)
    out.push_back(std::uint32_t(taken == count ? i : (2 * i + 1) * count / (2 * taken)));
  return out;
}

float key_fraction(const KeyArray& keys, std::size_t i, const KeyRange& range) {
  if (keys.type == KeyType::f32) {
    const float v = std::bit_cast<float>(keys.words[i]);
    if (std::isnan(v)) return (keys.words[i] & 0x80000000u) != 0 ? 0.0f : 1.0f;
    const float span = range.max_value - range.min_value;
    return span > 0 ? std::clamp((v - range.min_value) / span, 0.0f, 1.0f) : 0.5f;
  }
  const std::uint64_t e = encoded_key(keys, i, false);
  const std::uint64_t span = range.max_encoded - range.min_encoded;
  if (span == 0) return 0.5f;
  const double offset = e >= range.min_encoded ? double(e - range.min_encoded) : 0.0;
  return std::clamp(float(offset / double(span)), 0.0f, 1.0f);
}

}  // namespace ss::render
