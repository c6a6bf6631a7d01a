#include "algorithms/network_plan.hpp"

#include <algorithm>
#include <string>
#include <type_traits>

#include "core/errors.hpp"

#include "shaders/common/network_bindings.h"

namespace ss {

std::uint32_t network_workgroup_size(const DeviceLimits& limits) {
  return std::min<std::uint32_t>(256, limits.max_workgroup_invocations);
}

Plan network_plan_skeleton(std::string algorithm, const SortSpec& spec, const std::string& shader,
                           std::uint32_t push_size, std::uint32_t workgroup_size) {
  Plan plan;
  plan.algorithm = std::move(algorithm);
  plan.spec = spec;
  const std::uint64_t n = spec.n;
  plan.buffers = {
      {"keys", n * key_bytes(spec.key_type), false},
      {"values", spec.pairs ? n * 4u : 4u, false},
      {"stats", (gpu::STATS_FLAGS_OFFSET + n) * 4u, true},
      {"disabled comparators", 4u, false},
  };
  KernelSpec kernel;
  kernel.shader = shader;
  kernel.workgroup_size = workgroup_size;
  // Constants 1..5: key type, descending, has values, instrumented, comparator mask (see
  // network_bindings.h); the mask is switched on by apply_disabled_comparators.
  kernel.constants = {static_cast<std::uint32_t>(spec.key_type), spec.descending ? 1u : 0u,
                      spec.pairs ? 1u : 0u, 0u, 0u};
  kernel.bindings = gpu::NETWORK_BINDING_COUNT;
  kernel.push_size = push_size;
  plan.kernels = {kernel};
  plan.instrumented_constant_id = gpu::SPEC_INSTRUMENTED;
  plan.stats_buffer = gpu::NETWORK_BINDING_STATS;
  plan.keys_buffer = plan.result_keys = gpu::NETWORK_BINDING_KEYS;
  plan.values_buffer = plan.result_values = gpu::NETWORK_BINDING_VALUES;
  return plan;
}

Step& add_network_step(Plan& plan, std::string label, std::vector<std::byte> push,
                       GroupCount groups, StepView view) {
  Step step;
  step.label = std::move(label);
  step.kernel = 0;
  step.bindings = {gpu::NETWORK_BINDING_KEYS, gpu::NETWORK_BINDING_VALUES,
                   gpu::NETWORK_BINDING_STATS, gpu::NETWORK_BINDING_MASK};
  step.push = std::move(push);
  step.groups = groups;
  step.view = view;
  step.keys_after = gpu::NETWORK_BINDING_KEYS;
  step.values_after = gpu::NETWORK_BINDING_VALUES;
  plan.steps.push_back(std::move(step));
  return plan.steps.back();
}

std::vector<Comparator> step_comparators(const Step& step) {
  std::vector<Comparator> out;
  std::visit(
      [&](const auto& view) {
        using T = std::decay_t<decltype(view)>;
        if constexpr (std::is_same_v<T, gpu::BatcherLayer>) {
          for (std::uint32_t i = 0; i < view.n; ++i) {
            if (gpu::batcher_comparator_runs(view, i))
              out.push_back({i, gpu::batcher_partner(view, i), i, view.layer});
          }
        } else if constexpr (std::is_same_v<T, gpu::BatcherFusedStep>) {
          // Each covered layer with batcher's own test; the comparator runs in the workgroup
          // whose window centre holds its left wire.
          for (std::uint32_t layer = view.first_layer; layer <= view.last_layer; ++layer) {
            const gpu::BatcherLayer l = gpu::batcher_layer_at(view.n, layer);
            for (std::uint32_t i = 0; i < view.n; ++i) {
              if (!gpu::batcher_comparator_runs(l, i)) continue;
              out.push_back({i, gpu::batcher_partner(l, i),
                             gpu::batcher_fused_invocation_of(view, l, i), layer});
            }
          }
        } else if constexpr (std::is_same_v<T, gpu::BitonicLayer>) {
          for (std::uint32_t i = 0; i < view.n; ++i) {
            if (gpu::bitonic_comparator_runs(view, i))
              out.push_back({i, gpu::bitonic_partner(view, i), i, view.layer});
          }
        } else if constexpr (std::is_same_v<T, gpu::TranspositionPass>) {
          const std::uint32_t count = gpu::transposition_comparators(view.n, view.parity);
          for (std::uint32_t t = 0; t < count; ++t) {
            const std::uint32_t left = gpu::transposition_left_index(view, t);
            out.push_back({left, left + 1, t, view.pass});
          }
        }
      },
      step.view);
  for (Comparator& c : out) {
    c.disabled = std::binary_search(step.disabled_lefts.begin(), step.disabled_lefts.end(),
                                    LayerWire{c.layer, c.left});
  }
  return out;
}

LayerRange step_layers(const Step& step) {
  return std::visit(
      [](const auto& view) -> LayerRange {
        using T = std::decay_t<decltype(view)>;
        if constexpr (std::is_same_v<T, gpu::BatcherLayer> || std::is_same_v<T, gpu::BitonicLayer>)
          return {view.layer, 1};
        else if constexpr (std::is_same_v<T, gpu::TranspositionPass>)
          return {view.pass, 1};
        else if constexpr (std::is_same_v<T, gpu::BatcherFusedStep>)
          return {view.first_layer, view.last_layer - view.first_layer + 1};
        else
          return {};
      },
      step.view);
}

std::uint32_t network_layer_count(const Plan& plan) {
  std::uint32_t layers = 0;
  for (const Step& step : plan.steps) {
    const LayerRange range = step_layers(step);
    if (range.count != 0) layers = std::max(layers, range.first + range.count);
  }
  return layers;
}

void apply_disabled_comparators(Plan& plan) {
  const std::vector<DisabledComparator>& disabled = plan.spec.disabled;
  if (disabled.empty()) return;
  const std::uint32_t n = plan.spec.n;
  if (n > k_disable_max_n) {
    throw UsageError("comparators can be disabled for n <= " + std::to_string(k_disable_max_n) +
                     " (got n = " + std::to_string(n) + ")");
  }
  const std::uint32_t layers = network_layer_count(plan);
  const std::uint32_t words = gpu::disabled_mask_words_per_layer(n);
  std::vector<std::uint32_t> mask(std::max<std::size_t>(std::size_t(layers) * words, 1), 0u);
  for (const DisabledComparator& d : disabled) {
    const std::string name =
        "disabled comparator " + std::to_string(d.layer + 1) + ":" + std::to_string(d.index + 1);
    if (d.layer >= layers) {
      throw UsageError(
          name + " does not exist: " + plan.algorithm + "'s network for n = " + std::to_string(n) +
          " has " +
          (layers == 0 ? std::string("no layers") : "layers 1 to " + std::to_string(layers)));
    }
    // The step covering the layer (one step per layer, except in fused plans).
    const auto covers = [&](const Step& s) {
      const LayerRange range = step_layers(s);
      return range.count != 0 && d.layer >= range.first && d.layer < range.first + range.count;
    };
    const auto at = std::find_if(plan.steps.begin(), plan.steps.end(), covers);
    if (at == plan.steps.end()) throw UsageError(name + ": no step of the plan runs its layer");
    Step& step = *at;
    std::vector<Comparator> comparators = step_comparators(step);
    std::erase_if(comparators, [&](const Comparator& c) { return c.layer != d.layer; });
    if (d.index >= comparators.size()) {
      throw UsageError(name + " does not exist: layer " + std::to_string(d.layer + 1) + " of " +
                       plan.algorithm + "'s network for n = " + std::to_string(n) + " has " +
                       (comparators.empty()
                            ? std::string("no comparators")
                            : "comparators 1 to " + std::to_string(comparators.size())));
    }
    const std::uint32_t left = comparators[d.index].left;
    step.disabled_lefts.push_back({d.layer, left});
    mask[gpu::disabled_mask_word(d.layer, n, left)] |= gpu::disabled_mask_bit(left);
  }
  for (Step& step : plan.steps) std::sort(step.disabled_lefts.begin(), step.disabled_lefts.end());
  PlanBuffer& buffer = plan.buffers.at(gpu::NETWORK_BINDING_MASK);
  buffer.bytes = mask.size() * 4u;
  buffer.initial_words = std::move(mask);
  plan.kernels.at(0).constants.at(gpu::SPEC_COMPARATOR_MASK - 1) = 1u;
}

}  // namespace ss
