#pragma once
// Runs a plan one step (one dispatch) at a time for teaching: forward, back, jump, reset. Going
// back replays from the pristine input, so every state shown is one the GPU produced by running
// the plan's steps in order.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "plan/plan_resources.hpp"
#include "plan/submission_split.hpp"
#include "verify/step_invariant.hpp"

namespace ss {

// What the GPU counted during the last step (instrumented pipelines only).
struct StepStats {
  std::uint64_t comparisons = 0;
  std::uint64_t swaps = 0;
  bool available = false;  // false before the first step and for plans without instrumentation
};

class InvariantChecker;

class Stepper {
 public:
  // `check_invariants`: last_invariant() can have a kernel check what holds after the step
  // (step_invariant.hpp); without it, it always answers nothing.
  Stepper(const Context& context, const Plan& plan, const KeyArray& input,
          bool check_invariants = true);
  ~Stepper();
  Stepper(const Stepper&) = delete;
  Stepper& operator=(const Stepper&) = delete;

  const Plan& plan() const { return resources_.plan(); }
  std::size_t position() const { return position_; }  // steps applied so far
  std::size_t step_count() const { return plan().steps.size(); }
  bool at_end() const { return position_ == step_count(); }

  void next();                        // applies step position(); no-op at the end
  void back();                        // returns to position() - 1; no-op at the start
  void jump(std::size_t position);    // clamps to [0, step_count()]
  void reset(const KeyArray& input);  // new pristine input, position 0

  // jump() for about `budget` of GPU submissions (at least one), for callers that must stay
  // responsive (the app runs one per frame): true once at `position`. position() follows each
  // whole step done; a step cut midway (mid_step()) goes on from there on the next call forward.
  // A call returns early at the boundary before a step that needs several submissions.
  // The same holds after an interrupt (Interrupted thrown between submissions). While mid_step()
  // the buffers hold part of the next step, not position()'s keys: read nothing until a step ends.
  using Clock = std::chrono::steady_clock;
  bool advance(std::size_t position, Clock::duration budget);
  bool mid_step() const { return partial_.has_value(); }

  // Buffers holding the live keys and values at this position (GPU handles, for the views).
  const Buffer& keys_buffer() const;
  const Buffer& values_buffer() const;
  const Buffer* stats_buffer() const;
  // Any plan buffer by index (histograms, offsets, tile status: see the algorithm's header).
  const Buffer& buffer(std::uint32_t index) const { return resources_.buffer(index); }

  KeyArray read_current() const;  // host copy of the live keys and values
  StepStats last_stats() const;
  // Swap flag per element for the last step (1 at the left wire of each exchanging
  // comparator); empty when the plan has no instrumentation or nothing ran yet.
  std::vector<std::uint32_t> last_swap_flags() const;
  // What holds after the last step applied, checked on the GPU when first asked at this
  // position (one submission); nullopt at position 0 or when the stepper checks no invariants.
  std::optional<InvariantVerdict> last_invariant() const;

 private:
  void run_range(std::size_t begin, std::size_t end, bool restore_first,
                 Clock::time_point deadline);

  const Context& context_;
  PlanResources resources_;
  SubmissionSplitter splitter_;        // long jumps run as several submissions
  std::optional<StepCursor> partial_;  // where a run cut midway through a step stopped
  bool check_invariants_;
  // Made when a verdict is first asked for: steppers that never ask compile no checker.
  mutable std::unique_ptr<InvariantChecker> checker_;
  // The verdict at the current position, once asked for (a cache: a later step or reset drops it).
  mutable std::optional<InvariantVerdict> verdict_;
  std::size_t position_ = 0;
};

}  // namespace ss
