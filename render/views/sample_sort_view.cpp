#include "render/views/sample_sort_view.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "render/color_map.hpp"
#include "render/layout_audit.hpp"
#include "render/narration/sample_sort_narration.hpp"
#include "render/text_fit.hpp"
#include "render/views/heading.hpp"

namespace ss::render {

namespace {

ImU32 faded(ImU32 colour, int alpha) {
  return (colour & ~IM_COL32_A_MASK) | (ImU32(alpha) << IM_COL32_A_SHIFT);
}

ImU32 blend(ImU32 from, ImU32 to, float t) {
  const ImVec4 a = ImGui::ColorConvertU32ToFloat4(from), b = ImGui::ColorConvertU32ToFloat4(to);
  return ImGui::ColorConvertFloat4ToU32(
      {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, 1.0f});
}

// The range of every key recorded at any step, so a key has one height throughout the replay.
struct ValueRange {
  double low = 0, high = 1;
  float fraction(double v) const {
    return high > low ? float(std::clamp((v - low) / (high - low), 0.0, 1.0)) : 0.5f;
  }
};

ValueRange value_range(const SampleSortReplay& replay) {
  ValueRange range{std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest()};
  for (std::uint32_t r = 0; r < replay.rank_count(); ++r) {
    for (std::size_t step = 0; step < k_replay_steps; ++step) {
      const KeyArray& keys = replay_lane(replay, r, step).keys;
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const double v = replay_key_value(keys.bits(i), replay.type);
        range.low = std::min(range.low, v);
        range.high = std::max(range.high, v);
      }
    }
  }
  if (range.low > range.high) range = {0, 1};
  return range;
}

// The rank a sorted key at `position` goes to: how many cuts lie at or before it.
std::uint32_t destination(const std::vector<std::uint32_t>& cuts, std::uint64_t position) {
  return static_cast<std::uint32_t>(std::upper_bound(cuts.begin(), cuts.end(), position) -
                                    cuts.begin());
}

struct Lane {
  ImVec2 min, max;       // the bars' room
  float keys_width = 0;  // the part of it the rank's keys fill (lanes share one scale)
};

// Lanes one above the other in [min, max], a label column at their left.
std::vector<Lane> lay_out_lanes(const SampleSortReplay& replay, std::size_t step, ImVec2 min,
                                ImVec2 max, float label_w, float gap) {
  const std::uint32_t ranks = replay.rank_count();
  std::uint64_t most = 1;
  for (std::uint32_t r = 0; r < ranks; ++r)
    most = std::max(most, replay_lane(replay, r, step).count);
  const float lane_h = (max.y - min.y) / float(ranks);
  std::vector<Lane> lanes;
  for (std::uint32_t r = 0; r < ranks; ++r) {
    Lane lane;
    lane.min = {min.x + label_w, min.y + float(r) * lane_h};
    lane.max = {max.x, min.y + float(r + 1) * lane_h - gap};
    lane.keys_width =
        (lane.max.x - lane.min.x) * float(replay_lane(replay, r, step).count) / float(most);
    lanes.push_back(lane);
  }
  return lanes;
}

// x of a position of an array of `count` keys drawn across `width`.
float position_x(const Lane& lane, std::uint64_t position, std::uint64_t count) {
  return lane.min.x + lane.keys_width * float(position) / float(std::max<std::uint64_t>(count, 1));
}

struct LaneStyle {
  bool by_destination = false;  // colour: the rank each key goes to (else the key's value)
  bool samples = false;         // mark the regular samples
  bool cuts = false;            // the splitters' cuts and lines
  bool runs = false;            // outline the received runs
};

void draw_lane(ImDrawList* list, const SampleSortReplay& replay, std::size_t step, std::uint32_t r,
               const Lane& lane, const LaneStyle& style, const ValueRange& range,
               const Palette& colors, float s) {
  const RecordedKeys& recorded = replay_lane(replay, r, step);
  const RankRecord& record = replay.ranks[r].record;
  const KeyArray& keys = recorded.keys;
  const float height = lane.max.y - lane.min.y;
  list->AddRect(lane.min, {lane.min.x + lane.keys_width, lane.max.y}, colors.dim, 0, 0, 1.0f * s);
  const std::size_t shown = keys.size();
  const float slot = shown > 0 ? lane.keys_width / float(shown) : 0;
  const float bar_gap = slot > 6 * s ? 1.5f * s : 0.0f;
  for (std::size_t i = 0; i < shown; ++i) {
    const float t = range.fraction(replay_key_value(keys.bits(i), replay.type));
    // Received keys all belong to this rank: its colour, the one its senders gave them.
    const ImU32 colour = !style.by_destination ? viridis_color(t)
                         : style.runs
                             ? categorical_color(r)
                             : categorical_color(destination(record.cuts, recorded.positions[i]));
    const float x0 = lane.min.x + slot * float(i);
    const float h = height * (0.08f + 0.92f * t);
    list->AddRectFilled({x0 + bar_gap * 0.5f, lane.max.y - h},
                        {x0 + std::max(slot - bar_gap * 0.5f, 1.0f), lane.max.y}, colour);
  }
  if (style.samples) {
    const float tri = std::min({7.0f * s, 0.12f * height, std::max(slot * 0.45f, 2.5f * s)});
    for (std::uint32_t p : record.sample_positions) {
      // The recorded slot holding the sample (its own when every key is recorded).
      const auto it = std::upper_bound(recorded.positions.begin(), recorded.positions.end(), p);
      const std::size_t i =
          it == recorded.positions.begin() ? 0 : std::size_t(it - recorded.positions.begin()) - 1;
      const float x = lane.min.x + slot * (float(i) + 0.5f);
      const float t = range.fraction(replay_key_value(keys.bits(i), replay.type));
      list->AddRect({lane.min.x + slot * float(i), lane.max.y - height * (0.08f + 0.92f * t)},
                    {lane.min.x + slot * float(i + 1), lane.max.y}, colors.text, 0, 0, 2.0f * s);
      list->AddTriangleFilled({x - tri, lane.min.y}, {x + tri, lane.min.y},
                              {x, lane.min.y + 1.6f * tri}, colors.text);
    }
  }
  if (style.cuts) {
    for (std::uint32_t cut : record.cuts) {
      const float x = position_x(lane, cut, recorded.count);
      list->AddLine({x, lane.min.y - 2 * s}, {x, lane.max.y + 2 * s}, colors.text, 2.0f * s);
    }
  }
  if (style.runs) {
    std::uint64_t first = 0;
    for (std::uint64_t length : record.received_runs) {
      if (length > 0) {
        list->AddRect({position_x(lane, first, recorded.count), lane.min.y},
                      {position_x(lane, first + length, recorded.count), lane.max.y}, colors.text,
                      0, 0, 1.5f * s);
      }
      first += length;
    }
  }
}

// The splitters as dashed lines across the lanes at their keys' heights, labelled at the right.
void draw_splitters(ImDrawList* list, const SampleSortReplay& replay,
                    const std::vector<Lane>& lanes, const ValueRange& range, const Palette& colors,
                    float s) {
  for (std::size_t k = 0; k < replay.splitter_bits.size(); ++k) {
    const float t = range.fraction(replay_key_value(replay.splitter_bits[k], replay.type));
    for (const Lane& lane : lanes) {
      const float y = lane.max.y - (lane.max.y - lane.min.y) * (0.08f + 0.92f * t);
      const float dash = 6 * s;
      for (float x = lane.min.x; x < lane.min.x + lane.keys_width; x += 2 * dash) {
        list->AddLine({x, y}, {std::min(x + dash, lane.min.x + lane.keys_width), y},
                      faded(colors.text, 160), 1.5f * s);
      }
    }
  }
}

// Row s, column d: keys rank s sent rank d; the diagonal (keys that stayed) outlined.
void draw_matrix(ImDrawList* list, const SampleSortReplay& replay, const Palette& colors,
                 ImVec2 min, ImVec2 max, float line, float s) {
  const std::uint32_t ranks = replay.rank_count();
  const float label_w = ImGui::CalcTextSize("from 00").x + 4 * s;
  draw_text(list, min, colors.text, elide("keys sent", max.x - min.x));
  const float top = min.y + 1.3f * line + line;
  const float cell =
      std::min((max.x - min.x - label_w) / float(ranks), (max.y - top) / float(ranks));
  if (cell <= 0) return;
  std::uint64_t most = 0;
  for (std::uint64_t c : replay.counts) most = std::max(most, c);
  for (std::uint32_t d = 0; d < ranks; ++d) {
    std::string label = "to " + std::to_string(d);
    if (ImGui::CalcTextSize(label.c_str()).x + 6 * s > cell) label = std::to_string(d);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    if (size.x <= cell)
      draw_text(list, {min.x + label_w + cell * (float(d) + 0.5f) - size.x / 2, top - line},
                categorical_color(d), label);
  }
  for (std::uint32_t r = 0; r < ranks; ++r) {
    const float y = top + cell * float(r);
    if (line <= cell)
      draw_text(list, {min.x, y + (cell - line) / 2}, colors.text, "from " + std::to_string(r));
    for (std::uint32_t d = 0; d < ranks; ++d) {
      const std::uint64_t count = replay.sent(r, d);
      const ImVec2 a{min.x + label_w + cell * float(d), y};
      const ImVec2 z{a.x + cell - 2 * s, a.y + cell - 2 * s};
      // The destination's colour, fainter for fewer keys: the column of rank d is rank d's.
      const ImU32 fill = count == 0 ? IM_COL32(45, 45, 52, 255)
                                    : blend(IM_COL32(45, 45, 52, 255), categorical_color(d),
                                            0.3f + 0.7f * std::sqrt(float(count) / float(most)));
      list->AddRectFilled(a, z, fill);
      if (r == d) list->AddRect(a, z, colors.text, 0, 0, 1.5f * s);
      const std::string text = grouped_number(count);
      const ImVec2 size = ImGui::CalcTextSize(text.c_str());
      if (size.x <= z.x - a.x && 0.8f * size.y <= z.y - a.y)
        draw_text(list, {(a.x + z.x - size.x) / 2, (a.y + z.y - size.y) / 2}, text_color_on(fill),
                  text);
    }
  }
}

// From each rank's sorted keys (left) to the runs the others received (right): one line per pair
// of ranks that exchanged keys, as thick as the count.
void draw_exchange_lines(ImDrawList* list, const SampleSortReplay& replay,
                         const std::vector<Lane>& from, const std::vector<Lane>& to, float s) {
  const std::uint32_t ranks = replay.rank_count();
  std::uint64_t most = 1;
  for (std::uint64_t c : replay.counts) most = std::max(most, c);
  const float x0 = from[0].max.x + 4 * s, x1 = to[0].min.x - 4 * s;
  const float bend = (x1 - x0) * 0.45f;
  for (std::uint32_t src = 0; src < ranks; ++src) {
    for (std::uint32_t d = 0; d < ranks; ++d) {
      const std::uint64_t count = replay.sent(src, d);
      if (count == 0) continue;
      const float y0 = (from[src].min.y + from[src].max.y) / 2;
      const float y1 = (to[d].min.y + to[d].max.y) / 2;
      const float width = std::max(1.0f * s, 8.0f * s * float(count) / float(most));
      list->AddBezierCubic({x0, y0}, {x0 + bend, y0}, {x1 - bend, y1}, {x1, y1},
                           faded(categorical_color(d), 200), width);
    }
  }
}

void draw_labels(ImDrawList* list, const SampleSortReplay& replay, std::size_t step,
                 const std::vector<Lane>& lanes, float x, const Palette& colors, float line,
                 bool counts) {
  for (std::uint32_t r = 0; r < lanes.size(); ++r) {
    const float h = lanes[r].max.y - lanes[r].min.y;
    const float y =
        lanes[r].min.y + std::max(0.0f, (h - (counts && h >= 2 * line ? 2 : 1) * line) / 2);
    draw_text(list, {x, y}, categorical_color(r), "rank " + std::to_string(r));
    if (counts && h >= 2 * line)
      draw_text(list, {x, y + line}, colors.dim,
                grouped_number(replay_lane(replay, r, step).count));
  }
}

}  // namespace

float replay_lanes_min_height(std::uint32_t ranks, float line) {
  return float(ranks) * 1.2f * line + line;
}

void draw_sample_sort_replay(ImGuiLayer& ui, const SampleSortReplay& replay, std::size_t step,
                             const ViewsOptions& options, ImVec2 min, ImVec2 max) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const Palette colors = palette(ui.style());
  const float s = ui.style().scale;
  const float line = ImGui::GetFontSize();
  const float width = max.x - min.x;
  step = std::min(step, k_replay_steps - 1);
  const auto phase = static_cast<ReplayStep>(step);
  const std::uint32_t ranks = replay.rank_count();

  Caption caption_text;
  if (options.caption) {
    caption_text = replay_caption(replay, step);
    if (!options.narration_override.empty()) caption_text.narration = options.narration_override;
    if (!options.lecturer.empty()) caption_text.narration += "\n" + options.lecturer;
  }
  const Caption* caption = options.caption ? &caption_text : nullptr;
  const std::string title = replay_step_title(step);
  const std::string scenario = replay_scenario_text(replay);
  const std::string counts =
      replay.verified ? "verified on every rank" : "NOT VERIFIED: " + replay.verification;
  const float need = replay_lanes_min_height(ranks, line) + 2 * line;
  const Heading heading = fit_heading(ui, {title, scenario, counts, options.progress}, caption,
                                      width, max.y - min.y, need);
  draw_heading(list, ui, heading, colors, min, max);
  const float top = min.y + heading.height;
  audit_room("rank lanes", {min.x, top}, max, {0, need});

  // What the colours say, on the last line.
  const bool by_destination = phase == ReplayStep::splitters || phase == ReplayStep::exchange;
  const std::string legend =
      by_destination
          ? "colour: the rank each key goes to; height: the key"
          : "colour and height: the key" +
                std::string(phase == ReplayStep::samples ? "; triangles: the samples" : "");
  const std::string splitter_legend =
      "; triangles: the samples; dashed: the splitters; white: the cuts";
  const std::string legend_text = legend + (phase == ReplayStep::splitters ? splitter_legend : "");
  const std::size_t legend_lines = wrap_words(legend_text, width, 2).size();
  const float bottom = max.y - float(legend_lines) * line - 4 * s;
  draw_wrapped(list, {min.x, bottom + 4 * s}, colors.dim, legend_text, width, 2);

  const ValueRange range = value_range(replay);
  const bool matrix = phase >= ReplayStep::splitters && ranks > 1;
  const float matrix_w =
      matrix ? std::min(0.3f * width,
                        (ImGui::CalcTextSize("from 00").x + 4 * s) +
                            float(ranks) *
                                std::max(3.2f * line, ImGui::CalcTextSize("000,000").x + 6 * s))
             : 0.0f;
  const float lanes_right = max.x - (matrix ? matrix_w + 12 * s : 0.0f);
  const float label_w = ImGui::CalcTextSize("rank 00").x + 8 * s;
  const float gap = std::min(0.3f * line, 6 * s) + 4 * s;
  const ImVec2 lanes_min{min.x, top + 6 * s};
  const ImVec2 lanes_max{lanes_right, bottom - 4 * s};
  if (lanes_max.y - lanes_min.y < float(ranks) * 4 * s || lanes_max.x - lanes_min.x < 2 * label_w)
    return;

  LaneStyle style;
  style.by_destination = by_destination;
  style.samples = phase == ReplayStep::samples || phase == ReplayStep::splitters;
  style.cuts = phase == ReplayStep::splitters;
  if (phase == ReplayStep::exchange && ranks > 1) {
    // Each rank's sorted keys, cut, at the left; what each received at the right, in the same
    // row (the labels at the left name both); lines between.
    const float avail = lanes_max.x - lanes_min.x - label_w;
    const float column = avail * 0.42f;
    const std::vector<Lane> from =
        lay_out_lanes(replay, std::size_t(ReplayStep::splitters), lanes_min,
                      {lanes_min.x + label_w + column, lanes_max.y}, label_w, gap);
    const std::vector<Lane> to =
        lay_out_lanes(replay, step, {lanes_max.x - column, lanes_min.y}, lanes_max, 0, gap);
    LaneStyle sorted_style = style;
    sorted_style.cuts = true;
    for (std::uint32_t r = 0; r < ranks; ++r) {
      draw_lane(list, replay, std::size_t(ReplayStep::splitters), r, from[r], sorted_style, range,
                colors, s);
      LaneStyle received = style;
      received.runs = true;
      draw_lane(list, replay, step, r, to[r], received, range, colors, s);
      // How many it holds now, after its keys when there is room.
      const std::string count = grouped_number(replay_lane(replay, r, step).count);
      const float x = to[r].min.x + to[r].keys_width + 4 * s;
      if (x + ImGui::CalcTextSize(count.c_str()).x <= to[r].max.x &&
          to[r].max.y - to[r].min.y >= line)
        draw_text(list, {x, to[r].max.y - line}, colors.dim, count);
    }
    draw_labels(list, replay, std::size_t(ReplayStep::splitters), from, lanes_min.x, colors, line,
                true);
    draw_exchange_lines(list, replay, from, to, s);
  } else {
    const std::vector<Lane> lanes = lay_out_lanes(replay, step, lanes_min, lanes_max, label_w, gap);
    for (std::uint32_t r = 0; r < ranks; ++r)
      draw_lane(list, replay, step, r, lanes[r], style, range, colors, s);
    if (style.cuts) draw_splitters(list, replay, lanes, range, colors, s);
    draw_labels(list, replay, step, lanes, lanes_min.x, colors, line, true);
  }
  if (matrix)
    draw_matrix(list, replay, colors, {max.x - matrix_w, lanes_min.y}, {max.x, lanes_max.y}, line,
                s);
}

}  // namespace ss::render
