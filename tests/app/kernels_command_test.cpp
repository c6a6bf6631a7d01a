#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/cli.hpp"
#include "support/gpu.hpp"

namespace {

using Result = ss::test::CliResult;
using ss::test::cli;

constexpr const char* k_no_statistics = "does not report pipeline statistics";

// onesweep's kernels for one-word keys without values: the pass ranks by ballots, and where the
// device has subgroupPartitionNV a second pass module ranks by partition (the GPU picks one).
std::vector<const char*> onesweep_one_word_shaders() {
  std::vector<const char*> shaders = {"onesweep_init.comp", "onesweep_histogram.comp",
                                      "onesweep_scan.comp", "onesweep_pass.comp"};
  if (ss::test::limits().subgroup_partitioned) shaders.push_back("onesweep_pass_partitioned.comp");
  return shaders;
}

}  // namespace

TEST_CASE("cli: kernels lists every kernel of the plan with its statistics or the fallback line",
          "[cli][gpu][kernels]") {
  struct Case {
    const char* args;
    std::vector<const char*> shaders;
  };
  for (const Case& c : {Case{"--algo onesweep --n 2^16", onesweep_one_word_shaders()},
                        Case{"--algo radix4 --n 5000 --type u64 --pairs --descending",
                             {"radix4_count.comp", "radix4_scan.comp", "radix4_scatter.comp"}}}) {
    const Result r = cli(std::string("kernels ") + c.args);
    INFO(r.out);
    CHECK(r.code == 0);
    for (std::size_t i = 0; i < c.shaders.size(); ++i) {
      CHECK_THAT(r.out, Catch::Contains("kernel " + std::to_string(i + 1) + "/" +
                                        std::to_string(c.shaders.size()) + ": " + c.shaders[i]));
    }
    CHECK_THAT(r.out, Catch::Contains("workgroup size "));
    CHECK_THAT(r.out, Catch::Contains("specialization constants: "));
    CHECK_THAT(r.out, Catch::Contains("tiles of "));
    // Either the driver's statistics table or the one line saying it has none (lavapipe).
    const bool fallback = r.out.find(k_no_statistics) != std::string::npos;
    const bool table = r.out.find("statistic ") != std::string::npos;
    CHECK(fallback != table);
    if (fallback) CHECK_THAT(r.out, Catch::Contains("(VK_KHR_pipeline_executable_properties)"));
  }
}

TEST_CASE("cli: kernels --json has one entry per plan kernel", "[cli][gpu][kernels]") {
  const Result r = cli("kernels --algo onesweep --n 4096 --tile-keys 512 --json");
  INFO(r.out);
  REQUIRE(r.code == 0);
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json["algorithm"] == "onesweep");
  CHECK(json["n"] == 4096);
  CHECK(json["tile_keys"] == "512");
  CHECK_THAT(json["tiles"].get<std::string>(), Catch::Contains("512 keys"));
  const std::vector<const char*> shaders = onesweep_one_word_shaders();
  REQUIRE(json["kernels"].size() == shaders.size());
  for (std::size_t i = 0; i < shaders.size(); ++i)
    CHECK(json["kernels"][i]["shader"] == shaders[i]);
  for (const auto& kernel : json["kernels"]) {
    CHECK(kernel["workgroup_size"].get<int>() > 0);
    CHECK(kernel["steps"].get<int>() > 0);
    CHECK(kernel["constants"].is_array());
    // Only the pass opts out of the driver's bounds checks, where the device can turn them off.
    const bool pass = kernel["shader"].get<std::string>().rfind("onesweep_pass", 0) == 0;
    CHECK(kernel["buffer_bounds_checks"] == (!pass || json["pipeline_robustness"] == false));
    if (json["statistics"] == true) {
      REQUIRE(kernel["executables"].size() >= 1);
      CHECK(kernel["executables"][0]["statistics"].is_array());
    } else {
      CHECK_FALSE(kernel.contains("executables"));
    }
  }
  if (json["statistics"] == false)
    CHECK_THAT(json["statistics_note"].get<std::string>(), Catch::Contains(k_no_statistics));
}

TEST_CASE("cli: kernels names the constants only full-speed runs set", "[cli][gpu][kernels]") {
  // Pairs pass between passes in other layouts at full speed: one pass kernel per layout pair.
  const Result text = cli("kernels --algo onesweep --n 4096 --pairs");
  INFO(text.out);
  REQUIRE(text.code == 0);
  CHECK_THAT(text.out,
             Catch::Contains("(14, 15, 16, 17, 18 full speed only: stepped runs set them to 0)"));
  CHECK_THAT(text.out, Catch::Contains("kernel 7/7: onesweep_pass_whole.comp"));

  const Result json = cli("kernels --algo onesweep --n 4096 --pairs --json");
  REQUIRE(json.code == 0);
  const auto parsed = nlohmann::json::parse(json.out);
  CHECK(parsed["full_speed_constant_ids"] == nlohmann::json::array({14, 15, 16, 17, 18}));
  // Batcher's plan has no such constants.
  const Result batcher = cli("kernels --algo batcher --n 64 --json");
  REQUIRE(batcher.code == 0);
  CHECK(nlohmann::json::parse(batcher.out)["full_speed_constant_ids"].empty());
}

TEST_CASE("cli: kernels refuses a bad algorithm or type with exit 2", "[cli][kernels]") {
  const Result algo = cli("kernels --algo quicksort");
  CHECK(algo.code == 2);
  CHECK_THAT(algo.out, Catch::Contains("quicksort"));
  const Result type = cli("kernels --algo radix4 --type u16");
  CHECK(type.code == 2);
  const Result tiles = cli("kernels --algo onesweep --tile-keys 0");
  CHECK(tiles.code == 2);
  const Result input = cli("kernels --algo onesweep --input keys.txt");
  CHECK(input.code == 2);
}

TEST_CASE("cli: kernels --help names the command's options", "[cli][kernels]") {
  const Result r = cli("kernels --help");
  CHECK(r.code == 0);
  for (const char* option : {"--algo", "--n", "--type", "--pairs", "--descending", "--tile-keys",
                             "--device", "--json", "VK_KHR_pipeline_executable_properties"})
    CHECK_THAT(r.out, Catch::Contains(option));
  CHECK_THAT(r.out, !Catch::Contains("--dist"));
}
