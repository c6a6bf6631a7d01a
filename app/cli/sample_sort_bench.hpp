#pragma once
// `mpirun -np R sortscope-cli bench --algo sample-sort`: times the distributed sample sort at each
// n (warm-up, then --reps sorts of the same input, the median on the slowest rank), with each
// phase's time in the median sort, and the same n sorted by the local sort on rank 0's GPU alone
// where it fits; rows of the bench schema (common/bench_rows.hpp) that bench-report reads.
#include <string>

#include "cli/sample_sort_command.hpp"
#include "common/scenario.hpp"

namespace ss::cli {

struct SampleSortBenchOptions {
  std::string sizes;         // comma-separated n, decimal or 2^K (up to 2^40)
  ScenarioOptions scenario;  // type, distribution, seed, pairs, direction, device
  int reps = 5;
  int warmup = 1;
  std::string json;     // JSON Lines file, "-" for stdout, "" for none
  bool append = false;  // keep the rows the json file holds
  std::string command;  // the command line recorded in each row
};

int bench_sample_sort(const SampleSortBenchOptions& bench, const SampleSortOptions& options);

}  // namespace ss::cli
