#pragma once
// Checks on the GPU what holds after a step (step_invariant.hpp) with invariant_check.comp,
// recorded by the Stepper right after the step in the same submission. Never part of a Runner's
// plan: full-speed timings do not include it.
#include <cstddef>
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "core/buffer.hpp"
#include "plan/plan_resources.hpp"
#include "verify/step_invariant.hpp"

namespace ss {

class Context;
class Kernel;

class InvariantChecker {
 public:
  InvariantChecker(const Context& context, const PlanResources& resources);

  // Records the check of what holds after step `index` (its writes made visible by the step's
  // own barrier); read() then gives the verdict once the commands have run.
  void record(const vk::raii::CommandBuffer& cmd, std::size_t index);
  // The verdict of the last check recorded; nothing at all before any was.
  bool has_result() const { return checked_ != k_none; }
  std::size_t checked_step() const { return checked_; }
  InvariantVerdict read() const;

 private:
  static constexpr std::size_t k_none = static_cast<std::size_t>(-1);
  using Bindings = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>;
  vk::DescriptorSet set_for(const Bindings& bindings);

  const Context& context_;
  const PlanResources& resources_;
  const Kernel* kernel_ = nullptr;
  Buffer result_;
  vk::raii::DescriptorPool pool_ = nullptr;
  std::map<Bindings, vk::DescriptorSet> sets_;  // owned by pool_
  std::uint32_t set_capacity_ = 0;
  std::size_t checked_ = k_none;
  StepInvariant last_;
};

}  // namespace ss
