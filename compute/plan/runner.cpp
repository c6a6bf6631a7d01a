#include "plan/runner.hpp"

#include "core/context.hpp"
#include "core/interrupt.hpp"

namespace ss {

Runner::Runner(const Context& context, const Plan& plan)
    : context_(context), resources_(context, plan, /*instrumented=*/false) {
  const auto query_count = static_cast<std::uint32_t>(plan.steps.size() + 1);
  queries_ = vk::raii::QueryPool(
      context_.device(), vk::QueryPoolCreateInfo({}, vk::QueryType::eTimestamp, query_count));
}

RunTiming Runner::run() {
  throw_if_interrupted();
  const auto query_count = static_cast<std::uint32_t>(plan().steps.size() + 1);
  const std::string what = "the full-speed run of " + plan().algorithm + " (" +
                           std::to_string(plan().steps.size()) +
                           " steps, n = " + std::to_string(plan().spec.n) + ")";
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
      what);
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
  return timing;
}

KeyArray Runner::result() const {
  return resources_.read_keys(plan().result_keys, plan().result_values);
}

}  // namespace ss
