#pragma once
// Checks a distributed sort's result on every rank: its own part in order (and, for pairs, equal
// keys in input order: the values are input indices), its first key against the previous
// non-empty rank's last, and that the ranks together hold exactly the keys (and values) of the
// input, by count and by the order-free digest of every (key, value). Each rank summarises its
// input and its part where they lie, on its GPU (part_summary.hpp); only the summaries travel.
#include <cstdint>
#include <string>

#include "distributed/part_summary.hpp"

namespace ss {

class MpiWorld;

struct DistributedVerdict {
  std::uint64_t out_of_order = 0;     // neighbours in a part out of order, over all ranks
  std::uint64_t unstable = 0;         // equal neighbours whose input order was reversed
  std::uint64_t boundary_faults = 0;  // ranks whose first key sorts before the previous rank's last
  bool same_keys = true;              // the output holds the input's keys (and values)
  std::uint64_t output_keys = 0;
  std::string problem;  // the first failure in words; empty when verified
  bool verified() const { return problem.empty(); }
};

// Collective; the same verdict on every rank. `pairs`: the values are input positions, so ties
// across a rank boundary are checked for input order too.
DistributedVerdict verify_distributed(const MpiWorld& world, const PartSummary& input,
                                      const PartSummary& part, bool pairs);

}  // namespace ss
