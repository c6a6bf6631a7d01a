#pragma once
// Pieces every comparator-network plan shares: its buffers, its kernel specialization, and the
// comparators of a step for the views, computed by the same header functions the kernels run.
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "plan/plan.hpp"

namespace ss {

// Whether a StepView alternative is a comparator-network step (batcher, batcher-fused, bitonic,
// transposition), which the sound and the key follower read alike.
template <class T>
inline constexpr bool is_network_step_v =
    std::is_same_v<T, gpu::BatcherLayer> || std::is_same_v<T, gpu::BatcherFusedStep> ||
    std::is_same_v<T, gpu::BitonicLayer> || std::is_same_v<T, gpu::TranspositionPass>;

// Buffers 0 keys, 1 values, 2 stats, 3 the disabled-comparator mask (a stub while none is
// disabled); one kernel; in-place, so results stay in buffer 0.
Plan network_plan_skeleton(std::string algorithm, const SortSpec& spec, const std::string& shader,
                           std::uint32_t push_size, std::uint32_t workgroup_size);

// Adds one dispatch of the network kernel covering `invocations` threads.
Step& add_network_step(Plan& plan, std::string label, std::vector<std::byte> push,
                       GroupCount groups, StepView view);

// Batcher's odd-even merge sort and the bitonic sort share their shape (seed 000): merges of 2,
// 4, ..., up to n padded to a power of two, each as layers of stride merge/2 down to 1, one
// dispatch per layer over the real keys. `layer_push(merge, stride, layer, groups_x)` gives a
// layer's push block (also its StepView), `label(push)` its step label.
template <class Push, class MakePush, class Label>
Plan merge_layers_plan(std::string algorithm, const SortSpec& spec, const DeviceLimits& limits,
                       const std::string& shader, MakePush layer_push, Label label);

struct Comparator {
  std::uint32_t left;   // lower wire; receives the smaller key
  std::uint32_t right;  // upper wire
  // Global invocation index that executes it; its workgroup is invocation / workgroup size.
  std::uint32_t invocation = 0;
  // Network layer it belongs to, from 0: the step's index for one-layer steps; a fused step
  // (batcher-fused) covers several layers.
  std::uint32_t layer = 0;
  // Taken out of the network (SortSpec::disabled): drawn but not run, so the kernel leaves the
  // two wires as they are.
  bool disabled = false;
};

// The comparators of a network step (empty for other steps), layer by layer and in increasing
// left wire within a layer; those the spec disables are included with `disabled` set.
std::vector<Comparator> step_comparators(const Step& step);

// The network layers a step covers: first layer and count (1 for one-layer steps, 0 for steps
// that are not part of a network).
struct LayerRange {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};
LayerRange step_layers(const Step& step);
// Layers of a network plan, empty layers of a padded network included (one past the last
// layer any step covers).
std::uint32_t network_layer_count(const Plan& plan);

// Takes the spec's disabled comparators out of a finished network plan: records them in each
// step's disabled_lefts, fills the mask buffer and builds the kernel with its mask constant.
// Throws UsageError naming the valid range (1-based, as users number them) for a layer or index
// that does not exist, or an n above k_disable_max_n.
void apply_disabled_comparators(Plan& plan);

// Workgroup size for network kernels: 256 where the device allows, fewer otherwise.
std::uint32_t network_workgroup_size(const DeviceLimits& limits);

template <class Push, class MakePush, class Label>
Plan merge_layers_plan(std::string algorithm, const SortSpec& spec, const DeviceLimits& limits,
                       const std::string& shader, MakePush layer_push, Label label) {
  const std::uint32_t workgroup = network_workgroup_size(limits);
  Plan plan = network_plan_skeleton(std::move(algorithm), spec, shader, sizeof(Push), workgroup);
  if (spec.n < 2) return plan;
  std::uint64_t padded = 1;
  while (padded < spec.n) padded *= 2;
  const GroupCount groups = groups_for(spec.n, workgroup, limits);
  const std::uint64_t traffic =
      std::uint64_t(spec.n) * (key_bytes(spec.key_type) + (spec.pairs ? 4u : 0u));
  std::uint32_t layer = 0;
  for (std::uint64_t merge = 2; merge <= padded; merge *= 2) {
    for (std::uint64_t stride = merge / 2; stride >= 1; stride /= 2) {
      const Push p = layer_push(static_cast<std::uint32_t>(merge),
                                static_cast<std::uint32_t>(stride), layer++, groups.x);
      Step& step = add_network_step(plan, label(p), push_bytes(p), groups, p);
      step.kind = "merge " + std::to_string(merge);
      // Every real key is read at most once and written at most once per layer.
      step.bytes_read = traffic;
      step.bytes_written = traffic;
    }
  }
  return plan;
}

}  // namespace ss
