#pragma once
// Finds where each splitter falls in a rank's sorted keys on the GPU (splitter_search.comp), in
// one submission of its own.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/buffer.hpp"
#include "plan/sort_spec.hpp"

namespace ss {

class Context;
class Kernel;
class KernelBindings;

struct SplitterBounds {
  std::uint32_t below = 0;      // keys smaller than the splitter's key
  std::uint32_t not_above = 0;  // keys smaller or equal
};

// The search over one sorted buffer, its small buffers made once for up to `max_splitters`, so a
// rank that sorts again (bench) allocates nothing: host-visible allocations and a descriptor pool
// per search took milliseconds on an H200.
class SplitterFinder {
 public:
  // `sorted_keys` holds n keys of `type` in the order `descending` asks for.
  SplitterFinder(const Context& context, const Buffer& sorted_keys, std::uint32_t n, KeyType type,
                 bool descending, std::uint32_t max_splitters);
  ~SplitterFinder();
  SplitterFinder(const SplitterFinder&) = delete;
  SplitterFinder& operator=(const SplitterFinder&) = delete;

  // `splitters` are encoded keys (keys.h), at most max_splitters. Throws GpuError as every
  // submission does.
  std::vector<SplitterBounds> find(std::span<const std::uint64_t> splitters) const;

 private:
  const Context& context_;
  std::uint32_t n_;
  KeyType type_;
  bool descending_;
  std::uint32_t capacity_;
  const Kernel* kernel_ = nullptr;
  std::uint32_t workgroup_size_ = 0;
  Buffer words_, found_;
  std::unique_ptr<KernelBindings> bindings_;
};

// One search with a SplitterFinder of its own.
std::vector<SplitterBounds> find_splitters(const Context& context, const Buffer& sorted_keys,
                                           std::uint32_t n, KeyType type, bool descending,
                                           std::span<const std::uint64_t> splitters);

}  // namespace ss
