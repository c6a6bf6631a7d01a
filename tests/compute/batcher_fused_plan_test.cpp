// batcher-fused on the host: the plan, the window math and the network it runs (the same as
// batcher's, layer for layer). The GPU side is in batcher_fused_test.cpp.
#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/batcher_fused.hpp"
#include "algorithms/network_facts.hpp"
#include "algorithms/network_plan.hpp"
#include "baseline/cpu_sort.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

// Limits as if the device had `bytes` of shared memory, so merges above a few hundred keys go
// through halo and strided windows even at small n.
DeviceLimits with_shared(DeviceLimits limits, std::uint32_t bytes) {
  limits.max_shared_memory = bytes;
  return limits;
}

DeviceLimits small_shared() {
  return with_shared(DeviceLimits{}, 1024);
}

SortSpec spec_of(std::uint32_t n, KeyType type = KeyType::u32, bool pairs = false,
                 bool descending = false) {
  return SortSpec{n, type, pairs, descending};
}

gpu::BatcherFusedStep fused(const Step& step) {
  return std::get<gpu::BatcherFusedStep>(step.view);
}

using Wires = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;  // layer, left, right

// The plan's comparators by layer, from step_comparators.
std::set<Wires> comparators_of(const Plan& plan) {
  std::set<Wires> out;
  for (const Step& step : plan.steps) {
    for (const Comparator& c : step_comparators(step)) out.insert({c.layer, c.left, c.right});
  }
  return out;
}

// One fused step on the host, exactly as the kernel runs it (through the header's window
// functions): per workgroup, load the window, run the covered layers' candidate comparators
// (all with both wires inside), write back the centre. u32 keys, ascending. The comparators run
// with their left wire in a centre (each counted once, as the statistics do) go to
// `centre_comparators`.
std::vector<std::uint32_t> run_step_on_host(const gpu::BatcherFusedStep& p,
                                            const std::vector<std::uint32_t>& in,
                                            std::set<Wires>& centre_comparators) {
  std::vector<std::uint32_t> out = in;
  const std::uint32_t slots = gpu::batcher_fused_slots(p);
  for (std::uint32_t group = 0; group < gpu::batcher_fused_groups(p); ++group) {
    std::vector<std::uint32_t> window(slots, 0);
    std::vector<std::uint32_t> wire_of(slots, 0);
    std::vector<bool> real(slots, false);
    for (std::uint32_t w = 0; w < slots; ++w) {
      real[w] = gpu::batcher_fused_wire(p, group, w, wire_of[w]);
      if (real[w]) window[w] = in[wire_of[w]];
    }
    const std::uint32_t first_residue = gpu::batcher_fused_first_residue(p, group);
    const std::uint32_t first_j = gpu::batcher_fused_first_j(p, group);
    for (std::uint32_t layer = p.first_layer; layer <= p.last_layer; ++layer) {
      const gpu::BatcherLayer l = gpu::batcher_layer_at(p.n, layer);
      const std::uint32_t s = l.stride;
      std::uint32_t begin = 0, end = 0;
      gpu::batcher_fused_left_range(p, first_j, l, begin, end);
      for (std::uint32_t t = 0; t < ((end - begin) << p.residue_shift); ++t) {
        std::uint32_t wire = 0, w = 0;
        if (!gpu::batcher_fused_candidate(p, first_residue, first_j, l, begin, t, wire, w))
          continue;
        const std::uint32_t partner = gpu::batcher_fused_partner_slot(p, w, s);
        REQUIRE(real[w]);
        REQUIRE(wire_of[w] == wire);
        REQUIRE(partner < slots);
        REQUIRE(real[partner]);
        REQUIRE(wire_of[partner] == wire + s);
        if (window[partner] < window[w]) std::swap(window[w], window[partner]);
        if (gpu::batcher_fused_in_center(p, w)) {
          centre_comparators.insert({layer, wire, wire + s});
          CHECK(gpu::batcher_fused_invocation_of(p, l, wire) == group * p.threads + t % p.threads);
        }
      }
    }
    for (std::uint32_t w = 0; w < slots; ++w)
      if (real[w] && gpu::batcher_fused_in_center(p, w)) out[wire_of[w]] = window[w];
  }
  return out;
}

// Plain batcher's layers first..last on the host, from its own step_comparators.
std::vector<std::uint32_t> run_layers_on_host(const Plan& batcher, std::uint32_t first,
                                              std::uint32_t last, std::vector<std::uint32_t> keys) {
  for (std::uint32_t layer = first; layer <= last; ++layer) {
    for (const Comparator& c : step_comparators(batcher.steps[layer]))
      if (keys[c.right] < keys[c.left]) std::swap(keys[c.left], keys[c.right]);
  }
  return keys;
}

std::vector<std::uint32_t> random_words(std::uint32_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint32_t> keys(n);
  for (auto& k : keys) k = rng() % 1000;
  return keys;
}

}  // namespace

TEST_CASE("batcher-fused: a step walks its layers from its first one, as batcher numbers them",
          "[batcher-fused]") {
  auto same = [](const gpu::BatcherLayer& a, const gpu::BatcherLayer& b) {
    return std::tie(a.n, a.stride, a.stride_shift, a.inner_remainder, a.inner_last_idx,
                    a.merge_size, a.layer) == std::tie(b.n, b.stride, b.stride_shift,
                                                       b.inner_remainder, b.inner_last_idx,
                                                       b.merge_size, b.layer);
  };
  const std::uint32_t big = (1u << 24) + 3u;  // 25 merges, 325 layers
  gpu::BatcherLayer walked = gpu::batcher_layer_at(big, 0);
  for (std::uint32_t layer = 1; layer < 325; ++layer) {
    walked = gpu::batcher_next_layer(walked);
    INFO("layer " << layer);
    REQUIRE(same(walked, gpu::batcher_layer_at(big, layer)));
  }
  // What the kernel starts from: each step's first layer, from its push constants.
  for (const DeviceLimits& limits : {DeviceLimits{}, small_shared(), with_shared({}, 256)}) {
    for (std::uint32_t n : {5u, 4097u, 65539u, 1u << 18}) {
      for (const Step& step : make_plan("batcher-fused", spec_of(n), limits).steps) {
        const auto& p = std::get<gpu::BatcherFusedStep>(step.view);
        INFO("n = " << n << ", shared " << limits.max_shared_memory << ": " << step.label);
        CHECK(same(gpu::batcher_layer_of(p.n, p.merge_lo, p.stride_hi, p.first_layer),
                   gpu::batcher_layer_at(p.n, p.first_layer)));
      }
    }
  }
}

TEST_CASE("batcher-fused: steps cover batcher's layers in order, each once", "[batcher-fused]") {
  for (const DeviceLimits& limits : {DeviceLimits{}, small_shared(), with_shared({}, 256)}) {
    for (std::uint32_t n : {2u, 3u, 5u, 16u, 1000u, 4096u, 4097u, 65539u, 1u << 18}) {
      const Plan batcher = make_plan("batcher", spec_of(n), limits);
      const Plan plan = make_plan("batcher-fused", spec_of(n), limits);
      INFO("n = " << n << ", shared " << limits.max_shared_memory);
      std::uint32_t next = 0;
      for (const Step& step : plan.steps) {
        const LayerRange range = step_layers(step);
        REQUIRE(range.first == next);
        REQUIRE(range.count >= 1);
        next += range.count;
        CHECK(step.label.find("layer") != std::string::npos);
      }
      CHECK(next == batcher.steps.size());
      CHECK(network_layer_count(plan) == batcher.steps.size());
    }
  }
  CHECK(make_plan("batcher-fused", spec_of(0), {}).steps.empty());
  CHECK(make_plan("batcher-fused", spec_of(1), {}).steps.empty());
}

TEST_CASE("batcher-fused: the same comparators in the same layers as batcher, same facts",
          "[batcher-fused][network][facts]") {
  for (const DeviceLimits& limits : {DeviceLimits{}, small_shared(), with_shared({}, 256)}) {
    for (std::uint32_t n : {2u, 3u, 7u, 16u, 33u, 100u, 1000u, 4097u}) {
      const Plan batcher = make_plan("batcher", spec_of(n), limits);
      const Plan plan = make_plan("batcher-fused", spec_of(n), limits);
      INFO("n = " << n << ", shared " << limits.max_shared_memory);
      CHECK(comparators_of(plan) == comparators_of(batcher));
      // Each fused step's comparators are exactly those of the batcher steps it covers.
      for (const Step& step : plan.steps) {
        const LayerRange range = step_layers(step);
        std::set<Wires> expected, got;
        for (std::uint32_t layer = range.first; layer < range.first + range.count; ++layer) {
          for (const Comparator& c : step_comparators(batcher.steps[layer]))
            expected.insert({c.layer, c.left, c.right});
        }
        for (const Comparator& c : step_comparators(step)) got.insert({c.layer, c.left, c.right});
        CHECK(got == expected);
      }
      const NetworkFacts a = network_facts(batcher), b = network_facts(plan);
      CHECK(a.comparators == b.comparators);
      CHECK(a.depth == b.depth);
    }
  }
}

TEST_CASE("batcher-fused: with 1 KiB of shared memory merges go through halo and strided windows",
          "[batcher-fused]") {
  const Plan plan = make_plan("batcher-fused", spec_of(65539), small_shared());
  std::map<std::string, int> kinds;
  for (const Step& step : plan.steps) ++kinds[step.kind];
  CHECK(kinds["tiles"] == 1);
  CHECK(kinds.size() == 3);
  CHECK(kinds["halo windows"] > 0);
  CHECK(kinds["strided windows"] > 0);
  // Windows fit half the 1 KiB (two workgroups share a multiprocessor): 128 u32 keys, or 42 u64
  // keys with their values.
  CHECK(batcher_fused_slots(spec_of(65539), small_shared()) == 128);
  CHECK(batcher_fused_slots(spec_of(65539, KeyType::u64, true), small_shared()) == 42);
  for (const Step& step : plan.steps) CHECK(gpu::batcher_fused_slots(fused(step)) <= 128);
}

TEST_CASE("batcher-fused: loaded-wire count matches the windows' real wires", "[batcher-fused]") {
  for (std::uint32_t n : {5u, 1000u, 4097u, 20000u}) {
    const Plan plan = make_plan("batcher-fused", spec_of(n), small_shared());
    for (const Step& step : plan.steps) {
      const gpu::BatcherFusedStep p = fused(step);
      std::uint64_t real = 0, centre = 0;
      for (std::uint32_t group = 0; group < gpu::batcher_fused_groups(p); ++group) {
        for (std::uint32_t w = 0; w < gpu::batcher_fused_slots(p); ++w) {
          std::uint32_t wire = 0;
          if (!gpu::batcher_fused_wire(p, group, w, wire)) continue;
          ++real;
          if (gpu::batcher_fused_in_center(p, w)) {
            ++centre;
            CHECK(gpu::batcher_fused_group_of(p, wire) == group);
            CHECK(gpu::batcher_fused_slot_of(p, wire) == w);
          }
        }
      }
      INFO(step.label);
      CHECK(real == batcher_fused_loaded_wires(p));
      CHECK(centre == n);  // every real wire written back exactly once
      CHECK(step.bytes_read == real * 4);
      CHECK(step.bytes_written == std::uint64_t(n) * 4);
    }
  }
}

// The host run of each step (the kernel's window functions) equals batcher's layers, and the
// comparators it counts are the step's.
TEST_CASE("batcher-fused: windows run exactly batcher's layers", "[batcher-fused]") {
  for (std::uint32_t n : {1000u, 5003u}) {
    const Plan batcher = make_plan("batcher", spec_of(n), small_shared());
    const Plan plan = make_plan("batcher-fused", spec_of(n), small_shared());
    std::vector<std::uint32_t> keys = random_words(n, 7);
    for (const Step& step : plan.steps) {
      const gpu::BatcherFusedStep p = fused(step);
      const std::vector<std::uint32_t> expected =
          run_layers_on_host(batcher, p.first_layer, p.last_layer, keys);
      INFO(step.label);
      std::set<Wires> centre;
      REQUIRE(run_step_on_host(p, keys, centre) == expected);
      std::set<Wires> shown;
      for (const Comparator& c : step_comparators(step)) shown.insert({c.layer, c.left, c.right});
      CHECK(centre == shown);
      keys = expected;
    }
    CHECK(std::is_sorted(keys.begin(), keys.end()));
  }
}

// The halo is exactly as wide as it must be. Through the step's comparators, the lowest and
// highest input wire each wire's key can come from: every centre wire's must lie in its window
// (enough halo), and the farthest any key can come from, over all wires, is exactly the halo in
// j (a window one wire narrower fails the centre wire that sits where that farthest reach is).
TEST_CASE("batcher-fused: halos are exactly the comparators' reach", "[batcher-fused]") {
  for (const DeviceLimits& limits : {small_shared(), with_shared({}, 4096)}) {
    const std::uint32_t n = 20011;
    const Plan plan = make_plan("batcher-fused", spec_of(n), limits);
    int haloed = 0;
    for (const Step& step : plan.steps) {
      const gpu::BatcherFusedStep p = fused(step);
      std::vector<std::uint32_t> lowest(n), highest(n);
      for (std::uint32_t i = 0; i < n; ++i) lowest[i] = highest[i] = i;
      for (const Comparator& c : step_comparators(step)) {  // layer by layer
        lowest[c.left] = lowest[c.right] = std::min(lowest[c.left], lowest[c.right]);
        highest[c.left] = highest[c.right] = std::max(highest[c.left], highest[c.right]);
      }
      std::uint32_t reach = 0;  // in j
      for (std::uint32_t wire = 0; wire < n; ++wire) {
        const std::uint32_t group = gpu::batcher_fused_group_of(p, wire);
        // Window rows in j + halo: [first_j, first_j + window).
        const std::int64_t first = gpu::batcher_fused_first_j(p, group);
        const std::int64_t low = std::int64_t(lowest[wire] >> p.unit_shift) + p.halo;
        const std::int64_t high = std::int64_t(highest[wire] >> p.unit_shift) + p.halo;
        INFO(step.label << ", wire " << wire);
        REQUIRE(low >= first);
        REQUIRE(high < first + p.window);
        reach = std::max(
            {reach, (wire - lowest[wire]) >> p.unit_shift, (highest[wire] - wire) >> p.unit_shift});
      }
      if (p.halo > 0) {
        ++haloed;
        INFO(step.label);
        CHECK(reach == p.halo);
      }
    }
    CHECK(haloed > 5);
  }
}

// Figures of the plan at n = 2^24 u32 keys with 48 KiB of shared memory (an H100's default):
// 6144-key windows (half of it), merges up to 4096 in one tile step (78 layers), then the 12
// larger merges' layers in 30 halo and strided window groups: 31 dispatches instead of batcher's
// 300.
TEST_CASE("batcher-fused: n = 2^24 u32 with 48 KiB shared memory takes about 30 passes",
          "[batcher-fused]") {
  const std::uint32_t n = 1u << 24;
  const DeviceLimits limits = with_shared(DeviceLimits{}, 48 * 1024);
  const Plan plan = make_plan("batcher-fused", spec_of(n), limits);
  const Plan batcher = make_plan("batcher", spec_of(n), limits);
  std::uint64_t read = 0, written = 0, batcher_read = 0;
  for (const Step& step : plan.steps) {
    read += step.bytes_read;
    written += step.bytes_written;
  }
  for (const Step& step : batcher.steps) batcher_read += step.bytes_read;
  INFO("passes " << plan.steps.size() << ", read " << read << ", written " << written);
  CHECK(batcher.steps.size() == 300);
  CHECK(plan.steps.size() == 31);
  CHECK(read < batcher_read / 5);
  CHECK(written == plan.steps.size() * std::uint64_t(n) * 4);
}
