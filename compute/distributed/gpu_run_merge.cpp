#include "distributed/gpu_run_merge.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/kernel.hpp"
#include "core/ms_since.hpp"
#include "distributed/kernel_bindings.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"
#include "shaders/common/sample_sort.h"

namespace ss {

namespace {

struct Run {
  std::uint64_t first = 0;
  std::uint64_t count = 0;
};

vk::DeviceSize bytes_of(std::uint64_t keys, std::uint32_t words) {
  return std::max<vk::DeviceSize>(4u * words * keys, 16);
}

}  // namespace

RunMerger::RunMerger(const Context& context, KeyType type, bool pairs, bool descending)
    : context_(context), type_(type), pairs_(pairs), descending_(descending) {
  KernelSpec spec;
  spec.shader = "merge_runs.comp";
  spec.workgroup_size = std::min(256u, context.properties().max_workgroup_invocations);
  spec.bindings = gpu::MERGE_RUNS_BINDING_COUNT;
  spec.push_size = sizeof(gpu::MergeRuns);
  kernel_ = &context.kernel(spec);
  workgroup_size_ = spec.workgroup_size;
}

RunMerger::~RunMerger() = default;

std::string RunMerger::room_problem(std::uint64_t keys, const std::string& who) const {
  const DeviceLimits limits = DeviceLimits::from(context_.properties());
  const vk::DeviceSize key_bytes = bytes_of(keys, key_words(type_));
  const std::uint64_t room = std::min(limits.max_storage_buffer_range, limits.max_allocation_size);
  if (key_bytes <= room) return "";
  return who + " receives " + std::to_string(keys) + " keys (" + std::to_string(key_bytes >> 20) +
         " MiB), more than one storage buffer of " + context_.properties().name + " holds (" +
         std::to_string(room >> 20) + " MiB); run on more ranks";
}

void RunMerger::reserve(std::uint64_t keys) {
  if (keys <= capacity_ && bindings_) return;
  if (const std::string problem = room_problem(keys, "this rank"); !problem.empty())
    throw SetupError(problem);
  const vk::DeviceSize key_bytes = bytes_of(keys, key_words(type_));
  bindings_.reset();
  const vk::DeviceSize value_bytes = pairs_ ? bytes_of(keys, 1) : 16;
  for (int i = 0; i < 2; ++i) {
    keys_[i] = Buffer();
    values_[i] = Buffer();
  }
  for (int i = 0; i < 2; ++i) {
    keys_[i] = Buffer(context_, key_bytes, storage_usage(), MemoryKind::device);
    values_[i] = Buffer(context_, value_bytes, storage_usage(), MemoryKind::device);
  }
  bindings_ =
      std::make_unique<KernelBindings>(context_, *kernel_,
                                       std::initializer_list<std::vector<const Buffer*>>{
                                           {&keys_[0], &values_[0], &keys_[1], &values_[1]},
                                           {&keys_[1], &values_[1], &keys_[0], &values_[0]}});
  capacity_ = keys;
}

std::uint32_t RunMerger::record(const vk::raii::CommandBuffer& cmd,
                                std::span<const std::uint64_t> run_lengths) {
  const std::uint64_t total =
      std::accumulate(run_lengths.begin(), run_lengths.end(), std::uint64_t{0});
  if (total > capacity_ || !bindings_) {
    throw std::logic_error("RunMerger::record: " + std::to_string(total) +
                           " keys, room reserved for " + std::to_string(capacity_));
  }
  const std::uint32_t words = key_words(type_);
  const DeviceLimits limits = DeviceLimits::from(context_.properties());
  std::vector<Run> current;
  std::uint64_t first = 0;
  for (std::uint64_t length : run_lengths) {
    if (length != 0) current.push_back({first, length});
    first += length;
  }
  std::uint32_t source = 0;
  std::uint32_t rounds = 0;
  while (current.size() > 1) {
    full_barrier(cmd);
    std::vector<Run> merged;
    for (std::size_t i = 0; i + 1 < current.size(); i += 2) {
      const Run& a = current[i];
      const Run& b = current[i + 1];
      gpu::MergeRuns push{};
      push.a_first = static_cast<std::uint32_t>(a.first);
      push.a_count = static_cast<std::uint32_t>(a.count);
      push.b_first = static_cast<std::uint32_t>(b.first);
      push.b_count = static_cast<std::uint32_t>(b.count);
      push.out_first = push.a_first;
      push.key_type = static_cast<std::uint32_t>(type_);
      push.descending = descending_ ? 1u : 0u;
      push.pairs = pairs_ ? 1u : 0u;
      const std::uint64_t items = a.count + b.count;
      const GroupCount groups = groups_for(
          (items + gpu::MERGE_RUNS_ITEMS - 1) / gpu::MERGE_RUNS_ITEMS, workgroup_size_, limits);
      push.groups_x = groups.x;
      bindings_->dispatch(cmd, source, push, groups);
      merged.push_back({a.first, items});
    }
    if (current.size() % 2 == 1) {  // the last run has no partner this round
      const Run& last = current.back();
      cmd.copyBuffer(keys_[source].handle(), keys_[1 - source].handle(),
                     vk::BufferCopy(4u * words * last.first, 4u * words * last.first,
                                    4u * words * last.count));
      if (pairs_) {
        cmd.copyBuffer(values_[source].handle(), values_[1 - source].handle(),
                       vk::BufferCopy(4u * last.first, 4u * last.first, 4u * last.count));
      }
      merged.push_back(last);
    }
    current = std::move(merged);
    source = 1 - source;
    ++rounds;
  }
  result_ = source;
  return rounds;
}

RunMergeResult merge_runs_on_gpu(const Context& context, const KeyArray& runs,
                                 std::span<const std::uint64_t> run_lengths, bool descending) {
  const std::uint64_t total = runs.size();
  if (std::accumulate(run_lengths.begin(), run_lengths.end(), std::uint64_t{0}) != total) {
    throw std::invalid_argument("merge_runs_on_gpu: the run lengths do not add up to the keys");
  }
  RunMerger merger(context, runs.type, runs.has_values, descending);
  merger.reserve(total);
  upload_words<std::uint32_t>(context, merger.input_keys(), runs.words);
  if (runs.has_values) upload_words<std::uint32_t>(context, merger.input_values(), runs.values);
  RunMergeResult result;
  const auto start = std::chrono::steady_clock::now();
  context.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) { result.rounds = merger.record(cmd, run_lengths); },
      "the merge of " + std::to_string(run_lengths.size()) + " received runs");
  result.merge_ms = ms_since(start);
  result.merged.type = runs.type;
  result.merged.has_values = runs.has_values;
  result.merged.words =
      download_words<std::uint32_t>(context, merger.result_keys(), total * key_words(runs.type));
  if (runs.has_values) {
    result.merged.values = download_words<std::uint32_t>(context, merger.result_values(), total);
  }
  return result;
}

}  // namespace ss
