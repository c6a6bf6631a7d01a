// sortscope-cli bench and bench-report as scripts use them: size ranges, JSON Lines and CSV
// with every field, the per-step breakdown, verification failures, refusals before running,
// the plot PNG and the Markdown table. Correctness only; speed is recorded in BENCHMARKS.md.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <stb_image.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "common/bench_model.hpp"
#include "common/scenario.hpp"
#include "core/errors.hpp"
#include "render/views/throughput_plot.hpp"
#include "support/cli.hpp"

namespace {

using ss::test::cli;
using ss::test::CliResult;
using ss::test::data_file;
using ss::test::data_path;

std::string read_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> csv_split(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

}  // namespace

TEST_CASE("bench: --n takes sizes and ranges A..B and A..B:xK", "[bench]") {
  using ss::parse_count_list;
  using V = std::vector<std::uint32_t>;
  CHECK(parse_count_list("2^10..2^12", "--n") == V{1024, 2048, 4096});
  CHECK(parse_count_list("2^10..2^20:x4", "--n") ==
        V{1u << 10, 1u << 12, 1u << 14, 1u << 16, 1u << 18, 1u << 20});
  CHECK(parse_count_list("2^10..2^15:x4", "--n") == V{1u << 10, 1u << 12, 1u << 14});
  CHECK(parse_count_list("1000,2^10..2^11,1000,300", "--n") == V{1000, 1024, 2048, 300});
  CHECK(parse_count_list("3..20", "--n") == V{3, 6, 12});
  CHECK(parse_count_list("5..5:x10", "--n") == V{5});
  CHECK(parse_count_list("0", "--n") == V{0});
  CHECK(parse_count_list("2^31..2^31", "--n") == V{1u << 31});

  const std::map<std::string, std::string> bad = {
      {"", "--n is empty"},
      {"2^10,,2^11", "has an empty item"},
      {"2^10,", "has an empty item"},
      {"2^10..", "'2^10..' is not a range A..B or A..B:xK"},
      {"..2^10", "'..2^10' is not a range"},
      {"2^12..2^10", "'2^12..2^10' is empty: its start is larger than its end"},
      {"2^10..2^12:4", "'2^10..2^12:4' is not a range"},
      {"2^10..2^12:x", "is not a range"},
      {"2^10..2^12:x4x", "is not a range"},
      {"2^10..2^12:x1", "the step factor must be at least x2"},
      {"0..2^4", "a range cannot start at 0"},
      {"abc..2^4", "--n 'abc' is not a non-negative number"},
      {"2^10..2^40", "too large"},
  };
  for (const auto& [text, message] : bad) {
    INFO(text);
    CHECK_THROWS_WITH(parse_count_list(text, "--n"), Catch::Contains(message));
    CHECK_THROWS_AS(parse_count_list(text, "--n"), ss::UsageError);
  }
}

TEST_CASE("bench: every planner gives each step a kind", "[bench]") {
  ss::DeviceLimits limits;  // an H100's
  limits.subgroup_size_control = true;
  limits.max_shared_memory = 49152;
  for (const ss::Algorithm& algorithm : ss::algorithms()) {
    for (bool pairs : {false, true}) {
      const ss::Plan plan =
          ss::make_plan(algorithm.name, {5000, ss::KeyType::u32, pairs, false}, limits);
      INFO(algorithm.name);
      REQUIRE(!plan.steps.empty());
      for (const ss::Step& step : plan.steps) {
        CHECK(!step.kind.empty());
        for (const ss::Step& phase : step.phases) CHECK(phase.kind == step.kind);
      }
    }
  }
}

TEST_CASE("bench: a sweep writes JSON Lines and CSV with every field, steps add up",
          "[bench][cli][gpu]") {
  const std::string json_path = data_path("bench_sweep.jsonl");
  const std::string csv_path = data_path("bench_sweep.csv");
  std::filesystem::remove(json_path);
  std::filesystem::remove(csv_path);
  const CliResult r =
      cli("bench --algo batcher,mergesort --n 2^10..2^12 --reps 2 --warmup 0 "
          "--json '" +
          json_path + "' --csv '" + csv_path + "' --steps");
  INFO(r.out);
  REQUIRE(r.code == 0);
  // The text table still goes to stdout, with the new columns.
  CHECK_THAT(r.out, Catch::Contains("Gkeys/s") && Catch::Contains("GB/s") &&
                        Catch::Contains("vs std") && Catch::Contains("sortscope-mergesort") &&
                        Catch::Contains("    blocksort"));

  const auto json_lines = lines_of(read_text(json_path));
  REQUIRE(json_lines.size() == 9);  // 3 sizes x (2 algorithms + std::sort)
  std::size_t kind_rows = 0;
  std::map<std::string, int> impls;
  for (const std::string& line : json_lines) {
    const auto row = nlohmann::json::parse(line);
    INFO(line);
    for (const char* key : {"impl", "type", "pairs", "n", "ms", "gkeys_per_s", "device", "driver",
                            "date", "command", "ms_min", "reps", "descending", "verified"}) {
      CHECK(row.contains(key));
    }
    CHECK(row["verified"] == true);
    CHECK(row["type"] == "uint32");
    const double n = row["n"].get<double>();
    CHECK((n == 1024 || n == 2048 || n == 4096));
    CHECK(row["gkeys_per_s"].get<double>() ==
          Approx(n / (row["ms"].get<double>() * 1e6)).epsilon(1e-9));
    ++impls[row["impl"].get<std::string>()];
    if (row["impl"] == "std::sort") {
      CHECK(!row.contains("speedup_vs_std_sort"));
      CHECK(!row.contains("step_kinds"));
      continue;
    }
    for (const char* key :
         {"gb_per_s", "speedup_vs_std_sort", "steps", "bytes_moved", "copy_gb_per_s"}) {
      CHECK(row.contains(key));
    }
    CHECK(row["copy_gb_per_s"].get<double>() > 0);
    CHECK(!row.contains("speedup_vs_std_sort_par"));  // --cpu std: no parallel baseline
    CHECK(row["gb_per_s"].get<double>() ==
          Approx(row["bytes_moved"].get<double>() / (row["ms"].get<double>() * 1e6)));
    // The kinds' times are the median run's steps: they add up to the row's total.
    const auto& kinds = row["step_kinds"];
    REQUIRE(!kinds.empty());
    double ms = 0, share = 0;
    std::size_t steps = 0;
    std::uint64_t bytes = 0;
    for (const auto& k : kinds) {
      for (const char* key : {"kind", "steps", "ms", "share", "bytes", "gb_per_s"})
        CHECK(k.contains(key));
      ms += k["ms"].get<double>();
      share += k["share"].get<double>();
      steps += k["steps"].get<std::size_t>();
      bytes += k["bytes"].get<std::uint64_t>();
    }
    CHECK(ms == Approx(row["ms"].get<double>()).epsilon(1e-9));
    CHECK(share == Approx(1.0).epsilon(1e-9));
    CHECK(steps == row["steps"].get<std::size_t>());
    CHECK(bytes == row["bytes_moved"].get<std::uint64_t>());
    if (row["impl"] == "sortscope-mergesort") {
      CHECK(kinds[0]["kind"] == "blocksort");
      if (n == 4096) CHECK(kinds.size() == 3);  // two tiles: blocksort, partition, merge
    }
    kind_rows += kinds.size();
  }
  CHECK(impls == std::map<std::string, int>{
                     {"sortscope-batcher", 3}, {"sortscope-mergesort", 3}, {"std::sort", 3}});

  // CSV: a header naming every JSON field, one line per row plus one per step kind.
  const auto csv_lines = lines_of(read_text(csv_path));
  REQUIRE(csv_lines.size() == 1 + 9 + kind_rows);
  const auto header = csv_split(csv_lines[0]);
  for (const char* column : {"impl",
                             "type",
                             "pairs",
                             "n",
                             "ms",
                             "gkeys_per_s",
                             "gb_per_s",
                             "speedup_vs_std_sort",
                             "speedup_vs_std_sort_par",
                             "device",
                             "driver",
                             "date",
                             "command",
                             "ms_min",
                             "reps",
                             "descending",
                             "verified",
                             "steps",
                             "bytes_moved",
                             "copy_gb_per_s",
                             "step_kind",
                             "share"}) {
    CHECK(std::find(header.begin(), header.end(), column) != header.end());
  }
  auto column = [&](const char* name) {
    return std::size_t(std::find(header.begin(), header.end(), name) - header.begin());
  };
  std::size_t whole_rows = 0;
  for (std::size_t i = 1; i < csv_lines.size(); ++i) {
    const auto fields = csv_split(csv_lines[i]);
    INFO(csv_lines[i]);
    REQUIRE(fields.size() == header.size());
    if (fields[column("step_kind")].empty()) {
      ++whole_rows;
      CHECK(fields[column("verified")] == "true");
      CHECK(std::stod(fields[column("ms")]) > 0);
      CHECK(fields[column("command")].rfind("sortscope-cli bench --algo batcher,mergesort", 0) ==
            0);
    }
  }
  CHECK(whole_rows == 9);
}

TEST_CASE("bench: a wrong result is reported as not verified, exit 1", "[bench][cli][gpu]") {
  const CliResult r =
      cli("bench --algo batcher,radix4 --n 2^10 --reps 1 --warmup 0 --cpu none --json",
          "SORTSCOPE_TEST_CORRUPT_RESULT=1");
  INFO(r.out);
  CHECK(r.code == 1);
  int rows = 0;
  for (const std::string& line : lines_of(r.out)) {
    if (line.rfind("bench: ", 0) == 0) continue;  // progress, on stderr
    const auto row = nlohmann::json::parse(line);
    CHECK(row["verified"] == false);
    ++rows;
  }
  CHECK(rows == 2);
  // The same sweep, uncorrupted, verifies: the failure came from the altered result.
  const CliResult clean = cli("bench --algo batcher --n 2^10 --reps 1 --warmup 0 --cpu none");
  INFO(clean.out);
  CHECK(clean.code == 0);
  CHECK_THAT(clean.out, !Catch::Contains("NOT VERIFIED"));
}

TEST_CASE("bench: an n the device cannot hold is refused before anything runs",
          "[bench][cli][gpu]") {
  const CliResult r = cli("bench --algo batcher --n 2^10,2^31 --type u64 --reps 1 --warmup 0");
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK_THAT(r.out,
             Catch::Contains("batcher with n = 2147483648 u64 keys") && Catch::Contains("MiB"));
  CHECK_THAT(r.out, !Catch::Contains("bench: batcher"));  // not even n = 2^10 ran
  CHECK_THAT(r.out, !Catch::Contains("median ms"));

  // --algo all skips the sizes an algorithm itself refuses, saying so, and still refuses the
  // ones that do not fit the device.
  const CliResult all = cli("bench --algo all --n 2^31 --type u64 --reps 1 --warmup 0");
  INFO(all.out);
  CHECK(all.code == 2);
  CHECK_THAT(all.out, Catch::Contains("skipping transposition for n = 2147483648: it takes n <= "
                                      "131072") &&
                          Catch::Contains("skipping onesweep") &&
                          Catch::Contains("with n = 2147483648 u64 keys"));
}

TEST_CASE("bench: bad output options exit 2 naming the problem", "[bench][cli]") {
  CliResult r = cli("bench --n 2^12..2^10");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("'2^12..2^10' is empty"));
  r = cli("bench --json - --csv -");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("both ask for stdout"));
  r = cli("bench --plot /nonexistent/dir/plot.png");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("/nonexistent/dir/plot.png"));
  r = cli("bench --plot x.png --plot-width 10");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("out of range (320x200 to 8192x8192 pixels)"));
  r = cli("bench --overlay /nonexistent/rows.jsonl");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("cannot read the JSON Lines file /nonexistent/rows.jsonl"));
  r = cli("bench --overlay " + data_file("bench_bad.jsonl", "{\"impl\":\"cub\"}\n"));
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("bench_bad.jsonl:1: the row has no \"type\" field"));
}

TEST_CASE("bench: --append keeps the rows a --json or --csv file holds; without it they go",
          "[bench][cli][gpu]") {
  const std::string json_path = data_path("bench_append.jsonl");
  const std::string csv_path = data_path("bench_append.csv");
  std::filesystem::remove(json_path);
  std::filesystem::remove(csv_path);
  const std::string run = "bench --algo batcher --n 2^8 --reps 1 --warmup 0 --cpu none ";
  const std::string files = "--json '" + json_path + "' --csv '" + csv_path + "'";
  REQUIRE(cli(run + files).code == 0);
  CliResult r = cli(run + "--type u64 " + files + " --append");
  REQUIRE(r.code == 0);
  auto rows = lines_of(read_text(json_path));
  REQUIRE(rows.size() == 2);
  CHECK(nlohmann::json::parse(rows[0])["type"] == "uint32");
  CHECK(nlohmann::json::parse(rows[1])["type"] == "uint64");
  const auto csv = lines_of(read_text(csv_path));
  REQUIRE(csv.size() == 3);  // one header, then a row per run
  CHECK(csv[1].find("uint32") != std::string::npos);
  CHECK(csv[2].find("uint64") != std::string::npos);

  // Without --append the rows are replaced, and the run says so before it starts.
  r = cli(run + files);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains(json_path + " holds 2 lines; this run's rows will replace "
                                                "them (--append adds to them)"));
  CHECK(lines_of(read_text(json_path)).size() == 1);
  CHECK(lines_of(read_text(csv_path)).size() == 2);

  // A CSV whose header differs is refused before anything runs; --append needs a file.
  const std::string other = data_file("bench_append_other.csv", "n,ms\n1,2\n");
  r = cli(run + "--csv '" + other + "' --append");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("is not this bench's CSV header"));
  CHECK(read_text(other) == "n,ms\n1,2\n");
  r = cli(run + "--json - --append");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("--append adds rows to a --json or --csv FILE; name one"));
}

TEST_CASE("bench: --plot draws a line per implementation, overlay rows included",
          "[bench][cli][gpu]") {
  const std::string png = data_path("bench_plot.png");
  std::filesystem::remove(png);
  const std::string overlay = data_file(
      "bench_overlay.jsonl",
      "{\"impl\":\"cub\",\"type\":\"uint32\",\"pairs\":false,\"n\":1024,\"ms\":0.01,"
      "\"gkeys_per_s\":0.1024,\"device\":\"GPU\",\"driver\":\"d\",\"date\":\"2026-11-22\","
      "\"command\":\"cub_baseline\"}\n"
      "{\"impl\":\"cub\",\"type\":\"uint32\",\"pairs\":false,\"n\":2048,\"ms\":0.01,"
      "\"gkeys_per_s\":0.2048,\"device\":\"GPU\",\"driver\":\"d\",\"date\":\"2026-11-22\","
      "\"command\":\"cub_baseline\"}\n");
  const CliResult r =
      cli("bench --algo batcher,radix4 --n 2^10..2^11 --reps 1 --warmup 0 --cpu none --plot '" +
          png + "' --plot-width 800 --plot-height 450 --overlay '" + overlay + "'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("overlay (2 rows from") && Catch::Contains("cub "));
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load(png.c_str(), &width, &height, &channels, 4);
  REQUIRE(pixels != nullptr);
  CHECK(width == 800);
  CHECK(height == 450);
  std::map<std::uint32_t, int> counts;
  for (int i = 0; i < width * height; ++i) {
    const unsigned char* p = pixels + 4 * i;
    ++counts[(std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2]];
  }
  stbi_image_free(pixels);
  // Series in order of first appearance: batcher, radix4, then the overlay's cub.
  for (std::size_t i = 0; i < 3; ++i) {
    const ImU32 c = ss::render::plot_colour(i);
    const std::uint32_t rgb = ((c >> IM_COL32_R_SHIFT) & 0xff) << 16 |
                              ((c >> IM_COL32_G_SHIFT) & 0xff) << 8 |
                              ((c >> IM_COL32_B_SHIFT) & 0xff);
    INFO("series " << i << " colour " << std::hex << rgb);
    CHECK(counts[rgb] > 40);  // markers, line and legend swatch
  }
}

TEST_CASE("bench: --copy-gbps none leaves the copy bandwidth out, a bad value exits 2",
          "[bench][cli][gpu]") {
  CliResult r =
      cli("bench --algo batcher --n 2^10 --reps 1 --warmup 0 --cpu none --copy-gbps none "
          "--json -");
  INFO(r.out);
  REQUIRE(r.code == 0);
  int rows = 0;
  for (const std::string& line : lines_of(r.out)) {
    if (line.rfind("bench: ", 0) == 0) continue;  // progress, on stderr
    CHECK_FALSE(nlohmann::json::parse(line).contains("copy_gb_per_s"));
    ++rows;
  }
  CHECK(rows == 1);
  CHECK_THAT(r.out, !Catch::Contains("copy bandwidth"));
  r = cli("bench --copy-gbps fast");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("--copy-gbps 'fast' is not auto, none or a bandwidth"));
  r = cli("bench --copy-gbps -3");
  CHECK(r.code == 2);
}

TEST_CASE("bench-report draws each line's copy ceiling from the rows, unless told none",
          "[bench][cli][gpu]") {
  nlohmann::json row = {{"impl", "sortscope-onesweep"},
                        {"type", "uint32"},
                        {"pairs", false},
                        {"n", 1024},
                        {"ms", 0.01},
                        {"gkeys_per_s", 0.1024},
                        {"device", "GPU"},
                        {"driver", "d"},
                        {"date", "2026-11-22"},
                        {"command", "c"},
                        {"bytes_moved", 1024 * 16},  // 16 bytes per key moved
                        {"copy_gb_per_s", 3.2}};     // a ceiling of 3.2 / 16 = 0.2 Gkeys/s
  std::string lines = row.dump() + "\n";
  row["n"] = 2048;
  row["gkeys_per_s"] = 0.1024;
  row["bytes_moved"] = 2048 * 16;
  lines += row.dump() + "\n";
  const std::string rows = data_file("bench_report_copy.jsonl", lines);
  const std::string with = data_path("bench_report_copy.png");
  const std::string without = data_path("bench_report_nocopy.png");
  CliResult r = cli("bench-report '" + rows + "' --plot '" + with + "'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  r = cli("bench-report '" + rows + "' --copy-gbps none --plot '" + without + "'");
  REQUIRE(r.code == 0);
  int w1 = 0, h1 = 0, w2 = 0, h2 = 0, c = 0;
  unsigned char* a = stbi_load(with.c_str(), &w1, &h1, &c, 4);
  unsigned char* b = stbi_load(without.c_str(), &w2, &h2, &c, 4);
  REQUIRE(a != nullptr);
  REQUIRE(b != nullptr);
  REQUIRE(w1 == w2);
  REQUIRE(h1 == h2);
  // The ceiling: a dashed line above the line, and its note in the legend.
  int differing = 0;
  for (int i = 0; i < w1 * h1 * 4; i += 4) differing += a[i] != b[i] || a[i + 1] != b[i + 1];
  stbi_image_free(a);
  stbi_image_free(b);
  CHECK(differing > 500);
}

TEST_CASE("bench-report prints BENCHMARKS.md's Markdown table from JSON Lines", "[bench][cli]") {
  auto row = [](const std::string& impl, bool pairs, int n, double ms, double gkeys) {
    nlohmann::json j = {{"impl", impl},    {"type", "uint32"}, {"pairs", pairs},
                        {"n", n},          {"ms", ms},         {"gkeys_per_s", gkeys},
                        {"device", "GPU"}, {"driver", "d"},    {"date", "2026-11-22"},
                        {"command", "c"}};
    return j.dump() + "\n";
  };
  const std::string rows =
      data_file("bench_report.jsonl", row("cub", false, 1024, 0.01, 0.1024) +
                                          row("cub", false, 2048, 0.01, 0.2048) + "\n" +
                                          row("sortscope-onesweep", false, 1024, 0.02, 0.0512) +
                                          row("sortscope-onesweep", true, 2048, 0.001, 2.048) +
                                          row("sortscope-onesweep", false, 1024, 0.03, 0.034) +
                                          row("cub-mergesort", false, 1024, 0.02, 0.0512) +
                                          row("sortscope-mergesort", false, 1024, 0.04, 0.0256) +
                                          row("sortscope-mergesort", false, 2048, 0.04, 0.0512));
  const CliResult r = cli("bench-report '" + rows + "' --markdown -");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out ==
        "| impl | keys | 2^10 | 2^11 |\n"
        "| --- | --- | --- | --- |\n"
        "| cub | u32 | 0.102 (0.010 ms) | 0.205 (0.010 ms) |\n"
        "| sortscope-onesweep | u32 | 0.0512 (0.020 ms, 0.50x cub) | – |\n"
        "| cub-mergesort | u32 | 0.0512 (0.020 ms, 0.50x cub) | – |\n"
        "| sortscope-mergesort | u32 | 0.0256 (0.040 ms, 0.50x cub-mergesort) | 0.0512 (0.040 ms, "
        "0.25x cub) |\n"
        "| sortscope-onesweep | u32 + u32 values | – | 2.05 (0.001 ms) |\n"
        "\n"
        "Measured more than once (the table shows the first row): sortscope-onesweep u32 2^10: 2 "
        "rows, medians 0.020 to 0.030 ms (slowest / fastest 1.500).\n");
  const CliResult none = cli("bench-report '" + rows + "'");
  CHECK(none.code == 2);
  CHECK_THAT(none.out, Catch::Contains("--markdown"));
}

TEST_CASE("bench-report compares each row with CUB's fastest configuration, and names it",
          "[bench][cli]") {
  auto row = [](const std::string& impl, int offsets, int n, double ms) {
    nlohmann::json j = {{"impl", impl},    {"type", "uint32"}, {"pairs", false},
                        {"n", n},          {"ms", ms},         {"gkeys_per_s", n / ms / 1e6},
                        {"device", "GPU"}, {"driver", "d"},    {"date", "2026-11-28"},
                        {"command", "c"}};
    if (offsets != 0) j["offsets"] = offsets;
    return j.dump() + "\n";
  };
  // 2^10: the 64-bit count is CUB's faster, 2^11 the 32-bit one; merge sorts likewise.
  const std::string rows = data_file(
      "bench_report_offsets.jsonl",
      row("cub", 32, 1024, 0.010) + row("cub", 64, 1024, 0.008) + row("cub", 32, 2048, 0.010) +
          row("cub", 64, 2048, 0.020) + row("cub-mergesort", 32, 1024, 0.040) +
          row("cub-mergesort", 64, 1024, 0.050) + row("sortscope-onesweep", 0, 1024, 0.016) +
          row("sortscope-onesweep", 0, 2048, 0.020) + row("sortscope-mergesort", 0, 1024, 0.080));
  const CliResult r = cli("bench-report '" + rows + "' --markdown -");
  INFO(r.out);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("| cub/32 | u32 | 0.102 (0.010 ms) | 0.205 (0.010 ms) |"));
  CHECK_THAT(r.out, Catch::Contains("| cub/64 | u32 | 0.128 (0.008 ms) | 0.102 (0.020 ms) |"));
  CHECK_THAT(r.out, Catch::Contains("| sortscope-onesweep | u32 | 0.064 (0.016 ms, 0.50x cub/64) "
                                    "| 0.102 (0.020 ms, 0.50x cub/32) |"));
  CHECK_THAT(r.out,
             Catch::Contains("| cub-mergesort/64 | u32 | 0.0205 (0.050 ms, 0.16x cub/64) |"));
  CHECK_THAT(r.out, Catch::Contains("| sortscope-mergesort | u32 | 0.0128 (0.080 ms, 0.50x "
                                    "cub-mergesort/32) |"));
  CHECK_THAT(r.out, Catch::Contains("every ratio is to the faster of the two, named"));
}

TEST_CASE("BENCHMARKS.md's tables are bench-report's output for each raw file in docs/bench",
          "[bench][cli]") {
  const std::string source = SORTSCOPE_SOURCE_DIR;
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(source + "/docs/bench")) {
    if (entry.path().extension() != ".jsonl") continue;
    const CliResult r = cli("bench-report '" + entry.path().string() + "' --markdown -");
    INFO(entry.path());
    REQUIRE(r.code == 0);
    CHECK_THAT(read_text(source + "/BENCHMARKS.md"), Catch::Contains(r.out));
    ++files;
  }
  CHECK(files >= 2);
}

TEST_CASE("bench: a row whose median run took far longer than its fastest gets a warning",
          "[bench]") {
  ss::BenchRow row;
  row.ms = 2.439;
  row.ms_min = 0.709;
  const std::string note = ss::disturbed_timing_note(row);
  CHECK_THAT(note, Catch::Contains("3.4 times its fastest"));
  CHECK_THAT(note, Catch::Contains("2.439 against 0.709 ms"));
  row.ms = 0.711;
  CHECK(ss::disturbed_timing_note(row).empty());
  row.ms = 1.5 * 0.709;  // at the threshold: still trusted
  CHECK(ss::disturbed_timing_note(row).empty());
  row.ms_min.reset();  // CPU rows of old files may lack it
  row.ms = 2.439;
  CHECK(ss::disturbed_timing_note(row).empty());
}
