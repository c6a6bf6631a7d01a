#pragma once
// `sortscope-cli run --algo sample-sort`: the distributed sample sort, one process per rank under
// mpirun (compute/distributed/sample_sort.hpp), each rank on the GPU of its local rank.
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "common/scenario.hpp"

namespace ss::cli {

inline constexpr const char* k_sample_sort = "sample-sort";

struct SampleSortOptions {
  std::string local = "onesweep";
  std::uint32_t samples = 1024;
  std::string chunk_keys = "2^24";
  double rank_timeout_s = 300;
  std::string record;              // run: a directory for the replay (replay.json)
  std::uint64_t record_keys = 64;  // run: most keys recorded of each rank's array
  bool operator==(const SampleSortOptions&) const = default;
};

void add_sample_sort_options(CLI::App& sub, SampleSortOptions& options);
// --record and --record-keys, which `run` has and `bench` has not.
void add_sample_sort_record_options(CLI::App& sub, SampleSortOptions& options);

// Throws UsageError when sample-sort options were given for another algorithm.
void refuse_sample_sort_options(const SampleSortOptions& options, const std::string& algorithm);

// Whether this sortscope-cli runs the sample sort over MPI (false: built without MPI, where
// sample_sort_without_mpi.cpp refuses it).
bool sample_sort_built();

// Runs on every rank; returns this rank's exit code (rank 0 prints the report). A failure of one
// rank ends every rank with exit code 3.
int run_sample_sort(const ScenarioOptions& scenario, const SampleSortOptions& options,
                    const std::string& output, bool json);

}  // namespace ss::cli
