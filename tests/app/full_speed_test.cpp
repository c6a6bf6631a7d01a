// The full-speed model shared by `bench` and the app: the per-kernel breakdown, the sweep engine
// and its worker thread (cancel), and the check of the app's sweep screenshot under Xvfb.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <string>
#include <thread>

#include <stb_image.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "common/bench_model.hpp"
#include "common/sweep.hpp"
#include "input/distributions.hpp"
#include "support/gpu.hpp"

using namespace ss;

TEST_CASE("the per-kernel breakdown adds up to the run's total", "[fullspeed]") {
  const Context& context = test::gpu();
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  for (const char* name : {"onesweep", "radix4", "mergesort", "batcher"}) {
    INFO(name);
    const Plan plan = make_plan(name, SortSpec{1u << 12, KeyType::u32, true, false}, limits);
    const KeyArray input = generate_keys(Distribution::random, 1u << 12, KeyType::u32, 3, true);
    int calls = 0;
    const TimedPlan timed = time_plan(context, plan, input, 1, 3, [&](int) { ++calls; });
    // One call per run: 1 warm-up (more until k_min_warmup_ms of GPU work), then 3 timed.
    CHECK(calls >= 4);
    REQUIRE(timed.runs.size() == 3);
    const BenchRow row = gpu_row(plan, timed, true);
    REQUIRE(!row.step_kinds.empty());
    double ms = 0, share = 0;
    std::uint64_t bytes = 0;
    std::size_t steps = 0;
    for (const StepKindTime& k : row.step_kinds) {
      ms += k.ms;
      share += k.share;
      bytes += k.bytes;
      steps += k.steps;
      CHECK(k.ms >= 0);
    }
    CHECK(ms == Approx(row.ms).epsilon(1e-6));
    CHECK(share == Approx(1.0).epsilon(1e-6));
    CHECK(bytes == row.bytes_moved.value());
    CHECK(steps == plan.steps.size());
    CHECK(row.ms <= timed.runs[timed.median].total_ms + 1e-12);
    CHECK(row.ms_min.value() <= row.ms);
    // Kinds in the order they first appear in the plan.
    CHECK(row.step_kinds.front().kind ==
          (plan.steps.front().kind.empty() ? plan.steps.front().label : plan.steps.front().kind));
  }
  test::require_validation_clean();
}

TEST_CASE("a sweep times every configuration, verifies it and derives the speed-ups",
          "[fullspeed]") {
  SweepRequest request;
  request.impls = {"batcher", "transposition", k_std_sort, k_std_sort_par};
  request.types = {KeyType::u32};
  request.reps = 2;
  request.warmup = 1;
  request.sizes = {1u << 8, 1u << 9};
  std::atomic<bool> cancel{false};
  SweepProgress progress;
  const SweepResult result = run_sweep(test::gpu(), request, cancel, &progress);
  CHECK(result.complete);
  CHECK_FALSE(result.cancelled);
  REQUIRE(result.rows.size() == 8);
  for (const BenchRow& row : result.rows) {
    INFO(row.impl << " " << row.n);
    CHECK(row.verified == true);
    CHECK(row.ms > 0);
    CHECK(row.gkeys_per_s == Approx(double(row.n) / (row.ms * 1e6)));
    if (row.impl != k_std_sort) CHECK(row.speedup_vs_std_sort.has_value());
    if (row.impl.rfind("sortscope-", 0) == 0) {
      CHECK(row.gb_per_s.has_value());
      CHECK(row.steps.has_value());
      REQUIRE(result.copy.has_value());
      CHECK(row.copy_gb_per_s == result.copy->gb_per_s);  // the device's, beside each GPU row
    } else {
      CHECK_FALSE(row.copy_gb_per_s.has_value());
    }
  }
  REQUIRE(result.copy.has_value());
  CHECK(result.copy->gb_per_s > 0);
  CHECK_FALSE(progress.running);
  CHECK(progress.rows.size() == result.rows.size());  // published as each (type, n) finished

  // No GPU implementation, no copy measurement.
  SweepRequest cpu_only = request;
  cpu_only.impls = {k_std_sort};
  CHECK_FALSE(run_sweep(test::gpu(), cpu_only, cancel).copy.has_value());

  SweepRequest big = request;
  big.impls = {"transposition"};
  big.sizes = {1u << 18};
  const SweepResult skipped = run_sweep(test::gpu(), big, cancel);
  CHECK(skipped.rows.empty());
  REQUIRE(skipped.notes.size() == 1);
  CHECK(skipped.notes[0].find("n <= 131072") != std::string::npos);
  test::require_validation_clean();
}

TEST_CASE("cancel stops a sweep on the worker thread within a second", "[fullspeed]") {
  SweepWorker worker("");
  SweepRequest request;
  request.impls = {"radix4", k_std_sort};
  request.sizes = {1u << 12, 1u << 13, 1u << 14};
  request.types = {KeyType::u32, KeyType::u64};
  request.reps = 100000;  // hours, unless cancelled
  request.warmup = 0;
  REQUIRE(worker.start(request));
  CHECK_FALSE(worker.start(request));  // one job at a time
  // Wait until timed runs are under way (the worker first opens its own device).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (worker.progress().what.find(": run ") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(worker.running());
  CHECK(worker.progress().what.find("radix4 u32 n=2^12") != std::string::npos);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto start = std::chrono::steady_clock::now();
  worker.cancel();
  while (worker.running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 1.0);
  auto result = worker.take_result();
  REQUIRE(result.has_value());
  CHECK(result->cancelled);
  CHECK_FALSE(result->complete);
  CHECK(result->error.empty());
  CHECK(result->rows.empty());  // rows are kept per finished (type, n)
  CHECK_FALSE(worker.take_result().has_value());
  worker.wait();
  CHECK(worker.validation_count() == 0);

  // The worker (and its device) takes another job after a cancel.
  request.impls = {"batcher"};
  request.sizes = {1u << 6};
  request.types = {KeyType::f32};
  request.reps = 2;
  REQUIRE(worker.start(request));
  worker.wait();
  result = worker.take_result();
  REQUIRE(result.has_value());
  CHECK(result->complete);
  REQUIRE(result->rows.size() == 1);
  CHECK(result->rows[0].verified == true);
  CHECK(worker.validation_count() == 0);
}

// Run by the Xvfb test in tests/CMakeLists.txt after the app's scripted sweep (hidden tag: not
// a ctest entry of its own). SORTSCOPE_GUI_PNG: the screenshot; SORTSCOPE_GUI_EXPORT: the
// export prefix; SORTSCOPE_GUI_ROWS: the rows the sweep must have written.
TEST_CASE("the app's sweep screenshot shows the plot lines", "[.][gui-sweep-png]") {
  const char* png = std::getenv("SORTSCOPE_GUI_PNG");
  REQUIRE(png != nullptr);
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load(png, &width, &height, &channels, 4);
  REQUIRE(pixels != nullptr);
  // The first two series' colours (render::plot_colour 0 and 1): Okabe-Ito orange and sky blue.
  const int colours[2][3] = {{230, 159, 0}, {86, 180, 233}};
  int counts[2] = {0, 0};
  // Only right of the controls panel (at most 24% of the width): the full-speed panel's plot.
  for (int i = 0; i < width * height; ++i) {
    if (i % width < width / 4) continue;
    const unsigned char* p = pixels + 4 * i;
    for (int c = 0; c < 2; ++c) {
      if (std::abs(p[0] - colours[c][0]) <= 6 && std::abs(p[1] - colours[c][1]) <= 6 &&
          std::abs(p[2] - colours[c][2]) <= 6)
        ++counts[c];
    }
  }
  stbi_image_free(pixels);
  INFO("orange pixels " << counts[0] << ", sky blue pixels " << counts[1]);
  CHECK(counts[0] >= 150);  // batcher's line, markers and legend swatch
  CHECK(counts[1] >= 150);  // std::sort's

  if (const char* prefix = std::getenv("SORTSCOPE_GUI_EXPORT")) {
    std::ifstream jsonl(std::string(prefix) + ".jsonl");
    REQUIRE(jsonl);
    int lines = 0;
    for (std::string line; std::getline(jsonl, line);) {
      const auto row = nlohmann::json::parse(line);
      CHECK(row.contains("impl"));
      CHECK(row.contains("gkeys_per_s"));
      // GPU rows carry the device's copy bandwidth, the plot's ceiling.
      if (row["impl"].get<std::string>().rfind("sortscope-", 0) == 0)
        CHECK(row.contains("copy_gb_per_s"));
      ++lines;
    }
    const char* rows = std::getenv("SORTSCOPE_GUI_ROWS");
    if (rows != nullptr) CHECK(lines == std::atoi(rows));
    std::ifstream csv(std::string(prefix) + ".csv");
    std::string header;
    REQUIRE(std::getline(csv, header));
    CHECK(header.rfind("impl,type,pairs,n,ms", 0) == 0);
    int w = 0, h = 0, n = 0;
    CHECK(stbi_info((std::string(prefix) + ".png").c_str(), &w, &h, &n) == 1);
    CHECK(w == 1280);
  }
}
