#pragma once
// The second sort of a race (render/views/race_view.hpp): the app's input and spec planned for
// another algorithm, following the first sort's position by steps or by fraction.
#include <cstddef>
#include <memory>
#include <string>

#include "core/context.hpp"
#include "plan/plan.hpp"
#include "plan/stepper.hpp"
#include "render/step_state.hpp"
#include "render/views/race_view.hpp"

namespace ss::gui {

class RaceLane {
 public:
  // Throws UsageError or SetupError (the planner's message) when `algorithm` cannot sort `first`'s
  // spec on this device.
  RaceLane(const Context& context, const std::string& algorithm, const Plan& first,
           const KeyArray& input, const render::KeyRange& range);

  const Plan& plan() const { return plan_; }
  const render::StepState& state() const { return state_; }
  // network_facts_short_text of this sort and of the first, once per plan (not per frame: it
  // counts every comparator); empty for sorts that are not networks.
  const std::string& facts() const { return facts_; }
  const std::string& first_facts() const { return first_facts_; }
  // Moves to where the first sort at `position` of `steps` puts it; true when it moved.
  bool follow(std::size_t position, std::size_t steps, render::RaceSync sync);

 private:
  const Context& context_;
  Plan plan_;
  render::KeyRange range_;
  std::unique_ptr<Stepper> stepper_;
  render::StepState state_;
  std::string facts_;
  std::string first_facts_;
};

}  // namespace ss::gui
