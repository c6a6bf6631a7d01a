#pragma once
// Offscreen render of one view at the stepper's position, on the shared test context: what the
// CLI's render command draws, for pixel tests.
#include <cstdint>
#include <cstdlib>

#include "plan/stepper.hpp"
#include "render/headless.hpp"
#include "render/step_state.hpp"
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

// Whether two 0xRRGGBB colours differ by at most `tolerance` in every channel.
inline bool near(std::uint32_t a, std::uint32_t b, int tolerance = 6) {
  for (int shift : {0, 8, 16})
    if (std::abs(int((a >> shift) & 0xff) - int((b >> shift) & 0xff)) > tolerance) return false;
  return true;
}

// An ImU32 (0xAABBGGRR) as 0xRRGGBB, the order render::Image's pixels compare in.
inline std::uint32_t rgb_of(ImU32 c) {
  return ((c & 0xff) << 16) | (c & 0xff00) | ((c >> 16) & 0xff);
}

// What the views read back at `position` of the stepper's plan.
inline render::StepState state_at(Stepper& stepper, std::size_t position, const KeyArray& input,
                                  const render::ViewPicks& picks = {}) {
  stepper.jump(position);
  return render::capture_step_state(gpu(), stepper, render::key_range(input), picks);
}

}  // namespace ss::test
