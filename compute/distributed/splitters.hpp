#pragma once
// The arithmetic of a sample sort over R ranks, as pure functions (no MPI, no GPU), so it can be
// tested alone: which keys each rank starts with, which of its sorted keys it offers as samples,
// how the splitters are chosen from every rank's samples, and where each splitter cuts a rank's
// sorted keys.
//
// Keys are ordered by (encoded key, rank, position in the rank's sorted keys). Each rank holds a
// contiguous slice of the input and sorts it stably, so that order is the order a stable sort of
// the whole input gives equal keys; splitters drawn from it therefore cut runs of equal keys
// (few-unique input) wherever the balance wants, and the result stays stable.
#include <cstdint>
#include <span>
#include <vector>

namespace ss {

struct RankSlice {
  std::uint64_t first = 0;  // index of the rank's first key in the whole input
  std::uint64_t count = 0;
};

// Rank r of R holds keys [n r / R, n (r + 1) / R).
RankSlice rank_slice(std::uint64_t n, std::uint32_t ranks, std::uint32_t rank);

// A key offered as a sample: its encoded key (keys.h, the sort order as an unsigned number), the
// rank it came from and its position in that rank's sorted keys.
struct Sample {
  std::uint64_t key = 0;
  std::uint32_t rank = 0;
  std::uint32_t position = 0;
  bool operator==(const Sample&) const = default;
};

bool sorts_before(const Sample& a, const Sample& b);

// Regular samples: `samples` positions spread evenly over a sorted run of `count` keys, the
// middle of each of `samples` equal parts (fewer when the run is shorter).
std::vector<std::uint32_t> sample_positions(std::uint32_t count, std::uint32_t samples);

// The R - 1 splitters: every rank's samples sorted, and the sample at each R-th of them.
std::vector<Sample> choose_splitters(std::vector<Sample> samples, std::uint32_t ranks);

// How many of `rank`'s sorted keys sort before `splitter`, given the GPU's two bounds of the
// splitter's key in them: `below` keys are smaller, `not_above` are smaller or equal.
std::uint32_t split_position(const Sample& splitter, std::uint32_t rank, std::uint32_t below,
                             std::uint32_t not_above);

// What `rank` sends to each rank: the differences of its split positions, from 0 to `count`.
std::vector<std::uint64_t> send_counts(std::span<const std::uint32_t> split_positions,
                                       std::uint32_t count);

}  // namespace ss
