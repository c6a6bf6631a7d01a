#pragma once
// The rows `sortscope-cli bench` writes and `bench-report` reads: one timed configuration each,
// in the JSON Lines schema bench/cub_baseline.cu shares (impl, type, pairs, n, ms, gkeys_per_s,
// device, driver, date, command), plus sortscope's own fields. The README's bench section
// documents every field and its unit. Rows are written with their fields in that order.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ss {

// The plan's steps of one kind (Step::kind), in the median run.
struct StepKindTime {
  std::string kind;
  std::size_t steps = 0;
  double ms = 0;     // sum of those steps' GPU times
  double share = 0;  // ms / the row's ms
  std::uint64_t bytes = 0;
  double gb_per_s = 0;  // bytes / ms, 1 GB = 1e9 bytes
};

struct BenchRow {
  std::string impl;  // "sortscope-onesweep", "std::sort", "cub", ...
  std::string type;  // schema names: uint32, int32, float32, uint64
  bool pairs = false;
  std::uint64_t n = 0;
  double ms = 0;  // median
  double gkeys_per_s = 0;
  std::optional<double> gb_per_s;
  std::optional<double> speedup_vs_std_sort;
  std::optional<double> speedup_vs_std_sort_par;
  std::string device;
  std::string driver;
  std::string date;
  std::string command;
  std::optional<double> ms_min;
  std::optional<int> reps;
  std::optional<bool> descending;
  std::optional<bool> verified;
  std::optional<std::size_t> steps;          // dispatches in the plan
  std::optional<std::uint64_t> bytes_moved;  // sum of the steps' bytes read and written
  std::optional<double> copy_gb_per_s;       // the device's copy bandwidth (common/copy_bandwidth)
  std::vector<StepKindTime> step_kinds;      // with --steps
  // CUB's rows (bench/cub_baseline.cu): the width in bits of the num_items it was called with, 32
  // or 64; CUB picks another tuning for each. Absent in older rows, which are 32-bit.
  std::optional<int> offsets;
  // Submissions of the median timed run where it did not fit one command buffer (a run longer
  // than the bound that keeps Ctrl-C within a second, plan/runner.hpp): its time adds the steps'
  // times without the gaps between submissions. Absent when the run was one submission.
  std::optional<std::size_t> submissions;
  // A distributed sort's rows (sortscope-sample-sort): the MPI ranks it ran on, each with a GPU
  // of its own or sharing one; its step kinds are then its phases, on the slowest rank.
  std::optional<int> ranks;
};

nlohmann::ordered_json to_json(const BenchRow& row);
// Throws UsageError naming `where` (file:line) when a required field is missing or mistyped.
BenchRow row_from_json(const nlohmann::json& json, const std::string& where);
// Every row of a JSON Lines file (blank lines skipped). Throws UsageError for an unreadable file
// or a line that is not a row.
std::vector<BenchRow> read_rows(const std::string& path);

// CSV: a header, then one line per row and, with step kinds, one more line per kind (its kind
// column set, ms/gb_per_s/share the kind's). Fields are quoted when they need it.
std::string csv_header();
std::string csv_lines(const BenchRow& row);

std::string short_type(const std::string& schema_type);  // "uint32" -> "u32"
// What a row was sorting: "u32", "u32 + u32 values", with " descending" when it was.
std::string keys_text(const BenchRow& row);
// The impl with the configuration that tells its rows apart: "cub/64" for CUB called with a
// 64-bit num_items, "sortscope-sample-sort x4" for 4 ranks, else the impl.
std::string impl_label(const BenchRow& row);
// A line of the plot: impl label and keys, e.g. "sortscope-onesweep u32 + u32 values".
std::string series_name(const BenchRow& row);
std::string pow2_text(std::uint64_t n);  // "2^20" for powers of two, else decimal
// A number through a printf format, e.g. fixed("%.3f", ms).
std::string fixed(const char* format, double value);
// Three significant digits at least, without a long fraction for large values.
std::string figure(double value);

// The BENCHMARKS.md table: rows impl label x keys (grouped by keys, in order of first
// appearance), columns n, cells "Gkeys/s (median ms)" plus the ratio to the fastest CUB row of the
// same keys and n, named (merge sorts against cub-mergesort where there is one, the rest against
// cub). The first row of each impl/keys/n is shown; repeats are counted in a note with the spread
// of their medians.
std::string markdown_report(const std::vector<BenchRow>& rows);

}  // namespace ss
