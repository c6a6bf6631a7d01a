#pragma once
// Finds where each splitter falls in a rank's sorted keys on the GPU (splitter_search.comp), in
// one submission of its own.
#include <cstdint>
#include <span>
#include <vector>

#include "plan/sort_spec.hpp"

namespace ss {

class Buffer;
class Context;

struct SplitterBounds {
  std::uint32_t below = 0;      // keys smaller than the splitter's key
  std::uint32_t not_above = 0;  // keys smaller or equal
};

// `sorted_keys` holds n keys of `type` in the order `descending` asks for; `splitters` are
// encoded keys (keys.h). Throws GpuError as every submission does.
std::vector<SplitterBounds> find_splitters(const Context& context, const Buffer& sorted_keys,
                                           std::uint32_t n, KeyType type, bool descending,
                                           std::span<const std::uint64_t> splitters);

}  // namespace ss
