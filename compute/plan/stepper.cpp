#include "plan/stepper.hpp"

#include <algorithm>
#include <chrono>

#include "core/context.hpp"
#include "core/interrupt.hpp"
#include "core/ms_since.hpp"
#include "shaders/common/network_bindings.h"
#include "verify/invariant_checker.hpp"

namespace ss {

Stepper::Stepper(const Context& context, const Plan& plan, const KeyArray& input,
                 bool check_invariants)
    : context_(context),
      resources_(context, plan, /*instrumented=*/true),
      splitter_(resources_.plan()),
      check_invariants_(check_invariants) {
  reset(input);
}

Stepper::~Stepper() = default;

void Stepper::run_range(std::size_t begin, std::size_t end, bool restore_first,
                        Clock::time_point deadline) {
  throw_if_interrupted();
  verdict_.reset();
  const Plan& p = plan();
  std::string what = p.algorithm + (restore_first ? " (input restored)" : "");
  if (end == begin + 1) {
    what = "step " + step_number(p, begin) + " of " + std::to_string(whole_step_count(p)) + " of " +
           p.algorithm + " (" + p.steps[begin].label + ")";
  } else if (end > begin) {
    what = "steps " + step_number(p, begin) + " to " + step_number(p, end - 1) + " of " + what;
  }
  // Bounded submissions, the interrupt (and the deadline) checked between them: a jump over a
  // long plan stops within one of them. position_ follows each whole step done; a step cut
  // midway leaves partial_, and the next run forward goes on from its next unit.
  StepCursor cursor{begin, 0};
  if (!restore_first && partial_) cursor = *partial_;  // partial_->step == position_ == begin
  bool first = true;
  const bool bounded = deadline != Clock::time_point::max();
  while (first || cursor.step < end) {
    if (!first) {
      throw_if_interrupted();
      if (Clock::now() >= deadline) return;
    }
    StepCursor after = cursor;
    const std::vector<StepPart> parts = splitter_.next(after, end);
    // A bounded run returns at the step boundary before a step that takes several submissions,
    // so its caller can show that step's input while the step runs in parts.
    if (!first && bounded && cursor.unit == 0 && after.unit != 0) return;
    cursor = after;
    const auto start = Clock::now();
    context_.run_commands(
        [&](const vk::raii::CommandBuffer& cmd) {
          if (first && restore_first) resources_.record_restore(cmd);
          full_barrier(cmd);
          for (const StepPart& part : parts) resources_.record_step_part(cmd, part);
        },
        what, splitter_.estimate_ms(parts));
    splitter_.learn(parts, ms_since(start));
    first = false;
    position_ = cursor.step;
    if (cursor.unit == 0) {
      partial_.reset();
    } else {
      partial_ = cursor;
    }
  }
}

void Stepper::next() {
  if (at_end()) return;
  run_range(position_, position_ + 1, false, Clock::time_point::max());
}

void Stepper::back() {
  if (position_ == 0) return;
  jump(position_ - 1);
}

void Stepper::jump(std::size_t position) {
  advance(position, Clock::duration::max());
}

bool Stepper::advance(std::size_t position, Clock::duration budget) {
  position = std::min(position, step_count());
  const auto now = Clock::now();
  const auto deadline =
      budget >= Clock::time_point::max() - now ? Clock::time_point::max() : now + budget;
  // A step cut midway has changed the buffers of position_: only going on forward keeps them.
  if (position > position_ || (position == position_ && !partial_)) {
    run_range(position_, position, false, deadline);
  } else {
    run_range(0, position, true, deadline);
  }
  return position_ == position && !partial_;
}

void Stepper::reset(const KeyArray& input) {
  resources_.set_input(input);
  partial_.reset();
  run_range(0, 0, true, Clock::time_point::max());
}

const Buffer& Stepper::keys_buffer() const {
  if (position_ == 0) return resources_.buffer(plan().keys_buffer);
  return resources_.buffer(plan().steps[position_ - 1].keys_after);
}

const Buffer& Stepper::values_buffer() const {
  if (position_ == 0) return resources_.buffer(plan().values_buffer);
  return resources_.buffer(plan().steps[position_ - 1].values_after);
}

const Buffer* Stepper::stats_buffer() const {
  if (plan().stats_buffer == UINT32_MAX) return nullptr;
  return &resources_.buffer(plan().stats_buffer);
}

KeyArray Stepper::read_current() const {
  std::uint32_t keys = plan().keys_buffer, values = plan().values_buffer;
  if (position_ > 0) {
    keys = plan().steps[position_ - 1].keys_after;
    values = plan().steps[position_ - 1].values_after;
  }
  return resources_.read_keys(keys, values);
}

StepStats Stepper::last_stats() const {
  StepStats stats;
  const Buffer* buffer = stats_buffer();
  if (buffer == nullptr || position_ == 0) return stats;
  const auto words = download_words<std::uint32_t>(context_, *buffer, gpu::STATS_FLAGS_OFFSET);
  stats.comparisons = words[gpu::STATS_COMPARISONS];
  stats.swaps = words[gpu::STATS_SWAPS];
  stats.available = true;
  return stats;
}

std::optional<InvariantVerdict> Stepper::last_invariant() const {
  if (!check_invariants_ || position_ == 0) return std::nullopt;
  if (!checker_) checker_ = std::make_unique<InvariantChecker>(context_, resources_);
  if (!verdict_) verdict_ = checker_->check(position_ - 1);
  return verdict_;
}

std::vector<std::uint32_t> Stepper::last_swap_flags() const {
  const Buffer* buffer = stats_buffer();
  if (buffer == nullptr || position_ == 0) return {};
  return download_words<std::uint32_t>(context_, *buffer, std::size_t(plan().spec.n),
                                       gpu::STATS_FLAGS_OFFSET * 4u);
}

}  // namespace ss
