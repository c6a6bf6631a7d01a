#pragma once
// A recorded sample sort small enough to check by eye, for the replay's reader, narration and view
// tests: two ranks of 3 u32 keys; rank 0 keeps {1, 2} and sends {9}, rank 1 sends {0} and keeps
// {7, 8}.
#include <cstdint>
#include <vector>

#include "distributed/sample_sort_record.hpp"

namespace ss::test {

inline RecordedKeys recorded(std::vector<std::uint64_t> bits,
                             std::vector<std::uint64_t> positions = {}, std::uint64_t count = 0) {
  RecordedKeys out;
  out.keys.type = KeyType::u32;
  for (std::uint64_t b : bits) out.keys.push_back_bits(b);
  out.count = positions.empty() ? bits.size() : count;
  if (positions.empty()) {
    for (std::uint64_t i = 0; i < bits.size(); ++i) positions.push_back(i);
  }
  out.positions = positions;
  return out;
}

inline SampleSortReplay two_ranks() {
  SampleSortReplay replay;
  replay.n = 6;
  replay.input = "random";
  replay.seed = 3;
  replay.local = "onesweep";
  replay.samples_per_rank = 2;
  replay.record_limit = 64;
  replay.command = "mpirun -np 2 sortscope-cli run --algo sample-sort --n 6 --record r";
  replay.date = "2026-11-29";
  replay.splitters = {{5, 1, 1}};
  replay.splitter_bits = {5};
  replay.counts = {2, 1, 1, 2};
  replay.verified = true;
  replay.verification = "sorted";
  replay.phases_ms = {{"local_sort", 0.5}, {"merge", 0.25}};
  ReplayRank r0;
  r0.device = "llvmpipe";
  r0.slice = {0, 3};
  r0.record.input = recorded({9, 1, 2});
  r0.record.sorted = recorded({1, 2, 9});
  r0.record.sample_positions = {0, 2};
  r0.record.cuts = {2};
  r0.record.received_runs = {2, 1};
  r0.record.received = recorded({1, 2, 0});
  r0.record.merged = recorded({0, 1, 2});
  ReplayRank r1 = r0;
  r1.slice = {3, 3};
  r1.part_first = 3;
  r1.record.input = recorded({8, 0, 7});
  r1.record.sorted = recorded({0, 7, 8});
  r1.record.cuts = {1};
  r1.record.received_runs = {1, 2};
  r1.record.received = recorded({9, 7, 8});
  r1.record.merged = recorded({7, 8, 9});
  replay.ranks = {r0, r1};
  return replay;
}

}  // namespace ss::test
