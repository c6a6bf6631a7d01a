#pragma once
// What `run --algo sample-sort --record DIR` keeps of one rank's sort: its keys after each phase
// (all of them at classroom sizes, evenly spaced ones at any other), the samples it offered and
// where the splitters cut its sorted keys. The keys are read from the buffers the GPU wrote, after
// the phase that wrote them; recording is left out of the timed sort's phase times.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "distributed/splitters.hpp"
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

// A replay's steps: the input, the local sort, the samples, the splitters, the exchange, the merge.
inline constexpr std::size_t k_replay_steps = 6;

// A recorded run as the replay reads it (app/common/sample_sort_replay.hpp reads and writes it as
// JSON): every rank's record, the splitters, the exchange's counts, the verdict and the times.
struct ReplayRank {
  std::string device;
  RankSlice slice;               // its part of the input
  std::uint64_t part_first = 0;  // its part of the output starts here in the whole output
  RankRecord record;
};

struct SampleSortReplay {
  std::uint64_t n = 0;
  KeyType type = KeyType::u32;
  bool pairs = false;
  bool descending = false;
  std::string input;  // the distribution's name, or the key file sorted
  std::uint64_t seed = 0;
  std::string local;  // the local GPU sort
  std::uint32_t samples_per_rank = 0;
  std::uint64_t record_limit = 0;  // most keys recorded of one rank's array
  std::string command;             // the command line that recorded it
  std::string date;                // YYYY-MM-DD
  std::vector<Sample> splitters;   // R - 1, keys encoded (the sort order), as the ranks chose them
  std::vector<std::uint64_t> splitter_bits;  // the same keys' raw bits, for display
  std::vector<std::uint64_t> counts;         // R x R: counts[s * R + d] keys rank s sent rank d
  bool verified = false;
  std::string verification;                 // the verdict in words
  std::map<std::string, double> phases_ms;  // slowest rank's time of each phase
  std::vector<ReplayRank> ranks;

  std::uint32_t rank_count() const { return static_cast<std::uint32_t>(ranks.size()); }
  std::uint64_t sent(std::uint32_t from, std::uint32_t to) const {
    return counts[std::size_t(from) * ranks.size() + to];
  }
};

// The raw bits of a key encoded for the sort order (encoded_key), for display.
std::uint64_t decoded_key_bits(std::uint64_t encoded, KeyType type, bool descending);

}  // namespace ss
