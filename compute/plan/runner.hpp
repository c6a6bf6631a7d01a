#pragma once
// Runs a whole plan at full speed: every step recorded into one command buffer, a GPU timestamp
// before the first step and after each one. Each run starts from the pristine input (the
// restore copy happens before the first timestamp), so repetitions time identical work.
#include <cstdint>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "plan/plan_resources.hpp"

namespace ss {

struct RunTiming {
  std::vector<double> step_ms;  // GPU time of each step
  double total_ms = 0;          // first step's start to last step's end
};

class Runner {
 public:
  Runner(const Context& context, const Plan& plan);

  const Plan& plan() const { return resources_.plan(); }
  void set_input(const KeyArray& input) { resources_.set_input(input); }
  RunTiming run();  // sorts the pristine input again and times it
  KeyArray result() const;

 private:
  const Context& context_;
  PlanResources resources_;
  vk::raii::QueryPool queries_ = nullptr;
};

}  // namespace ss
