#pragma once
// What the radix views (histogram, scatter, tile status) show, read back from the buffers the
// radix kernels wrote, once per change of step. Layouts come from the algorithms' shared headers
// (radix4_step.h, onesweep_step.h); nothing here runs or re-simulates a sort: counts, offsets and
// statuses are the GPU's words, only regrouped for drawing.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/buffer.hpp"
#include "plan/plan.hpp"
#include "plan/stepper.hpp"
#include "render/key_window.hpp"

namespace ss::render {

// Largest n whose scatter view draws every key (a box and a line each). Larger sorts draw both
// buffers as strips and follow the keys of k_scatter_followed digits, spread over the output's
// range, with a line for each of up to k_scatter_lines_per_digit of their keys.
inline constexpr std::uint32_t k_max_scatter_n = 256;
inline constexpr std::uint32_t k_scatter_followed = 3;
inline constexpr std::uint32_t k_scatter_lines_per_digit = 20;
// Positions the strips of a larger sort sample (a view's pixel columns take the nearest).
inline constexpr std::uint32_t k_scatter_strip = 2048;
// Largest n whose step buffers are read back for the scatter view (two arrays of n keys).
inline constexpr std::uint32_t k_max_scatter_read_n = 1u << 24;
// Most tiles whose per-tile words are read back (larger sorts show the global histogram only).
inline constexpr std::uint32_t k_max_read_tiles = 4096;

// The digit pass a radix step works on (or, before any step, the first one).
struct DigitPass {
  bool onesweep = false;
  std::uint32_t stage = 0;  // RADIX4_STAGE_* or ONESWEEP_STAGE_* of the step shown
  bool stepped = false;     // false at the input, before any step
  std::uint32_t pass = 0;
  std::uint32_t passes = 0;
  std::uint32_t word = 0;   // key word holding the digit
  std::uint32_t shift = 0;  // bit offset in that word
  std::uint32_t bits = 0;   // digit width: 4 (radix4) or 8 (onesweep)
  bool descending = false;  // digits are of the key encoded for descending order (inverted)
  std::uint32_t buckets() const { return 1u << bits; }
  std::uint32_t tiles = 0;
  std::uint32_t tile_keys = 0;
};
// The digit pass of the step shown at `position` of a radix plan; nullopt for other plans.
std::optional<DigitPass> digit_pass(const Plan& plan, std::size_t position);

// Heat map rows x buckets and the global histogram of the pass with its exclusive scan.
struct HistogramModel {
  std::uint32_t buckets = 0;
  std::uint32_t rows = 0;
  std::vector<std::uint32_t> cells;    // rows * buckets, row-major; empty when not available
  std::string rows_meaning;            // legend: what a row is and where the numbers come from
  bool rows_are_passes = false;        // onesweep before its passes: one row per digit pass
  std::vector<std::uint32_t> counts;   // keys per bucket in the pass (empty: not yet written)
  std::vector<std::uint32_t> offsets;  // exclusive scan of counts, as the GPU wrote it
  // radix4 after its scan: where each cell's keys start in the output (cells' layout; empty
  // when not read).
  std::vector<std::uint32_t> tile_offsets;
  std::string totals_source;  // legend: the buffer the totals come from
  std::string missing;        // why nothing is shown yet, when nothing is
  std::uint32_t cell(std::uint32_t row, std::uint32_t bucket) const {
    return cells[std::size_t(row) * buckets + bucket];
  }
};

// Where keys went in the step shown (a radix4 scatter or a onesweep pass): old positions from the
// step's input buffer, new ones from its output buffer (match_moves). The keys followed are those
// of a window [first, first + count) of the input (the bars' window; the whole array by default):
// every one where count <= k_max_scatter_n; else some keys of a few digits, and strips. A window
// smaller than the array is drawn above the whole output, where its keys landed.
struct ScatterModel {
  std::uint32_t n = 0;                     // keys the step moved
  std::uint32_t first = 0, count = 0;      // the input's keys followed
  std::vector<std::uint32_t> source;       // old position of each key drawn, increasing
  std::vector<std::uint32_t> digit;        // its digit
  std::vector<std::uint32_t> destination;  // its new position (k_unmatched: none found)
  // The digits whose keys get lines (sampled: a few; a window: those in it), and strips: the digit
  // of the key at strip_before_position(i) of the window before the step (sampled only), and at
  // strip_after_position(i) of the whole output after it (sampled or a window).
  std::vector<std::uint32_t> followed;
  std::vector<std::uint32_t> strip_before, strip_after;
  bool matched_by_value = false;  // pairs: values are original indices; else equal keys in order
  bool sampled() const { return count > k_max_scatter_n; }
  bool windowed() const { return count < n; }
  std::uint32_t strip_before_position(std::uint32_t i) const {
    return first + std::uint32_t((2 * std::uint64_t(i) + 1) * count / (2 * strip_before.size()));
  }
  std::uint32_t strip_after_position(std::uint32_t i) const {
    return std::uint32_t((2 * std::uint64_t(i) + 1) * n / (2 * strip_after.size()));
  }
};

// Per tile of a onesweep pass: what its status words hold after the pass, and its lookback record.
struct TileStatus {
  std::uint32_t prefix_buckets = 0;     // buckets whose status word is an inclusive PREFIX
  std::uint32_t aggregate_buckets = 0;  // buckets still holding only the tile's AGGREGATE
  std::uint32_t empty_buckets = 0;      // buckets never published
  bool has_record = false;
  std::uint32_t workgroup = 0;  // workgroup that took the tile (launch order)
  std::uint32_t depth = 0;      // earlier tiles its lookback inspected
  std::uint32_t fallbacks = 0;  // of those, tiles whose histogram it computed itself
  std::uint32_t flags = 0;      // ONESWEEP_FLAG_* bits
};

struct RadixState {
  DigitPass digits;
  HistogramModel histogram;
  std::optional<ScatterModel> scatter;  // scatter / pass steps with n <= k_max_scatter_read_n
  std::vector<TileStatus> tile_status;  // onesweep pass steps (tiles <= k_max_read_tiles)
};

// Reads the state of the stepper's radix plan at its position; nullopt for other plans. The
// scatter follows the keys of `window` (whole: of the array).
std::optional<RadixState> capture_radix_state(const Context& context, const Stepper& stepper,
                                              KeyWindow window = {});

// Status words of one tile classified (pure, for the view and its tests).
TileStatus classify_tile_status(const std::uint32_t* words, std::uint32_t buckets);

}  // namespace ss::render
