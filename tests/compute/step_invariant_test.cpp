#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"
#include "verify/step_invariant.hpp"

using namespace ss;

namespace {

std::uint64_t low_bits_of(std::uint64_t key, std::uint32_t bits) {
  return bits >= 64 ? key : key & ((std::uint64_t(1) << bits) - 1);
}

// The violations of a statement about the keys, counted here from the keys read back (the
// kernel's count must agree), and the neighbouring pairs out of order.
struct HostCount {
  std::uint64_t violations = 0;
  std::uint32_t first = gpu::INVARIANT_NONE;
  std::uint64_t out_of_order = 0;
};

HostCount host_count(const Plan& plan, std::size_t index, const KeyArray& keys) {
  const StepInvariant invariant = step_invariant(plan, index);
  const gpu::InvariantCheck& c = invariant.check;
  const bool descending = plan.spec.descending;
  auto key = [&](std::uint32_t i) { return encoded_key(keys, i, descending); };
  HostCount count;
  auto violation = [&](std::uint32_t i) {
    ++count.violations;
    count.first = std::min(count.first, i);
  };
  for (std::uint32_t i = 0; i + 1 < plan.spec.n; ++i) {
    if (key(i + 1) < key(i)) ++count.out_of_order;
  }
  if (c.mode == gpu::INVARIANT_RUNS) {
    for (std::uint32_t i = 0; i + 1 < plan.spec.n; ++i) {
      if ((i + 1) % c.run_length == 0 && c.run_length < plan.spec.n) continue;
      const std::uint64_t a = low_bits_of(key(i), c.low_bits);
      const std::uint64_t b = low_bits_of(key(i + 1), c.low_bits);
      if (b < a || (c.stable != 0 && a == b && keys.values[i] > keys.values[i + 1])) violation(i);
    }
  } else if (c.mode == gpu::INVARIANT_BATCHER_PAIRS || c.mode == gpu::INVARIANT_BITONIC_PAIRS ||
             c.mode == gpu::INVARIANT_NEIGHBOUR_PAIRS) {
    // The comparators the wire diagram draws for the layer, disabled ones included.
    const Step& step = plan.steps[index];
    std::uint32_t layer = 0;
    for (const Comparator& comparator : step_comparators(step))
      layer = std::max(layer, comparator.layer);
    for (const Comparator& comparator : step_comparators(step)) {
      if (comparator.layer == layer && key(comparator.right) < key(comparator.left)) {
        violation(comparator.left);
      }
    }
  }
  return count;
}

// Steps the plan from `input` to its end; at every step the GPU's verdict must equal the count
// made here from the keys, and (intact plans) hold.
void check_every_step(const Plan& plan, const KeyArray& input, bool intact) {
  const Context& context = test::gpu();
  Stepper stepper(context, plan, input);
  CHECK_FALSE(stepper.last_invariant().has_value());
  while (!stepper.at_end()) {
    stepper.next();
    const std::size_t index = stepper.position() - 1;
    const auto verdict = stepper.last_invariant();
    REQUIRE(verdict.has_value());
    const HostCount expected = host_count(plan, index, stepper.read_current());
    INFO(plan.algorithm << " " << to_string(plan.spec.key_type)
                        << (plan.spec.descending ? " descending" : "")
                        << (plan.spec.pairs ? " pairs" : "") << ", step " << index + 1 << " ("
                        << plan.steps[index].label << "): " << verdict->text << ": "
                        << verdict_text(*verdict));
    CHECK_FALSE(verdict->text.empty());
    CHECK(verdict->out_of_order == expected.out_of_order);
    if (verdict->mode != gpu::INVARIANT_SUM && verdict->mode != gpu::INVARIANT_SCAN &&
        verdict->mode != gpu::INVARIANT_ZEROS) {
      CHECK(verdict->violations == expected.violations);
      CHECK(verdict->first_violation == expected.first);
    }
    if (intact) REQUIRE(verdict->holds);
  }
  // The last step claims the whole statement: sorted.
  const auto last = stepper.last_invariant();
  CHECK(last->text.rfind("the keys are sorted", 0) == 0);
  if (intact) CHECK(last->out_of_order == 0);
}

void check_algorithm(std::string_view algorithm, std::uint32_t n) {
  for (const KeyType type : k_key_types) {
    for (const bool descending : {false, true}) {
      for (const bool pairs : {false, true}) {
        SortSpec spec{n, type, pairs, descending};
        Plan plan = make_plan(algorithm, spec, test::limits());
        if (has_phases(plan)) plan = expand_phases(plan);
        const KeyArray input = generate_keys(
            pairs ? Distribution::few_unique : Distribution::random, n, type, 5 + n, pairs);
        check_every_step(plan, input, true);
      }
    }
  }
  test::require_validation_clean();
}

}  // namespace

TEST_CASE("invariants: every step of batcher, batcher-fused and bitonic holds what it claims",
          "[invariant][gpu]") {
  check_algorithm("batcher", 37);
  check_algorithm("batcher-fused", 300);
  check_algorithm("bitonic", 37);
}

TEST_CASE("invariants: every pass of transposition holds what it claims", "[invariant][gpu]") {
  check_algorithm("transposition", 23);
}

TEST_CASE("invariants: every step of radix4 and onesweep holds what it claims",
          "[invariant][gpu]") {
  check_algorithm("radix4", 70);
  check_algorithm("onesweep", 70);
}

TEST_CASE("invariants: every step and blocksort phase of mergesort holds what it claims",
          "[invariant][gpu]") {
  check_algorithm("mergesort", 150);
}

TEST_CASE("invariants: a disabled comparator fails the statement of the layer it was taken from",
          "[invariant][gpu]") {
  // Batcher on 8 reversed keys, comparator 1 of layer 1 (wires 0 and 1) taken out: layer 1 leaves
  // that pair out of order, and the merges of 2 fail at that same step.
  for (const std::string_view algorithm : {"batcher", "bitonic", "transposition"}) {
    SortSpec spec{8, KeyType::u32, false, false};
    spec.disabled = {{0, 0}};
    const Plan plan = make_plan(algorithm, spec, test::limits());
    const KeyArray input = generate_keys(Distribution::reverse, 8, KeyType::u32, 1, false);
    INFO(algorithm);
    check_every_step(plan, input, false);
    Stepper stepper(test::gpu(), plan, input);
    stepper.next();
    const auto first = stepper.last_invariant();
    REQUIRE(first.has_value());
    CHECK_FALSE(first->holds);
    CHECK(first->violations == 1);
    CHECK(first->first_violation == 0);
    CHECK(verdict_text(*first) == "fails: 1 violation, the first at position 0");
    // Batcher's later layers never repair that pair: the end is not sorted either. (Bitonic's
    // do for this input, so its final statement holds.)
    stepper.jump(stepper.step_count());
    if (algorithm == "batcher") CHECK_FALSE(stepper.last_invariant()->holds);
  }
  // A comparator of a later layer: the steps before it hold, its own fails.
  SortSpec spec{16, KeyType::u32, false, false};
  spec.disabled = {{3, 0}};
  const Plan plan = make_plan("batcher", spec, test::limits());
  const KeyArray input = generate_keys(Distribution::reverse, 16, KeyType::u32, 1, false);
  Stepper stepper(test::gpu(), plan, input);
  for (int step = 1; step <= 3; ++step) {
    stepper.next();
    CHECK(stepper.last_invariant()->holds);
  }
  stepper.next();
  CHECK_FALSE(stepper.last_invariant()->holds);
  test::require_validation_clean();
}
