#include "distributed/kernel_bindings.hpp"

#include "core/buffer.hpp"
#include "core/context.hpp"
#include "core/kernel.hpp"

namespace ss {

KernelBindings::KernelBindings(const Context& context, const Kernel& kernel,
                               std::initializer_list<std::vector<const Buffer*>> sets)
    : kernel_(kernel) {
  const auto set_count = static_cast<std::uint32_t>(sets.size());
  const vk::DescriptorPoolSize size(vk::DescriptorType::eStorageBuffer,
                                    set_count * kernel.spec().bindings);
  pool_ =
      vk::raii::DescriptorPool(context.device(), vk::DescriptorPoolCreateInfo({}, set_count, size));
  for (const std::vector<const Buffer*>& buffers : sets) {
    vk::DescriptorSetLayout layout = kernel.set_layout();
    const vk::DescriptorSet set =
        (*context.device())
            .allocateDescriptorSets(vk::DescriptorSetAllocateInfo(*pool_, layout))
            .front();
    std::vector<vk::DescriptorBufferInfo> infos;
    for (const Buffer* buffer : buffers) infos.emplace_back(buffer->handle(), 0, VK_WHOLE_SIZE);
    std::vector<vk::WriteDescriptorSet> writes;
    for (std::uint32_t slot = 0; slot < infos.size(); ++slot) {
      writes.emplace_back(set, slot, 0, 1, vk::DescriptorType::eStorageBuffer, nullptr,
                          &infos[slot]);
    }
    context.device().updateDescriptorSets(writes, {});
    sets_.push_back(set);
  }
}

void KernelBindings::bind(const vk::raii::CommandBuffer& cmd, std::size_t index) const {
  cmd.bindPipeline(vk::PipelineBindPoint::eCompute, kernel_.pipeline());
  cmd.bindDescriptorSets(vk::PipelineBindPoint::eCompute, kernel_.layout(), 0, sets_.at(index), {});
}

void KernelBindings::push_constants(const vk::raii::CommandBuffer& cmd, const void* data,
                                    std::uint32_t size) const {
  (*cmd).pushConstants(kernel_.layout(), vk::ShaderStageFlagBits::eCompute, 0, size, data);
}

}  // namespace ss
