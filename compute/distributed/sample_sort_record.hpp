#pragma once
// What `run --algo sample-sort --record DIR` keeps of one rank's sort: its keys after each phase
// (all of them at classroom sizes, evenly spaced ones at any other), the samples it offered and
// where the splitters cut its sorted keys. The keys are read from the buffers the GPU wrote, after
// the phase that wrote them; recording is left out of the timed sort's phase times.
#include <cstdint>
#include <vector>

#include "plan/key_array.hpp"

namespace ss {

// Some keys of an array of `count`: those at `positions` (ascending; every index when the array
// holds at most the recorded number).
struct RecordedKeys {
  std::uint64_t count = 0;
  std::vector<std::uint64_t> positions;
  KeyArray keys;  // the keys (and values) at `positions`, in that order
  bool complete() const { return positions.size() == count; }
};

// `limit` positions spread evenly over `count` (all of them when count <= limit), ascending.
std::vector<std::uint64_t> recorded_positions(std::uint64_t count, std::uint64_t limit);

struct RankRecord {
  RecordedKeys input;     // the rank's slice of the input
  RecordedKeys sorted;    // after the local sort
  RecordedKeys received;  // after the exchange: the runs from rank 0, 1, ... back to back
  RecordedKeys merged;    // after the merge: the rank's part of the output
  std::vector<std::uint64_t> received_runs;     // the runs' lengths, by source rank
  std::vector<std::uint32_t> sample_positions;  // in the sorted keys, the samples it offered
  std::vector<std::uint32_t> cuts;  // R - 1: sorted keys [cuts[d - 1], cuts[d]) went to rank d
};

}  // namespace ss
