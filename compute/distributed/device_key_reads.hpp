#pragma once
// Reads single keys out of large device buffers without downloading the rest: one dispatch of
// gather_keys.comp packs them into a small host-visible buffer (the samples of a sorted part, the
// keys a replay records). With a copy region per key instead, the samples phase of 1024 samples
// took 2.8 ms on an H200.
#include <cstdint>
#include <span>

#include "plan/key_array.hpp"

namespace ss {

class Buffer;
class Context;

// The keys at `positions` (each below 2^32) of `keys` (and, when `values` is given, the values
// there). The buffers must be storage buffers (storage_usage()).
KeyArray read_keys_at(const Context& context, const Buffer& keys, const Buffer* values,
                      KeyType type, std::span<const std::uint64_t> positions);

}  // namespace ss
