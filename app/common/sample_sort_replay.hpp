#pragma once
// A recorded run of the distributed sample sort, as `run --algo sample-sort --record DIR` writes
// it (DIR/replay.json) and the app and `render --replay DIR` read it: every rank's keys after each
// phase (compute/distributed/sample_sort_record.hpp), the splitters, the exchange's R x R counts,
// the verdict and the phase times, so the run can be stepped through after the MPI job is gone.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "distributed/sample_sort_record.hpp"

namespace ss {

inline constexpr const char* k_replay_file = "replay.json";

// One rank's record as the JSON text rank 0 gathers; the whole replay as replay.json's text.
std::string rank_record_text(const ReplayRank& rank);
ReplayRank parse_rank_record(std::string_view text, KeyType type, bool pairs);
std::string replay_text(const SampleSortReplay& replay);

// Reads DIR/replay.json (or the file itself); throws UsageError naming the file and what is wrong
// when it is missing, not a sample-sort replay, or inconsistent.
SampleSortReplay read_replay(const std::filesystem::path& path);
SampleSortReplay parse_replay(std::string_view text, const std::string& source);

// The replays built in from assets/replays, by name (a lesson's `replay = "NAME"`).
std::vector<std::string> builtin_replay_names();
// Throws UsageError naming the built-in ones for an unknown name.
SampleSortReplay builtin_replay(const std::string& name);

}  // namespace ss
