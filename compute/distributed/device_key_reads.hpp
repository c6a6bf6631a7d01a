#pragma once
// Reads single keys out of large device buffers without downloading the rest: one dispatch of
// gather_keys.comp packs them into a small host-visible buffer (the samples of a sorted part, the
// keys a replay records).
#include <cstdint>
#include <memory>
#include <span>

#include "core/buffer.hpp"
#include "plan/key_array.hpp"

namespace ss {

class Context;
class Kernel;
class KernelBindings;

// Reads of one buffer (and its values), the small buffers made once for up to `max_count` keys:
// a rank's samples on every sort (bench) then allocate nothing, where host-visible allocations
// and a descriptor pool per read took milliseconds on an H200.
class KeyGatherer {
 public:
  // The buffers must be storage buffers (storage_usage()); `values` may be null.
  KeyGatherer(const Context& context, const Buffer& keys, const Buffer* values, KeyType type,
              std::uint32_t max_count);
  ~KeyGatherer();
  KeyGatherer(const KeyGatherer&) = delete;
  KeyGatherer& operator=(const KeyGatherer&) = delete;

  // The keys (and values) at `positions`, each below 2^32, at most max_count of them.
  KeyArray read(std::span<const std::uint64_t> positions) const;

 private:
  const Context& context_;
  KeyType type_;
  bool pairs_;
  std::uint32_t capacity_;
  const Kernel* kernel_ = nullptr;
  std::uint32_t workgroup_size_ = 0;
  Buffer where_, out_keys_, out_values_;
  std::unique_ptr<KernelBindings> bindings_;
};

// One read with a KeyGatherer of its own.
KeyArray read_keys_at(const Context& context, const Buffer& keys, const Buffer* values,
                      KeyType type, std::span<const std::uint64_t> positions);

}  // namespace ss
