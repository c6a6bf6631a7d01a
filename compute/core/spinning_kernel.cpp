#include "core/spinning_kernel.hpp"

#include <atomic>
#include <cstring>

#include "core/context.hpp"
#include "core/kernel.hpp"

namespace ss {

SpinningKernel::SpinningKernel(const Context& context)
    : flag_(context, 8, vk::BufferUsageFlagBits::eStorageBuffer, MemoryKind::upload) {
  KernelSpec spec;
  spec.shader = "spin.comp";
  spec.workgroup_size = 1;
  spec.bindings = 1;
  spec.splittable = false;
  // spin.comp's ROUNDS: a GPU sees the release, so only lavapipe, which does not, needs a bound
  // as short as its loop limit gives.
  spec.constants = {context.properties().kind == DeviceKind::cpu ? 1u : 64u};
  kernel_ = &context.kernel(spec);
  std::memset(flag_.mapped(), 0, 8);
  vk::DescriptorPoolSize size(vk::DescriptorType::eStorageBuffer, 1);
  pool_ = vk::raii::DescriptorPool(context.device(), vk::DescriptorPoolCreateInfo({}, 1, size));
  vk::DescriptorSetLayout layout = kernel_->set_layout();
  set_ = (*context.device()).allocateDescriptorSets({*pool_, layout}).front();
  vk::DescriptorBufferInfo info(flag_.handle(), 0, VK_WHOLE_SIZE);
  context.device().updateDescriptorSets(
      vk::WriteDescriptorSet(set_, 0, 0, 1, vk::DescriptorType::eStorageBuffer, nullptr, &info),
      {});
}

void SpinningKernel::record(const vk::raii::CommandBuffer& cmd) const {
  full_barrier(cmd);
  cmd.bindPipeline(vk::PipelineBindPoint::eCompute, kernel_->pipeline());
  cmd.bindDescriptorSets(vk::PipelineBindPoint::eCompute, kernel_->layout(), 0, set_, {});
  cmd.dispatch(1024, 1, 1);
}

void SpinningKernel::release() const {
  // Host-coherent memory: the store needs no flush to become visible to the device.
  std::atomic_ref<std::uint32_t>(*reinterpret_cast<std::uint32_t*>(flag_.mapped()))
      .store(1, std::memory_order_release);
}

}  // namespace ss
