#pragma once
// Offscreen render of one view at the stepper's position, on the shared test context: what the
// CLI's render command draws, for pixel tests.
#include "plan/stepper.hpp"
#include "render/headless.hpp"
#include "support/gpu.hpp"

namespace ss::test {

inline render::Image render_view(const Stepper& stepper, const KeyArray& input,
                                 render::ViewSelection selection, std::uint32_t width,
                                 std::uint32_t height, const render::ViewPicks& picks = {},
                                 render::BarsStyle bars = render::BarsStyle::automatic) {
  render::OffscreenOptions options;
  options.bars_style = bars;
  options.width = width;
  options.height = height;
  options.selection = selection;
  options.picks = picks;
  return render::render_offscreen(gpu(), stepper, render::key_range(input), options);
}

}  // namespace ss::test
