// The sound of a radix sort's steps (radix4, onesweep): a counting step sweeps its digit counts
// as the GPU wrote them; a moving step (scatter, onesweep pass) plays keys where they landed.
#include <vector>

#include "render/gather.hpp"
#include "render/sound/sounders.hpp"
#include "shaders/common/onesweep_step.h"
#include "shaders/common/radix4_step.h"

namespace ss::render {

namespace {

std::vector<std::uint32_t> read_words(const SoundInput& in, std::uint32_t buffer, std::size_t count,
                                      std::size_t first = 0) {
  return download_words<std::uint32_t>(in.context, in.stepper.buffer(buffer), count, first * 4u);
}

}  // namespace

std::vector<Note> sound(const gpu::Radix4Step& step, const SoundInput& in) {
  std::vector<std::uint64_t> counts(gpu::RADIX4_DIGITS, 0);
  switch (step.stage) {
    case gpu::RADIX4_STAGE_COUNT: {
      // The count step's spread copies of each digit's count (consecutive for the pass's digits,
      // as the scan sums them), not its tile histogram: 64 KiB instead of 64 bytes a tile.
      const auto spread = read_words(in, gpu::RADIX4_BUFFER_DIGIT_TOTALS,
                                     std::size_t(gpu::RADIX4_DIGITS) * gpu::RADIX4_COUNT_SPREAD,
                                     gpu::radix4_count_index(step.passes, step.pass, 0, 0));
      for (std::uint32_t d = 0; d < gpu::RADIX4_DIGITS; ++d)
        for (std::uint32_t copy = 0; copy < gpu::RADIX4_COUNT_SPREAD; ++copy)
          counts[d] += spread[std::size_t(d) * gpu::RADIX4_COUNT_SPREAD + copy];
      return count_sweep(counts);
    }
    case gpu::RADIX4_STAGE_SCAN: {
      const auto totals = read_words(in, gpu::RADIX4_BUFFER_DIGIT_TOTALS, gpu::RADIX4_DIGITS,
                                     gpu::radix4_total_index(step.pass, 0));
      for (std::uint32_t d = 0; d < gpu::RADIX4_DIGITS; ++d) counts[d] = totals[d];
      return count_sweep(counts);
    }
    default:
      return sampled_keys(in);  // in position order: as the scatter laid them down
  }
}

std::vector<Note> sound(const gpu::OnesweepStep& step, const SoundInput& in) {
  switch (step.stage) {
    case gpu::ONESWEEP_STAGE_INIT:
      return {};  // clears the tile status words: nothing to hear
    case gpu::ONESWEEP_STAGE_HISTOGRAM:
    case gpu::ONESWEEP_STAGE_SCAN: {
      const auto hist = read_words(in, gpu::ONESWEEP_BUFFER_DIGIT_HIST, gpu::ONESWEEP_DIGITS,
                                   gpu::onesweep_hist_index(step.pass, 0));
      return count_sweep(std::vector<std::uint64_t>(hist.begin(), hist.end()));
    }
    default:
      return sampled_keys(in);  // in position order: as the scatter laid them down
  }
}

}  // namespace ss::render
