// Long plans run as several submissions (plan/submission_split.hpp), a step in parts where it is
// long alone: the result must not depend on where the plan was cut.
#include <catch2/catch.hpp>

#include <chrono>

#include <cstdlib>
#include <string>
#include <vector>

#include "algorithms/algorithm.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "plan/submission_split.hpp"
#include "platform/this_process.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

// Every submission as small as the splitter allows: one unit of workgroups per part.
struct TinySubmissions {
  TinySubmissions() { platform::set_environment_variable("SORTSCOPE_SUBMISSION_MS", "0.000001"); }
  ~TinySubmissions() { platform::unset_environment_variable("SORTSCOPE_SUBMISSION_MS"); }
};

const char* const k_algorithms[] = {"batcher",   "batcher-fused", "bitonic", "transposition",
                                    "mergesort", "radix4",        "onesweep"};

}  // namespace

TEST_CASE("submission split: the parts cover every step's workgroups once, in order", "[split]") {
  Plan plan;
  plan.kernels.resize(2);
  plan.kernels[1].splittable = false;
  auto step = [](std::uint32_t kernel, GroupCount groups) {
    Step s;
    s.kernel = kernel;
    s.groups = groups;
    return s;
  };
  plan.steps = {step(0, {10, 1, 1}), step(0, {7, 3, 1}), step(1, {5, 1, 1}), step(0, {0, 1, 1}),
                step(0, {300, 1, 1})};
  for (const double budget : {1e-9, 0.5, 1e9}) {
    SubmissionSplitter splitter(plan, budget);
    StepCursor cursor;
    std::vector<std::uint32_t> covered(plan.steps.size(), 0);
    std::size_t submissions = 0;
    while (cursor.step < plan.steps.size()) {
      const auto parts = splitter.next(cursor, plan.steps.size());
      REQUIRE(!parts.empty());
      ++submissions;
      std::vector<double> ms;
      for (const StepPart& part : parts) {
        INFO("budget " << budget << " step " << part.step);
        CHECK(part.first == covered[part.step]);  // in order, nothing skipped or repeated
        covered[part.step] += part.count;
        if (!step_splittable(plan, plan.steps[part.step])) {
          CHECK(part.count == step_units(plan.steps[part.step]));
        }
        ms.push_back(0.01 * double(part.count) * double(groups_per_unit(plan.steps[part.step])));
      }
      splitter.learn_each(parts, ms);
    }
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
      CHECK(covered[i] == step_units(plan.steps[i]));
    }
    // 0.01 ms a workgroup: 0.1 + 0.21 + 0.05 + 3 ms in all.
    CHECK(splitter.estimate_ms(0, plan.steps.size()) == Approx(3.36));
    if (budget > 1e6) CHECK(submissions == 4);  // each untimed kernel alone first, then the rest
    if (budget < 1e-6) CHECK(submissions > 300);
  }
}

TEST_CASE("submission split: a plan run in parts sorts bit for bit as one submission does",
          "[split][gpu]") {
  const Context& context = test::gpu();
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  for (const char* algorithm : k_algorithms) {
    for (const bool pairs : {false, true}) {
      INFO(algorithm << (pairs ? " pairs" : " keys"));
      const std::uint32_t n = 3000;
      const KeyType type = pairs ? KeyType::u32 : KeyType::u64;
      const KeyArray input = generate_keys(Distribution::random, n, type, 7, pairs);
      const Plan plan = make_plan(algorithm, {n, type, pairs, false}, limits);

      Runner whole(context, plan);
      whole.set_input(input);
      const RunTiming first = whole.run();
      const RunTiming again = whole.run();
      // Timed by the first run: one command buffer where that is well within the bound (a
      // transposition sort's 3000 steps need not be on a busy lavapipe).
      if (first.total_ms < whole_run_limit_ms(submission_budget_ms()) / 4) {
        CHECK(again.submissions == 1);
      }
      const KeyArray expected = whole.result();

      TinySubmissions tiny;
      Runner split(context, plan);
      split.set_input(input);
      const RunTiming timing = split.run();
      CHECK(timing.submissions >= plan.steps.size());  // at least one a step
      CHECK(timing.step_ms.size() == plan.steps.size());
      const KeyArray got = split.result();
      CHECK(got.words == expected.words);
      CHECK(got.values == expected.values);

      // Stepped: a jump to the end in parts, then back to the middle (from the input again).
      Stepper stepper(context, plan, input);
      stepper.jump(stepper.step_count());
      CHECK(stepper.read_current().words == expected.words);
      CHECK(stepper.read_current().values == expected.values);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("submission split: swap counts of a network layer run in parts are the whole layer's",
          "[split][gpu]") {
  const Context& context = test::gpu();
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const std::uint32_t n = 4096;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 5, false);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false}, limits);
  Stepper whole(context, plan, input);
  std::vector<StepStats> stats;
  std::vector<KeyArray> keys;
  while (!whole.at_end()) {
    whole.next();
    stats.push_back(whole.last_stats());
    keys.push_back(whole.read_current());
  }
  TinySubmissions tiny;
  Stepper parts(context, plan, input);
  for (std::size_t i = 0; i < stats.size(); ++i) {
    parts.next();
    INFO("step " << i);
    CHECK(parts.last_stats().swaps == stats[i].swaps);
    CHECK(parts.last_stats().comparisons == stats[i].comparisons);
    CHECK(parts.read_current().words == keys[i].words);
  }
  test::require_validation_clean();
}

TEST_CASE(
    "submission split: a jump cut by its time budget or an interrupt goes on where it stopped",
    "[split][gpu]") {
  // The app advances its stepper for about a frame at a time, and Cancel or Ctrl-C may stop it
  // between any two submissions, midway through a step too: going on from there must give the
  // keys an uncut jump gives, and going back must start again from the input.
  const Context& context = test::gpu();
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  for (const char* algorithm : {"batcher", "mergesort", "onesweep"}) {
    INFO(algorithm);
    const std::uint32_t n = 5000;
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 9, true);
    const Plan plan = make_plan(algorithm, {n, KeyType::u32, true, false}, limits);
    Stepper whole(context, plan, input);
    const std::size_t middle = whole.step_count() / 2;
    whole.jump(middle);
    const KeyArray at_middle = whole.read_current();
    whole.jump(whole.step_count());
    const KeyArray at_end = whole.read_current();

    TinySubmissions tiny;
    Stepper cut(context, plan, input);
    std::size_t calls = 0;
    bool mid_step_seen = false;
    while (!cut.advance(cut.step_count(), std::chrono::milliseconds(0))) {
      ++calls;
      mid_step_seen |= cut.mid_step();
      REQUIRE(calls < 100000);
    }
    CHECK(calls >= plan.steps.size() - 1);  // one submission a call, at least one a step
    // batcher's layers are many units each at this n and were cut midway (the others' steps
    // here are a few workgroups, one unit).
    if (std::string(algorithm) == "batcher") CHECK(mid_step_seen);
    CHECK(cut.read_current().words == at_end.words);
    CHECK(cut.read_current().values == at_end.values);

    // Back to the middle, interrupted after a few submissions, then on to the middle.
    cut.advance(0, std::chrono::milliseconds(0));
    for (int i = 0; i < 3; ++i) cut.advance(middle, std::chrono::milliseconds(0));
    request_interrupt();
    CHECK_THROWS_AS(cut.advance(middle, std::chrono::hours(1)), Interrupted);
    clear_interrupt();
    CHECK(cut.position() <= middle);
    cut.jump(middle);
    CHECK(!cut.mid_step());
    CHECK(cut.read_current().words == at_middle.words);
    CHECK(cut.read_current().values == at_middle.values);
    // Back one step from a position reached in parts: from the input again.
    cut.back();
    cut.next();
    CHECK(cut.read_current().words == at_middle.words);
  }
  test::require_validation_clean();
}
