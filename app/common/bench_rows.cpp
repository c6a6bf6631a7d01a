#include "common/bench_rows.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <tuple>
#include <type_traits>

#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"

namespace ss {

nlohmann::ordered_json to_json(const BenchRow& row) {
  nlohmann::ordered_json j = {
      {"impl", row.impl},     {"type", row.type},
      {"pairs", row.pairs},   {"n", row.n},
      {"ms", row.ms},         {"gkeys_per_s", row.gkeys_per_s},
      {"device", row.device}, {"driver", row.driver},
      {"date", row.date},     {"command", row.command},
  };
  if (row.gb_per_s) j["gb_per_s"] = *row.gb_per_s;
  if (row.speedup_vs_std_sort) j["speedup_vs_std_sort"] = *row.speedup_vs_std_sort;
  if (row.speedup_vs_std_sort_par) j["speedup_vs_std_sort_par"] = *row.speedup_vs_std_sort_par;
  if (row.ms_min) j["ms_min"] = *row.ms_min;
  if (row.reps) j["reps"] = *row.reps;
  if (row.descending) j["descending"] = *row.descending;
  if (row.verified) j["verified"] = *row.verified;
  if (row.steps) j["steps"] = *row.steps;
  if (row.bytes_moved) j["bytes_moved"] = *row.bytes_moved;
  if (row.copy_gb_per_s) j["copy_gb_per_s"] = *row.copy_gb_per_s;
  if (row.offsets) j["offsets"] = *row.offsets;
  if (row.submissions) j["submissions"] = *row.submissions;
  if (row.ranks) j["ranks"] = *row.ranks;
  if (!row.step_kinds.empty()) {
    nlohmann::ordered_json kinds = nlohmann::ordered_json::array();
    for (const StepKindTime& k : row.step_kinds) {
      kinds.push_back({{"kind", k.kind},
                       {"steps", k.steps},
                       {"ms", k.ms},
                       {"share", k.share},
                       {"bytes", k.bytes},
                       {"gb_per_s", k.gb_per_s}});
    }
    j["step_kinds"] = std::move(kinds);
  }
  return j;
}

BenchRow row_from_json(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) throw UsageError(where + ": not a JSON object");
  auto need = [&](const char* key) -> const nlohmann::json& {
    if (!j.contains(key)) throw UsageError(where + ": the row has no \"" + key + "\" field");
    return j.at(key);
  };
  BenchRow row;
  try {
    row.impl = need("impl").get<std::string>();
    row.type = need("type").get<std::string>();
    row.pairs = need("pairs").get<bool>();
    row.n = need("n").get<std::uint64_t>();
    row.ms = need("ms").get<double>();
    row.gkeys_per_s = j.contains("gkeys_per_s") ? j["gkeys_per_s"].get<double>()
                      : row.ms > 0              ? double(row.n) / (row.ms * 1e6)
                                                : 0;
    auto text = [&](const char* key) {
      return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
    };
    row.device = text("device");
    row.driver = text("driver");
    row.date = text("date");
    row.command = text("command");
    auto number = [&](const char* key) -> std::optional<double> {
      if (j.contains(key) && j[key].is_number()) return j[key].get<double>();
      return std::nullopt;
    };
    row.gb_per_s = number("gb_per_s");
    row.speedup_vs_std_sort = number("speedup_vs_std_sort");
    row.speedup_vs_std_sort_par = number("speedup_vs_std_sort_par");
    row.ms_min = number("ms_min");
    if (j.contains("reps")) row.reps = j["reps"].get<int>();
    if (j.contains("descending")) row.descending = j["descending"].get<bool>();
    if (j.contains("verified")) row.verified = j["verified"].get<bool>();
    if (j.contains("steps") && j["steps"].is_number()) row.steps = j["steps"].get<std::size_t>();
    if (j.contains("bytes_moved")) row.bytes_moved = j["bytes_moved"].get<std::uint64_t>();
    row.copy_gb_per_s = number("copy_gb_per_s");
    if (j.contains("offsets")) row.offsets = j["offsets"].get<int>();
    if (j.contains("submissions")) row.submissions = j["submissions"].get<std::size_t>();
    if (j.contains("ranks")) row.ranks = j["ranks"].get<int>();
    if (j.contains("step_kinds")) {
      for (const auto& k : j["step_kinds"]) {
        row.step_kinds.push_back({k.at("kind").get<std::string>(), k.at("steps").get<std::size_t>(),
                                  k.at("ms").get<double>(), k.at("share").get<double>(),
                                  k.at("bytes").get<std::uint64_t>(),
                                  k.at("gb_per_s").get<double>()});
      }
    }
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(where + ": " + e.what());
  }
  return row;
}

std::vector<BenchRow> read_rows(const std::string& path) {
  std::ifstream file(platform::path_from_utf8(path));
  if (!file) throw UsageError("cannot read the JSON Lines file " + path);
  std::vector<BenchRow> rows;
  std::size_t line_number = 0;
  for (std::string line; std::getline(file, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = path + ":" + std::to_string(line_number);
    nlohmann::json json;
    try {
      json = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) {
      throw UsageError(where + ": not a line of JSON");
    }
    rows.push_back(row_from_json(json, where));
  }
  return rows;
}

namespace {

std::string number_text(double value) {
  char text[32];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
  return ec == std::errc() ? std::string(text, end) : std::string();
}

template <class T>
std::string optional_text(const std::optional<T>& value) {
  if (!value) return "";
  if constexpr (std::is_same_v<T, bool>) return *value ? "true" : "false";
  if constexpr (std::is_floating_point_v<T>) return number_text(*value);
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) return std::to_string(*value);
  return "";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

const char* const k_csv_columns[] = {"impl",
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
                                     "share"};

}  // namespace

std::string csv_header() {
  std::string line;
  for (const char* column : k_csv_columns) {
    if (!line.empty()) line += ',';
    line += column;
  }
  return line + '\n';
}

std::string csv_lines(const BenchRow& row) {
  auto join = [](const std::vector<std::string>& fields) {
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (i != 0) line += ',';
      line += csv_field(fields[i]);
    }
    return line + '\n';
  };
  const std::string pairs = row.pairs ? "true" : "false";
  std::string out = join({row.impl,
                          row.type,
                          pairs,
                          std::to_string(row.n),
                          number_text(row.ms),
                          number_text(row.gkeys_per_s),
                          optional_text(row.gb_per_s),
                          optional_text(row.speedup_vs_std_sort),
                          optional_text(row.speedup_vs_std_sort_par),
                          row.device,
                          row.driver,
                          row.date,
                          row.command,
                          optional_text(row.ms_min),
                          optional_text(row.reps),
                          optional_text(row.descending),
                          optional_text(row.verified),
                          optional_text(row.steps),
                          optional_text(row.bytes_moved),
                          optional_text(row.copy_gb_per_s),
                          "",
                          ""});
  for (const StepKindTime& k : row.step_kinds) {
    out += join({row.impl,
                 row.type,
                 pairs,
                 std::to_string(row.n),
                 number_text(k.ms),
                 "",
                 number_text(k.gb_per_s),
                 "",
                 "",
                 row.device,
                 row.driver,
                 row.date,
                 row.command,
                 "",
                 optional_text(row.reps),
                 optional_text(row.descending),
                 optional_text(row.verified),
                 std::to_string(k.steps),
                 std::to_string(k.bytes),
                 "",
                 k.kind,
                 number_text(k.share)});
  }
  return out;
}

std::string short_type(const std::string& schema_type) {
  if (schema_type == "uint32") return "u32";
  if (schema_type == "int32") return "i32";
  if (schema_type == "float32") return "f32";
  if (schema_type == "uint64") return "u64";
  return schema_type;
}

std::string keys_text(const BenchRow& row) {
  return short_type(row.type) + (row.pairs ? " + u32 values" : "") +
         (row.descending.value_or(false) ? " descending" : "");
}

std::string impl_label(const BenchRow& row) {
  if (row.ranks) return row.impl + " x" + std::to_string(*row.ranks);
  return row.offsets ? row.impl + "/" + std::to_string(*row.offsets) : row.impl;
}

std::string series_name(const BenchRow& row) {
  return impl_label(row) + " " + keys_text(row);
}

std::string pow2_text(std::uint64_t n) {
  if (n != 0 && (n & (n - 1)) == 0) return "2^" + std::to_string(std::countr_zero(n));
  return std::to_string(n);
}

std::string fixed(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string figure(double value) {
  return fixed(value >= 100 ? "%.0f" : value >= 1 ? "%.2f" : "%.3g", value);
}

namespace {

using RowKey = std::tuple<std::string, std::string, std::uint64_t>;  // label or impl, keys, n

// The fastest of `candidates` of `impl` (any offsets) for these keys and n, or null.
const BenchRow* fastest(const std::vector<const BenchRow*>& candidates, const std::string& impl,
                        const std::string& keys, std::uint64_t n) {
  const BenchRow* best = nullptr;
  for (const BenchRow* row : candidates) {
    if (row->impl != impl || row->n != n || keys_text(*row) != keys) continue;
    if (best == nullptr || row->gkeys_per_s > best->gkeys_per_s) best = row;
  }
  return best;
}

}  // namespace

std::string markdown_report(const std::vector<BenchRow>& rows) {
  std::vector<std::string> groups;                        // keys, in order of first appearance
  std::map<std::string, std::vector<std::string>> impls;  // labels per keys, in order
  std::set<std::uint64_t> sizes;
  std::map<RowKey, const BenchRow*> first;
  std::map<RowKey, std::vector<const BenchRow*>> all;
  std::vector<const BenchRow*> cub_rows;  // the first row of each CUB label, keys and n
  bool offsets = false;
  for (const BenchRow& row : rows) {
    const std::string keys = keys_text(row);
    const std::string label = impl_label(row);
    if (std::find(groups.begin(), groups.end(), keys) == groups.end()) groups.push_back(keys);
    auto& list = impls[keys];
    if (std::find(list.begin(), list.end(), label) == list.end()) list.push_back(label);
    sizes.insert(row.n);
    const RowKey key(label, keys, row.n);
    if (all[key].empty()) {
      first[key] = &row;
      if (row.impl == "cub" || row.impl == "cub-mergesort") cub_rows.push_back(&row);
    }
    all[key].push_back(&row);
    offsets |= row.offsets.has_value();
  }
  std::string out = "| impl | keys |";
  std::string rule = "| --- | --- |";
  for (std::uint64_t n : sizes) {
    out.append(" ").append(pow2_text(n)).append(" |");
    rule += " --- |";
  }
  out += "\n" + rule + "\n";
  for (const std::string& keys : groups) {
    for (const std::string& label : impls[keys]) {
      out += "| " + label + " | " + keys + " |";
      for (std::uint64_t n : sizes) {
        const auto found = first.find(RowKey(label, keys, n));
        if (found == first.end()) {
          out += " – |";
          continue;
        }
        const BenchRow& row = *found->second;
        std::string cell =
            row.gkeys_per_s >= 1 ? fixed("%.2f", row.gkeys_per_s) : fixed("%.3g", row.gkeys_per_s);
        cell += " (" + fixed("%.3f", row.ms) + " ms";
        // Merge sorts against CUB's merge sort where the file has it, the rest against its
        // radix sort: the fair comparison for each, and of CUB's configurations the fastest.
        const BenchRow* reference = nullptr;
        if (row.impl.find("mergesort") != std::string::npos && row.impl != "cub-mergesort")
          reference = fastest(cub_rows, "cub-mergesort", keys, n);
        if (reference == nullptr) reference = fastest(cub_rows, "cub", keys, n);
        if (row.impl != "cub" && reference != nullptr && reference->gkeys_per_s > 0) {
          const double ratio = row.gkeys_per_s / reference->gkeys_per_s;
          cell +=
              ", " + fixed(ratio >= 0.1 ? "%.2f" : "%.2g", ratio) + "x " + impl_label(*reference);
        }
        cell += ")";
        if (row.verified == false) cell += " NOT VERIFIED";
        out += " " + cell + " |";
      }
      out += "\n";
    }
  }
  if (offsets) {
    out +=
        "\ncub/32, cub/64: CUB called with a 32- or 64-bit `num_items` (it picks another tuning "
        "for each); every ratio is to the faster of the two, named.\n";
  }
  std::string repeats;
  for (const auto& [key, list] : all) {
    if (list.size() < 2) continue;
    if (!repeats.empty()) repeats += "; ";
    repeats += std::get<0>(key) + " " + std::get<1>(key) + " " + pow2_text(std::get<2>(key)) +
               ": " + std::to_string(list.size()) + " rows";
    const auto [lo, hi] =
        std::minmax_element(list.begin(), list.end(),
                            [](const BenchRow* a, const BenchRow* b) { return a->ms < b->ms; });
    repeats += ", medians " + fixed("%.3f", (*lo)->ms) + " to " + fixed("%.3f", (*hi)->ms) +
               " ms (slowest / fastest " +
               fixed("%.3f", (*lo)->ms > 0 ? (*hi)->ms / (*lo)->ms : 0) + ")";
  }
  if (!repeats.empty())
    out += "\nMeasured more than once (the table shows the first row): " + repeats + ".\n";
  return out;
}

}  // namespace ss
