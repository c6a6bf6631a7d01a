#pragma once
// What the views draw, gathered from a Stepper once per change of position (never per frame):
// the plan, the step just applied, the GPU buffers it wrote, and small host copies where a view
// prints numbers. Bars are drawn straight from `keys`; nothing here re-simulates the sort.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "algorithms/network_plan.hpp"
#include "core/buffer.hpp"
#include "plan/key_array.hpp"
#include "plan/plan.hpp"
#include "plan/stepper.hpp"
#include "render/merge_state.hpp"
#include "render/radix_state.hpp"

namespace ss::render {

// Range of the input's keys, for bar heights. Encoded ascending (keys.h, descending = false), so
// it is linear in the key for u32, i32 and u64; f32 uses the finite float values instead.
struct KeyRange {
  std::uint64_t min_encoded = 0;
  std::uint64_t max_encoded = 0;
  float min_value = 0.0f;  // f32 only
  float max_value = 1.0f;
};
KeyRange key_range(const KeyArray& keys);

// Wires whose values the network view prints (and so reads back once per step).
inline constexpr std::uint32_t k_max_printed_wires = 32;
// Largest n whose swap flags are read back to the host for the wire diagram.
inline constexpr std::uint32_t k_max_network_wires = 1024;

struct StepState {
  const Plan* plan = nullptr;
  std::size_t position = 0;  // steps applied; the step shown is position - 1
  const Buffer* keys = nullptr;
  const Buffer* values = nullptr;
  const Buffer* stats = nullptr;  // swap flags of the step shown (null: not instrumented)
  KeyRange range;
  std::uint32_t subgroup_size = 0;
  std::vector<Comparator> comparators;    // executed by the step shown (step_comparators)
  StepStats stats_counts;                 // comparisons and swaps the GPU counted
  std::vector<std::uint32_t> swap_flags;  // host copy, n <= k_max_network_wires
  std::optional<KeyArray> current;        // host copy of the keys, n <= k_max_printed_wires
  std::optional<RadixState> radix;        // radix plans: histograms, scatter, tile status
  std::optional<MergeState> merge;        // mergesort: runs, merge path, blocksort tile
  ViewPicks picks;                        // the list and tile the merge views were read for
  // What holds after the step shown, as the GPU checked it (nullopt at the input).
  std::optional<InvariantVerdict> invariant;

  std::uint32_t n() const { return plan != nullptr ? plan->spec.n : 0; }
  // The step just applied, or null at position 0.
  const Step* shown_step() const {
    return plan != nullptr && position > 0 ? &plan->steps[position - 1] : nullptr;
  }
};

// `picks` chooses which output list and blocksort tile the mergesort views read back.
StepState capture_step_state(const Context& context, const Stepper& stepper, const KeyRange& range,
                             const ViewPicks& picks = {});

}  // namespace ss::render
