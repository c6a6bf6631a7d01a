#include "distributed/splitters.hpp"

#include <algorithm>
#include <stdexcept>

#include "input/rng.hpp"

namespace ss {

RankSlice rank_slice(std::uint64_t n, std::uint32_t ranks, std::uint32_t rank) {
  auto start = [&](std::uint32_t r) {
    return static_cast<std::uint64_t>(static_cast<uint128>(n) * r / ranks);
  };
  return {start(rank), start(rank + 1) - start(rank)};
}

bool sorts_before(const Sample& a, const Sample& b) {
  if (a.key != b.key) return a.key < b.key;
  if (a.rank != b.rank) return a.rank < b.rank;
  return a.position < b.position;
}

std::vector<std::uint32_t> sample_positions(std::uint32_t count, std::uint32_t samples) {
  samples = std::min(samples, count);
  std::vector<std::uint32_t> positions(samples);
  for (std::uint32_t j = 0; j < samples; ++j) {
    positions[j] = static_cast<std::uint32_t>((2 * std::uint64_t(j) + 1) * count / (2 * samples));
  }
  return positions;
}

std::vector<Sample> choose_splitters(std::vector<Sample> samples, std::uint32_t ranks) {
  if (ranks == 0) throw std::invalid_argument("choose_splitters: no ranks");
  std::sort(samples.begin(), samples.end(), sorts_before);
  std::vector<Sample> splitters;
  if (samples.empty()) return splitters;
  for (std::uint32_t d = 1; d < ranks; ++d) {
    splitters.push_back(samples[std::uint64_t(d) * samples.size() / ranks]);
  }
  return splitters;
}

std::uint32_t split_position(const Sample& splitter, std::uint32_t rank, std::uint32_t below,
                             std::uint32_t not_above) {
  if (rank < splitter.rank) return not_above;  // this rank's equal keys come first
  if (rank > splitter.rank) return below;
  // The splitter is this rank's own key at `position`: the equal keys before it stay below.
  return std::clamp(splitter.position, below, not_above);
}

std::vector<std::uint64_t> send_counts(std::span<const std::uint32_t> split_positions,
                                       std::uint32_t count) {
  std::vector<std::uint64_t> counts;
  std::uint32_t previous = 0;
  for (std::uint32_t position : split_positions) {
    position = std::clamp(position, previous, count);
    counts.push_back(position - previous);
    previous = position;
  }
  counts.push_back(count - previous);
  return counts;
}

}  // namespace ss
