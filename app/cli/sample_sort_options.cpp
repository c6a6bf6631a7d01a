#include "cli/sample_sort_command.hpp"

#include "core/errors.hpp"

// The sample sort's options, parsed and refused alike with or without MPI (a build without it
// answers --algo sample-sort in sample_sort_without_mpi.cpp).
namespace ss::cli {

void add_sample_sort_options(CLI::App& sub, SampleSortOptions& o) {
  sub.add_option("--local", o.local,
                 "sample-sort: the GPU sort of each rank's part (onesweep, radix4, mergesort)")
      ->capture_default_str();
  sub.add_option("--samples", o.samples,
                 "sample-sort: regular samples each rank offers for choosing the splitters")
      ->check(CLI::Range(1u, 1u << 20))
      ->capture_default_str();
  sub.add_option("--chunk-keys", o.chunk_keys,
                 "sample-sort: most keys one rank sends another in one MPI_Alltoallv round")
      ->capture_default_str();
  sub.add_option("--rank-timeout", o.rank_timeout_s,
                 "sample-sort: seconds a rank may spend in one phase before every rank is ended "
                 "(exit 3); 0: no limit")
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
}

void add_sample_sort_record_options(CLI::App& sub, SampleSortOptions& o) {
  sub.add_option("--record", o.record,
                 "sample-sort: write DIR/replay.json, every rank's keys after each phase, for "
                 "sortscope --replay DIR and render --replay DIR")
      ->type_name("DIR");
  sub.add_option("--record-keys", o.record_keys,
                 "sample-sort: most keys recorded of each rank's array (all of them up to it, "
                 "evenly spaced ones beyond)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 16))
      ->capture_default_str();
}

void refuse_sample_sort_options(const SampleSortOptions& options, const std::string& algorithm) {
  if (!(options == SampleSortOptions{})) {
    throw UsageError(
        "--local, --samples, --chunk-keys, --rank-timeout, --record and --record-keys "
        "apply to --algo " +
        std::string(k_sample_sort) + "; got --algo " + algorithm);
  }
}

}  // namespace ss::cli
