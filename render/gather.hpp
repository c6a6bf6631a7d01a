#pragma once
// Scattered items of a plan buffer read back in one copy command: consecutive items share a copy
// region, so a strided sample costs one region per sample, not one submission per item. The views
// and the sound read samples of large arrays this way instead of the whole array.
#include <cstdint>
#include <span>
#include <vector>

#include "core/buffer.hpp"
#include "plan/key_array.hpp"

namespace ss::render {

struct KeyRange;

// Words [first_word + item * item_words, + item_words) of each item, in order.
std::vector<std::uint32_t> gather_words(const Context& context, const Buffer& buffer,
                                        std::span<const std::uint32_t> items,
                                        std::uint32_t item_words = 1, std::uint64_t first_word = 0);
// The keys at the given indices of a keys buffer.
KeyArray gather_keys(const Context& context, const Buffer& buffer, KeyType type,
                     std::span<const std::uint32_t> items);

// Up to `most` indices spread evenly over [0, count), increasing (all of them when count <= most).
std::vector<std::uint32_t> even_sample(std::size_t count, std::size_t most);

// The key's place between the input's smallest and largest key, as the bars shader computes it.
float key_fraction(const KeyArray& keys, std::size_t i, const KeyRange& range);

}  // namespace ss::render
