// What holds after the steps of the LSD radix sorts: a count or histogram step has counted every
// key once, a scan step has turned the counts into output positions (an exclusive scan), and
// after digit pass p the keys are sorted by their low (p + 1) digits, ties in input order
// (stable: checked where the values are the input positions, i.e. for pairs).
#include <string>

#include "algorithms/step_invariants.hpp"

namespace ss {

namespace {

StepInvariant over_words(const Plan& plan, std::uint32_t mode, std::uint32_t buffer,
                         std::uint32_t offset, std::uint32_t count, std::string text) {
  StepInvariant invariant = invariant_of(plan.spec, mode, std::move(text));
  invariant.check.aux_offset = offset;
  invariant.check.aux_count = count;
  invariant.check.segment = count;
  invariant.aux_a = buffer;
  invariant.aux_b = buffer;
  return invariant;
}

void expect_sum(StepInvariant& invariant, std::uint64_t total) {
  invariant.check.expected_lo = static_cast<std::uint32_t>(total);
  invariant.check.expected_hi = static_cast<std::uint32_t>(total >> 32);
}

StepInvariant after_digit_pass(const Plan& plan, std::uint32_t pass, std::uint32_t bits) {
  return sorted_runs(plan.spec, plan.spec.n, (pass + 1) * bits, plan.spec.pairs);
}

std::string keys_text(std::uint32_t n) {
  return std::to_string(n) + (n == 1 ? " key" : " keys");
}

}  // namespace

StepInvariant invariant_after(const gpu::Radix4Step& step, const Plan& plan) {
  const std::uint32_t words = gpu::RADIX4_DIGITS * step.tiles;
  if (step.stage == gpu::RADIX4_STAGE_COUNT) {
    StepInvariant invariant = over_words(
        plan, gpu::INVARIANT_SUM, gpu::RADIX4_BUFFER_TILE_HIST, 0, words,
        "the tile histograms add up to all " + keys_text(step.n) + ": every key is counted once");
    expect_sum(invariant, step.n);
    return invariant;
  }
  if (step.stage == gpu::RADIX4_STAGE_SCAN) {
    StepInvariant invariant =
        over_words(plan, gpu::INVARIANT_SCAN, gpu::RADIX4_BUFFER_TILE_OFFSETS, 0, words,
                   "each tile's offset for a digit is the sum of all counts before it (lower "
                   "digits, then earlier tiles): every key has a place of its own");
    invariant.aux_b = gpu::RADIX4_BUFFER_TILE_HIST;
    return invariant;
  }
  return after_digit_pass(plan, step.pass, gpu::RADIX4_BITS);
}

StepInvariant invariant_after(const gpu::OnesweepStep& step, const Plan& plan) {
  const std::uint32_t hist_words = step.passes * gpu::ONESWEEP_DIGITS;
  if (step.stage == gpu::ONESWEEP_STAGE_INIT) {
    return over_words(plan, gpu::INVARIANT_ZEROS, gpu::ONESWEEP_BUFFER_STATUS, 0, step.clear_words,
                      "the tile counters and the first pass's status words are all zero: no "
                      "tile has published yet");
  }
  if (step.stage == gpu::ONESWEEP_STAGE_HISTOGRAM) {
    StepInvariant invariant =
        over_words(plan, gpu::INVARIANT_SUM, gpu::ONESWEEP_BUFFER_DIGIT_HIST, 0, hist_words,
                   "each of the " + std::to_string(step.passes) + " digit histograms counts all " +
                       keys_text(step.n) + " once");
    expect_sum(invariant, std::uint64_t(step.passes) * step.n);
    return invariant;
  }
  if (step.stage == gpu::ONESWEEP_STAGE_SCAN) {
    StepInvariant invariant =
        over_words(plan, gpu::INVARIANT_SCAN, gpu::ONESWEEP_BUFFER_DIGIT_HIST,
                   gpu::onesweep_offset_index(step.passes, 0, 0), hist_words,
                   "each digit's start is the count of all smaller digits, in every pass's "
                   "histogram");
    invariant.check.aux_offset_b = gpu::onesweep_hist_index(0, 0);
    invariant.check.segment = gpu::ONESWEEP_DIGITS;
    return invariant;
  }
  return after_digit_pass(plan, step.pass, gpu::ONESWEEP_BITS);
}

}  // namespace ss
