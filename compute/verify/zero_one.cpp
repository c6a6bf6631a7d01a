#include "verify/zero_one.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <span>
#include <string>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "core/buffer.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/kernel.hpp"
#include "shaders/common/zero_one_check.h"

namespace ss {

namespace {

// The first chunk before any timing is known: small on a CPU device, whose invocations run a
// few at a time, large on a GPU. Later chunks scale to ZeroOneOptions::chunk_seconds.
std::uint64_t first_chunk(const DeviceProperties& device, std::uint32_t workgroup) {
  return std::uint64_t(workgroup) * gpu::ZERO_ONE_INPUTS_PER_INVOCATION *
         (device.kind == DeviceKind::cpu ? 16u : 4096u);
}

// Largest chunk: one dispatch's grid (x by y workgroups), and below 2^32 so count fits a uint.
std::uint64_t max_chunk(const DeviceProperties& device, std::uint32_t workgroup) {
  const std::uint64_t groups =
      std::uint64_t(device.max_workgroup_count[0]) * device.max_workgroup_count[1];
  return std::min<std::uint64_t>(groups * workgroup * gpu::ZERO_ONE_INPUTS_PER_INVOCATION,
                                 1ull << 31);
}

}  // namespace

std::vector<std::uint32_t> zero_one_comparators(const Plan& plan) {
  std::vector<std::uint32_t> packed;
  for (const Step& step : plan.steps) {
    for (const Comparator& c : step_comparators(step)) {
      // Every network of sortscope sends the smaller key (in the kernels' encoded order) to the
      // lower wire.
      if (!c.disabled) packed.push_back(gpu::zero_one_pack(c.left, c.right));
    }
  }
  return packed;
}

std::string zero_one_input_text(std::uint32_t bits, std::uint32_t n) {
  std::string text;
  for (std::uint32_t w = 0; w < n; ++w) text += ((bits >> w) & 1u) ? '1' : '0';
  return text;
}

std::string zero_one_verdict(const ZeroOneResult& r) {
  if (r.cancelled)
    return "cancelled after " + std::to_string(r.checked) + " of " + std::to_string(r.total) +
           " inputs";
  if (r.failing_input)
    return "does NOT sort: it fails on the 0-1 input " +
           zero_one_input_text(*r.failing_input, r.n) + " (wire 0 first)";
  return "sorts all 2^" + std::to_string(r.n) +
         " inputs of 0s and 1s, hence every input (0-1 principle)";
}

KeyArray zero_one_keys(std::uint32_t bits, const SortSpec& spec) {
  KeyArray keys;
  keys.type = spec.key_type;
  keys.has_values = spec.pairs;
  const std::uint64_t one = spec.key_type == KeyType::f32 ? 0x3f800000u : 1u;  // 1.0f or 1
  for (std::uint32_t w = 0; w < spec.n; ++w) {
    const bool set = ((bits >> w) & 1u) != 0;
    keys.push_back_bits(set != spec.descending ? one : 0u);
    if (spec.pairs) keys.values.push_back(w);
  }
  return keys;
}

void require_zero_one_checkable(const Context& context, const Plan& plan, bool allow_slow) {
  const Algorithm* algorithm = find_algorithm(plan.algorithm);
  if (algorithm == nullptr || !algorithm->network) {
    throw UsageError("the 0-1 check applies to comparator networks (" + network_algorithm_names() +
                     "); got " + plan.algorithm);
  }
  const std::uint32_t n = plan.spec.n;
  if (n > gpu::ZERO_ONE_MAX_WIRES) {
    throw UsageError("the 0-1 check runs all 2^n inputs of 0s and 1s and takes n <= " +
                     std::to_string(gpu::ZERO_ONE_MAX_WIRES) + " (got n = " + std::to_string(n) +
                     ")");
  }
  const DeviceProperties& device = context.properties();
  if (device.kind == DeviceKind::cpu && n > k_zero_one_cpu_max_n && !allow_slow) {
    throw UsageError(
        "the 0-1 check of n = " + std::to_string(n) + " runs 2^" + std::to_string(n) +
        " inputs, too many for " + device.name +
        ", a CPU implementation of Vulkan: it takes n <= " + std::to_string(k_zero_one_cpu_max_n) +
        " there (each wire more doubles the time); use a GPU, or --allow-slow to "
        "run it anyway");
  }
}

ZeroOneResult check_zero_one(const Context& context, const Plan& plan,
                             const ZeroOneOptions& options) {
  require_zero_one_checkable(context, plan, options.allow_slow);
  const std::uint32_t n = plan.spec.n;
  const DeviceProperties& device = context.properties();
  ZeroOneResult result;
  result.n = n;
  result.total = 1ull << n;
  result.first_input = std::min(options.first_input, result.total);
  const std::uint64_t to_check = result.total - result.first_input;
  const std::vector<std::uint32_t> comparators = zero_one_comparators(plan);
  result.comparators = comparators.size();
  const auto start = std::chrono::steady_clock::now();
  auto finish = [&] {
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  };
  if (n < 2 || comparators.empty()) {
    // No comparator: the network sorts exactly when no input can be out of order.
    if (n >= 2 && result.first_input <= 1) result.failing_input = 1u;  // wires 0, 1: 1, 0
    result.checked = to_check;
    if (options.progress) options.progress(result.checked, result.total);
    return finish();
  }

  const std::uint32_t workgroup = std::min<std::uint32_t>(256, device.max_workgroup_invocations);
  KernelSpec spec;
  spec.shader = "verify_network.comp";
  spec.workgroup_size = workgroup;
  spec.bindings = gpu::ZERO_ONE_BINDING_COUNT;
  spec.push_size = sizeof(gpu::ZeroOneChunk);
  const Kernel& kernel = context.kernel(spec);

  Buffer comparator_buffer(context, comparators.size() * 4u, storage_usage(), MemoryKind::device);
  upload_words<std::uint32_t>(context, comparator_buffer, comparators);
  Buffer failure(context, 4u, storage_usage(), MemoryKind::device);
  const std::uint32_t none = gpu::ZERO_ONE_NONE;
  upload(context, failure, std::as_bytes(std::span(&none, 1)));

  vk::DescriptorPoolSize pool_size(vk::DescriptorType::eStorageBuffer, gpu::ZERO_ONE_BINDING_COUNT);
  vk::raii::DescriptorPool pool(context.device(), vk::DescriptorPoolCreateInfo({}, 1, pool_size));
  vk::DescriptorSetLayout layout = kernel.set_layout();
  const vk::DescriptorSet set =
      (*context.device())
          .allocateDescriptorSets(vk::DescriptorSetAllocateInfo(*pool, layout))
          .front();
  const std::array infos = {vk::DescriptorBufferInfo(comparator_buffer.handle(), 0, VK_WHOLE_SIZE),
                            vk::DescriptorBufferInfo(failure.handle(), 0, VK_WHOLE_SIZE)};
  std::vector<vk::WriteDescriptorSet> writes;
  for (std::uint32_t slot = 0; slot < infos.size(); ++slot) {
    writes.emplace_back(set, slot, 0, 1, vk::DescriptorType::eStorageBuffer, nullptr, &infos[slot]);
  }
  context.device().updateDescriptorSets(writes, {});

  const DeviceLimits limits = DeviceLimits::from(device);
  const std::uint64_t largest = max_chunk(device, workgroup);
  std::uint64_t chunk = std::min(first_chunk(device, workgroup), largest);
  while (result.checked < to_check) {
    throw_if_interrupted();
    if (options.cancel != nullptr && options.cancel->load()) {
      result.cancelled = true;
      break;
    }
    const std::uint64_t next = result.first_input + result.checked;
    const std::uint64_t count = std::min(chunk, to_check - result.checked);
    gpu::ZeroOneChunk push{};
    push.n = n;
    push.comparators = static_cast<std::uint32_t>(comparators.size());
    push.base = static_cast<std::uint32_t>(next);  // < 2^32, as next < total <= 2^32
    push.count = static_cast<std::uint32_t>(count);
    const GroupCount groups = groups_for(
        (count + gpu::ZERO_ONE_INPUTS_PER_INVOCATION - 1) / gpu::ZERO_ONE_INPUTS_PER_INVOCATION,
        workgroup, limits);
    push.groups_x = groups.x;
    const auto chunk_start = std::chrono::steady_clock::now();
    context.run_commands(
        [&](const vk::raii::CommandBuffer& cmd) {
          full_barrier(cmd);
          cmd.bindPipeline(vk::PipelineBindPoint::eCompute, kernel.pipeline());
          cmd.bindDescriptorSets(vk::PipelineBindPoint::eCompute, kernel.layout(), 0, set, {});
          (*cmd).pushConstants(kernel.layout(), vk::ShaderStageFlagBits::eCompute, 0, sizeof push,
                               &push);
          cmd.dispatch(groups.x, groups.y, groups.z);
          full_barrier(cmd);
        },
        "the 0-1 check of " + plan.algorithm + " (inputs " + std::to_string(next) + " to " +
            std::to_string(next + count - 1) + " of 2^" + std::to_string(n) + ")");
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - chunk_start).count();
    result.checked += count;
    const std::uint32_t first = download_words<std::uint32_t>(context, failure, 1).front();
    if (options.progress) options.progress(result.first_input + result.checked, result.total);
    if (first != gpu::ZERO_ONE_NONE) {
      // Chunks go in increasing order, so the lowest failure of this chunk is the lowest of all.
      result.failing_input = first;
      break;
    }
    // Aim the next chunk at chunk_seconds of work, growing or shrinking at most 4x at a time.
    const double scale = std::clamp(options.chunk_seconds / std::max(elapsed, 1e-4), 0.25, 4.0);
    chunk = std::clamp<std::uint64_t>(
        std::uint64_t(std::llround(double(chunk) * scale)) / workgroup * workgroup, workgroup,
        largest);
  }
  return finish();
}

}  // namespace ss
