#include "verify/invariant_checker.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

#include "core/context.hpp"
#include "core/kernel.hpp"
#include "plan/device_limits.hpp"

namespace ss {

namespace {

constexpr std::uint32_t k_workgroup = 256;

}  // namespace

InvariantChecker::InvariantChecker(const Context& context, const PlanResources& resources)
    : context_(context), resources_(resources) {
  KernelSpec spec;
  spec.shader = "invariant_check.comp";
  spec.workgroup_size = std::min(k_workgroup, context.properties().max_workgroup_invocations);
  spec.bindings = gpu::INVARIANT_BINDING_COUNT;
  spec.push_size = sizeof(gpu::InvariantCheck);
  kernel_ = &context.kernel(spec);
  result_ =
      Buffer(context, gpu::INVARIANT_RESULT_WORDS * 4u, storage_usage(), MemoryKind::readback);
  // Sets are few: (keys, values) buffers of a ping-pong plan and a handful of auxiliary pairs.
  set_capacity_ = 64;
  const vk::DescriptorPoolSize size(vk::DescriptorType::eStorageBuffer,
                                    set_capacity_ * gpu::INVARIANT_BINDING_COUNT);
  pool_ = vk::raii::DescriptorPool(context.device(),
                                   vk::DescriptorPoolCreateInfo({}, set_capacity_, size));
}

vk::DescriptorSet InvariantChecker::set_for(const Bindings& bindings) {
  if (auto it = sets_.find(bindings); it != sets_.end()) return it->second;
  if (sets_.size() == set_capacity_) {
    throw std::logic_error("the invariant checker ran out of descriptor sets");
  }
  vk::DescriptorSetLayout layout = kernel_->set_layout();
  const vk::DescriptorSet set =
      (*context_.device())
          .allocateDescriptorSets(vk::DescriptorSetAllocateInfo(*pool_, layout))
          .front();
  const auto [keys, values, aux_a, aux_b] = bindings;
  const std::array infos = {
      vk::DescriptorBufferInfo(resources_.buffer(keys).handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(resources_.buffer(values).handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(result_.handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(resources_.buffer(aux_a).handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(resources_.buffer(aux_b).handle(), 0, VK_WHOLE_SIZE)};
  std::vector<vk::WriteDescriptorSet> writes;
  for (std::uint32_t slot = 0; slot < infos.size(); ++slot) {
    writes.emplace_back(set, slot, 0, 1, vk::DescriptorType::eStorageBuffer, nullptr, &infos[slot]);
  }
  context_.device().updateDescriptorSets(writes, {});
  sets_.emplace(bindings, set);
  return set;
}

InvariantVerdict InvariantChecker::check(std::size_t index) {
  const Plan& plan = resources_.plan();
  const StepInvariant invariant = step_invariant(plan, index);
  const Step& step = plan.steps[index];
  const std::uint32_t keys = step.keys_after;
  // Unused bindings get the keys (read-only there and never read).
  const std::uint32_t values = plan.spec.pairs ? step.values_after : keys;
  const std::uint32_t aux_a = invariant.aux_a == k_no_plan_buffer ? keys : invariant.aux_a;
  const std::uint32_t aux_b = invariant.aux_b == k_no_plan_buffer ? keys : invariant.aux_b;
  const vk::DescriptorSet set = set_for({keys, values, aux_a, aux_b});

  gpu::InvariantCheck push = invariant.check;
  push.threads = std::max(push.n, push.aux_count);
  const GroupCount groups = groups_for(push.threads, kernel_->spec().workgroup_size,
                                       DeviceLimits::from(context_.properties()));
  push.groups_x = groups.x;
  context_.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        using A = vk::AccessFlagBits;
        using S = vk::PipelineStageFlagBits;
        full_barrier(cmd);
        // Three fills that do not overlap, so no transfer waits for another.
        constexpr vk::DeviceSize first = gpu::INVARIANT_RESULT_FIRST * 4u;
        cmd.fillBuffer(result_.handle(), 0, first, 0);
        cmd.fillBuffer(result_.handle(), first, 4u, gpu::INVARIANT_NONE);
        cmd.fillBuffer(result_.handle(), first + 4u, VK_WHOLE_SIZE, 0);
        cmd.pipelineBarrier(S::eTransfer, S::eComputeShader, {},
                            vk::MemoryBarrier(A::eTransferWrite, A::eShaderRead | A::eShaderWrite),
                            {}, {});
        cmd.bindPipeline(vk::PipelineBindPoint::eCompute, kernel_->pipeline());
        cmd.bindDescriptorSets(vk::PipelineBindPoint::eCompute, kernel_->layout(), 0, set, {});
        (*cmd).pushConstants(kernel_->layout(), vk::ShaderStageFlagBits::eCompute, 0, sizeof(push),
                             &push);
        if (push.threads != 0) cmd.dispatch(groups.x, groups.y, groups.z);
        cmd.pipelineBarrier(S::eComputeShader, S::eHost, {},
                            vk::MemoryBarrier(A::eShaderWrite, A::eHostRead), {}, {});
      },
      "the invariant check after step " + std::to_string(index + 1) + " of " + plan.algorithm);

  std::uint32_t words[gpu::INVARIANT_RESULT_WORDS];
  std::memcpy(words, result_.mapped(), sizeof(words));
  InvariantVerdict verdict;
  verdict.text = invariant.text;
  verdict.mode = invariant.check.mode;
  verdict.violations = words[gpu::INVARIANT_RESULT_VIOLATIONS];
  verdict.first_violation = words[gpu::INVARIANT_RESULT_FIRST];
  verdict.out_of_order = words[gpu::INVARIANT_RESULT_OUT_OF_ORDER];
  if (verdict.mode == gpu::INVARIANT_SUM) {
    verdict.sum = std::uint64_t(words[gpu::INVARIANT_RESULT_SUM_HI]) << 32 |
                  words[gpu::INVARIANT_RESULT_SUM_LO];
    verdict.expected_sum =
        std::uint64_t(invariant.check.expected_hi) << 32 | invariant.check.expected_lo;
    verdict.violations = verdict.sum > verdict.expected_sum ? verdict.sum - verdict.expected_sum
                                                            : verdict.expected_sum - verdict.sum;
  }
  verdict.holds = verdict.violations == 0;
  return verdict;
}

}  // namespace ss
