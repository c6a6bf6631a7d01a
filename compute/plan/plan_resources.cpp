#include "plan/plan_resources.hpp"

#include <map>
#include <stdexcept>

#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/kernel.hpp"

namespace ss {

PlanResources::PlanResources(const Context& context, const Plan& plan, bool instrumented)
    : context_(context), plan_(plan), instrumented_(instrumented) {
  for (const PlanBuffer& b : plan_.buffers) {
    const std::uint64_t bytes = (b.instrumentation_only && !instrumented_) ? 16 : b.bytes;
    const vk::BufferUsageFlags usage =
        storage_usage() |
        (b.dispatch_args ? vk::BufferUsageFlagBits::eIndirectBuffer : vk::BufferUsageFlags{});
    buffers_.emplace_back(context_, bytes, usage, MemoryKind::device);
    if (!b.initial_words.empty()) {
      upload_words<std::uint32_t>(context_, buffers_.back(), b.initial_words);
    }
  }
  const std::uint64_t key_bytes_total =
      std::uint64_t(plan_.spec.n) * key_bytes(plan_.spec.key_type);
  pristine_keys_ = Buffer(context_, key_bytes_total, storage_usage(), MemoryKind::device);
  if (plan_.spec.pairs) {
    pristine_values_ =
        Buffer(context_, std::uint64_t(plan_.spec.n) * 4u, storage_usage(), MemoryKind::device);
  }

  for (KernelSpec spec : plan_.kernels) {
    // Constants are by id from 1 (0: none); a kernel may declare fewer than the plan names.
    auto set_constant = [&spec](std::uint32_t id, std::uint32_t value) {
      if (id != 0 && id - 1 < spec.constants.size()) spec.constants[id - 1] = value;
    };
    if (instrumented_) {
      set_constant(plan_.instrumented_constant_id, 1);
      for (std::uint32_t id : plan_.full_speed_constant_ids) set_constant(id, 0);
    }
    kernels_.push_back(&context_.kernel(spec));
  }

  // One descriptor set per distinct (kernel, bindings) pair: a 65 536-pass transposition sort
  // still needs only one.
  std::map<std::pair<std::uint32_t, std::vector<std::uint32_t>>, std::size_t> distinct;
  auto set_of = [&distinct](std::uint32_t kernel, const std::vector<std::uint32_t>& bindings) {
    auto key = std::make_pair(kernel, bindings);
    auto it = distinct.find(key);
    if (it == distinct.end()) it = distinct.emplace(key, distinct.size()).first;
    return it->second;
  };
  bool dispatch_args_written = false;
  for (const Step& step : plan_.steps) {
    if (!step.gpu_choices.empty() && !dispatch_args_written) {
      throw std::logic_error(plan_.algorithm + ": step '" + step.label +
                             "' dispatches indirectly before any step writes its group counts");
    }
    dispatch_args_written = dispatch_args_written || step.writes_dispatch_args;
    if (step.push.size() != plan_.kernels[step.kernel].push_size) {
      throw std::logic_error(plan_.algorithm + ": step '" + step.label +
                             "' pushes a different size than its kernel declares");
    }
    step_set_.push_back(set_of(step.kernel, step.bindings));
    std::vector<std::size_t> choice_sets;
    for (const IndirectDispatch& choice : step.gpu_choices) {
      if (plan_.kernels.at(choice.kernel).push_size != step.push.size() ||
          !plan_.buffers.at(choice.buffer).dispatch_args || choice.offset % 4 != 0) {
        throw std::logic_error(plan_.algorithm + ": step '" + step.label +
                               "' offers the GPU a kernel it cannot dispatch so");
      }
      choice_sets.push_back(set_of(choice.kernel, step.bindings));
    }
    choice_sets_.push_back(std::move(choice_sets));
  }
  if (distinct.empty()) return;

  std::uint32_t descriptors = 0;
  for (const auto& [key, index] : distinct)
    descriptors += static_cast<std::uint32_t>(key.second.size());
  vk::DescriptorPoolSize size(vk::DescriptorType::eStorageBuffer, std::max(descriptors, 1u));
  pool_ = vk::raii::DescriptorPool(
      context_.device(),
      vk::DescriptorPoolCreateInfo({}, static_cast<std::uint32_t>(distinct.size()), size));
  sets_.resize(distinct.size());
  for (const auto& [key, index] : distinct) {
    const Kernel& kernel = *kernels_[key.first];
    vk::DescriptorSetLayout layout = kernel.set_layout();
    vk::DescriptorSetAllocateInfo allocate(*pool_, layout);
    sets_[index] = (*context_.device()).allocateDescriptorSets(allocate).front();
    std::vector<vk::DescriptorBufferInfo> infos;
    for (std::uint32_t buffer : key.second) {
      infos.emplace_back(buffers_[buffer].handle(), 0, VK_WHOLE_SIZE);
    }
    std::vector<vk::WriteDescriptorSet> writes;
    for (std::uint32_t slot = 0; slot < infos.size(); ++slot) {
      writes.emplace_back(sets_[index], slot, 0, 1, vk::DescriptorType::eStorageBuffer, nullptr,
                          &infos[slot]);
    }
    context_.device().updateDescriptorSets(writes, {});
  }
}

void PlanResources::set_input(const KeyArray& input) {
  if (input.type != plan_.spec.key_type || input.size() != plan_.spec.n ||
      input.has_values != plan_.spec.pairs ||
      (input.has_values && input.values.size() != input.size())) {
    throw std::logic_error("input does not match the plan's sort spec");
  }
  upload_words<std::uint32_t>(context_, pristine_keys_, input.words);
  if (plan_.spec.pairs) upload_words<std::uint32_t>(context_, pristine_values_, input.values);
}

void PlanResources::record_restore(const vk::raii::CommandBuffer& cmd) const {
  full_barrier(cmd);
  const std::uint64_t bytes = std::uint64_t(plan_.spec.n) * key_bytes(plan_.spec.key_type);
  if (bytes == 0) return;
  cmd.copyBuffer(pristine_keys_.handle(), buffers_[plan_.keys_buffer].handle(),
                 vk::BufferCopy(0, 0, bytes));
  if (plan_.spec.pairs) {
    cmd.copyBuffer(pristine_values_.handle(), buffers_[plan_.values_buffer].handle(),
                   vk::BufferCopy(0, 0, std::uint64_t(plan_.spec.n) * 4u));
  }
  for (std::size_t b = 0; b < plan_.buffers.size(); ++b) {
    if (plan_.buffers[b].zeroed_before_each_run)
      cmd.fillBuffer(buffers_[b].handle(), 0, VK_WHOLE_SIZE, 0);
  }
  full_barrier(cmd);
}

void PlanResources::record_step(const vk::raii::CommandBuffer& cmd, std::size_t index) const {
  record_step_part(cmd, {index, 0, step_units(plan_.steps.at(index))});
}

void PlanResources::record_step_part(const vk::raii::CommandBuffer& cmd,
                                     const StepPart& part) const {
  const std::size_t index = part.step;
  const Step& step = plan_.steps.at(index);
  const Kernel& kernel = *kernels_[step.kernel];
  const bool whole = part.first == 0 && part.count == step_units(step);
  if (!whole && !step_splittable(plan_, step)) {
    throw std::logic_error(plan_.algorithm + ": step '" + step.label + "' cannot run in parts");
  }
  if (instrumented_ && plan_.stats_buffer != UINT32_MAX && part.first == 0) {
    cmd.fillBuffer(buffers_[plan_.stats_buffer].handle(), 0, VK_WHOLE_SIZE, 0);
    cmd.pipelineBarrier(
        vk::PipelineStageFlagBits::eTransfer, vk::PipelineStageFlagBits::eComputeShader, {},
        vk::MemoryBarrier(vk::AccessFlagBits::eTransferWrite,
                          vk::AccessFlagBits::eShaderRead | vk::AccessFlagBits::eShaderWrite),
        {}, {});
  }
  auto bind = [&](const Kernel& k, std::size_t set) {
    cmd.bindPipeline(vk::PipelineBindPoint::eCompute, k.pipeline());
    cmd.bindDescriptorSets(vk::PipelineBindPoint::eCompute, k.layout(), 0, sets_[set], {});
    if (!step.push.empty()) {
      (*cmd).pushConstants(k.layout(), vk::ShaderStageFlagBits::eCompute, 0,
                           static_cast<std::uint32_t>(step.push.size()), step.push.data());
    }
  };
  if (step.gpu_choices.empty()) {
    bind(kernel, step_set_[index]);
    if (whole) {
      if (step.groups.total() != 0) cmd.dispatch(step.groups.x, step.groups.y, step.groups.z);
    } else if (part.count != 0 && step.groups.y > 1) {  // rows of the grid
      cmd.dispatchBase(0, part.first, 0, step.groups.x, part.count, 1);
    } else if (part.count != 0) {
      cmd.dispatchBase(part.first, 0, 0, part.count, 1, 1);
    }
  }
  // The choices write the same buffers with no barrier between them: all but one have no groups.
  for (std::size_t c = 0; c < step.gpu_choices.size(); ++c) {
    const IndirectDispatch& choice = step.gpu_choices[c];
    bind(*kernels_[choice.kernel], choice_sets_[index][c]);
    cmd.dispatchIndirect(buffers_[choice.buffer].handle(), choice.offset);
  }
  using A = vk::AccessFlagBits;
  using S = vk::PipelineStageFlagBits;
  const bool args = step.writes_dispatch_args;
  cmd.pipelineBarrier(
      S::eComputeShader,
      S::eComputeShader | S::eTransfer | S::eVertexInput | S::eVertexShader |
          (args ? S::eDrawIndirect : vk::PipelineStageFlags{}),
      {},
      vk::MemoryBarrier(A::eShaderWrite, A::eShaderRead | A::eShaderWrite | A::eTransferRead |
                                             A::eVertexAttributeRead |
                                             (args ? A::eIndirectCommandRead : vk::AccessFlags{})),
      {}, {});
}

KeyArray PlanResources::read_keys(std::uint32_t keys_buffer, std::uint32_t values_buffer) const {
  KeyArray out;
  out.type = plan_.spec.key_type;
  out.has_values = plan_.spec.pairs;
  out.words = download_words<std::uint32_t>(context_, buffers_[keys_buffer],
                                            std::size_t(plan_.spec.n) * key_words(out.type));
  if (out.has_values) {
    out.values = download_words<std::uint32_t>(context_, buffers_[values_buffer], plan_.spec.n);
  }
  return out;
}

}  // namespace ss
