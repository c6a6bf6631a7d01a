#pragma once
// A plan made real on one device: its buffers, pipelines and descriptor sets, plus a pristine
// copy of the input so any run can start over from the same data. Shared by the Stepper and the
// Runner so both execute exactly the same dispatches.
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "core/buffer.hpp"
#include "plan/key_array.hpp"
#include "plan/plan.hpp"
#include "plan/submission_split.hpp"

namespace ss {

class Context;
class Kernel;

class PlanResources {
 public:
  // Instrumented pipelines also count comparisons and swaps into the plan's stats buffer.
  PlanResources(const Context& context, const Plan& plan, bool instrumented);

  const Plan& plan() const { return plan_; }
  bool instrumented() const { return instrumented_; }
  const Buffer& buffer(std::uint32_t index) const { return buffers_[index]; }

  // Stores the input as the pristine copy (validated against the plan's spec).
  void set_input(const KeyArray& input);
  // The input as set_input stored it, on the device (values: only with pairs).
  const Buffer& pristine_keys() const { return pristine_keys_; }
  const Buffer& pristine_values() const { return pristine_values_; }
  // Copies the pristine input into the plan's key and value buffers.
  void record_restore(const vk::raii::CommandBuffer& cmd) const;
  // One step: (stats cleared,) dispatch, then a barrier so the next step sees its writes.
  void record_step(const vk::raii::CommandBuffer& cmd, std::size_t step) const;
  // Some of a step's workgroups (plan/submission_split.hpp): the stats are cleared before its
  // first part only, so a step run in parts counts what it would count whole.
  void record_step_part(const vk::raii::CommandBuffer& cmd, const StepPart& part) const;

  // Host copy of the keys (and values) held in the given buffers.
  KeyArray read_keys(std::uint32_t keys_buffer, std::uint32_t values_buffer) const;

 private:
  const Context& context_;
  Plan plan_;
  bool instrumented_;
  std::vector<Buffer> buffers_;
  Buffer pristine_keys_;
  Buffer pristine_values_;
  std::vector<const Kernel*> kernels_;
  vk::raii::DescriptorPool pool_ = nullptr;
  std::vector<vk::DescriptorSet> sets_;                // owned by pool_
  std::vector<std::size_t> step_set_;                  // descriptor set of each step
  std::vector<std::vector<std::size_t>> choice_sets_;  // and of each of its gpu_choices
};

}  // namespace ss
