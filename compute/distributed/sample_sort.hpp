#pragma once
// A sample sort over the ranks of an MPI job, each rank on its own GPU (or sharing one): every
// rank sorts its part of the input on the GPU with one of sortscope's sorts, offers regular
// samples of it, all ranks choose the same R - 1 splitters from them, each rank finds where the
// splitters cut its sorted keys on the GPU, the ranks exchange the pieces (MPI_Alltoallv, in
// rounds of bounded size), and each rank merges the sorted runs it received on the GPU. Rank r
// then holds the r-th part of the sorted input: every key on rank r sorts at or before every key
// on rank r + 1, and equal keys keep their input order.
//
// Keys stay on the GPU but for what travels: in rounds of bounded size, the pieces for other
// ranks go GPU -> host-visible staging that MPI reads in place, arrive in host-visible staging
// MPI writes in place, and go to the merge's input on the GPU from there; a rank's piece for
// itself is copied GPU to GPU. The staging holds one round, not the part, so a first sort pins
// little host memory; every buffer is made once per rank and grown as needed, so repeated sorts
// (bench) allocate nothing.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/buffer.hpp"
#include "distributed/part_summary.hpp"
#include "distributed/sample_sort_record.hpp"
#include "distributed/splitters.hpp"
#include "plan/key_array.hpp"
#include "plan/sort_spec.hpp"

namespace ss {

class Context;
class MpiWorld;
class RankWatchdog;
class KeyGatherer;
class Runner;
class RunMerger;
class SplitterFinder;

struct SampleSortSetup {
  std::uint64_t n = 0;  // keys over all ranks
  bool descending = false;
  std::string local_algorithm = "onesweep";  // the GPU sort of each rank's part
  std::uint32_t samples = 1024;              // regular samples each rank offers
  std::uint64_t chunk_keys = 1ull << 24;     // keys from one rank to another in one exchange round
  std::uint64_t record_keys = 0;  // > 0: record at most this many keys of each array (RankRecord)
};

// Wall time of each phase on this rank, in ms; the GPU's own time where it measured it.
struct SamplePhaseTimes {
  double local_sort = 0;        // the local sort's submission
  double local_sort_gpu = 0;    // its kernels (GPU timestamps)
  double samples = 0;           // reading the samples on the GPU and gathering them (MPI)
  double splitters = 0;         // choosing them and finding them in the sorted keys on the GPU
  double exchange_staging = 0;  // the counts' gather; the keys for other ranks, GPU to staging
  double exchange_buffers = 0;  // the merge's buffers made for this part (0 when kept)
  double exchange = 0;          // counts and keys between the ranks (MPI_Alltoallv)
  double merge_staging = 0;     // the keys received, host to GPU, and the rank's own, GPU to GPU
  double merge = 0;             // the merge rounds' submission

  double total() const {
    return local_sort + samples + splitters + exchange_staging + exchange_buffers + exchange +
           merge_staging + merge;
  }
};

struct SampleSortOutcome {
  RankSlice slice;                    // this rank's part of the input
  std::uint64_t part_count = 0;       // keys this rank holds after the sort
  std::uint64_t part_first = 0;       // its first key's index in the whole sorted output
  std::vector<Sample> splitters;      // R - 1, the same on every rank
  std::vector<std::uint64_t> counts;  // R x R: counts[s * R + d] keys sent by rank s to rank d
  std::uint32_t exchange_rounds = 0;
  std::uint32_t merge_rounds = 0;
  SamplePhaseTimes times;
  std::optional<RankRecord> record;  // with setup.record_keys
};

// The full-speed spec every rank's local sort of `n` keys uses (the device's tuned tiles).
SortSpec local_sort_spec(std::uint32_t n, KeyType type, bool pairs, bool descending);

// One rank's part in sample sorts of one input: the local sort's plan with the input on the GPU,
// the mapped exchange buffers and the merge's buffers, made once.
class SampleSortRank {
 public:
  // Uploads `input`, this rank's slice of the whole. Collective only in sort().
  SampleSortRank(const MpiWorld& world, const Context& context, const SampleSortSetup& setup,
                 const KeyArray& input);
  ~SampleSortRank();
  SampleSortRank(const SampleSortRank&) = delete;
  SampleSortRank& operator=(const SampleSortRank&) = delete;

  // Sorts the input with every other rank, from the input on the GPU to this rank's part merged
  // on the GPU. Collective: every rank calls it with the same setup. Throws on failures of this
  // rank (the caller ends every rank).
  SampleSortOutcome sort(RankWatchdog& watchdog);
  // This rank's part of the last sort's output, read from the GPU.
  KeyArray part() const;
  // This rank's input, and its part of the last sort's output, summarised on the GPU for
  // verify_distributed (one pass over each where it lies; nothing downloaded but the ends).
  PartSummary input_summary() const;
  PartSummary part_summary() const;

 private:
  // Host-visible staging that MPI reads or writes in place.
  struct Staging {
    Buffer keys, values;
    std::uint64_t capacity = 0;  // keys it holds
  };
  Staging make_staging(std::uint64_t keys) const;
  // The keys for other ranks out, theirs in, in rounds; adds each part's time to `times`.
  std::uint32_t exchange(const std::vector<std::uint64_t>& send,
                         const std::vector<std::uint64_t>& recv,
                         const std::vector<std::uint64_t>& all_counts, SamplePhaseTimes& times);

  const MpiWorld& world_;
  const Context& context_;
  SampleSortSetup setup_;
  KeyArray input_;  // kept only when recording
  std::uint32_t count_ = 0;
  KeyType type_;
  bool pairs_;
  std::unique_ptr<Runner> runner_;
  std::unique_ptr<RunMerger> merger_;
  std::unique_ptr<KeyGatherer> samples_;       // reads the samples out of the sorted keys
  std::unique_ptr<SplitterFinder> splitters_;  // finds the cuts in them
  Staging send_, recv_;                        // one exchange round's keys (and values), out and in
  std::uint64_t part_count_ = 0;
};

}  // namespace ss
