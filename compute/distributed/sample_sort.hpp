#pragma once
// A sample sort over the ranks of an MPI job, each rank on its own GPU (or sharing one): every
// rank sorts its part of the input on the GPU with one of sortscope's sorts, offers regular
// samples of it, all ranks choose the same R - 1 splitters from them, each rank finds where the
// splitters cut its sorted keys on the GPU, the ranks exchange the pieces (MPI_Alltoallv, in
// rounds of bounded size), and each rank merges the sorted runs it received on the GPU. Rank r
// then holds the r-th part of the sorted input: every key on rank r sorts at or before every key
// on rank r + 1, and equal keys keep their input order.
#include <cstdint>
#include <string>
#include <vector>

#include "distributed/splitters.hpp"
#include "plan/key_array.hpp"
#include "plan/sort_spec.hpp"

namespace ss {

class Context;
class MpiWorld;
class RankWatchdog;

struct SampleSortSetup {
  std::uint64_t n = 0;  // keys over all ranks
  bool descending = false;
  std::string local_algorithm = "onesweep";  // the GPU sort of each rank's part
  std::uint32_t samples = 1024;              // regular samples each rank offers
  std::uint64_t chunk_keys = 1ull << 24;     // keys from one rank to another in one exchange round
};

// Wall time of each phase on this rank, in ms; the GPU's own time where it measured it.
struct SamplePhaseTimes {
  double local_sort = 0;
  double local_sort_gpu = 0;  // the local sort's kernels (GPU timestamps)
  double samples = 0;         // reading the samples and gathering them (MPI_Allgatherv)
  double splitters = 0;       // choosing them and finding them in the sorted keys on the GPU
  double exchange = 0;        // counts and keys (MPI_Alltoallv), host staging included
  double merge = 0;           // upload, merge on the GPU, download
  double merge_gpu = 0;       // the merge's submission alone
};

struct SampleSortOutcome {
  RankSlice slice;                    // this rank's part of the input
  KeyArray part;                      // this rank's part of the sorted output
  std::uint64_t part_first = 0;       // its first key's index in the whole sorted output
  std::vector<Sample> splitters;      // R - 1, the same on every rank
  std::vector<std::uint64_t> counts;  // R x R: counts[s * R + d] keys sent by rank s to rank d
  std::uint32_t exchange_rounds = 0;
  std::uint32_t merge_rounds = 0;
  SamplePhaseTimes times;
};

// The full-speed spec every rank's local sort of `n` keys uses (the device's tuned tiles).
SortSpec local_sort_spec(std::uint32_t n, KeyType type, bool pairs, bool descending);

// Sorts `input`, this rank's slice of the whole, with every other rank. Collective: every rank
// calls it with the same setup. Throws on failures of this rank (the caller ends every rank).
SampleSortOutcome sample_sort(const MpiWorld& world, const Context& context,
                              const SampleSortSetup& setup, const KeyArray& input,
                              RankWatchdog& watchdog);

}  // namespace ss
