#pragma once
// A parallel sort that an interrupt stops within a fraction of a second: the reference the GPU's
// result is checked against takes seconds for hundreds of millions of keys, and Ctrl-C must not
// wait for it. Blocks sorted by std::sort (parallel), then merged pairwise, each merge cut along
// its merge path into pieces that run on all cores; the interrupt is checked between blocks and
// between rounds of pieces.
#include <algorithm>
#include <cstddef>
#include <execution>
#include <thread>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/interrupt.hpp"
#include "core/interruptible_vector.hpp"

namespace ss {

namespace detail {

// Elements of `a` among the first `d` of the stable merge of a and b (a's first on ties).
template <class T>
std::size_t merge_path(const T* a, std::size_t na, const T* b, std::size_t nb, std::size_t d) {
  std::size_t lo = d > nb ? d - nb : 0, hi = std::min(d, na);
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (!(b[d - mid - 1] < a[mid])) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

}  // namespace detail

// Sorts any vector of T (std::vector, scratch_vector) by T's operator<.
template <class Vec>
void interruptible_sort(Vec& v) {
  using T = typename Vec::value_type;
  constexpr std::size_t k_block = std::size_t(1) << 21;  // about 0.1 s to sort on two cores
  constexpr std::size_t k_piece = std::size_t(1) << 20;  // elements one merge piece writes
  const std::size_t n = v.size();
  for (std::size_t b = 0; b < n; b += k_block) {
    throw_if_interrupted();
    std::sort(std::execution::par, v.begin() + b, v.begin() + std::min(n, b + k_block));
  }
  if (n <= k_block) return;
  struct Piece {
    std::size_t lo, mid, hi, begin, end;  // runs [lo, mid) and [mid, hi); outputs [begin, end)
  };
  scratch_vector<T> other(n);  // every element is written by the first round of merges
  T* src = v.data();
  T* dst = other.data();
  for (std::size_t width = k_block; width < n; width *= 2) {
    std::vector<Piece> pieces;
    for (std::size_t lo = 0; lo < n; lo += 2 * width) {
      const std::size_t mid = std::min(n, lo + width), hi = std::min(n, lo + 2 * width);
      for (std::size_t d = 0; d < hi - lo; d += k_piece)
        pieces.push_back({lo, mid, hi, d, std::min(hi - lo, d + k_piece)});
    }
    const std::size_t round = std::max<std::size_t>(1, std::thread::hardware_concurrency());
    for (std::size_t first = 0; first < pieces.size(); first += round) {
      throw_if_interrupted();
      tbb::parallel_for(first, std::min(pieces.size(), first + round), [&](std::size_t p) {
        const Piece& c = pieces[p];
        const T* a = src + c.lo;
        const T* b = src + c.mid;
        const std::size_t na = c.mid - c.lo, nb = c.hi - c.mid;
        const std::size_t i0 = detail::merge_path(a, na, b, nb, c.begin);
        const std::size_t i1 = detail::merge_path(a, na, b, nb, c.end);
        std::merge(a + i0, a + i1, b + (c.begin - i0), b + (c.end - i1), dst + c.lo + c.begin);
      });
    }
    std::swap(src, dst);
  }
  if (src != v.data()) std::copy(std::execution::par, src, src + n, v.data());
}

}  // namespace ss
