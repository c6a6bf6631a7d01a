#include "algorithms/batcher_fused.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <string>
#include <variant>

#include "algorithms/network_plan.hpp"
#include "core/errors.hpp"
#include "shaders/common/batcher_fused_bindings.h"

namespace ss {

namespace {

// Widest residue block a strided window takes: 32 keys, a 128-byte line of u32 keys. Fewer
// residues leave more shared memory for j (smaller halo share); the planner weighs the two.
constexpr std::uint32_t k_max_residues = 32;
// Global memory is read in 32-byte sectors: a strided window's row of R keys costs whole sectors.
constexpr std::uint32_t k_sector_bytes = 32;
// A dispatch costs about as much as moving this many bytes (launch, drain and the barrier
// between dispatches, a few microseconds on a discrete GPU), so a group that saves a dispatch
// may read a little more.
constexpr double k_dispatch_bytes = 1 << 20;

// Shared words per window slot: the key's low word, its high word (u64), the value (pairs).
std::uint32_t shared_words_per_slot(const SortSpec& spec) {
  return 1u + (spec.key_type == KeyType::u64 ? 1u : 0u) + (spec.pairs ? 1u : 0u);
}

std::uint32_t log2_of(std::uint64_t power_of_two) {
  return static_cast<std::uint32_t>(std::countr_zero(power_of_two));
}

// Network layer (from 0) of the layer of `stride` in the merge of size `merge`: merges 2^1 ..
// 2^(m-1) before it have 1 + ... + (m - 1) layers, then strides merge/2 down to `stride`.
std::uint32_t layer_index(std::uint64_t merge, std::uint64_t stride) {
  const std::uint32_t m = log2_of(merge);
  return m * (m - 1) / 2 + (m - 1 - log2_of(stride));
}

// How far (in j, wires stride_lo apart) a key can move in the layers of `merge` with strides
// stride_hi .. stride_lo: the sum of the strides in j, 2 * ratio - 1, except that a group
// starting at the merge's first layer (stride merge/2) loses its second layer's ratio / 2: a key
// the first layer moved up by merge/2 lands in the merge's upper half, where the stride merge/4
// layer (pairing quarter 1 with quarter 2) makes it a right wire, and symmetrically for keys
// moved down. The tests check this is exactly the reach of the comparators, no more, no less.
std::uint64_t batcher_fused_halo(std::uint64_t merge, std::uint64_t stride_hi,
                                 std::uint64_t stride_lo) {
  const std::uint64_t ratio = stride_hi / stride_lo;
  const bool from_first_layer = stride_hi == merge / 2 && ratio >= 2;
  return 2 * ratio - 1 - (from_first_layer ? ratio / 2 : 0);
}

// Sum over j-blocks jb < blocks of the window [jb*center - halo, jb*center + center + halo)
// clipped to [0, count): the j values one residue loads in all its workgroups.
std::uint64_t loaded_in_residue(std::uint64_t count, std::uint64_t blocks, std::uint64_t center,
                                std::uint64_t halo) {
  const auto clipped = [&](std::uint64_t jb) -> std::uint64_t {
    const std::uint64_t begin = jb * center > halo ? jb * center - halo : 0;
    const std::uint64_t end = std::min(count, jb * center + center + halo);
    return end > begin ? end - begin : 0;
  };
  // Blocks [first_full, last_full] load a whole window; only the few at either end are clipped.
  const std::uint64_t first_full = (halo + center - 1) / center;
  const std::uint64_t last_full =
      count >= center + halo ? std::min(blocks, (count - center - halo) / center + 1) : 0;
  std::uint64_t total = 0;
  if (first_full < last_full) {
    total += (last_full - first_full) * (center + 2 * halo);
    for (std::uint64_t jb = 0; jb < first_full; ++jb) total += clipped(jb);
    for (std::uint64_t jb = last_full; jb < blocks; ++jb) total += clipped(jb);
  } else {
    for (std::uint64_t jb = 0; jb < blocks; ++jb) total += clipped(jb);
  }
  return total;
}

// A window group over the layers of `merge` with strides stride_hi .. stride_lo, `residues`
// rows per window and `slots` slots, or nothing when even one j per centre does not fit.
bool make_group(std::uint32_t n, std::uint64_t merge, std::uint64_t stride_hi,
                std::uint64_t stride_lo, std::uint32_t residues, std::uint32_t slots,
                gpu::BatcherFusedStep& p) {
  const std::uint64_t halo = batcher_fused_halo(merge, stride_hi, stride_lo);
  const std::uint64_t window = slots / residues;
  const std::uint64_t j_count = (n + stride_lo - 1) / stride_lo;
  p = {};
  p.n = n;
  p.merge_lo = p.merge_hi = static_cast<std::uint32_t>(merge);
  p.stride_hi = static_cast<std::uint32_t>(stride_hi);
  p.stride_lo = static_cast<std::uint32_t>(stride_lo);
  p.first_layer = layer_index(merge, stride_hi);
  p.last_layer = layer_index(merge, stride_lo);
  p.unit_shift = log2_of(stride_lo);
  p.residue_shift = log2_of(residues);
  p.residue_groups = static_cast<std::uint32_t>(stride_lo / residues);
  if (j_count <= window) {
    // One window holds every j of its residues: nothing lies outside, so no halo.
    p.center = p.window = static_cast<std::uint32_t>(j_count);
    p.halo = 0;
    return true;
  }
  if (window < 2 * halo + 1) return false;
  p.halo = static_cast<std::uint32_t>(halo);
  p.window = static_cast<std::uint32_t>(window);
  p.center = static_cast<std::uint32_t>(window - 2 * halo);
  return true;
}

// Estimated cost of a group in bytes: its window reads (in whole sectors where a strided row is
// narrower than one), its writes, and the dispatch.
double group_cost(const gpu::BatcherFusedStep& p, std::uint32_t element_bytes) {
  const std::uint32_t residues = gpu::batcher_fused_residues(p);
  const bool strided = residues < (1u << p.unit_shift);
  const double row = double(residues) * element_bytes;
  const double sector_factor =
      strided && row < k_sector_bytes ? k_sector_bytes / row : 1.0;  // bytes fetched per used
  return double(batcher_fused_loaded_wires(p)) * element_bytes * sector_factor +
         double(p.n) * element_bytes + k_dispatch_bytes;
}

// The layers of one merge larger than the tiles, split into groups of consecutive layers at
// least total cost: a shortest path over the merge's log2(merge) layers, each candidate group
// tried with every residue width.
std::vector<gpu::BatcherFusedStep> merge_groups(std::uint32_t n, std::uint64_t merge,
                                                std::uint32_t slots, std::uint32_t element_bytes) {
  const std::uint32_t layers = log2_of(merge);  // layer k (1-based) has stride merge >> k
  std::vector<double> best(layers + 1, std::numeric_limits<double>::infinity());
  std::vector<gpu::BatcherFusedStep> choice(layers + 1);
  best[0] = 0;
  for (std::uint32_t last = 1; last <= layers; ++last) {
    const std::uint64_t stride_lo = merge >> last;
    for (std::uint32_t first = 1; first <= last; ++first) {
      if (best[first - 1] == std::numeric_limits<double>::infinity()) continue;
      const std::uint64_t stride_hi = merge >> first;
      const auto widest =
          static_cast<std::uint32_t>(std::min<std::uint64_t>(stride_lo, k_max_residues));
      for (std::uint32_t residues = 1; residues <= widest; residues *= 2) {
        gpu::BatcherFusedStep p;
        if (!make_group(n, merge, stride_hi, stride_lo, residues, slots, p)) continue;
        const double cost = best[first - 1] + group_cost(p, element_bytes);
        if (cost <= best[last]) {  // ties go to the wider rows
          best[last] = cost;
          choice[last] = p;
        }
      }
    }
  }
  if (best[layers] == std::numeric_limits<double>::infinity())
    throw UsageError("batcher-fused: " + std::to_string(slots) +
                     " shared-memory slots cannot hold a window of 3 keys");
  std::vector<gpu::BatcherFusedStep> groups;
  for (std::uint32_t last = layers; last > 0;) {
    const gpu::BatcherFusedStep& p = choice[last];
    groups.push_back(p);
    last -= log2_of(p.stride_hi / p.stride_lo) + 1;
  }
  std::reverse(groups.begin(), groups.end());
  return groups;
}

std::string layers_text(const gpu::BatcherFusedStep& p) {
  return p.first_layer == p.last_layer ? "layer " + std::to_string(p.first_layer + 1)
                                       : "layers " + std::to_string(p.first_layer + 1) + "-" +
                                             std::to_string(p.last_layer + 1);
}

std::string label_of(const gpu::BatcherFusedStep& p) {
  if (p.merge_lo != p.merge_hi) {
    return "merges " + std::to_string(p.merge_lo) + ".." + std::to_string(p.merge_hi) +
           " in shared memory (" + layers_text(p) + ")";
  }
  const std::string strides =
      p.stride_hi == p.stride_lo
          ? "stride " + std::to_string(p.stride_hi)
          : "strides " + std::to_string(p.stride_hi) + ".." + std::to_string(p.stride_lo);
  const std::string how = p.halo == 0         ? ""
                          : p.unit_shift == 0 ? ", halo windows"
                                              : ", strided windows";
  return "merge " + std::to_string(p.merge_lo) + ", " + strides + how + " (" + layers_text(p) + ")";
}

std::string kind_of(const gpu::BatcherFusedStep& p) {
  if (p.merge_lo != p.merge_hi) return "tiles";
  return p.unit_shift == 0 ? "halo windows" : "strided windows";
}

}  // namespace

std::uint64_t batcher_fused_loaded_wires(const gpu::BatcherFusedStep& p) {
  // Residues r < n mod unit have one j more than the others.
  const std::uint64_t unit = 1ull << p.unit_shift;
  const std::uint64_t blocks = (gpu::batcher_fused_j_count(p) + p.center - 1) / p.center;
  const std::uint64_t longer = p.n % unit;
  const std::uint64_t short_count = p.n / unit;
  return longer * loaded_in_residue(short_count + 1, blocks, p.center, p.halo) +
         (unit - longer) * loaded_in_residue(short_count, blocks, p.center, p.halo);
}

std::uint32_t batcher_fused_register_threads(const SortSpec& spec, const DeviceLimits& limits) {
  const std::uint32_t s = limits.subgroup_size;
  if (spec.key_type == KeyType::u64 || spec.pairs || !spec.disabled.empty() ||
      !limits.subgroup_size_control || s == 0 || (s & (s - 1)) != 0)
    return 0;
  // As many invocations as half the shared memory holds keys for (the exchanges and the window's
  // load and store need a word per register slot): 384 on the H100, whose register slots then
  // fill the same 24 KiB as the stepping path's windows.
  const std::uint32_t words = limits.max_shared_memory / 2u / 4u;
  std::uint32_t threads = std::min(words / gpu::BATCHER_FUSED_REGISTER_KEYS,
                                   std::min<std::uint32_t>(1024, limits.max_workgroup_invocations));
  // Whole subgroups, and a multiple of every residue row count (at most k_max_residues), so an
  // invocation's window slots share one row.
  threads -= threads % std::max(s, k_max_residues);
  if (threads == 0 || threads / s > limits.max_workgroup_subgroups) return 0;
  return threads;
}

std::uint32_t batcher_fused_slots(const SortSpec& spec, const DeviceLimits& limits) {
  // On the register path, every window slot needs a register slot, and the window's first slot
  // may sit up to K - 1 register slots into the first invocation's keys.
  if (const std::uint32_t threads = batcher_fused_register_threads(spec, limits))
    return (threads - 1) * gpu::BATCHER_FUSED_REGISTER_KEYS;
  // Half of what one workgroup may declare, so that two share an SM: on the H100 a workgroup
  // of more than 24 KiB runs alone (its SM's other slots idle through every layer's barrier),
  // and 24 KiB windows took 2^24 u32 keys from 10.55 to 9.52 ms against 48 KiB ones
  // (docs/bench/2026-11-24-h100-speed-9-experiments.txt).
  return limits.max_shared_memory / 2u / (4u * shared_words_per_slot(spec));
}

std::vector<gpu::BatcherFusedStep> batcher_fused_groups(std::uint32_t n, std::uint32_t slots,
                                                        std::uint32_t element_bytes) {
  std::vector<gpu::BatcherFusedStep> groups;
  if (n < 2) return groups;
  if (slots < 4)
    throw UsageError("batcher-fused needs shared memory for at least 4 keys per workgroup");
  const std::uint64_t padded = std::bit_ceil(std::uint64_t(n));
  // Merges up to the tile size close inside aligned tiles: all of them in one dispatch.
  const std::uint64_t tile = std::min<std::uint64_t>(std::bit_floor(slots), padded);
  gpu::BatcherFusedStep tiles{};
  tiles.n = n;
  tiles.merge_lo = 2;
  tiles.merge_hi = static_cast<std::uint32_t>(tile);
  tiles.stride_hi = tiles.stride_lo = 1;
  tiles.first_layer = 0;
  tiles.last_layer = layer_index(tile, 1);
  tiles.residue_groups = 1;
  tiles.center = tiles.window = static_cast<std::uint32_t>(tile);
  groups.push_back(tiles);
  for (std::uint64_t merge = tile * 2; merge <= padded; merge *= 2) {
    for (const gpu::BatcherFusedStep& p : merge_groups(n, merge, slots, element_bytes))
      groups.push_back(p);
  }
  return groups;
}

Plan plan_batcher_fused(const SortSpec& spec, const DeviceLimits& limits) {
  // Wide workgroups: a window holds thousands of keys, each invocation several per layer.
  const std::uint32_t register_threads = batcher_fused_register_threads(spec, limits);
  const std::uint32_t workgroup =
      register_threads != 0 ? register_threads
                            : std::min<std::uint32_t>(512, limits.max_workgroup_invocations);
  Plan plan = network_plan_skeleton("batcher-fused", spec, "batcher_fused.comp",
                                    sizeof(gpu::BatcherFusedStep), workgroup);
  const std::uint32_t slots = batcher_fused_slots(spec, limits);
  // Constants 6, 7 and 8: window slots, the shared words they take (or the register slots, if
  // more), and whether the full-speed pipelines take the register path.
  KernelSpec& kernel = plan.kernels.at(0);
  kernel.constants.push_back(std::max(slots, 1u));
  kernel.constants.push_back(std::max({slots * shared_words_per_slot(spec),
                                       register_threads * gpu::BATCHER_FUSED_REGISTER_KEYS, 1u}));
  kernel.constants.push_back(register_threads != 0 ? 1u : 0u);
  if (register_threads != 0) kernel.required_subgroup_size = limits.subgroup_size;
  kernel.bindings = gpu::FUSED_BINDING_COUNT;
  // Windows read and write wires below n only. Without the driver's bounds checks 2^24 u32 keys
  // took 4.93 ms instead of 5.25 (docs/bench/2026-11-25-h100-speed-13-experiments.txt, run 8).
  kernel.buffer_bounds_checks = false;
  // The second keys and values buffers (batcher_fused_bindings.h): halo steps read one pair and
  // write the other.
  const std::uint32_t other_keys = static_cast<std::uint32_t>(plan.buffers.size());
  plan.buffers.push_back({"keys (second)", plan.buffers[gpu::NETWORK_BINDING_KEYS].bytes, false});
  plan.buffers.push_back(
      {"values (second)", plan.buffers[gpu::NETWORK_BINDING_VALUES].bytes, false});
  std::uint32_t live = gpu::NETWORK_BINDING_KEYS;  // live keys; their values are at live + 1
  const std::uint32_t element_bytes = key_bytes(spec.key_type) + (spec.pairs ? 4u : 0u);
  for (gpu::BatcherFusedStep p : batcher_fused_groups(spec.n, slots, element_bytes)) {
    p.threads = workgroup;
    const GroupCount groups =
        groups_for(std::uint64_t(gpu::batcher_fused_groups(p)) * workgroup, workgroup, limits);
    p.groups_x = groups.x;
    Step& step = add_network_step(plan, label_of(p), push_bytes(p), groups, p);
    step.kind = kind_of(p);
    const std::uint32_t out = p.halo == 0                         ? live
                              : live == gpu::NETWORK_BINDING_KEYS ? other_keys
                                                                  : gpu::NETWORK_BINDING_KEYS;
    step.bindings = {live, live + 1, gpu::NETWORK_BINDING_STATS, gpu::NETWORK_BINDING_MASK,
                     out,  out + 1};
    step.keys_after = out;
    step.values_after = out + 1;
    live = out;
    // Halos are read by two or more workgroups; every real wire is written once (a centre).
    step.bytes_read = batcher_fused_loaded_wires(p) * element_bytes;
    step.bytes_written = std::uint64_t(spec.n) * element_bytes;
  }
  plan.result_keys = live;
  plan.result_values = live + 1;
  if (!plan.steps.empty()) {
    const gpu::BatcherFusedStep first = std::get<gpu::BatcherFusedStep>(plan.steps[0].view);
    // The stepping pipelines always run the windows in shared memory.
    const std::string where = register_threads != 0
                                  ? "in shared memory when stepped, at full speed in registers (" +
                                        std::to_string(gpu::BATCHER_FUSED_REGISTER_KEYS) +
                                        " keys per thread)"
                                  : "in shared memory";
    plan.tiles = "windows of " + std::to_string(slots) + " keys " + where + ", " +
                 std::to_string(workgroup) + " threads, merges up to " +
                 std::to_string(first.merge_hi) + " in aligned tiles";
  }
  return plan;
}

}  // namespace ss
