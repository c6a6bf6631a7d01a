// Narration of the LSD radix sorts' steps (radix4: count, scan, scatter per digit; onesweep:
// init, histogram, scan, then one pass per digit with decoupled lookback), quoting the counts,
// offsets and lookback records the kernels wrote (RadixState).
#include <algorithm>
#include <string>

#include "render/narration/narrators.hpp"

namespace ss::render {

namespace {

std::string bits_of(const DigitPass& d) {
  const std::uint32_t low = d.word * 32 + d.shift;
  return "bits " + std::to_string(low) + ".." + std::to_string(low + d.bits - 1);
}

std::string pass_of(const DigitPass& d) {
  return "Pass " + std::to_string(d.pass + 1) + " of " + std::to_string(d.passes) + " (" +
         bits_of(d) + ")";
}

// The tile the narration quotes: one in the middle, and its most common digit (lowest on ties).
struct Featured {
  std::uint32_t tile = 0, digit = 0, count = 0;
};
std::optional<Featured> featured_tile(const HistogramModel& h) {
  if (h.cells.empty() || h.rows == 0 || h.rows_are_passes) return std::nullopt;
  Featured f;
  f.tile = h.rows / 2;
  for (std::uint32_t b = 0; b < h.buckets; ++b) {
    if (h.cell(f.tile, b) > f.count) {
      f.count = h.cell(f.tile, b);
      f.digit = b;
    }
  }
  return f;
}

// The most common digit of the pass in the global counts.
std::optional<Featured> featured_digit(const HistogramModel& h) {
  if (h.counts.empty()) return std::nullopt;
  const auto it = std::max_element(h.counts.begin(), h.counts.end());
  Featured f;
  f.digit = static_cast<std::uint32_t>(it - h.counts.begin());
  f.count = *it;
  return f;
}

std::string tiles_of(const DigitPass& d) {
  return count_of(d.tiles, "tile", "tiles") + " of " + std::to_string(d.tile_keys) + " keys";
}

const char* stable_note =
    " Keys with equal digits keep their order (the pass is stable), which is what lets the next "
    "pass build on this one.";

}  // namespace

std::string narrate(const gpu::Radix4Step& step, const StepState& state) {
  if (!state.radix) return {};
  const RadixState& r = *state.radix;
  const DigitPass& d = r.digits;
  const auto tile = featured_tile(r.histogram);
  if (step.stage == gpu::RADIX4_STAGE_COUNT) {
    std::string text = pass_of(d) + " sorts by one 4-bit digit. First each of the " + tiles_of(d) +
                       " counts how many of its keys hold each of the 16 digits";
    if (tile) {
      text += ": tile " + std::to_string(tile->tile + 1) + " counted " + keys(tile->count) +
              " with digit " + std::to_string(tile->digit);
    }
    return text + ".";
  }
  if (step.stage == gpu::RADIX4_STAGE_SCAN) {
    std::string text =
        "The scan turns the counts into places: the keys of each digit and tile start after all "
        "keys of lower digits and of earlier tiles with the same digit (a prefix sum, the whole "
        "parallel trick of radix sort).";
    if (tile && !r.histogram.tile_offsets.empty()) {
      const std::uint32_t at =
          r.histogram.tile_offsets[std::size_t(tile->tile) * r.histogram.buckets + tile->digit];
      text += " Tile " + std::to_string(tile->tile + 1) + "'s " + keys(tile->count) +
              " with digit " + std::to_string(tile->digit) + " will go from position " +
              std::to_string(at) + ".";
    }
    return text;
  }
  std::string text =
      "Every key moves to its place: tile offset plus its rank among the tile's "
      "keys of the same digit.";
  if (tile && !r.histogram.tile_offsets.empty() && tile->count > 0) {
    const std::uint32_t at =
        r.histogram.tile_offsets[std::size_t(tile->tile) * r.histogram.buckets + tile->digit];
    text = "Every key moves to its place: tile " + std::to_string(tile->tile + 1) + " wrote its " +
           keys(tile->count) + " with digit " + std::to_string(tile->digit) + " to positions " +
           std::to_string(at) + ".." + std::to_string(at + tile->count - 1) + ".";
  }
  return text + stable_note;
}

std::string narrate(const gpu::OnesweepStep& step, const StepState& state) {
  if (step.stage == gpu::ONESWEEP_STAGE_INIT) {
    return "OneSweep clears the tile counters and the status words through which the tiles of "
           "each pass will tell later tiles how many keys of each digit they hold.";
  }
  if (!state.radix) return {};
  const RadixState& r = *state.radix;
  const DigitPass& d = r.digits;
  const auto digit = featured_digit(r.histogram);
  if (step.stage == gpu::ONESWEEP_STAGE_HISTOGRAM) {
    std::string text = "One read of the keys counts the digits of every pass at once: " +
                       std::to_string(d.passes) + " histograms of 256 buckets (8-bit digits).";
    if (digit) {
      text += " In pass 1 the most common digit is " + std::to_string(digit->digit) + ", held by " +
              keys(digit->count) + ".";
    }
    return text;
  }
  if (step.stage == gpu::ONESWEEP_STAGE_SCAN) {
    std::string text =
        "An exclusive scan of each histogram gives where each digit's keys start "
        "in the output of its pass.";
    if (digit && !r.histogram.offsets.empty()) {
      text += " In pass 1, digit " + std::to_string(digit->digit) + "'s " + keys(digit->count) +
              " start at position " + std::to_string(r.histogram.offsets[digit->digit]) + ".";
    }
    return text;
  }
  std::string text = pass_of(d) + ": each of the " + tiles_of(d) +
                     " ranks its keys, publishes its digit counts, and looks back at earlier "
                     "tiles' published counts to learn where its keys go, then scatters them.";
  const std::vector<TileStatus>& tiles = r.tile_status;
  if (tiles.empty()) return text + stable_note;
  // The deepest lookback, and a tile that had to count a predecessor's keys itself: the first
  // one after the delayed tile where there is one (tiles before it may have fallen back too, on
  // a device that runs tiles in any order, for a predecessor that was merely late).
  const std::uint32_t delayed = state.plan->spec.delayed_tile;
  std::uint32_t deepest = 0, fallback_tile = UINT32_MAX, fallback_tiles = 0;
  for (std::uint32_t t = 0; t < tiles.size(); ++t) {
    if (tiles[t].depth > tiles[deepest].depth) deepest = t;
    if (tiles[t].fallbacks > 0) {
      ++fallback_tiles;
      const bool after_delayed = delayed != k_no_delayed_tile && t > delayed;
      const bool chosen_after =
          fallback_tile != UINT32_MAX && delayed != k_no_delayed_tile && fallback_tile > delayed;
      if (fallback_tile == UINT32_MAX || (after_delayed && !chosen_after)) fallback_tile = t;
    }
  }
  const TileStatus& deep = tiles[deepest];
  if (deep.depth == 0) {
    text +=
        " No tile had to look back: every tile found its predecessor's inclusive prefix "
        "already published.";
  } else if ((deep.flags & gpu::ONESWEEP_FLAG_REACHED_START) != 0) {
    text += " Tile " + std::to_string(deepest + 1) + " looked back furthest, over " +
            count_of(deep.depth, "earlier tile", "earlier tiles") +
            ", adding up their counts all the way to tile 1.";
  } else {
    text += " Tile " + std::to_string(deepest + 1) + " looked back furthest, " +
            count_of(deep.depth, "tile", "tiles") + ", as far as tile " +
            std::to_string(deepest - deep.depth + 1) + "'s inclusive prefix.";
  }
  if (fallback_tile != UINT32_MAX) {
    text += ' ';
    text += count_of(fallback_tiles, "tile", "tiles") + " used the fallback: tile " +
            std::to_string(fallback_tile + 1) + " counted an earlier tile's keys itself because " +
            (delayed != k_no_delayed_tile && delayed < fallback_tile
                 ? "tile " + std::to_string(delayed + 1) + " (the delayed tile)"
                 : std::string("that tile")) +
            " had not published.";
  } else {
    text += stable_note;
  }
  return text;
}

}  // namespace ss::render
