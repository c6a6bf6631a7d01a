#pragma once
// Merges the sorted runs a rank received into one sorted array on the GPU (merge_runs.comp):
// runs side by side in one buffer, merged in pairs, round after round, until one is left; each
// round keeps every run where it was, so a merged pair starts where its first run did.
#include <cstdint>
#include <span>

#include <vulkan/vulkan_raii.hpp>

#include "core/buffer.hpp"
#include "plan/key_array.hpp"

namespace ss {

class Context;
class Kernel;
class KernelBindings;

// The merge's buffers, made once and grown when a larger part arrives, so repeated sorts of one
// size allocate nothing.
class RunMerger {
 public:
  RunMerger(const Context& context, KeyType type, bool pairs, bool descending);
  ~RunMerger();
  RunMerger(const RunMerger&) = delete;
  RunMerger& operator=(const RunMerger&) = delete;

  // Room for `keys` keys. Throws SetupError when they exceed one storage buffer of the device.
  void reserve(std::uint64_t keys);
  // Why `who` (e.g. "rank 2") cannot merge `keys` keys here, or "" when it can.
  std::string room_problem(std::uint64_t keys, const std::string& who) const;
  // Where the runs go before record(): back to back, run i of run_lengths[i] keys.
  const Buffer& input_keys() const { return keys_[0]; }
  const Buffer& input_values() const { return values_[0]; }
  // Records the merge rounds of `run_lengths` (on equal keys an earlier run's come first) after a
  // barrier; returns the rounds, ceil(log2(runs that are not empty)).
  std::uint32_t record(const vk::raii::CommandBuffer& cmd,
                       std::span<const std::uint64_t> run_lengths);
  // The merged keys after the recorded rounds ran.
  const Buffer& result_keys() const { return keys_[result_]; }
  const Buffer& result_values() const { return values_[result_]; }

 private:
  const Context& context_;
  KeyType type_;
  bool pairs_;
  bool descending_;
  std::uint64_t capacity_ = 0;
  Buffer keys_[2];
  Buffer values_[2];
  const Kernel* kernel_ = nullptr;
  std::uint32_t workgroup_size_ = 0;
  std::unique_ptr<KernelBindings> bindings_;
  std::uint32_t result_ = 0;
};

struct RunMergeResult {
  KeyArray merged;
  std::uint32_t rounds = 0;  // ceil(log2(runs that are not empty))
  double merge_ms = 0;       // the rounds' submission, wall time (upload and download excluded)
};

// Uploads `runs` (back to back, run i of run_lengths[i] keys), merges them and reads the result
// back: RunMerger once, for tests and one-off use.
RunMergeResult merge_runs_on_gpu(const Context& context, const KeyArray& runs,
                                 std::span<const std::uint64_t> run_lengths, bool descending);

}  // namespace ss
