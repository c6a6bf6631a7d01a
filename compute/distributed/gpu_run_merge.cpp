#include "distributed/gpu_run_merge.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/buffer.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/kernel.hpp"
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

RunMergeResult merge_runs_on_gpu(const Context& context, KeyArray runs,
                                 std::span<const std::uint64_t> run_lengths, bool descending) {
  const std::uint64_t total = runs.size();
  if (std::accumulate(run_lengths.begin(), run_lengths.end(), std::uint64_t{0}) != total) {
    throw std::invalid_argument("merge_runs_on_gpu: the run lengths do not add up to the keys");
  }
  const std::uint32_t words = key_words(runs.type);
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const vk::DeviceSize key_bytes = bytes_of(total, words);
  if (key_bytes > limits.max_storage_buffer_range || key_bytes > limits.max_allocation_size) {
    throw SetupError("this rank received " + std::to_string(total) + " keys (" +
                     std::to_string(key_bytes >> 20) + " MiB), more than one storage buffer of " +
                     context.properties().name + " holds (" +
                     std::to_string(limits.max_storage_buffer_range >> 20) +
                     " MiB); run on more ranks");
  }
  RunMergeResult result;
  result.merged.type = runs.type;
  result.merged.has_values = runs.has_values;

  std::vector<Run> current;
  std::uint64_t first = 0;
  for (std::uint64_t length : run_lengths) {
    if (length != 0) current.push_back({first, length});
    first += length;
  }
  if (current.size() <= 1) {
    result.merged = std::move(runs);
    return result;
  }

  const vk::DeviceSize value_bytes = runs.has_values ? bytes_of(total, 1) : 16;
  Buffer keys[2] = {Buffer(context, key_bytes, storage_usage(), MemoryKind::device),
                    Buffer(context, key_bytes, storage_usage(), MemoryKind::device)};
  Buffer values[2] = {Buffer(context, value_bytes, storage_usage(), MemoryKind::device),
                      Buffer(context, value_bytes, storage_usage(), MemoryKind::device)};
  upload_words<std::uint32_t>(context, keys[0], runs.words);
  if (runs.has_values) upload_words<std::uint32_t>(context, values[0], runs.values);

  KernelSpec spec;
  spec.shader = "merge_runs.comp";
  spec.workgroup_size = std::min(256u, context.properties().max_workgroup_invocations);
  spec.bindings = gpu::MERGE_RUNS_BINDING_COUNT;
  spec.push_size = sizeof(gpu::MergeRuns);
  const Kernel& kernel = context.kernel(spec);
  const KernelBindings bindings(
      context, kernel,
      {{&keys[0], &values[0], &keys[1], &values[1]}, {&keys[1], &values[1], &keys[0], &values[0]}});

  std::uint32_t source = 0;
  const auto start = std::chrono::steady_clock::now();
  context.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
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
            push.key_type = static_cast<std::uint32_t>(runs.type);
            push.descending = descending ? 1u : 0u;
            push.pairs = runs.has_values ? 1u : 0u;
            const std::uint64_t items = a.count + b.count;
            const GroupCount groups =
                groups_for((items + gpu::MERGE_RUNS_ITEMS - 1) / gpu::MERGE_RUNS_ITEMS,
                           spec.workgroup_size, limits);
            push.groups_x = groups.x;
            bindings.bind(cmd, source);
            (*cmd).pushConstants(kernel.layout(), vk::ShaderStageFlagBits::eCompute, 0,
                                 sizeof(push), &push);
            cmd.dispatch(groups.x, groups.y, groups.z);
            merged.push_back({a.first, items});
          }
          if (current.size() % 2 == 1) {  // the last run has no partner this round
            const Run& last = current.back();
            cmd.copyBuffer(keys[source].handle(), keys[1 - source].handle(),
                           vk::BufferCopy(4u * words * last.first, 4u * words * last.first,
                                          4u * words * last.count));
            if (runs.has_values) {
              cmd.copyBuffer(values[source].handle(), values[1 - source].handle(),
                             vk::BufferCopy(4u * last.first, 4u * last.first, 4u * last.count));
            }
            merged.push_back(last);
          }
          current = std::move(merged);
          source = 1 - source;
          ++result.rounds;
        }
      },
      "the merge of " + std::to_string(run_lengths.size()) + " received runs");
  result.merge_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  result.merged.words = download_words<std::uint32_t>(context, keys[source], total * words);
  if (runs.has_values) {
    result.merged.values = download_words<std::uint32_t>(context, values[source], total);
  }
  return result;
}

}  // namespace ss
