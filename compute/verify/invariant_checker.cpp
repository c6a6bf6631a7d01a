#include "verify/invariant_checker.hpp"

#include <algorithm>
#include <array>
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
  result_ = Buffer(context, gpu::INVARIANT_RESULT_WORDS * 4u, storage_usage(), MemoryKind::device);
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

void InvariantChecker::record(const vk::raii::CommandBuffer& cmd, std::size_t index) {
  const Plan& plan = resources_.plan();
  last_ = step_invariant(plan, index);
  checked_ = index;
  const Step& step = plan.steps[index];
  const std::uint32_t keys = step.keys_after;
  // Unused bindings get the keys (read-only there and never read).
  const std::uint32_t values = plan.spec.pairs ? step.values_after : keys;
  const std::uint32_t aux_a = last_.aux_a == k_no_plan_buffer ? keys : last_.aux_a;
  const std::uint32_t aux_b = last_.aux_b == k_no_plan_buffer ? keys : last_.aux_b;
  const vk::DescriptorSet set = set_for({keys, values, aux_a, aux_b});

  using A = vk::AccessFlagBits;
  using S = vk::PipelineStageFlagBits;
  // Three fills that do not overlap, so no transfer waits for another.
  constexpr vk::DeviceSize first = gpu::INVARIANT_RESULT_FIRST * 4u;
  cmd.fillBuffer(result_.handle(), 0, first, 0);
  cmd.fillBuffer(result_.handle(), first, 4u, gpu::INVARIANT_NONE);
  cmd.fillBuffer(result_.handle(), first + 4u, VK_WHOLE_SIZE, 0);
  cmd.pipelineBarrier(S::eTransfer, S::eComputeShader, {},
                      vk::MemoryBarrier(A::eTransferWrite, A::eShaderRead | A::eShaderWrite), {},
                      {});

  gpu::InvariantCheck push = last_.check;
  push.threads = std::max(push.n, push.aux_count);
  const GroupCount groups = groups_for(push.threads, kernel_->spec().workgroup_size,
                                       DeviceLimits::from(context_.properties()));
  push.groups_x = groups.x;
  cmd.bindPipeline(vk::PipelineBindPoint::eCompute, kernel_->pipeline());
  cmd.bindDescriptorSets(vk::PipelineBindPoint::eCompute, kernel_->layout(), 0, set, {});
  (*cmd).pushConstants(kernel_->layout(), vk::ShaderStageFlagBits::eCompute, 0, sizeof(push),
                       &push);
  if (push.threads != 0) cmd.dispatch(groups.x, groups.y, groups.z);
  cmd.pipelineBarrier(S::eComputeShader, S::eTransfer | S::eComputeShader, {},
                      vk::MemoryBarrier(A::eShaderWrite, A::eTransferRead | A::eShaderRead), {},
                      {});
}

InvariantVerdict InvariantChecker::read() const {
  InvariantVerdict verdict;
  if (!has_result()) return verdict;
  const auto words = download_words<std::uint32_t>(context_, result_, gpu::INVARIANT_RESULT_WORDS);
  verdict.text = last_.text;
  verdict.mode = last_.check.mode;
  verdict.violations = words[gpu::INVARIANT_RESULT_VIOLATIONS];
  verdict.first_violation = words[gpu::INVARIANT_RESULT_FIRST];
  verdict.out_of_order = words[gpu::INVARIANT_RESULT_OUT_OF_ORDER];
  if (verdict.mode == gpu::INVARIANT_SUM) {
    verdict.sum = std::uint64_t(words[gpu::INVARIANT_RESULT_SUM_HI]) << 32 |
                  words[gpu::INVARIANT_RESULT_SUM_LO];
    verdict.expected_sum = std::uint64_t(last_.check.expected_hi) << 32 | last_.check.expected_lo;
    const std::uint64_t diff = verdict.sum > verdict.expected_sum
                                   ? verdict.sum - verdict.expected_sum
                                   : verdict.expected_sum - verdict.sum;
    verdict.violations = diff;
  }
  verdict.holds = verdict.violations == 0;
  return verdict;
}

}  // namespace ss
