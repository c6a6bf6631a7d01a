#include "plan/runner.hpp"

#include "core/context.hpp"
#include "core/interrupt.hpp"

namespace ss {

double whole_run_limit_ms(double budget_ms) {
  return 5 * budget_ms;
}

Runner::Runner(const Context& context, const Plan& plan)
    : context_(context),
      resources_(context, plan, /*instrumented=*/false),
      splitter_(resources_.plan()) {
  const auto query_count = static_cast<std::uint32_t>(plan.steps.size() + 1);
  queries_ = vk::raii::QueryPool(
      context_.device(), vk::QueryPoolCreateInfo({}, vk::QueryType::eTimestamp, query_count));
}

std::string Runner::what() const {
  return "the full-speed run of " + plan().algorithm + " (" + std::to_string(plan().steps.size()) +
         " steps, n = " + std::to_string(plan().spec.n) + ")";
}

RunTiming Runner::run() {
  throw_if_interrupted();
  const double expected = splitter_.estimate_ms(0, plan().steps.size());
  if (expected >= 0 && expected <= whole_run_limit_ms(splitter_.budget_ms())) {
    return run_whole(expected);
  }
  return run_split();
}

RunTiming Runner::run_whole(double expected_ms) {
  const auto query_count = static_cast<std::uint32_t>(plan().steps.size() + 1);
  context_.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        cmd.resetQueryPool(*queries_, 0, query_count);
        resources_.record_restore(cmd);
        cmd.writeTimestamp(vk::PipelineStageFlagBits::eBottomOfPipe, *queries_, 0);
        for (std::size_t i = 0; i < plan().steps.size(); ++i) {
          resources_.record_step(cmd, i);
          cmd.writeTimestamp(vk::PipelineStageFlagBits::eBottomOfPipe, *queries_,
                             static_cast<std::uint32_t>(i + 1));
        }
      },
      what(), expected_ms);
  auto [result, stamps] = queries_.getResults<std::uint64_t>(
      0, query_count, query_count * sizeof(std::uint64_t), sizeof(std::uint64_t),
      vk::QueryResultFlagBits::e64 | vk::QueryResultFlagBits::eWait);
  (void)result;
  const double ns = context_.properties().timestamp_period_ns;
  RunTiming timing;
  for (std::size_t i = 0; i + 1 < stamps.size(); ++i) {
    timing.step_ms.push_back(double(stamps[i + 1] - stamps[i]) * ns * 1e-6);
  }
  timing.total_ms = double(stamps.back() - stamps.front()) * ns * 1e-6;
  std::vector<StepPart> parts;
  for (std::size_t i = 0; i < plan().steps.size(); ++i) {
    parts.push_back({i, 0, step_units(plan().steps[i])});
  }
  splitter_.learn_each(parts, timing.step_ms);  // a later run may need splitting after all
  return timing;
}

RunTiming Runner::run_split() {
  const double ns = context_.properties().timestamp_period_ns;
  RunTiming timing;
  timing.step_ms.assign(plan().steps.size(), 0.0);
  timing.submissions = 0;
  StepCursor cursor;
  bool restored = false;
  // An empty plan still restores the input, as a whole run does.
  while (cursor.step < plan().steps.size() || !restored) {
    throw_if_interrupted();
    const std::vector<StepPart> parts = splitter_.next(cursor, plan().steps.size());
    const auto query_count = static_cast<std::uint32_t>(parts.size() + 1);
    context_.run_commands(
        [&](const vk::raii::CommandBuffer& cmd) {
          cmd.resetQueryPool(*queries_, 0, query_count);
          if (!restored) resources_.record_restore(cmd);
          full_barrier(cmd);
          cmd.writeTimestamp(vk::PipelineStageFlagBits::eBottomOfPipe, *queries_, 0);
          for (std::size_t p = 0; p < parts.size(); ++p) {
            resources_.record_step_part(cmd, parts[p]);
            cmd.writeTimestamp(vk::PipelineStageFlagBits::eBottomOfPipe, *queries_,
                               static_cast<std::uint32_t>(p + 1));
          }
        },
        what(), splitter_.estimate_ms(parts));
    restored = true;
    ++timing.submissions;
    auto [result, stamps] = queries_.getResults<std::uint64_t>(
        0, query_count, query_count * sizeof(std::uint64_t), sizeof(std::uint64_t),
        vk::QueryResultFlagBits::e64 | vk::QueryResultFlagBits::eWait);
    (void)result;
    std::vector<double> part_ms(parts.size());
    for (std::size_t p = 0; p < parts.size(); ++p) {
      part_ms[p] = double(stamps[p + 1] - stamps[p]) * ns * 1e-6;
      timing.step_ms[parts[p].step] += part_ms[p];
    }
    splitter_.learn_each(parts, part_ms);
  }
  for (double ms : timing.step_ms) timing.total_ms += ms;
  return timing;
}

KeyArray Runner::result() const {
  return resources_.read_keys(plan().result_keys, plan().result_values);
}

}  // namespace ss
