#pragma once
// The test-only hung GPU (SORTSCOPE_INJECT_FAULT=hang@K): the K-th submission ends with a wait for
// an event that only the host sets, so its fence really does not signal within the limit, and the
// policy for a hung GPU (Context::run_commands) runs against pending work: every object the
// submission used must be kept, and the validation layer names any freed. Unlike a real hang this
// one can be ended: the context's destructor sets the event and waits for the submission, so
// nothing of it runs on after the process. (After a CLI ended with the kernel that injected hangs
// before, spinning on a host-written word, still running, every later drawing on the H200 hung:
// NVRM Xid 109, BENCHMARKS.md.)
#include <vulkan/vulkan_raii.hpp>

namespace ss {

class Context;

class InjectedHang {
 public:
  explicit InjectedHang(const Context& context);
  // Appends the wait to `cmd`, outside any render pass.
  void record(const vk::raii::CommandBuffer& cmd) const;
  // Sets the event, then waits (at most seconds) for `fence`, the submission's, through the
  // driver's own vkWaitForFences: a given-up device's dispatcher answers every wait with
  // VK_ERROR_DEVICE_LOST (core/device_quarantine.hpp).
  void end_and_wait(vk::Fence fence) const;

 private:
  vk::raii::Event event_;
  VkDevice device_;
  PFN_vkWaitForFences driver_wait_;  // taken when made, before the device can be given up
};

}  // namespace ss
