#pragma once
// Checks on the GPU what holds after a step (step_invariant.hpp) with invariant_check.comp, when
// the Stepper is asked for the verdict: one submission of its own, its result written straight
// into host-visible memory. Never part of a Runner's plan: full-speed timings do not include it,
// and stepping without asking for verdicts costs nothing.
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

  // Checks what holds after step `index` on the buffers as they are now (the state right after
  // that step) and returns the verdict.
  InvariantVerdict check(std::size_t index);

 private:
  using Bindings = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>;
  vk::DescriptorSet set_for(const Bindings& bindings);

  const Context& context_;
  const PlanResources& resources_;
  const Kernel* kernel_ = nullptr;
  Buffer result_;
  vk::raii::DescriptorPool pool_ = nullptr;
  std::map<Bindings, vk::DescriptorSet> sets_;  // owned by pool_
  std::uint32_t set_capacity_ = 0;
};

}  // namespace ss
