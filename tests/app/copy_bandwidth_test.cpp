// The device's copy bandwidth (common/copy_bandwidth): the copy kernel's plan and figure, and the
// once-per-device caching in memory and in the cache file, including a damaged file.
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "common/copy_bandwidth.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "plan/plan.hpp"
#include "platform/this_process.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in, nullptr, false);
}

}  // namespace

TEST_CASE("the copy plan copies the whole buffer in one dispatch", "[copy]") {
  const Context& context = test::gpu();
  const Plan plan = copy_plan(1u << 20, context.properties());
  REQUIRE(plan.steps.size() == 1);
  CHECK(plan.steps[0].bytes_read == 1u << 20);
  CHECK(plan.steps[0].bytes_written == 1u << 20);
  CHECK(plan.spec.n == (1u << 20) / 4);
  CHECK(plan.result_keys != plan.keys_buffer);
  CHECK_THROWS_AS(copy_plan(1000, context.properties()), UsageError);  // not a multiple of 16
  CHECK_THROWS_AS(copy_plan(0, context.properties()), UsageError);
  const std::uint64_t bytes = copy_measurement_bytes(context.properties());
  CHECK(bytes % 16 == 0);
  CHECK(bytes >= (1u << 20));
  CHECK(bytes <= context.properties().max_storage_buffer_range);
}

TEST_CASE("the copy kernel's bandwidth is both directions' bytes over the median run",
          "[copy][gpu]") {
  const Context& context = test::gpu();
  int calls = 0;
  const CopyBandwidth copy = measure_copy_bandwidth(context, 1u << 20, 3, [&](int) { ++calls; });
  CHECK(calls >= 4);  // at least one warm-up run, then 3 timed
  CHECK(copy.bytes == 1u << 20);
  CHECK(copy.ms > 0);
  CHECK(copy.gb_per_s == Approx(2.0 * double(1u << 20) / (copy.ms * 1e6)));
  CHECK_FALSE(copy.from_cache);
  CHECK(copy.date.size() == 10);
  test::require_validation_clean();
}

TEST_CASE("the copy bandwidth is measured once per device, then read from memory or the file",
          "[copy][gpu]") {
  const Context& context = test::gpu();
  const std::string key = copy_cache_key(context.properties());
  const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                     ("sortscope-copy-" + std::to_string(platform::process_id())) /
                                     "copy-bandwidth.json";
  std::filesystem::remove_all(file.parent_path());

  forget_copy_bandwidth(context);
  const CopyBandwidth measured = device_copy_bandwidth(context, {}, file);
  CHECK_FALSE(measured.from_cache);
  CHECK(measured.gb_per_s > 0);
  CHECK(measured.bytes == copy_measurement_bytes(context.properties()));
  nlohmann::json cache = read_json(file);
  REQUIRE(cache.contains(key));
  CHECK(cache[key]["gb_per_s"].get<double>() == measured.gb_per_s);

  const CopyBandwidth again = device_copy_bandwidth(context, {}, file);  // memory
  CHECK(again.from_cache);
  CHECK(again.gb_per_s == measured.gb_per_s);

  // Another process reads the file: stand in for it by forgetting this one's memory.
  cache[key]["gb_per_s"] = 12345.0;
  std::ofstream(file) << cache.dump();
  forget_copy_bandwidth(context);
  const CopyBandwidth from_file = device_copy_bandwidth(context, {}, file);
  CHECK(from_file.from_cache);
  CHECK(from_file.gb_per_s == 12345.0);

  // A damaged file costs a new measurement, which repairs it.
  std::ofstream(file) << "{ not json";
  forget_copy_bandwidth(context);
  int runs = 0;
  const CopyBandwidth remeasured = device_copy_bandwidth(
      context, [&](int) { ++runs; }, file);
  CHECK_FALSE(remeasured.from_cache);
  CHECK(runs > 0);
  cache = read_json(file);
  REQUIRE(cache.contains(key));
  CHECK(cache[key]["gb_per_s"].get<double>() == remeasured.gb_per_s);

  // No cache file at all (no HOME): measured, kept in memory only.
  forget_copy_bandwidth(context);
  CHECK_FALSE(device_copy_bandwidth(context, {}, {}).from_cache);
  CHECK(device_copy_bandwidth(context, {}, {}).from_cache);
  std::filesystem::remove_all(file.parent_path());
  test::require_validation_clean();
}
