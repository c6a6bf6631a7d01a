#include "gui/race_lane.hpp"

#include "algorithms/algorithm.hpp"
#include "algorithms/network_facts.hpp"
#include "plan/device_limits.hpp"

namespace ss::gui {

namespace {

Plan plan_race(const Context& context, const std::string& algorithm, const Plan& first) {
  SortSpec spec = first.spec;
  spec.delayed_tile = k_no_delayed_tile;  // an onesweep-only setting of the first sort
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  Plan plan = make_plan(algorithm, spec, limits);
  check_plan_fits(plan, limits, context.properties().name);
  return first.phases_expanded ? expand_phases(plan) : plan;
}

}  // namespace

RaceLane::RaceLane(const Context& context, const std::string& algorithm, const Plan& first,
                   const KeyArray& input, const render::KeyRange& range)
    : context_(context), plan_(plan_race(context, algorithm, first)), range_(range) {
  stepper_ = std::make_unique<Stepper>(context_, plan_, input);
  facts_ = network_facts_short_text(plan_);
  first_facts_ = network_facts_short_text(first);
  state_ = render::capture_step_state(context_, *stepper_, range_);
}

bool RaceLane::follow(std::size_t position, std::size_t steps, render::RaceSync sync) {
  const std::size_t target = render::race_position(position, steps, plan_.steps.size(), sync);
  if (target == stepper_->position()) return false;
  stepper_->jump(target);
  state_ = render::capture_step_state(context_, *stepper_, range_);
  return true;
}

}  // namespace ss::gui
