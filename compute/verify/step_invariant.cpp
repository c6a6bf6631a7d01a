#include "verify/step_invariant.hpp"

#include <type_traits>

#include "algorithms/algorithm.hpp"
#include "algorithms/step_invariants.hpp"

namespace ss {

std::uint32_t key_bits(const SortSpec& spec) {
  return 32u * key_words(spec.key_type);
}

StepInvariant invariant_of(const SortSpec& spec, std::uint32_t mode, std::string text) {
  StepInvariant invariant;
  invariant.text = std::move(text);
  invariant.check.mode = mode;
  invariant.check.n = spec.n;
  invariant.check.key_type = static_cast<std::uint32_t>(spec.key_type);
  invariant.check.descending = spec.descending ? 1u : 0u;
  return invariant;
}

StepInvariant sorted_runs(const SortSpec& spec, std::uint64_t run_length, std::uint32_t low_bits,
                          bool stable) {
  StepInvariant invariant = invariant_of(spec, gpu::INVARIANT_RUNS, "");
  gpu::InvariantCheck& c = invariant.check;
  c.stable = stable && spec.pairs ? 1u : 0u;
  c.run_length = static_cast<std::uint32_t>(std::min<std::uint64_t>(run_length, spec.n));
  c.low_bits = std::min(low_bits, key_bits(spec));
  const bool whole = run_length >= spec.n;
  const bool all_bits = c.low_bits == key_bits(spec);
  std::string& text = invariant.text;
  text = whole ? "the keys are sorted"
               : "every run of " + std::to_string(run_length) + " keys is sorted";
  if (!all_bits) text += " by their low " + std::to_string(c.low_bits) + " bits";
  if (c.stable != 0) {
    text += all_bits ? ", and equal keys kept their input order (stable)"
                     : ", and keys equal in those bits kept their input order (stable)";
  }
  return invariant;
}

StepInvariant step_invariant(const Plan& plan, std::size_t index) {
  const Step& step = plan.steps.at(index);
  if (index + 1 == plan.steps.size()) {
    // The end of every plan: sorted; a stable sort of pairs also kept ties in input order.
    const Algorithm* algorithm = find_algorithm(plan.algorithm);
    const bool stable = algorithm != nullptr && algorithm->stable && plan.spec.pairs;
    return sorted_runs(plan.spec, plan.spec.n, key_bits(plan.spec), stable);
  }
  return std::visit(
      [&](const auto& view) -> StepInvariant {
        using T = std::decay_t<decltype(view)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          // A step no view knows: nothing is claimed but that runs of one key are sorted.
          return sorted_runs(plan.spec, 1, key_bits(plan.spec), false);
        } else {
          return invariant_after(view, plan);
        }
      },
      step.view);
}

std::string violations_text(const InvariantVerdict& verdict) {
  if (verdict.holds) return {};
  if (verdict.mode == gpu::INVARIANT_SUM) {
    return "the counts add up to " + std::to_string(verdict.sum) + ", not " +
           std::to_string(verdict.expected_sum);
  }
  std::string text =
      std::to_string(verdict.violations) + (verdict.violations == 1 ? " violation" : " violations");
  if (verdict.first_violation != gpu::INVARIANT_NONE) {
    const bool words = verdict.mode == gpu::INVARIANT_SCAN || verdict.mode == gpu::INVARIANT_ZEROS;
    text += (words ? ", the first at word " : ", the first at position ") +
            std::to_string(verdict.first_violation);
  }
  return text;
}

std::string verdict_text(const InvariantVerdict& verdict) {
  return verdict.holds ? "holds" : "fails: " + violations_text(verdict);
}

}  // namespace ss
