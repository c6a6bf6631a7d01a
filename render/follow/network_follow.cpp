// Following a key through comparator networks: each layer's comparator on the key's wire comes
// from the index math the kernels share (batcher_layer.h, bitonic_layer.h, transposition_pass.h),
// whether it swapped from the flag the kernel wrote for it.
#include <algorithm>
#include <optional>
#include <type_traits>
#include <variant>

#include "render/follow/followers.hpp"
#include "render/gather.hpp"
#include "render/move_matching.hpp"
#include "shaders/common/batcher_fused_step.h"
#include "shaders/common/network_bindings.h"

namespace ss::render {

namespace {

struct Wires {
  std::uint32_t left = 0, right = 0;
};

// The comparator of this layer on wire `at`, if one runs there.
std::optional<Wires> comparator_on(const gpu::BatcherLayer& l, std::uint32_t at) {
  if (gpu::batcher_comparator_runs(l, at)) return Wires{at, gpu::batcher_partner(l, at)};
  if (at >= l.stride && gpu::batcher_comparator_runs(l, at - l.stride))
    return Wires{at - l.stride, at};
  return std::nullopt;
}

std::optional<Wires> comparator_on(const gpu::BitonicLayer& l, std::uint32_t at) {
  if (gpu::bitonic_comparator_runs(l, at)) return Wires{at, gpu::bitonic_partner(l, at)};
  const std::uint32_t left = l.mirror != 0u ? (at ^ (l.merge_size - 1u)) : at - l.stride;
  if (left < at && gpu::bitonic_comparator_runs(l, left) && gpu::bitonic_partner(l, left) == at)
    return Wires{left, at};
  return std::nullopt;
}

std::optional<Wires> comparator_on(const gpu::TranspositionPass& p, std::uint32_t at) {
  const bool left = at >= p.parity && (at - p.parity) % 2u == 0u;
  if (left && at + 1u < p.n) return Wires{at, at + 1u};
  if (!left && at >= p.parity + 1u) return Wires{at - 1u, at};
  return std::nullopt;
}

std::uint32_t layer_of(const gpu::BatcherLayer& l) {
  return l.layer;
}
std::uint32_t layer_of(const gpu::BitonicLayer& l) {
  return l.layer;
}
std::uint32_t layer_of(const gpu::TranspositionPass& p) {
  return p.pass;
}

template <class Layer>
FollowMove follow_layer(const Layer& layer, const FollowInput& in) {
  const std::optional<Wires> c = comparator_on(layer, in.at);
  if (!c) return {in.at, "no comparator of this layer touches its wire: it stays"};
  const std::uint32_t partner = c->left == in.at ? c->right : c->left;
  const std::string other = "the key at " + grouped_number(partner);
  const LayerWire wire{layer_of(layer), c->left};
  if (std::binary_search(in.step.disabled_lefts.begin(), in.step.disabled_lefts.end(), wire))
    return {in.at, "its comparator with " + other + " is switched off: it stays"};
  const Buffer* stats = in.stepper.stats_buffer();
  if (stats == nullptr) return {in.at, "compared with " + other + " (no swap flags recorded)"};
  const std::uint32_t flag_at[] = {c->left};
  const bool swapped =
      gather_words(in.context, *stats, flag_at, 1, gpu::STATS_FLAGS_OFFSET).front() != 0;
  if (!swapped) return {in.at, "compared with " + other + ", already in order: it stays"};
  return {partner, "compared with " + other + " and swapped places with it"};
}

// The sum of the covered layers' strides: how far any key can move in one fused step.
std::uint32_t fused_reach(const gpu::BatcherFusedStep& f) {
  std::uint64_t reach = 0;
  for (std::uint32_t layer = f.first_layer; layer <= f.last_layer; ++layer)
    reach += gpu::batcher_layer_at(f.n, layer).stride;
  return std::uint32_t(std::min<std::uint64_t>(reach, f.n));
}

FollowMove follow_fused(const gpu::BatcherFusedStep& f, const FollowInput& in) {
  const std::uint32_t words = key_words(in.stepper.plan().spec.key_type);
  const auto here = std::lower_bound(in.region.begin(), in.region.end(), in.at);
  const std::string layers = "layers " + std::to_string(f.first_layer + 1) + " to " +
                             std::to_string(f.last_layer + 1) + ", fused in one dispatch,";
  if (here == in.region.end() || *here != in.at)
    return {in.at, layers + " ran without a record of its wire"};
  const std::vector<std::uint32_t> after = key_words_at(in, in.step.keys_after, in.region);
  const std::uint32_t m =
      matched_index(in.region_words, after, words, std::uint32_t(here - in.region.begin()));
  if (m == k_unmatched) return {in.at, layers + " lost it: its keys before and after differ"};
  const std::uint32_t to = in.region[m];
  const std::string among = " (found among the " + grouped_number(in.region.size()) +
                            " wires they can reach: their flags say which wires swapped, not "
                            "where to)";
  if (to == in.at) return {to, layers + " left it where it was" + among};
  return {to, layers + " carried it from " + grouped_number(in.at) + " to " + grouped_number(to) +
                  among};
}

}  // namespace

std::vector<std::uint32_t> network_region(const Step& step, std::uint32_t at) {
  const auto* fused = std::get_if<gpu::BatcherFusedStep>(&step.view);
  if (fused == nullptr) return {};
  const gpu::BatcherFusedStep f = push_value<gpu::BatcherFusedStep>(step);
  const std::uint32_t unit = 1u << f.unit_shift;
  const std::uint32_t reach = fused_reach(f) / unit;  // in wires of the key's residue class
  std::vector<std::uint32_t> wires;
  const std::uint32_t j = at / unit, residue = at % unit;
  for (std::uint32_t k = j >= reach ? j - reach : 0; k <= j + reach; ++k) {
    const std::uint64_t wire = std::uint64_t(k) * unit + residue;
    if (wire >= f.n) break;
    wires.push_back(std::uint32_t(wire));
  }
  return wires;
}

FollowMove follow_network(const FollowInput& in) {
  return std::visit(
      [&](const auto& view) -> FollowMove {
        using T = std::decay_t<decltype(view)>;
        if constexpr (std::is_same_v<T, gpu::BatcherFusedStep>) {
          return follow_fused(push_value<T>(in.step), in);
        } else if constexpr (std::is_same_v<T, gpu::BatcherLayer> ||
                             std::is_same_v<T, gpu::BitonicLayer> ||
                             std::is_same_v<T, gpu::TranspositionPass>) {
          return follow_layer(push_value<T>(in.step), in);
        } else {
          return {in.at, "this step moves no keys"};
        }
      },
      in.step.view);
}

}  // namespace ss::render
