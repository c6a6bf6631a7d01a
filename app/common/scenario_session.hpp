#pragma once
// A scenario made ready to run: a file input read (it fixes n), the device opened, the plan made
// and checked against the device. A generated input is made only afterwards, so an n that
// cannot fit fails fast instead of first filling host memory.
#include <functional>
#include <memory>
#include <optional>

#include "common/scenario.hpp"
#include "core/context.hpp"
#include "plan/plan.hpp"

namespace ss {

class ScenarioSession {
 public:
  // `check_n` runs once n is known and before the device is opened (e.g. --trace's n limit).
  ScenarioSession(const Scenario& scenario, bool n_given,
                  const std::function<void(std::uint32_t n)>& check_n = {});

  const Context& context() const { return *context_; }
  // The plan the Runner times; the one the Stepper steps through, with phases opened when the
  // scenario asks for them (the same dispatches, the whole step split at its phases).
  const Plan& plan() const { return plan_; }
  const Plan& stepping_plan() const { return stepping_plan_; }
  // The input: the file's keys, or generated now; call once.
  KeyArray take_input();

 private:
  Scenario scenario_;
  std::optional<KeyArray> file_input_;
  std::unique_ptr<Context> context_;
  Plan plan_;
  Plan stepping_plan_;
};

}  // namespace ss
