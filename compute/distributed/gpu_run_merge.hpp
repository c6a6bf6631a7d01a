#pragma once
// Merges the sorted runs a rank received into one sorted array on the GPU (merge_runs.comp):
// runs side by side in one buffer, merged in pairs, round after round, until one is left; each
// round keeps every run where it was, so a merged pair starts where its first run did.
#include <cstdint>
#include <span>

#include "plan/key_array.hpp"

namespace ss {

class Context;

struct RunMergeResult {
  KeyArray merged;
  std::uint32_t rounds = 0;  // ceil(log2(runs that are not empty))
  double merge_ms = 0;       // the rounds' submission, wall time (upload and download excluded)
};

// `runs` holds the runs back to back, run i of run_lengths[i] keys; on equal keys an earlier run's
// come first. Taken by value: a single run is handed back as it is, without a copy. Throws
// SetupError when they exceed what one storage buffer of the device holds.
RunMergeResult merge_runs_on_gpu(const Context& context, KeyArray runs,
                                 std::span<const std::uint64_t> run_lengths, bool descending);

}  // namespace ss
