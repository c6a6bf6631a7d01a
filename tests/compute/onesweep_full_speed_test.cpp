// onesweep's full-speed pipelines move one-word keys with values between passes as 8-byte items
// (RADIX_PAIRS_INTERLEAVED after even passes, RADIX_PAIRS_SPLIT after odd ones) and keep keys
// encoded between the first pass and the last where encoding is not the identity, while the
// Stepper's pipelines leave raw keys and values apart for the views. These tests read what a
// truncated full-speed plan leaves behind, so kernels that ignored those constants fail them.
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

std::uint32_t code(KeyType type) {
  return static_cast<std::uint32_t>(type);
}

struct Layouts {
  std::uint32_t in = 0, out = 0;
  bool operator==(const Layouts&) const = default;
};

// The pair of constants (input's, output's) of each pass step's kernel, in step order.
std::vector<Layouts> pass_constants(const Plan& plan, std::uint32_t in_id, std::uint32_t out_id) {
  std::vector<Layouts> layouts;
  for (const Step& step : plan.steps) {
    const auto* o = std::get_if<gpu::OnesweepStep>(&step.view);
    if (o == nullptr || o->stage != gpu::ONESWEEP_STAGE_PASS) continue;
    const KernelSpec& k = plan.kernels.at(step.kernel);
    layouts.push_back({k.constants[in_id - 1], k.constants[out_id - 1]});
  }
  return layouts;
}
std::vector<Layouts> pass_layouts(const Plan& plan) {
  return pass_constants(plan, gpu::RADIX_SPEC_PAIRS_IN, gpu::RADIX_SPEC_PAIRS_OUT);
}
std::vector<Layouts> pass_encodings(const Plan& plan) {
  return pass_constants(plan, gpu::RADIX_SPEC_KEYS_IN_ENCODED, gpu::RADIX_SPEC_KEYS_OUT_ENCODED);
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
  // (n = 2001 in one tuned tile: the apart plan's largest buffer is the 8 KiB of histograms.)
  DeviceLimits narrow = limits();
  narrow.max_storage_buffer_range = 12000;
  const Plan apart = make_plan("onesweep", SortSpec{2001, KeyType::u32, true, false}, narrow);
  CHECK(plan_fits(apart, narrow));
  for (const Layouts& l : pass_layouts(apart)) CHECK(l == Layouts{A, A});
  CHECK(apart.buffers[gpu::ONESWEEP_BUFFER_KEYS_ALT].bytes == 4u * 2001);
  CHECK(!plan_fits(make_plan("onesweep", SortSpec{2001, KeyType::u32, true, false}, limits()),
                   narrow));
  // Keys alone and u64 pairs stay apart; sorted from smallest to largest, u32 and u64 keys need
  // no encoding, so every pass runs one pass kernel: init, histogram, scan and the pass, and for
  // one-word keys on devices with subgroupPartitionNV the pass's second ranking, which the GPU
  // chooses between.
  for (const auto& [type, pairs] : {std::pair{KeyType::u32, false}, std::pair{KeyType::u64, true},
                                    std::pair{KeyType::u64, false}}) {
    const Plan plan = make_plan("onesweep", SortSpec{1001, type, pairs, false}, limits());
    for (const Layouts& l : pass_layouts(plan)) CHECK(l == Layouts{A, A});
    const bool chooses = type == KeyType::u32 && limits().subgroup_partitioned;
    CHECK(plan.kernels.size() == (chooses ? 5u : 4u));
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
    // u32 keys sorted from smallest to largest are their own encoding.
    const bool encoded = type != KeyType::u32 || descending;
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
        const std::uint32_t key = encoded && pass < 3
                                      ? gpu::encode_key_word(apart.words[i], code(type), descending)
                                      : apart.words[i];
        REQUIRE(item->first == key);
        REQUIRE(item->second == apart.values[i]);
        ++checked;
      }
      CHECK(checked >= n / 2 - 1);
    }
    CHECK(verify_sorted(input, run_plan(plan, input), descending, true).ok);
  }
  test::require_validation_clean();
}

TEST_CASE(
    "onesweep: keys stay encoded between the first pass and the last where encoding is not "
    "the identity",
    "[onesweep][plan]") {
  const std::vector<Layouts> raw(4, Layouts{0, 0});
  const std::vector<Layouts> encoded = {{0, 1}, {1, 1}, {1, 1}, {1, 0}};
  for (const auto& [type, pairs, descending, expected] :
       {std::tuple{KeyType::f32, false, false, encoded},
        std::tuple{KeyType::i32, true, false, encoded},
        std::tuple{KeyType::u32, false, true, encoded}, std::tuple{KeyType::u32, true, false, raw},
        std::tuple{KeyType::u32, false, false, raw}}) {
    INFO(to_string(type) << (pairs ? " pairs" : " keys") << (descending ? " descending" : ""));
    const Plan plan = make_plan("onesweep", SortSpec{5000, type, pairs, descending}, limits());
    CHECK(pass_encodings(plan) == expected);
  }
  // u64 keys encode in every pass (one NOT where descending): not slower so on the H100.
  const Plan u64 = make_plan("onesweep", SortSpec{5000, KeyType::u64, false, true}, limits());
  CHECK(pass_encodings(u64) == std::vector<Layouts>(8, Layouts{0, 0}));
}

TEST_CASE("onesweep: at full speed, keys between passes are encoded, and the fallback reads them",
          "[onesweep][gpu]") {
  for (const auto& [type, descending] :
       {std::pair{KeyType::f32, false}, std::pair{KeyType::i32, true},
        std::pair{KeyType::u32, true}}) {
    INFO(to_string(type) << (descending ? " descending" : ""));
    const std::uint32_t n = 9001;
    const Plan plan = make_plan("onesweep", SortSpec{n, type, false, descending}, limits());
    const KeyArray input = generate_keys(Distribution::random, n, type, 5, false);
    Stepper stepper(test::gpu(), plan, input);
    const std::size_t step = step_of_pass(plan, 1);
    stepper.jump(step + 1);
    const KeyArray raw = stepper.read_current();
    const KeyArray timed = run_plan(truncated(plan, step), input);
    REQUIRE(timed.words.size() == raw.words.size());
    for (std::size_t w = 0; w < raw.words.size(); ++w)
      REQUIRE(timed.words[w] == gpu::encode_key_word(raw.words[w], code(type), descending));
  }
  // A tile that never publishes makes later tiles count it from their input, which is encoded
  // in passes 1 to 3 (and in items, for pairs); with tiles in launch order (this CPU device's
  // plan) and by workgroup index (a GPU's).
  for (const bool cpu : {true, false}) {
    for (const bool pairs : {false, true}) {
      SortSpec spec{64, KeyType::f32, pairs, true};  // 8 teaching tiles of 8 keys
      spec.delayed_tile = 2;
      const KeyArray input = generate_keys(Distribution::random, spec.n, spec.key_type, 3, pairs);
      DeviceLimits device = limits();
      device.cpu = cpu;
      const Plan plan = make_plan("onesweep", spec, device);
      const Verification v = verify_sorted(input, run_plan(plan, input), true, true);
      INFO((pairs ? "pairs: " : "keys: ") << (cpu ? "counter: " : "index: ") << v.message);
      CHECK(v.ok);
    }
  }
  test::require_validation_clean();
}
