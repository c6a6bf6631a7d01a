#include "cli/sample_sort_bench.hpp"
#include "cli/sample_sort_command.hpp"
#include "core/errors.hpp"

// A sortscope-cli built without MPI (app/CMakeLists.txt: none is found, as on Windows, where
// Debian has none): --algo sample-sort is refused with exit code 2, saying where it runs.
namespace ss::cli {

namespace {

[[noreturn]] void refuse_sample_sort_without_mpi() {
  throw UsageError(
      "--algo sample-sort runs over MPI ranks (mpirun), and this sortscope-cli was built without "
      "MPI: the sample sort runs in a Linux build with Open MPI installed (libopenmpi-dev). Every "
      "other algorithm runs here");
}

}  // namespace

bool sample_sort_built() {
  return false;
}

int run_sample_sort(const ScenarioOptions&, const SampleSortOptions&, const std::string&, bool) {
  refuse_sample_sort_without_mpi();
}

int bench_sample_sort(const SampleSortBenchOptions&, const SampleSortOptions&) {
  refuse_sample_sort_without_mpi();
}

}  // namespace ss::cli
