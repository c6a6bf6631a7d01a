#pragma once
// Descriptor sets for one kernel outside a plan: each set binds a list of buffers to bindings
// 0, 1, ... of the kernel's layout, whole.
#include <initializer_list>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

namespace ss {

class Buffer;
class Context;
class Kernel;

class KernelBindings {
 public:
  KernelBindings(const Context& context, const Kernel& kernel,
                 std::initializer_list<std::vector<const Buffer*>> sets);

  // Binds the kernel's pipeline and set `index`.
  void bind(const vk::raii::CommandBuffer& cmd, std::size_t index) const;

 private:
  const Kernel& kernel_;
  vk::raii::DescriptorPool pool_ = nullptr;
  std::vector<vk::DescriptorSet> sets_;  // owned by pool_
};

}  // namespace ss
