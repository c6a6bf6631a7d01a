#pragma once
// The test-only hung GPU (SORTSCOPE_INJECT_FAULT=hang@K): compute/shaders/spin.comp dispatched at
// the end of a submission spins for seconds, until release() writes its host-visible word or its
// bound ends it, so the fence's time limit and what follows it run against a kernel that really
// does not finish in time.
#include <vulkan/vulkan_raii.hpp>

#include "core/buffer.hpp"

namespace ss {

class Context;
class Kernel;

class SpinningKernel {
 public:
  explicit SpinningKernel(const Context& context);
  void record(const vk::raii::CommandBuffer& cmd) const;
  void release() const;

 private:
  const Kernel* kernel_ = nullptr;
  Buffer flag_;
  vk::raii::DescriptorPool pool_ = nullptr;
  vk::DescriptorSet set_;  // owned by pool_
};

}  // namespace ss
