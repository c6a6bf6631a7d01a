#pragma once
// Checks a distributed sort's result on every rank: its own part in order (and, for pairs, equal
// keys in input order: the values are input indices), its first key against the previous
// non-empty rank's last, and that the ranks together hold exactly the keys (and values) of the
// input, by count and by an order-free 64-bit digest of every (key, value).
#include <cstdint>
#include <string>

#include "plan/key_array.hpp"

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

// Collective; the same verdict on every rank.
DistributedVerdict verify_distributed(const MpiWorld& world, const KeyArray& input,
                                      const KeyArray& part, bool descending);

}  // namespace ss
