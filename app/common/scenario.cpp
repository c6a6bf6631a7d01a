#include "common/scenario.hpp"

#include <algorithm>
#include <charconv>

#include <CLI/CLI.hpp>

#include "algorithms/algorithm.hpp"
#include "core/errors.hpp"
#include "input/key_file.hpp"
#include "platform/utf8_paths.hpp"
#include "shaders/common/radix_digits.h"

namespace ss {

void add_scenario_options(CLI::App& app, ScenarioOptions& o) {
  app.add_option("--algo,-a", o.algorithm, "algorithm: " + algorithm_names())
      ->capture_default_str();
  app.add_option_function<std::string>(
      "--n,-n",
      [&o](const std::string& value) {
        o.n = value;
        o.n_given = true;
      },
      "number of keys, decimal or 2^K (default 1024; taken from --input when given)");
  app.add_option("--type,-t", o.type, "key type: u32, i32, f32 (IEEE totalOrder), u64")
      ->capture_default_str();
  app.add_option("--dist,-d", o.distribution, "input distribution: " + distribution_names())
      ->capture_default_str();
  app.add_option("--seed,-s", o.seed, "seed of the input generator (same keys on every machine)")
      ->capture_default_str();
  app.add_flag("--pairs", o.pairs, "sort key-value pairs; the values are the original indices");
  app.add_flag("--descending", o.descending, "sort from largest to smallest");
  app.add_flag("--phases", o.phases,
               "step inside steps that have phases: mergesort's blocksort as its in-register "
               "sort and each coop level (the full-speed run still times the whole step)");
  app.add_option("--device", o.device,
                 "Vulkan device index or name substring (default: SORTSCOPE_DEVICE, else the best "
                 "GPU, else a CPU implementation)");
  app.add_option("--input,-i", o.input,
                 "read keys from a file: text, one key per line, or raw little-endian if the name "
                 "ends in .bin");
  app.add_option("--tile-keys", o.tile_keys,
                 "keys per tile of radix4, onesweep and mergesort: auto (teaching tiles of 8 to "
                 "64 keys for n <= 1024, so a small array spans many tiles; the device's tuned "
                 "tiles above), tuned, or a number")
      ->capture_default_str();
  app.add_option("--delay-tile", o.delay_tile,
                 "onesweep: tile T (counted from 1, as the tile strip labels them) of every pass "
                 "never publishes its status, so later tiles look back further and the fallback "
                 "computes its histogram (the result is still verified)");
  app.add_flag("--delay-late", o.delay_late,
               "with --delay-tile: the tile publishes late (after its scatter) instead of never");
  app.add_option("--disable", o.disable,
                 "networks (" + network_algorithm_names() +
                     "): take comparators out, LAYER:I,... with both from 1: LAYER the network "
                     "layer (the step number; batcher-fused's steps name the layers they cover), "
                     "I the comparator's place in that layer from the lowest wire (as the wire "
                     "diagram orders them); n <= " +
                     std::to_string(k_disable_max_n));
}

std::vector<DisabledComparator> parse_disabled_comparators(const std::string& text) {
  const std::string forms =
      " (use LAYER:I items, comma-separated, both counted from 1, e.g. 3:2,5:1)";
  std::vector<DisabledComparator> out;
  if (text.empty()) throw UsageError("--disable is empty" + forms);
  auto number = [&](std::string_view part, const std::string& item) {
    std::uint32_t value = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size()) {
      throw UsageError("--disable '" + item + "' is not LAYER:I" + forms);
    }
    if (value == 0) {
      throw UsageError("--disable '" + item + "': layers and comparators are counted from 1");
    }
    return value - 1;
  };
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    start = comma + 1;
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) {
      throw UsageError("--disable '" + item + "' is not LAYER:I" + forms);
    }
    const DisabledComparator d{number(std::string_view(item).substr(0, colon), item),
                               number(std::string_view(item).substr(colon + 1), item)};
    if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  }
  return out;
}

SortSpec full_speed_spec(const Scenario& s, std::uint32_t n) {
  SortSpec spec{n, s.type, s.pairs, s.descending};
  spec.tile_keys = k_tile_keys_tuned;
  return spec;
}

std::uint32_t largest_full_speed_n(const Scenario& s, const DeviceLimits& limits) {
  const Algorithm* algorithm = find_algorithm(s.algorithm);
  for (std::uint32_t n = 1u << 24; algorithm != nullptr && n > 2; n /= 2) {
    if (n > algorithm->max_n) continue;
    try {
      if (plan_fits(make_plan(s.algorithm, full_speed_spec(s, n), limits), limits)) return n;
    } catch (const UsageError&) {
    } catch (const SetupError&) {
    }
  }
  return 2;
}

std::uint32_t parse_tile_keys(const std::string& text) {
  if (text == "auto") return k_tile_keys_auto;
  if (text == "tuned") return k_tile_keys_tuned;
  std::uint32_t keys = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), keys);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || keys == 0 ||
      keys > gpu::RADIX_MAX_TILE_KEYS) {
    throw UsageError("--tile-keys '" + text +
                     "' is not auto, tuned or a number of keys from 1 to 65535");
  }
  return keys;
}

std::string tile_keys_text(std::uint32_t tile_keys) {
  if (tile_keys == k_tile_keys_auto) return "auto";
  if (tile_keys == k_tile_keys_tuned) return "tuned";
  return std::to_string(tile_keys);
}

SortSpec sort_spec(const Scenario& s, std::uint32_t n) {
  SortSpec spec{n, s.type, s.pairs, s.descending};
  spec.disabled = s.disabled;
  spec.tile_keys = s.tile_keys;
  spec.delayed_tile = s.delayed_tile;
  spec.delayed_never = !s.delayed_late;
  return spec;
}

std::uint64_t parse_count64(const std::string& text, const std::string& option, std::uint64_t max) {
  const std::string bad = option + " '" + text +
                          "' is not a non-negative number of keys (use decimal, e.g. 1000, or 2^K, "
                          "e.g. 2^20)";
  const std::string too_large =
      option + " " + text + " is too large (n <= " + std::to_string(max) + ")";
  auto parse_u64 = [&](std::string_view s) {
    std::uint64_t value = 0;
    if (s.empty() || s.find_first_not_of("0123456789") != std::string_view::npos)
      throw UsageError(bad);
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    (void)end;
    if (ec != std::errc()) throw UsageError(too_large);
    return value;
  };
  std::uint64_t n = 0;
  if (const auto caret = text.find('^'); caret != std::string::npos) {
    if (text.substr(0, caret) != "2") throw UsageError(bad);
    const std::uint64_t exponent = parse_u64(std::string_view(text).substr(caret + 1));
    if (exponent > 63) throw UsageError(too_large);
    n = 1ull << exponent;
  } else {
    n = parse_u64(text);
  }
  if (n > max) throw UsageError(too_large);
  return n;
}

std::uint32_t parse_count(const std::string& text, const std::string& option) {
  return static_cast<std::uint32_t>(parse_count64(text, option, 0xffffffffull));
}

std::vector<std::uint32_t> parse_count_list(const std::string& text, const std::string& option) {
  const std::string forms =
      " (use sizes N and ranges A..B or A..B:xK, comma-separated, e.g. 1000,2^10..2^20:x4; "
      "N, A and B decimal or 2^K)";
  std::vector<std::uint32_t> sizes;
  auto add = [&](std::uint64_t n) {
    if (std::find(sizes.begin(), sizes.end(), n) == sizes.end())
      sizes.push_back(static_cast<std::uint32_t>(n));
  };
  if (text.empty()) throw UsageError(option + " is empty" + forms);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    start = comma + 1;
    if (item.empty()) throw UsageError(option + " '" + text + "' has an empty item" + forms);
    const std::size_t dots = item.find("..");
    if (dots == std::string::npos) {
      add(parse_count(item, option));
      continue;
    }
    const std::string bad = option + " '" + item + "' is not a range A..B or A..B:xK" + forms;
    std::string end_text = item.substr(dots + 2);
    std::uint64_t factor = 2;
    if (const std::size_t colon = end_text.find(':'); colon != std::string::npos) {
      const std::string step = end_text.substr(colon + 1);
      end_text.resize(colon);
      if (step.size() < 2 || step[0] != 'x' ||
          step.find_first_not_of("0123456789", 1) != std::string::npos || step.size() > 4)
        throw UsageError(bad);
      factor = std::stoull(step.substr(1));
      if (factor < 2)
        throw UsageError(option + " '" + item + "': the step factor must be at least x2");
    }
    const std::string begin_text = item.substr(0, dots);
    if (begin_text.empty() || end_text.empty()) throw UsageError(bad);
    const std::uint64_t first = parse_count(begin_text, option);
    const std::uint64_t last = parse_count(end_text, option);
    if (first == 0) throw UsageError(option + " '" + item + "': a range cannot start at 0");
    if (first > last) {
      throw UsageError(option + " '" + item + "' is empty: its start is larger than its end");
    }
    for (std::uint64_t n = first; n <= last; n *= factor) add(n);
  }
  return sizes;
}

Scenario resolve_scenario(const ScenarioOptions& o) {
  Scenario s;
  if (find_algorithm(o.algorithm) == nullptr) {
    throw UsageError("unknown algorithm '" + o.algorithm +
                     "'; choose one of: " + algorithm_names());
  }
  s.algorithm = o.algorithm;
  const auto type = parse_key_type(o.type);
  if (!type)
    throw UsageError("unknown key type '" + o.type + "'; choose one of: u32, i32, f32, u64");
  s.type = *type;
  const auto distribution = parse_distribution(o.distribution);
  if (!distribution) {
    throw UsageError("unknown distribution '" + o.distribution +
                     "'; choose one of: " + distribution_names());
  }
  s.distribution = *distribution;
  {
    const auto& t = o.seed;
    std::uint64_t seed = 0;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), seed);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size()) {
      throw UsageError("--seed '" + t + "' is not a non-negative integer below 2^64");
    }
    s.seed = seed;
  }
  s.n = parse_count(o.n, "--n");
  s.pairs = o.pairs;
  s.descending = o.descending;
  s.phases = o.phases;
  s.device = o.device;
  s.input = o.input;
  s.tile_keys = parse_tile_keys(o.tile_keys);
  if (!o.delay_tile.empty()) {
    std::uint32_t tile = 0;
    const auto& t = o.delay_tile;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), tile);
    if (ec != std::errc() || end != t.data() + t.size() || tile == 0 || tile == k_no_delayed_tile)
      throw UsageError("--delay-tile '" + t +
                       "' is not a tile number (1, 2, 3, ...: tiles count "
                       "from 1, as the tile strip labels them)");
    if (s.algorithm != "onesweep") {
      throw UsageError(
          "--delay-tile applies to onesweep (the only algorithm with a lookback); "
          "got --algo " +
          s.algorithm);
    }
    s.delayed_tile = tile - 1;  // the kernels' index
  }
  if (o.delay_late && o.delay_tile.empty()) throw UsageError("--delay-late needs --delay-tile T");
  s.delayed_late = o.delay_late;
  if (!o.disable.empty()) {
    if (!find_algorithm(s.algorithm)->network) {
      throw UsageError("--disable applies to the comparator networks (" +
                       network_algorithm_names() + "); got --algo " + s.algorithm);
    }
    s.disabled = parse_disabled_comparators(o.disable);
  }
  return s;
}

KeyArray make_input(const Scenario& s, bool n_given) {
  if (s.input.empty()) return generate_keys(s.distribution, s.n, s.type, s.seed, s.pairs);
  KeyArray keys = read_key_file(platform::path_from_utf8(s.input), s.type, s.pairs);
  if (n_given && keys.size() != s.n) {
    throw UsageError("--n " + std::to_string(s.n) + " disagrees with " + s.input +
                     ", which holds " + std::to_string(keys.size()) +
                     " keys; leave --n out to sort the whole file");
  }
  return keys;
}

}  // namespace ss
