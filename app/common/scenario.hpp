#pragma once
// A sorting scenario as the user names it on a command line: algorithm, n, key type,
// distribution or input file, seed, pairs, direction, device. The CLI and the app register the
// same options and resolve them the same way, with the same error messages.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "input/distributions.hpp"
#include "plan/device_limits.hpp"
#include "plan/key_array.hpp"

// Declared only: CLI/CLI.hpp compiles much of CLI11 into each file that includes it (seconds
// apiece), and most files that use a scenario register no options.
namespace CLI {
class App;
}  // namespace CLI

namespace ss {

struct ScenarioOptions {
  std::string algorithm = "batcher";
  std::string n = "1024";
  std::string type = "u32";
  std::string distribution = "random";
  std::string seed = "1";
  bool pairs = false;
  bool descending = false;
  bool phases = false;
  std::string device;
  std::string input;
  std::string tile_keys = "auto";
  std::string delay_tile;  // empty: none
  bool delay_late = false;
  std::string disable;  // --disable LAYER:I,...; empty: the intact network
  bool n_given = false;
};

struct Scenario {
  std::string algorithm;
  std::uint32_t n = 0;
  KeyType type = KeyType::u32;
  Distribution distribution = Distribution::random;
  std::uint64_t seed = 1;
  bool pairs = false;
  bool descending = false;
  bool phases = false;  // step inside steps that open into phases (mergesort's blocksort)
  std::string device;
  std::string input;                           // empty: generated from the distribution
  std::uint32_t tile_keys = k_tile_keys_auto;  // SortSpec::tile_keys
  std::uint32_t delayed_tile = k_no_delayed_tile;
  bool delayed_late = false;  // the delayed tile publishes after its scatter instead of never
  std::vector<DisabledComparator> disabled;  // SortSpec::disabled (0-based)
};

// The SortSpec the scenario's plans are made from, at `n` (the stepping n or a full-speed one).
SortSpec sort_spec(const Scenario& scenario, std::uint32_t n);

// The same at full speed: the device's tuned tiles and no delayed tile, whatever the stepping
// scenario asks for.
SortSpec full_speed_spec(const Scenario& scenario, std::uint32_t n);

// The largest power of two up to 2^24 keys the scenario's algorithm takes and the device holds at
// full speed (the full-speed run's default n); 2 when none does.
std::uint32_t largest_full_speed_n(const Scenario& scenario, const DeviceLimits& limits);

// "auto", "tuned" or a number of keys (1 .. 65535); throws UsageError otherwise.
std::uint32_t parse_tile_keys(const std::string& text);
// "auto" / "tuned" / "16" for a tile_keys value.
std::string tile_keys_text(std::uint32_t tile_keys);

void add_scenario_options(CLI::App& app, ScenarioOptions& options);

// Validates names and numbers; throws UsageError naming the bad value and what is allowed.
Scenario resolve_scenario(const ScenarioOptions& options);

// Parses --disable's "LAYER:I,LAYER:I": 1-based, LAYER the step number, I the comparator's
// place in that layer counted from the lowest wire (the wire diagram's order). Returns them
// 0-based; throws UsageError for a malformed item. Whether they exist is checked by the planner.
std::vector<DisabledComparator> parse_disabled_comparators(const std::string& text);

// Parses n as decimal or 2^K; throws UsageError for anything else.
std::uint32_t parse_count(const std::string& text, const std::string& option);
// The same up to `max` (a distributed sort's n may exceed 2^32).
std::uint64_t parse_count64(const std::string& text, const std::string& option, std::uint64_t max);

// Parses a comma-separated list of sizes and ranges: N (as parse_count), or A..B, the sizes
// from A multiplying by 2 while <= B, or A..B:xK multiplying by K >= 2 (2^10..2^20:x4 = 2^10,
// 2^12, ..., 2^20; B is included when the steps reach it). Duplicates are dropped, the order
// kept. Throws UsageError naming the malformed item and the accepted forms.
std::vector<std::uint32_t> parse_count_list(const std::string& text, const std::string& option);

// The scenario's input: read from its file, or generated. Throws UsageError for a bad file or
// an n that disagrees with the file's.
KeyArray make_input(const Scenario& scenario, bool n_given);

}  // namespace ss
