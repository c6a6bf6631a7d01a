// onesweep's full-speed pipelines move one-word keys with values between passes as 8-byte items
// (RADIX_PAIRS_INTERLEAVED after even passes, RADIX_PAIRS_SPLIT after odd ones), while the
// Stepper's keep them apart for the views. These tests read the items a truncated full-speed plan
// leaves behind, so a kernel that ignored its layout constants would fail them.
#include <catch2/catch.hpp>

#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "algorithms/algorithm.hpp"
#include "algorithms/onesweep.hpp"
#include "baseline/cpu_sort.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

using ss::test::limits;
using ss::test::run_plan;

struct Layouts {
  std::uint32_t in = 0, out = 0;
  bool operator==(const Layouts&) const = default;
};

// The layouts of each pass step's kernel, in step order.
std::vector<Layouts> pass_layouts(const Plan& plan) {
  std::vector<Layouts> layouts;
  for (const Step& step : plan.steps) {
    const auto* o = std::get_if<gpu::OnesweepStep>(&step.view);
    if (o == nullptr || o->stage != gpu::ONESWEEP_STAGE_PASS) continue;
    const KernelSpec& k = plan.kernels.at(step.kernel);
    layouts.push_back(
        {k.constants[gpu::RADIX_SPEC_PAIRS_IN - 1], k.constants[gpu::RADIX_SPEC_PAIRS_OUT - 1]});
  }
  return layouts;
}

// The plan up to and including its step `last`, its result read from that step's output
// buffers (as words: items are not keys and values apart there).
Plan truncated(Plan plan, std::size_t last) {
  plan.steps.resize(last + 1);
  plan.result_keys = plan.steps.back().keys_after;
  plan.result_values = plan.steps.back().values_after;
  return plan;
}

std::size_t step_of_pass(const Plan& plan, std::uint32_t pass) {
  for (std::size_t s = 0; s < plan.steps.size(); ++s) {
    const auto* o = std::get_if<gpu::OnesweepStep>(&plan.steps[s].view);
    if (o != nullptr && o->stage == gpu::ONESWEEP_STAGE_PASS && o->pass == pass) return s;
  }
  FAIL("no pass " << pass);
  return 0;
}

// Key and value of item i after pass `pass` of a truncated full-speed plan (truncated), where
// the n words read back from each of its output buffers hold them.
std::optional<std::pair<std::uint32_t, std::uint32_t>> timed_item(const KeyArray& timed,
                                                                  std::uint32_t pass,
                                                                  std::uint32_t i,
                                                                  std::uint32_t n) {
  if (pass == 3) return std::pair{timed.words[i], timed.values[i]};  // apart, buffers 0 and 1
  // Interleaved in buffer 2 (read back as keys), or split: items [0, first) in buffer 0, the
  // rest in buffer 1.
  const std::uint32_t first = gpu::radix_split_items(n);
  const bool in_keys = pass % 2 == 0 || i < first;
  const std::uint32_t j = pass % 2 == 0 || i < first ? i : i - first;
  const std::vector<std::uint32_t>& words = in_keys ? timed.words : timed.values;
  if (2 * j + 1 >= n) return std::nullopt;
  return std::pair{words[2 * j], words[2 * j + 1]};
}

}  // namespace

TEST_CASE("onesweep: one-word pairs go apart -> interleaved -> split -> interleaved -> apart",
          "[onesweep][plan]") {
  constexpr auto A = gpu::RADIX_PAIRS_APART, I = gpu::RADIX_PAIRS_INTERLEAVED,
                 S = gpu::RADIX_PAIRS_SPLIT;
  for (KeyType type : {KeyType::u32, KeyType::i32, KeyType::f32}) {
    const Plan plan = make_plan("onesweep", SortSpec{1001, type, true, false}, limits());
    CHECK(pass_layouts(plan) == std::vector<Layouts>{{A, I}, {I, S}, {S, I}, {I, A}});
    CHECK(plan.kernels.size() == 7);  // init, histogram, scan and a pass kernel per layout pair
    // Buffer 2 holds n items; buffers 0 and 1 half of them each, buffer 0 the odd one.
    CHECK(plan.buffers[gpu::ONESWEEP_BUFFER_KEYS_ALT].bytes == 8u * 1001);
    CHECK(plan.buffers[gpu::ONESWEEP_BUFFER_KEYS].bytes == 8u * 501);
    CHECK(plan.buffers[gpu::ONESWEEP_BUFFER_VALUES].bytes >= 8u * 500);
  }
  // Where a buffer of n items would pass the device's storage-buffer range, pairs stay apart.
  DeviceLimits narrow = limits();
  narrow.max_storage_buffer_range = 6u * 1001;
  const Plan apart = make_plan("onesweep", SortSpec{1001, KeyType::u32, true, false}, narrow);
  for (const Layouts& l : pass_layouts(apart)) CHECK(l == Layouts{A, A});
  CHECK(apart.buffers[gpu::ONESWEEP_BUFFER_KEYS_ALT].bytes == 4u * 1001);
  // Keys alone and u64 pairs stay apart, in one pass kernel.
  for (const auto& [type, pairs] : {std::pair{KeyType::u32, false}, std::pair{KeyType::u64, true},
                                    std::pair{KeyType::u64, false}}) {
    const Plan plan = make_plan("onesweep", SortSpec{1001, type, pairs, false}, limits());
    for (const Layouts& l : pass_layouts(plan)) CHECK(l == Layouts{A, A});
    CHECK(plan.kernels.size() == 4);
  }
}

TEST_CASE("onesweep: at full speed, one-word pairs leave each pass as the items its layout says",
          "[onesweep][gpu]") {
  // n odd and even; tuned tiles (staged in parts) and teaching or smaller tiles (staged at once).
  for (const auto& [n, tile_keys, type, descending] :
       {std::tuple{10007u, k_tile_keys_auto, KeyType::u32, false},
        std::tuple{4100u, 300u, KeyType::f32, true},
        std::tuple{201u, k_tile_keys_auto, KeyType::i32, false}}) {
    SortSpec spec{n, type, true, descending};
    spec.tile_keys = tile_keys;
    const Plan plan = make_plan("onesweep", spec, limits());
    const KeyArray input = generate_keys(Distribution::random, n, type, n, true);
    Stepper stepper(test::gpu(), plan, input);
    for (std::uint32_t pass = 0; pass < 4; ++pass) {
      INFO("n=" << n << " " << to_string(type) << " pass " << pass);
      const std::size_t step = step_of_pass(plan, pass);
      stepper.jump(step + 1);
      const KeyArray apart = stepper.read_current();  // the Stepper's pipelines: apart
      const KeyArray timed = run_plan(truncated(plan, step), input);
      std::uint32_t checked = 0;
      for (std::uint32_t i = 0; i < n; ++i) {
        const auto item = timed_item(timed, pass, i, n);
        if (!item) continue;
        REQUIRE(item->first == apart.words[i]);
        REQUIRE(item->second == apart.values[i]);
        ++checked;
      }
      CHECK(checked >= n / 2 - 1);
    }
    CHECK(verify_sorted(input, run_plan(plan, input), descending, true).ok);
  }
  test::require_validation_clean();
}
