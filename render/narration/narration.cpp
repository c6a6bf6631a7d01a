#include "render/narration/narration.hpp"

#include <type_traits>
#include <variant>

#include "render/narration/narrators.hpp"
#include "render/step_text.hpp"

namespace ss::render {

std::string count_of(std::uint64_t count, const std::string& singular, const std::string& plural) {
  return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

std::string keys(std::uint64_t count) {
  return count_of(count, "key", "keys");
}

std::string swaps_sentence(const StepState& state, const std::string& what) {
  if (!state.stats_counts.available) return {};
  const std::uint64_t swaps = state.stats_counts.swaps;
  const std::uint64_t compared = state.stats_counts.comparisons;
  if (compared == 0) return "No " + what + " ran on real keys this time.";
  return std::to_string(swaps) + " of the " + count_of(compared, what, what + "s") +
         (swaps == 1 ? " swapped its keys" : " swapped their keys") + " this time.";
}

std::string invariant_sentence(const InvariantVerdict& verdict) {
  if (verdict.holds) return "Holds: " + verdict.text + ".";
  return "Does not hold: " + verdict.text + " (" + violations_text(verdict) + ").";
}

namespace {

std::string input_narration(const StepState& state) {
  const Plan& plan = *state.plan;
  const std::size_t steps = whole_step_count(plan);
  return "The input: " + count_of(plan.spec.n, "key", "keys") + " as they arrived. " +
         plan.algorithm + " sorts them in " + count_of(steps, "step", "steps") +
         ", each one dispatch of a GPU kernel; step forward to see what each does.";
}

}  // namespace

Caption step_caption(const StepState& state) {
  Caption caption;
  if (state.plan == nullptr) return caption;
  const Step* step = state.shown_step();
  if (step == nullptr) {
    caption.narration = input_narration(state);
    return caption;
  }
  caption.narration = std::visit(
      [&](const auto& view) -> std::string {
        using T = std::decay_t<decltype(view)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return step->label + ".";
        } else {
          return narrate(push_value<T>(*step), state);
        }
      },
      step->view);
  if (state.invariant) {
    caption.invariant = invariant_sentence(*state.invariant);
    caption.invariant_fails = !state.invariant->holds;
  }
  return caption;
}

}  // namespace ss::render
