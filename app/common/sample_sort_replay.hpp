#pragma once
// A recorded run of the distributed sample sort, as `run --algo sample-sort --record DIR` writes
// it (DIR/replay.json) and the app and `render --replay DIR` read it: every rank's keys after each
// phase (compute/distributed/sample_sort_record.hpp), the splitters, the exchange's R x R counts,
// the verdict and the phase times, so the run can be stepped through after the MPI job is gone.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "distributed/sample_sort_record.hpp"
#include "distributed/splitters.hpp"
#include "plan/sort_spec.hpp"

namespace ss {

inline constexpr const char* k_replay_file = "replay.json";

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

// One rank's record as the JSON text rank 0 gathers; the whole replay as replay.json's text.
std::string rank_record_text(const ReplayRank& rank);
ReplayRank parse_rank_record(std::string_view text, KeyType type, bool pairs);
std::string replay_text(const SampleSortReplay& replay);

// Reads DIR/replay.json (or the file itself); throws UsageError naming the file and what is wrong
// when it is missing, not a sample-sort replay, or inconsistent.
SampleSortReplay read_replay(const std::filesystem::path& path);
SampleSortReplay parse_replay(std::string_view text, const std::string& source);

}  // namespace ss
