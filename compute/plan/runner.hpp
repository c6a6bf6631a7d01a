#pragma once
// Runs a whole plan at full speed, a GPU timestamp before the first step and after each one. Each
// run starts from the pristine input (the restore copy happens before the first timestamp), so
// repetitions time identical work. A run estimated to finish within whole_run_limit_ms (0.5 s) is
// recorded into one command buffer; longer ones (large sorts on a CPU implementation of Vulkan) are
// split into submissions of bounded time (plan/submission_split.hpp), so Ctrl-C stops them within
// one, and their timing adds the steps' times, leaving out the gaps between submissions.
#include <cstdint>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "plan/plan_resources.hpp"
#include "plan/submission_split.hpp"

namespace ss {

struct RunTiming {
  std::vector<double> step_ms;  // GPU time of each step
  double total_ms = 0;          // first step's start to last step's end
  std::size_t submissions = 1;  // more than one: the run did not fit one command buffer's bound
};

// The longest estimated run that is recorded into one command buffer: a few submission budgets,
// so an interrupt still waits less than a second for it.
double whole_run_limit_ms(double budget_ms);

class Runner {
 public:
  Runner(const Context& context, const Plan& plan);

  const Plan& plan() const { return resources_.plan(); }
  void set_input(const KeyArray& input) { resources_.set_input(input); }
  // Sorts the pristine input again and times it; throws Interrupted between submissions.
  RunTiming run();
  KeyArray result() const;
  // The device buffer holding the sorted keys after run(), for work that follows on the GPU.
  const Buffer& result_keys() const { return resources_.buffer(plan().result_keys); }
  const Buffer& result_values() const { return resources_.buffer(plan().result_values); }
  // The input as set_input left it on the device; every run() starts from it.
  const Buffer& input_keys() const { return resources_.pristine_keys(); }
  const Buffer& input_values() const { return resources_.pristine_values(); }

 private:
  RunTiming run_whole(double expected_ms);
  RunTiming run_split();
  std::string what() const;

  const Context& context_;
  PlanResources resources_;
  SubmissionSplitter splitter_;
  vk::raii::QueryPool queries_ = nullptr;
};

}  // namespace ss
