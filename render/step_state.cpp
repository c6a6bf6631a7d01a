#include "render/step_state.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/context.hpp"

namespace ss::render {

KeyRange key_range(const KeyArray& keys) {
  KeyRange range;
  if (keys.size() == 0) return range;
  range.min_encoded = UINT64_MAX;
  bool any_finite = false;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::uint64_t e = encoded_key(keys, i, /*descending=*/false);
    range.min_encoded = std::min(range.min_encoded, e);
    range.max_encoded = std::max(range.max_encoded, e);
    if (keys.type == KeyType::f32) {
      const float v = std::bit_cast<float>(keys.words[i]);
      if (!std::isfinite(v)) continue;
      if (!any_finite) range.min_value = range.max_value = v;
      range.min_value = std::min(range.min_value, v);
      range.max_value = std::max(range.max_value, v);
      any_finite = true;
    }
  }
  return range;
}

StepState capture_step_state(const Context& context, const Stepper& stepper, const KeyRange& range,
                             const ViewPicks& picks) {
  StepState s;
  s.plan = &stepper.plan();
  s.position = stepper.position();
  s.keys = &stepper.keys_buffer();
  s.values = &stepper.values_buffer();
  s.stats = stepper.stats_buffer();
  s.range = range;
  s.subgroup_size = context.properties().subgroup_size;
  if (const Step* step = s.shown_step()) {
    s.comparators = step_comparators(*step);
    s.stats_counts = stepper.last_stats();
    s.invariant = stepper.last_invariant();
    if (s.n() <= k_max_network_wires) s.swap_flags = stepper.last_swap_flags();
  }
  if (s.n() <= k_max_printed_wires) s.current = stepper.read_current();
  s.radix = capture_radix_state(context, stepper, picks.window);
  // The merge views read a list or tile of the window's keys.
  s.picks = picks;
  if (const auto merge = merge_step_info(stepper.plan(), stepper.position()))
    s.picks = picks_in_window(picks, *merge);
  s.merge = capture_merge_state(context, stepper, range, s.picks);
  return s;
}

}  // namespace ss::render
