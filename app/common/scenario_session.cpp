#include "common/scenario_session.hpp"

#include "algorithms/algorithm.hpp"

namespace ss {

ScenarioSession::ScenarioSession(const Scenario& scenario, bool n_given,
                                 const std::function<void(std::uint32_t n)>& check_n)
    : scenario_(scenario) {
  if (!scenario.input.empty()) file_input_ = make_input(scenario, n_given);
  const std::uint32_t n =
      file_input_ ? static_cast<std::uint32_t>(file_input_->size()) : scenario.n;
  if (check_n) check_n(n);
  const SortSpec spec = sort_spec(scenario, n);
  ContextOptions options;
  options.device_selector = scenario.device;
  context_ = std::make_unique<Context>(options);
  const DeviceLimits limits = DeviceLimits::from(context_->properties());
  plan_ = make_plan(scenario.algorithm, spec, limits);
  check_plan_fits(plan_, limits, context_->properties().name);
  stepping_plan_ = scenario.phases ? expand_phases(plan_) : plan_;
}

KeyArray ScenarioSession::take_input() {
  if (file_input_) {
    KeyArray input = std::move(*file_input_);
    file_input_.reset();
    return input;
  }
  return make_input(scenario_, false);
}

}  // namespace ss
