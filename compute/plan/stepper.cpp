#include "plan/stepper.hpp"

#include <algorithm>
#include <chrono>

#include "core/context.hpp"
#include "core/interrupt.hpp"
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

void Stepper::run_range(std::size_t begin, std::size_t end, bool restore_first) {
  throw_if_interrupted();
  if (stale_) {  // an earlier run stopped between its submissions: start over from the input
    begin = 0;
    restore_first = true;
  }
  verdict_.reset();
  const Plan& p = plan();
  std::string what = p.algorithm + (restore_first ? " (input restored)" : "");
  if (end == begin + 1) {
    what = "step " + step_number(p, begin) + " of " + std::to_string(whole_step_count(p)) + " of " +
           p.algorithm + " (" + p.steps[begin].label + ")";
  } else if (end > begin) {
    what = "steps " + step_number(p, begin) + " to " + step_number(p, end - 1) + " of " + what;
  }
  // Bounded submissions, the interrupt checked between them: a jump over a long plan stops within
  // one of them. An interrupted jump leaves the buffers between steps (stale_): the position stays
  // where it was and the next move runs from the input.
  StepCursor cursor{begin, 0};
  bool first = true;
  stale_ = true;
  while (first || cursor.step < end) {
    if (!first) throw_if_interrupted();
    const std::vector<StepPart> parts = splitter_.next(cursor, end);
    const auto start = std::chrono::steady_clock::now();
    context_.run_commands(
        [&](const vk::raii::CommandBuffer& cmd) {
          if (first && restore_first) resources_.record_restore(cmd);
          full_barrier(cmd);
          for (const StepPart& part : parts) resources_.record_step_part(cmd, part);
        },
        what, splitter_.estimate_ms(parts));
    splitter_.learn(
        parts, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                   .count());
    first = false;
  }
  stale_ = false;
}

void Stepper::next() {
  if (at_end()) return;
  run_range(position_, position_ + 1, false);
  ++position_;
}

void Stepper::back() {
  if (position_ == 0) return;
  jump(position_ - 1);
}

void Stepper::jump(std::size_t position) {
  position = std::min(position, step_count());
  if (position >= position_) {
    run_range(position_, position, false);
  } else {
    run_range(0, position, true);
  }
  position_ = position;
}

void Stepper::reset(const KeyArray& input) {
  resources_.set_input(input);
  run_range(0, 0, true);
  position_ = 0;
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
