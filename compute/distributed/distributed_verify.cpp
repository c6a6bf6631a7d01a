#include "distributed/distributed_verify.hpp"

#include "distributed/mpi_world.hpp"

namespace ss {

DistributedVerdict verify_distributed(const MpiWorld& world, const PartSummary& input,
                                      const PartSummary& part, bool pairs) {
  DistributedVerdict verdict;
  verdict.out_of_order = world.sum(part.out_of_order);
  verdict.unstable = world.sum(part.unstable);

  const bool has = part.count != 0;
  const std::vector<std::uint64_t> ends = world.all_gather(std::vector<std::uint64_t>{
      has ? 1u : 0u, part.first_key, part.last_key, part.first_value, part.last_value});
  constexpr std::size_t k_fields = 5;
  std::size_t previous = world.size();  // the last non-empty rank so far
  for (std::size_t r = 0; r < world.size(); ++r) {
    const std::uint64_t* e = &ends[r * k_fields];
    if (e[0] == 0) continue;
    if (previous != world.size()) {
      const std::uint64_t* p = &ends[previous * k_fields];
      if (e[1] < p[2]) ++verdict.boundary_faults;
      if (e[1] == p[2] && pairs && e[3] < p[4]) ++verdict.unstable;
    }
    previous = r;
  }

  verdict.output_keys = world.sum(part.count);
  const std::uint64_t input_keys = world.sum(input.count);
  // The digests' sums modulo 2^32, each summed over the ranks; every rank makes the same calls.
  const auto total = [&](std::uint32_t word) {
    return static_cast<std::uint32_t>(world.sum(word));
  };
  const bool same_digest_a = total(part.digest_a) == total(input.digest_a);
  const bool same_digest_b = total(part.digest_b) == total(input.digest_b);
  verdict.same_keys = verdict.output_keys == input_keys && same_digest_a && same_digest_b;
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
