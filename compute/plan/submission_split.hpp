#pragma once
// Long plans as submissions of bounded GPU time, so that Ctrl-C, SIGTERM and the app's Cancel are
// honoured within a fraction of a second (throw_if_interrupted between submissions) and a fence
// that does not signal is noticed within a limit scaled to the work (Context::run_commands).
// Consecutive steps share a submission while their estimated time fits the budget; a step that
// alone exceeds it (a tile sort of millions of keys on a CPU implementation of Vulkan) runs in
// parts, some of its workgroups per submission (vkCmdDispatchBase). The estimates are learned as
// the plan runs: each kernel's time per workgroup, from the submissions' wall-clock times. A
// kernel not yet timed runs alone first, in a small part where its step allows.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "plan/plan.hpp"

namespace ss {

// Some workgroups of one step's dispatch: `count` units from unit `first`, a unit being a row of
// groups.x workgroups where the grid has rows (groups.y > 1), else one workgroup.
struct StepPart {
  std::size_t step = 0;
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

// Where the next submission starts: a step, and the first unit of it not yet run.
struct StepCursor {
  std::size_t step = 0;
  std::uint32_t unit = 0;
};

// Units of a step's dispatch (0 when it dispatches nothing) and workgroups per unit.
std::uint32_t step_units(const Step& step);
std::uint64_t groups_per_unit(const Step& step);
// Whether the step may run in parts: a direct dispatch of a splittable kernel (KernelSpec).
bool step_splittable(const Plan& plan, const Step& step);
// Whether the part ends its step.
bool ends_step(const Plan& plan, const StepPart& part);

// GPU time one submission should take: 100 ms, or SORTSCOPE_SUBMISSION_MS (tests set it tiny so
// that every step runs in parts).
double submission_budget_ms();

class SubmissionSplitter {
 public:
  SubmissionSplitter(const Plan& plan, double budget_ms = submission_budget_ms());

  // The parts of the next submission of steps [cursor, end), advancing the cursor: at least one
  // part while cursor.step < end.
  std::vector<StepPart> next(StepCursor& cursor, std::size_t end) const;
  // Learns from a submission of `parts` that took `ms` (wall clock, submission to fence).
  void learn(const std::vector<StepPart>& parts, double ms);
  // Learns from each part's GPU time (timestamps), which leave out the submission's overhead.
  void learn_each(const std::vector<StepPart>& parts, const std::vector<double>& part_ms);
  // Estimated time of steps [begin, end); negative while a kernel they use is not yet timed.
  double estimate_ms(std::size_t begin, std::size_t end) const;
  // Estimated time of a submission's parts, counting untimed kernels as 0.
  double estimate_ms(const std::vector<StepPart>& parts) const;
  double budget_ms() const { return budget_ms_; }

 private:
  const Plan& plan_;
  double budget_ms_;
  std::vector<double> ms_per_group_;  // per kernel of the plan; negative until timed
};

}  // namespace ss
