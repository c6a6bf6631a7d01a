#pragma once
// Where a step moved items, found by matching its input buffer against its output buffer: no
// sort is re-run on the CPU, so a move the GPU got wrong shows as one (a line that crosses, or
// none). Equal items are matched in order, which is what a stable move does with them.
#include <cstdint>
#include <span>
#include <vector>

namespace ss::render {

// A position `match_moves` found no item for (the output is not a permutation of the input).
inline constexpr std::uint32_t k_unmatched = 0xffffffffu;

// For each of `positions` (increasing positions into `before`), the position in `after` of the
// item that stood there: the r-th item equal to it in `after` when it is the r-th one equal to it
// in `before`. Items are `words` consecutive words (1 or 2); both arrays hold the same number.
// One pass over each array: a step of 2^22 keys is matched in a few tens of milliseconds.
std::vector<std::uint32_t> match_moves(std::span<const std::uint32_t> before,
                                       std::span<const std::uint32_t> after, std::uint32_t words,
                                       std::span<const std::uint32_t> positions);

}  // namespace ss::render
