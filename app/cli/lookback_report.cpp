#include "cli/lookback_report.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <variant>

#include "core/buffer.hpp"
#include "core/interrupt.hpp"
#include "plan/stepper.hpp"
#include "shaders/common/onesweep_step.h"

namespace ss::cli {

void print_lookback_report(const Context& context, const Plan& stepping_plan, const KeyArray& input,
                           int runs, std::ostream& out) {
  Stepper stepper(context, stepping_plan, input);
  for (int run = 0; run < runs; ++run) {
    if (run != 0) stepper.reset(input);
    while (!stepper.at_end()) {
      const Step& step = stepping_plan.steps[stepper.position()];
      stepper.next();
      throw_if_interrupted();
      const auto* push = std::get_if<gpu::OnesweepStep>(&step.view);
      if (push == nullptr || push->stage != gpu::ONESWEEP_STAGE_PASS) continue;
      const std::size_t tiles = push->tiles;
      const auto records =
          download_words<std::uint32_t>(context, stepper.buffer(gpu::ONESWEEP_BUFFER_RECORDS),
                                        tiles * gpu::ONESWEEP_RECORD_WORDS);
      std::uint64_t depth_sum = 0;
      std::uint32_t depth_max = 0;
      std::uint64_t fallbacks = 0;
      std::uint32_t fallback_tiles = 0;
      std::uint32_t reached_start = 0;
      for (std::size_t t = 0; t < tiles; ++t) {
        const std::uint32_t* r = &records[t * gpu::ONESWEEP_RECORD_WORDS];
        depth_sum += r[gpu::ONESWEEP_RECORD_DEPTH];
        depth_max = std::max(depth_max, r[gpu::ONESWEEP_RECORD_DEPTH]);
        fallbacks += r[gpu::ONESWEEP_RECORD_FALLBACKS];
        fallback_tiles += r[gpu::ONESWEEP_RECORD_FALLBACKS] != 0 ? 1 : 0;
        reached_start += (r[gpu::ONESWEEP_RECORD_FLAGS] & gpu::ONESWEEP_FLAG_REACHED_START) ? 1 : 0;
      }
      out << "  lookback";
      if (runs > 1) out << " run " << run + 1;
      out << ", pass " << push->pass + 1 << ": " << tiles << " tiles, depth mean " << std::fixed
          << std::setprecision(2) << (tiles != 0 ? double(depth_sum) / double(tiles) : 0.0)
          << " max " << depth_max << ", fallbacks " << fallbacks << " in " << fallback_tiles
          << " tiles, " << reached_start << " tiles walked past the first tile\n";
    }
  }
}

}  // namespace ss::cli
