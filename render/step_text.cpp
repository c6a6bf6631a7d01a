#include "render/step_text.hpp"

#include <cstring>
#include <type_traits>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_facts.hpp"

namespace ss::render {

std::vector<Field> push_fields(const Step& step) {
  std::vector<Field> fields;
  auto add = [&](const char* name, std::uint32_t value) {
    fields.push_back({name, std::to_string(value)});
  };
  // An index the kernel counts from 0, beside the number titles and narration give it: "0 (pass
  // 1)".
  auto add_index = [&](const char* name, std::uint32_t value, const char* counted) {
    fields.push_back(
        {name, std::to_string(value) + " (" + counted + " " + std::to_string(value + 1) + ")"});
  };
  std::visit(
      [&](const auto& view) {
        using T = std::decay_t<decltype(view)>;
        if constexpr (std::is_same_v<T, gpu::BatcherLayer>) {
          const auto p = push_value<gpu::BatcherLayer>(step);
          add("n", p.n);
          add("stride", p.stride);
          add("stride_shift", p.stride_shift);
          add("inner_remainder", p.inner_remainder);
          add("inner_last_idx", p.inner_last_idx);
          add("merge_size", p.merge_size);
          add_index("layer", p.layer, "layer");
          add("groups_x", p.groups_x);
        } else if constexpr (std::is_same_v<T, gpu::BatcherFusedStep>) {
          const auto p = push_value<gpu::BatcherFusedStep>(step);
          add("n", p.n);
          add("merge_lo", p.merge_lo);
          add("merge_hi", p.merge_hi);
          add("stride_hi", p.stride_hi);
          add("stride_lo", p.stride_lo);
          add_index("first_layer", p.first_layer, "layer");
          add_index("last_layer", p.last_layer, "layer");
          add("unit_shift", p.unit_shift);
          add("residue_shift", p.residue_shift);
          add("residue_groups", p.residue_groups);
          add("center", p.center);
          add("halo", p.halo);
          add("window", p.window);
          add("groups_x", p.groups_x);
          add("threads", p.threads);
        } else if constexpr (std::is_same_v<T, gpu::BitonicLayer>) {
          const auto p = push_value<gpu::BitonicLayer>(step);
          add("n", p.n);
          add("merge_size", p.merge_size);
          add("stride", p.stride);
          add("mirror", p.mirror);
          add_index("layer", p.layer, "layer");
          add("groups_x", p.groups_x);
        } else if constexpr (std::is_same_v<T, gpu::TranspositionPass>) {
          const auto p = push_value<gpu::TranspositionPass>(step);
          add("n", p.n);
          add("parity", p.parity);
          add_index("pass", p.pass, "pass");
          add("groups_x", p.groups_x);
        } else if constexpr (std::is_same_v<T, gpu::Radix4Step>) {
          const auto p = push_value<gpu::Radix4Step>(step);
          add("stage", p.stage);
          add("n", p.n);
          add("passes", p.passes);
          add_index("pass", p.pass, "pass");
          add("word", p.word);
          add("shift", p.shift);
          add("tile_keys", p.tile_keys);
          add("tiles", p.tiles);
          add("groups_x", p.groups_x);
        } else if constexpr (std::is_same_v<T, gpu::OnesweepStep>) {
          const auto p = push_value<gpu::OnesweepStep>(step);
          add("stage", p.stage);
          add("n", p.n);
          add("passes", p.passes);
          add_index("pass", p.pass, "pass");
          add("word", p.word);
          add("shift", p.shift);
          add("tile_keys", p.tile_keys);
          add("tiles", p.tiles);
          add("region", p.region);
          add("clear_words", p.clear_words);
          add("hist_keys", p.hist_keys);
          add("groups_x", p.groups_x);
        } else if constexpr (std::is_same_v<T, gpu::MergesortStep>) {
          const auto p = push_value<gpu::MergesortStep>(step);
          add("stage", p.stage);
          add("n", p.n);
          add("tile_keys (NV)", p.tile_keys);
          add("tiles", p.tiles);
          add_index("pass", p.pass, "pass");
          add("coop", p.coop);
          add("phase_limit", p.phase_limit);
          add("phases", p.phases);
          add("keys_per_thread (VT)", p.keys_per_thread);
          add("threads (NT)", p.threads);
          add("partitions", p.partitions);
          add("groups_x", p.groups_x);
          add("tiles_per_group", p.tiles_per_group);
        } else {
          for (std::size_t offset = 0; offset + 4 <= step.push.size(); offset += 4) {
            std::uint32_t word = 0;
            std::memcpy(&word, step.push.data() + offset, 4);
            fields.push_back({"word " + std::to_string(offset / 4), std::to_string(word)});
          }
        }
      },
      step.view);
  return fields;
}

namespace {

// The network a step belongs to, by its parameter block, and its n; empty for other steps.
std::pair<std::string, std::uint32_t> network_of(const Step& step) {
  if (const auto* v = std::get_if<gpu::BatcherLayer>(&step.view)) return {"batcher", v->n};
  if (const auto* v = std::get_if<gpu::BatcherFusedStep>(&step.view))
    return {"batcher-fused", v->n};
  if (const auto* v = std::get_if<gpu::BitonicLayer>(&step.view)) return {"bitonic", v->n};
  if (const auto* v = std::get_if<gpu::TranspositionPass>(&step.view))
    return {"transposition", v->n};
  return {};
}

}  // namespace

std::vector<Field> step_facts(const Step& step, const Plan* plan, const std::string* known) {
  std::vector<Field> fields;
  for (const StepFact& f : merge_step_facts(step)) fields.push_back({f.name, f.value});
  const auto [network, n] = network_of(step);
  if (known != nullptr) {
    if (!known->empty()) fields.push_back({"network", *known});
  } else if (!network.empty() && n <= k_facts_max_n) {
    // Without the plan, the intact network of the step's algorithm and n (the step panel).
    const std::string facts = plan != nullptr
                                  ? network_facts_text(*plan)
                                  : network_facts_text(make_plan(
                                        network, {n, KeyType::u32, false, false}, DeviceLimits{}));
    if (!facts.empty()) fields.push_back({"network", facts});
  }
  return fields;
}

std::string scenario_text(const Plan& plan) {
  std::string text = plan.algorithm + ", " + std::to_string(plan.spec.n) + " " +
                     std::string(to_string(plan.spec.key_type)) + " keys, " +
                     (plan.spec.descending ? "descending" : "ascending");
  if (plan.spec.pairs) text += ", key-value";
  return text;
}

std::string step_heading(const StepState& state) {
  if (state.plan == nullptr) return "no plan";
  const std::size_t total = whole_step_count(*state.plan);
  if (const Step* step = state.shown_step()) {
    return "step " + step_number(*state.plan, state.position - 1) + " of " + std::to_string(total) +
           ": " + step->label;
  }
  return "input, " + std::to_string(total) + " steps to go";
}

std::string step_counts(const StepState& state) {
  if (!state.stats_counts.available) return {};
  return std::to_string(state.stats_counts.comparisons) + " comparisons, " +
         std::to_string(state.stats_counts.swaps) + " swaps";
}

}  // namespace ss::render
