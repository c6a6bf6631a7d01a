#pragma once
// What `run` and `bench` of the sample sort share on every rank: MPI set up with its failure
// policy, the arguments checked to be the same on every rank, the scenario resolved and refused
// together, each rank's device and input, and one timed sort.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/sample_sort_command.hpp"
#include "common/scenario.hpp"
#include "core/errors.hpp"
#include "distributed/sample_sort.hpp"

namespace ss {
class Context;
class MpiWorld;
class RankWatchdog;
}  // namespace ss

namespace ss::cli {

// Throws AgreedUsageError on every rank when any rank has a problem.
void refuse_together(const MpiWorld& world, const std::string& problem);

// Runs `body` on this rank with MPI up and a watchdog of options.rank_timeout_s: an agreed usage
// error is said by rank 0 and every rank returns 2; an interruption (Ctrl-C, which mpirun passes
// to every rank) ends every rank with 130 (143 for SIGTERM); any other failure ends every rank
// with exit code 3, naming this rank and its phase.
int on_every_rank(const SampleSortOptions& options,
                  const std::function<int(const MpiWorld&, RankWatchdog&)>& body);

// The same `arguments` on every rank, else every rank refuses.
void agree_on_arguments(const MpiWorld& world, const std::string& arguments);

struct RankScenario {
  Scenario scenario;  // algorithm: the local sort; n unused
  std::uint64_t chunk_keys = 0;
};

// Resolves everything but n, refused together; `sizes` are checked against the ranks (a key a
// rank at least; pairs' 32-bit values).
RankScenario resolve_on_ranks(const MpiWorld& world, const ScenarioOptions& scenario,
                              const SampleSortOptions& options,
                              const std::vector<std::uint64_t>& sizes);

// This rank's device, checked to hold its part of every size with the local sort (refused
// together).
std::unique_ptr<Context> open_rank_device(const MpiWorld& world, const RankScenario& rs,
                                          const std::vector<std::uint64_t>& sizes);

// This rank's part of the input of n keys: generated, or read from the scenario's file.
KeyArray input_of_rank(const Scenario& scenario, std::uint64_t n, const RankSlice& slice);

// The setup of every sort of n keys by these ranks (record_keys left to the caller).
SampleSortSetup sort_setup(const RankScenario& rs, const SampleSortOptions& options,
                           std::uint64_t n);

struct RankRun {
  SampleSortOutcome outcome;  // this rank's
  SamplePhaseTimes slowest;   // each phase's longest time over the ranks
  double ms = 0;              // the sort on the slowest rank, first phase to last
};

// One sort by every rank, started together (an MPI barrier).
RankRun sort_once(const MpiWorld& world, SampleSortRank& sorter, RankWatchdog& watchdog);

// Every rank's `text`, in rank order.
std::vector<std::string> gather_text(const MpiWorld& world, const std::string& text);

}  // namespace ss::cli
