#include "render/radix_state.hpp"

#include <algorithm>
#include <variant>

#include "core/context.hpp"
#include "render/move_matching.hpp"
#include "shaders/common/onesweep_step.h"
#include "shaders/common/radix4_step.h"

namespace ss::render {

namespace {

std::vector<std::uint32_t> read(const Context& context, const Stepper& stepper,
                                std::uint32_t buffer, std::size_t words, std::size_t first = 0) {
  return download_words<std::uint32_t>(context, stepper.buffer(buffer), words, first * 4u);
}

template <class P>
DigitPass from_push(const P& p, std::uint32_t bits, bool onesweep) {
  DigitPass d;
  d.onesweep = onesweep;
  d.stage = p.stage;
  d.pass = p.pass;
  d.passes = p.passes;
  d.bits = bits;
  // Onesweep's init, histogram and scan steps carry no pass: they prepare pass 0.
  d.word = gpu::radix_pass_word(p.pass, bits);
  d.shift = gpu::radix_pass_shift(p.pass, bits);
  d.tiles = p.tiles;
  d.tile_keys = p.tile_keys;
  return d;
}

// radix4: buffer 4 holds the count kernel's tile histograms of the pass (digit-major), buffer 6
// its digit totals and offsets once the scan ran.
HistogramModel radix4_histogram(const Context& context, const Stepper& stepper,
                                const DigitPass& d) {
  HistogramModel h;
  h.buckets = gpu::RADIX4_DIGITS;
  if (!d.stepped) {
    h.missing = "the count kernel (next step) builds the tile histograms";
    return h;
  }
  if (d.tiles <= k_max_read_tiles) {
    // Buffers 4 and 5 are digit-major; the model's cells are one row per tile.
    auto tile_rows = [&](std::uint32_t buffer) {
      const auto words = read(context, stepper, buffer, std::size_t(16) * d.tiles);
      std::vector<std::uint32_t> rows(std::size_t(d.tiles) * h.buckets);
      for (std::uint32_t t = 0; t < d.tiles; ++t)
        for (std::uint32_t b = 0; b < h.buckets; ++b)
          rows[std::size_t(t) * h.buckets + b] = words[gpu::radix4_tile_entry(b, t, d.tiles)];
      return rows;
    };
    h.rows = d.tiles;
    h.cells = tile_rows(gpu::RADIX4_BUFFER_TILE_HIST);
    h.rows_meaning = "rows: tiles of " + std::to_string(d.tile_keys) +
                     " keys, digit counts written by the count kernel (buffer 4)";
    if (d.stage != gpu::RADIX4_STAGE_COUNT)
      h.tile_offsets = tile_rows(gpu::RADIX4_BUFFER_TILE_OFFSETS);
  }
  if (d.stage == gpu::RADIX4_STAGE_COUNT) {
    h.totals_source = "totals and offsets: written by the scan (next step)";
    return h;
  }
  const auto totals = read(context, stepper, gpu::RADIX4_BUFFER_DIGIT_TOTALS,
                           std::size_t(2) * d.passes * gpu::RADIX4_DIGITS);
  for (std::uint32_t b = 0; b < h.buckets; ++b) {
    h.counts.push_back(totals[gpu::radix4_total_index(d.pass, b)]);
    h.offsets.push_back(totals[gpu::radix4_offset_index(d.passes, d.pass, b)]);
  }
  h.totals_source = "pass " + std::to_string(d.pass + 1) +
                    ": digit totals and exclusive offsets from the scan kernel (buffer 6)";
  return h;
}

// onesweep: buffer 4 holds every pass's global histogram (histogram step) and offsets (scan).
// Per-tile counts exist only inside a pass, in its status words: AGGREGATE words are a tile's
// count; PREFIX words are the output position just after the tile's last key of the bucket, so
// the count is the step from the previous tile's end (the bucket's global offset at tile 0).
HistogramModel onesweep_histogram(const Context& context, const Stepper& stepper,
                                  const DigitPass& d, std::vector<TileStatus>& tile_status) {
  HistogramModel h;
  h.buckets = gpu::ONESWEEP_DIGITS;
  if (!d.stepped || d.stage == gpu::ONESWEEP_STAGE_INIT) {
    h.missing = "the histogram kernel builds every digit's histogram in one read of the keys";
    return h;
  }
  const auto hist = read(context, stepper, gpu::ONESWEEP_BUFFER_DIGIT_HIST,
                         std::size_t(2) * d.passes * gpu::ONESWEEP_DIGITS);
  const bool scanned = d.stage != gpu::ONESWEEP_STAGE_HISTOGRAM;
  for (std::uint32_t b = 0; b < h.buckets; ++b) {
    h.counts.push_back(hist[gpu::onesweep_hist_index(d.pass, b)]);
    if (scanned) h.offsets.push_back(hist[gpu::onesweep_offset_index(d.passes, d.pass, b)]);
  }
  h.totals_source = "pass " + std::to_string(d.pass + 1) +
                    (scanned ? ": global histogram and exclusive offsets (buffer 4)"
                             : ": global histogram (buffer 4); the scan (next step) adds offsets");
  if (d.stage != gpu::ONESWEEP_STAGE_PASS) {
    // Before the passes: one row per digit pass, all built by the one histogram step.
    h.rows = d.passes;
    h.rows_are_passes = true;
    h.cells.resize(std::size_t(d.passes) * h.buckets);
    for (std::uint32_t p = 0; p < d.passes; ++p)
      for (std::uint32_t b = 0; b < h.buckets; ++b)
        h.cells[std::size_t(p) * h.buckets + b] = hist[gpu::onesweep_hist_index(p, b)];
    h.rows_meaning = "rows: digit passes 1.." + std::to_string(d.passes) +
                     ", global histograms (no per-tile counts before a pass)";
    return h;
  }
  if (d.tiles > k_max_read_tiles) return h;
  const std::uint32_t region = d.pass % 2u;
  const auto status =
      read(context, stepper, gpu::ONESWEEP_BUFFER_STATUS, std::size_t(d.tiles) * h.buckets,
           gpu::onesweep_status_index(d.tiles, region, 0, 0));
  const auto records = read(context, stepper, gpu::ONESWEEP_BUFFER_RECORDS,
                            std::size_t(d.tiles) * gpu::ONESWEEP_RECORD_WORDS);
  h.rows = d.tiles;
  h.cells.assign(std::size_t(d.tiles) * h.buckets, 0);
  for (std::uint32_t b = 0; b < h.buckets; ++b) {
    std::uint32_t end = h.offsets[b];  // output position after the previous tile's keys
    for (std::uint32_t t = 0; t < d.tiles; ++t) {
      const std::uint32_t word = status[std::size_t(t) * h.buckets + b];
      const std::uint32_t value = gpu::onesweep_status_value(word);
      std::uint32_t count = 0;
      if (gpu::onesweep_status_flag(word) == gpu::ONESWEEP_STATUS_PREFIX) {
        count = value - end;
        end = value;
      } else if (gpu::onesweep_status_flag(word) == gpu::ONESWEEP_STATUS_AGGREGATE) {
        count = value;
        end += value;
      }
      h.cells[std::size_t(t) * h.buckets + b] = count;
    }
  }
  h.rows_meaning = "rows: tiles of " + std::to_string(d.tile_keys) +
                   " keys, counts from the pass's status words (buffer 5)";
  for (std::uint32_t t = 0; t < d.tiles; ++t) {
    TileStatus s = classify_tile_status(&status[std::size_t(t) * h.buckets], h.buckets);
    const std::uint32_t* r = &records[std::size_t(t) * gpu::ONESWEEP_RECORD_WORDS];
    s.has_record = true;
    s.workgroup = r[gpu::ONESWEEP_RECORD_WORKGROUP];
    s.depth = r[gpu::ONESWEEP_RECORD_DEPTH];
    s.fallbacks = r[gpu::ONESWEEP_RECORD_FALLBACKS];
    s.flags = r[gpu::ONESWEEP_RECORD_FLAGS];
    tile_status.push_back(s);
  }
  return h;
}

// Old positions from the step's input buffers, new ones from its output buffers (match_moves).
// Pairs: a value is the key's original index, so it names the key in both. Keys only: equal keys
// are matched in order, which is what a stable scatter does with them.
ScatterModel scatter_model(const Context& context, const Stepper& stepper, const Step& step,
                           const DigitPass& d, KeyWindow window) {
  const Plan& plan = stepper.plan();
  const std::uint32_t n = plan.spec.n;
  const std::uint32_t words = key_words(plan.spec.key_type);
  const auto old_keys =
      read(context, stepper, step.bindings[gpu::RADIX_BINDING_KEYS_IN], std::size_t(n) * words);
  const auto new_keys = read(context, stepper, step.keys_after, std::size_t(n) * words);
  const auto digit_at = [&](const std::vector<std::uint32_t>& keys, std::uint32_t i) {
    return gpu::radix_digit(keys[std::size_t(i) * words + d.word],
                            static_cast<std::uint32_t>(plan.spec.key_type), plan.spec.descending,
                            d.shift, d.bits);
  };
  window = fit_window(window, n, 1);  // a window of another plan's array: the nearest that fits
  ScatterModel m;
  m.n = n;
  m.first = window.begin(n);
  m.count = window.size(n);
  const std::uint32_t end = m.first + m.count;
  if (!m.sampled()) {
    for (std::uint32_t i = m.first; i < end; ++i) {
      m.source.push_back(i);
      m.digit.push_back(digit_at(old_keys, i));
      if (m.windowed() &&
          std::find(m.followed.begin(), m.followed.end(), m.digit.back()) == m.followed.end())
        m.followed.push_back(m.digit.back());
    }
  } else {
    m.strip_before.resize(std::min(m.count, k_scatter_strip));
    for (std::uint32_t i = 0; i < m.strip_before.size(); ++i)
      m.strip_before[i] = digit_at(old_keys, m.strip_before_position(i));
    // The digits of the window's keys at 1/6, 1/2 and 5/6 of it in the output (the whole array:
    // digits that hold keys, far apart in colour); keys of the window in the input else. Each
    // gets lines for keys spread evenly over its keys in input order.
    for (std::uint32_t f = 0; f < k_scatter_followed; ++f) {
      const std::uint32_t at =
          m.first + std::uint32_t((2 * std::uint64_t(f) + 1) * m.count / (2 * k_scatter_followed));
      const std::uint32_t digit = digit_at(m.windowed() ? old_keys : new_keys, at);
      if (std::find(m.followed.begin(), m.followed.end(), digit) == m.followed.end())
        m.followed.push_back(digit);
    }
    std::vector<std::vector<std::uint32_t>> keys_of(m.followed.size());
    for (std::uint32_t i = m.first; i < end; ++i) {
      const auto it = std::find(m.followed.begin(), m.followed.end(), digit_at(old_keys, i));
      if (it != m.followed.end()) keys_of[std::size_t(it - m.followed.begin())].push_back(i);
    }
    for (std::size_t f = 0; f < m.followed.size(); ++f) {
      const std::vector<std::uint32_t>& all = keys_of[f];
      const auto lines = std::min<std::size_t>(all.size(), k_scatter_lines_per_digit);
      for (std::size_t k = 0; k < lines; ++k)
        m.source.push_back(all[(2 * k + 1) * all.size() / (2 * lines)]);
    }
    std::sort(m.source.begin(), m.source.end());
    for (std::uint32_t p : m.source) m.digit.push_back(digit_at(old_keys, p));
  }
  if (m.sampled() || m.windowed()) {
    m.strip_after.resize(std::min(n, k_scatter_strip));
    for (std::uint32_t i = 0; i < m.strip_after.size(); ++i)
      m.strip_after[i] = digit_at(new_keys, m.strip_after_position(i));
  }
  if (plan.spec.pairs) {
    const auto old_values = read(context, stepper, step.bindings[gpu::RADIX_BINDING_VALUES_IN], n);
    const auto new_values = read(context, stepper, step.values_after, n);
    m.destination = match_moves(old_values, new_values, 1, m.source);
    m.matched_by_value = true;
  } else {
    m.destination = match_moves(old_keys, new_keys, words, m.source);
  }
  return m;
}

}  // namespace

std::optional<DigitPass> digit_pass(const Plan& plan, std::size_t position) {
  if (plan.steps.empty()) return std::nullopt;
  const Step& step = plan.steps[position > 0 ? position - 1 : 0];
  std::optional<DigitPass> d;
  if (const auto* r = std::get_if<gpu::Radix4Step>(&step.view))
    d = from_push(*r, gpu::RADIX4_BITS, false);
  else if (const auto* o = std::get_if<gpu::OnesweepStep>(&step.view))
    d = from_push(*o, gpu::ONESWEEP_BITS, true);
  if (d) {
    d->stepped = position > 0;
    d->descending = plan.spec.descending;
  }
  return d;
}

TileStatus classify_tile_status(const std::uint32_t* words, std::uint32_t buckets) {
  TileStatus s;
  for (std::uint32_t b = 0; b < buckets; ++b) {
    const std::uint32_t flag = gpu::onesweep_status_flag(words[b]);
    if (flag == gpu::ONESWEEP_STATUS_PREFIX)
      ++s.prefix_buckets;
    else if (flag == gpu::ONESWEEP_STATUS_AGGREGATE)
      ++s.aggregate_buckets;
    else
      ++s.empty_buckets;
  }
  return s;
}

std::optional<RadixState> capture_radix_state(const Context& context, const Stepper& stepper,
                                              KeyWindow window) {
  const Plan& plan = stepper.plan();
  const std::optional<DigitPass> d = digit_pass(plan, stepper.position());
  if (!d) return std::nullopt;
  RadixState s;
  s.digits = *d;
  s.histogram = d->onesweep ? onesweep_histogram(context, stepper, *d, s.tile_status)
                            : radix4_histogram(context, stepper, *d);
  const bool moves = d->stepped && (d->onesweep ? d->stage == gpu::ONESWEEP_STAGE_PASS
                                                : d->stage == gpu::RADIX4_STAGE_SCATTER);
  if (moves && plan.spec.n <= k_max_scatter_read_n)
    s.scatter = scatter_model(context, stepper, plan.steps[stepper.position() - 1], *d, window);
  return s;
}

}  // namespace ss::render
