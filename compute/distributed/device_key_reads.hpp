#pragma once
// Reads single keys out of large device buffers without downloading the rest: one copy command
// with a region per key into a small host-visible buffer (the samples of a sorted part, the keys
// a replay records).
#include <cstdint>
#include <span>

#include "plan/key_array.hpp"

namespace ss {

class Buffer;
class Context;

// The keys at `positions` of `keys` (and, when `values` is given, the values there).
KeyArray read_keys_at(const Context& context, const Buffer& keys, const Buffer* values,
                      KeyType type, std::span<const std::uint64_t> positions);

}  // namespace ss
