#include "distributed/distributed_verify.hpp"

#include "distributed/mpi_world.hpp"
#include "input/rng.hpp"

namespace ss {

namespace {

// Order-free: a sum of a mixed word per (key, value).
std::uint64_t digest(const KeyArray& keys) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::uint64_t value = keys.has_values ? keys.values[i] : 0;
    sum += SplitMix64::mix(SplitMix64::mix(keys.bits(i)) ^ (value * 0x9e3779b97f4a7c15ull));
  }
  return sum;
}

}  // namespace

DistributedVerdict verify_distributed(const MpiWorld& world, const KeyArray& input,
                                      const KeyArray& part, bool descending) {
  DistributedVerdict verdict;
  std::uint64_t out_of_order = 0;
  std::uint64_t unstable = 0;
  for (std::size_t i = 1; i < part.size(); ++i) {
    const std::uint64_t a = encoded_key(part, i - 1, descending);
    const std::uint64_t b = encoded_key(part, i, descending);
    if (b < a) ++out_of_order;
    if (a == b && part.has_values && part.values[i] < part.values[i - 1]) ++unstable;
  }
  verdict.out_of_order = world.sum(out_of_order);
  verdict.unstable = world.sum(unstable);

  const bool has = part.size() != 0;
  const std::vector<std::uint64_t> ends = world.all_gather(
      std::vector<std::uint64_t>{has ? 1u : 0u, has ? encoded_key(part, 0, descending) : 0,
                                 has ? encoded_key(part, part.size() - 1, descending) : 0,
                                 has && part.has_values ? part.values.front() : 0,
                                 has && part.has_values ? part.values.back() : 0});
  constexpr std::size_t k_fields = 5;
  std::size_t previous = world.size();  // the last non-empty rank so far
  for (std::size_t r = 0; r < world.size(); ++r) {
    const std::uint64_t* e = &ends[r * k_fields];
    if (e[0] == 0) continue;
    if (previous != world.size()) {
      const std::uint64_t* p = &ends[previous * k_fields];
      if (e[1] < p[2]) ++verdict.boundary_faults;
      if (e[1] == p[2] && part.has_values && e[3] < p[4]) ++verdict.unstable;
    }
    previous = r;
  }

  verdict.output_keys = world.sum(part.size());
  const std::uint64_t input_keys = world.sum(input.size());
  const std::uint64_t output_digest = world.sum(digest(part));
  const std::uint64_t input_digest = world.sum(digest(input));
  verdict.same_keys = verdict.output_keys == input_keys && output_digest == input_digest;
  if (verdict.out_of_order != 0) {
    verdict.problem =
        std::to_string(verdict.out_of_order) + " neighbours out of order within ranks";
  } else if (verdict.boundary_faults != 0) {
    verdict.problem = std::to_string(verdict.boundary_faults) +
                      " rank boundaries out of order (a rank's first key before the previous "
                      "rank's last)";
  } else if (!verdict.same_keys) {
    verdict.problem = "the ranks hold " + std::to_string(verdict.output_keys) + " keys for " +
                      std::to_string(input_keys) + " in the input, or other keys than it";
  } else if (verdict.unstable != 0) {
    verdict.problem = std::to_string(verdict.unstable) + " equal keys out of their input order";
  }
  return verdict;
}

}  // namespace ss
