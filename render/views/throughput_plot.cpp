#include "render/views/throughput_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "render/color_map.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

namespace {

ImU32 with_alpha(ImU32 colour, int alpha) {
  return (colour & ~IM_COL32_A_MASK) | (ImU32(alpha) << IM_COL32_A_SHIFT);
}

// A step of 1, 2 or 5 times a power of ten giving about `target` ticks over `range`.
double nice_step(double range, int target) {
  const double raw = range / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double norm = raw / magnitude;
  return magnitude * (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10);
}

std::string tick_text(double value, double step) {
  const int decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

void dashed_line(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 colour, float thickness, float dash) {
  const float length = std::hypot(b.x - a.x, b.y - a.y);
  if (length <= 0) return;
  const ImVec2 d((b.x - a.x) / length, (b.y - a.y) / length);
  for (float t = 0; t < length; t += 2 * dash) {
    const float e = std::min(t + dash, length);
    list->AddLine({a.x + d.x * t, a.y + d.y * t}, {a.x + d.x * e, a.y + d.y * e}, colour,
                  thickness);
  }
}

void marker(ImDrawList* list, ImVec2 c, float r, PlotMarker shape, ImU32 colour) {
  switch (shape) {
    case PlotMarker::circle:
      list->AddCircleFilled(c, r, colour, 12);
      break;
    case PlotMarker::square:
      list->AddRectFilled({c.x - r * 0.85f, c.y - r * 0.85f}, {c.x + r * 0.85f, c.y + r * 0.85f},
                          colour);
      break;
    case PlotMarker::triangle:
      list->AddTriangleFilled({c.x, c.y - r * 1.2f}, {c.x + r * 1.1f, c.y + r * 0.8f},
                              {c.x - r * 1.1f, c.y + r * 0.8f}, colour);
      break;
    case PlotMarker::diamond:
      list->AddQuadFilled({c.x, c.y - r * 1.25f}, {c.x + r * 1.25f, c.y}, {c.x, c.y + r * 1.25f},
                          {c.x - r * 1.25f, c.y}, colour);
      break;
  }
}

void series_line(ImDrawList* list, const std::vector<ImVec2>& line, const PlotSeries& s,
                 float thickness, float dash) {
  if (line.size() < 2) return;
  if (!s.dashed) {
    list->AddPolyline(line.data(), int(line.size()), s.colour, 0, thickness);
    return;
  }
  for (std::size_t i = 0; i + 1 < line.size(); ++i)
    dashed_line(list, line[i], line[i + 1], s.colour, thickness, dash);
}

}  // namespace

PlotSeries plot_style(std::size_t index, std::string name) {
  PlotSeries s;
  s.name = std::move(name);
  s.colour = plot_colour(index);
  const std::size_t round = index / categorical_color_count();
  s.marker = static_cast<PlotMarker>(round % 4);
  s.dashed = round % 2 == 1;
  return s;
}

ImU32 plot_colour(std::size_t index) {
  return categorical_color(index);
}

std::size_t plot_colour_count() {
  return categorical_color_count();
}

PlotHover draw_throughput_plot(ImDrawList* list, ImVec2 min, ImVec2 max,
                               const std::vector<PlotSeries>& series,
                               const ThroughputPlotOptions& options, const Palette& colors) {
  const float s = options.scale;
  const float pad = 8.0f * s;
  const float font = ImGui::GetFontSize();
  PlotHover hover;

  // The points to draw, sorted by n, and the ranges they span.
  std::vector<std::vector<PlotPoint>> points(series.size());
  double n_lo = std::numeric_limits<double>::infinity(), n_hi = 0;
  double y_lo = std::numeric_limits<double>::infinity(), y_hi = 0;
  for (std::size_t i = 0; i < series.size(); ++i) {
    for (const PlotPoint& p : series[i].points) {
      if (!(p.n > 0 && p.gkeys_per_s > 0)) continue;
      points[i].push_back(p);
      n_lo = std::min(n_lo, std::log2(p.n));
      n_hi = std::max(n_hi, std::log2(p.n));
      y_lo = std::min(y_lo, p.gkeys_per_s);
      y_hi = std::max(y_hi, p.gkeys_per_s);
    }
    std::sort(points[i].begin(), points[i].end(),
              [](const PlotPoint& a, const PlotPoint& b) { return a.n < b.n; });
  }
  std::vector<std::vector<PlotPoint>> ceilings(series.size());
  for (std::size_t i = 0; i < series.size(); ++i) {
    for (const PlotPoint& p : series[i].ceiling) {
      if (!(p.n > 0 && p.gkeys_per_s > 0)) continue;
      ceilings[i].push_back(p);
      y_lo = std::min(y_lo, p.gkeys_per_s);
      y_hi = std::max(y_hi, p.gkeys_per_s);
    }
    std::sort(ceilings[i].begin(), ceilings[i].end(),
              [](const PlotPoint& a, const PlotPoint& b) { return a.n < b.n; });
  }
  const bool any_ceiling =
      std::any_of(ceilings.begin(), ceilings.end(), [](const auto& c) { return !c.empty(); });
  if (n_hi == 0 && !std::isfinite(n_lo)) n_lo = 10, n_hi = 20;
  if (y_hi <= 0) y_lo = 0.1, y_hi = 1;
  n_lo = std::floor(n_lo);
  n_hi = std::ceil(n_hi);
  if (n_hi - n_lo < 2) n_lo -= 1, n_hi += 1;
  const double x_min = n_lo - 0.3, x_max = n_hi + 0.3;

  // y axis: linear from 0 with 1/2/5 ticks, or log10 over whole decades.
  std::vector<double> y_ticks;
  double y_min = 0, y_max = 1, y_step = 1;
  if (options.log_y) {
    y_min = std::floor(std::log10(y_lo));
    y_max = std::ceil(std::log10(y_hi));
    if (y_max <= y_min) y_max = y_min + 1;
    for (double e = y_min; e <= y_max + 1e-9; e += 1) y_ticks.push_back(e);
  } else {
    // Up to 6 ticks, fewer where the plot is short (large UI scale), so labels never overlap.
    const float height_guess =
        (max.y - min.y) - (options.title.empty() ? 0 : font + pad) - 3 * font - 3.5f * pad;
    y_step = nice_step(y_hi * 1.08, std::clamp(int(height_guess / (font * 1.8f)), 2, 6));
    y_max = std::ceil(y_hi * 1.08 / y_step) * y_step;
    for (double v = 0; v <= y_max + y_step * 1e-6; v += y_step) y_ticks.push_back(v);
  }
  auto y_label = [&](double tick) {
    if (!options.log_y) return tick_text(tick, y_step);
    return tick_text(std::pow(10.0, tick), std::pow(10.0, std::min(tick, 0.0)));
  };

  // Layout: title, "Gkeys/s" over the y tick labels, the plot, the legend to its right, the x
  // tick labels and axis label below.
  float top = min.y + pad;
  if (!options.title.empty()) {
    list->AddText({min.x + pad, top}, colors.text, options.title.c_str());
    top += font + pad;
  }
  const float legend_top = top;  // the legend's first entry beside "Gkeys/s"
  list->AddText({min.x + pad, top}, colors.text, "Gkeys/s");
  top += font + pad;
  float tick_width = ImGui::CalcTextSize("Gkeys/s").x * 0.5f;
  for (double t : y_ticks)
    tick_width = std::max(tick_width, ImGui::CalcTextSize(y_label(t).c_str()).x);
  float legend_width = 0;
  for (const PlotSeries& entry : series)
    legend_width = std::max(legend_width, ImGui::CalcTextSize(entry.name.c_str()).x);
  const float swatch = 28.0f * s;
  legend_width = std::min(legend_width + swatch + 3 * pad, (max.x - min.x) * 0.45f);
  const ImVec2 plot_min(min.x + pad + tick_width + pad, top + font * 0.5f);
  const ImVec2 plot_max(max.x - legend_width - pad, max.y - pad - 2 * font - 1.5f * pad);
  if (plot_max.x - plot_min.x < 40 * s || plot_max.y - plot_min.y < 40 * s) return hover;

  auto to_x = [&](double n) {
    return plot_min.x + float((std::log2(n) - x_min) / (x_max - x_min)) * (plot_max.x - plot_min.x);
  };
  auto to_y_axis = [&](double axis) {
    return plot_max.y - float((axis - y_min) / (y_max - y_min)) * (plot_max.y - plot_min.y);
  };
  auto to_y = [&](double gkeys) { return to_y_axis(options.log_y ? std::log10(gkeys) : gkeys); };

  // Grid, ticks and their labels.
  const ImU32 grid = with_alpha(colors.dim, 70);
  for (double t : y_ticks) {
    const float y = to_y_axis(t);
    list->AddLine({plot_min.x, y}, {plot_max.x, y}, grid, 1.0f);
    const std::string text = y_label(t);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    list->AddText({plot_min.x - pad - size.x, y - size.y * 0.5f}, colors.dim, text.c_str());
  }
  const float label_width = ImGui::CalcTextSize("2^30").x + 2 * pad;
  const int exponents = int(n_hi - n_lo) + 1;
  const float per_exponent = (plot_max.x - plot_min.x) / float(x_max - x_min);
  const int every = std::max(1, int(std::ceil(label_width / per_exponent)));
  for (int k = int(n_lo); k <= int(n_hi); ++k) {
    const float x = to_x(std::ldexp(1.0, k));
    list->AddLine({x, plot_min.y}, {x, plot_max.y}, grid, 1.0f);
    list->AddLine({x, plot_max.y}, {x, plot_max.y + 4 * s}, colors.dim, 1.0f);
    if ((k - int(n_lo)) % every != 0 && exponents > 1) continue;
    const std::string text = "2^" + std::to_string(k);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    list->AddText({x - size.x * 0.5f, plot_max.y + 5 * s}, colors.dim, text.c_str());
  }
  list->AddRect(plot_min, plot_max, colors.dim, 0.0f, 0, 1.0f);
  const char* x_axis = "n (keys), log2 scale";
  const ImVec2 x_axis_size = ImGui::CalcTextSize(x_axis);
  list->AddText({(plot_min.x + plot_max.x - x_axis_size.x) * 0.5f, plot_max.y + 5 * s + font + pad},
                colors.text, x_axis);

  list->PushClipRect(plot_min, plot_max, true);
  for (std::size_t i = 0; i < series.size(); ++i) {
    const ImU32 faint = with_alpha(series[i].colour, 190);
    if (ceilings[i].size() == 1) {  // one n: a short dash across its tick
      const ImVec2 c{to_x(ceilings[i][0].n), to_y(ceilings[i][0].gkeys_per_s)};
      dashed_line(list, {c.x - 24 * s, c.y}, {c.x + 24 * s, c.y}, faint, 1.5f * s, 4 * s);
    }
    for (std::size_t j = 0; j + 1 < ceilings[i].size(); ++j) {
      const PlotPoint& a = ceilings[i][j];
      const PlotPoint& b = ceilings[i][j + 1];
      dashed_line(list, {to_x(a.n), to_y(a.gkeys_per_s)}, {to_x(b.n), to_y(b.gkeys_per_s)}, faint,
                  1.5f * s, 4 * s);
    }
  }
  float best = 8.0f * s;
  for (std::size_t i = 0; i < series.size(); ++i) {
    std::vector<ImVec2> line;
    for (const PlotPoint& p : points[i]) line.push_back({to_x(p.n), to_y(p.gkeys_per_s)});
    series_line(list, line, series[i], 2.5f * s, 7 * s);
    for (std::size_t j = 0; j < line.size(); ++j) {
      marker(list, line[j], 4.0f * s, series[i].marker, series[i].colour);
      if (options.mouse) {
        const float d = std::hypot(line[j].x - options.mouse->x, line[j].y - options.mouse->y);
        if (d < best) best = d, hover = {int(i), int(j)};
      }
    }
  }
  if (hover.series >= 0) {
    const PlotPoint& p = points[std::size_t(hover.series)][std::size_t(hover.point)];
    list->AddCircle({to_x(p.n), to_y(p.gkeys_per_s)}, 8.0f * s, colors.text, 16, 2.0f * s);
  }
  list->PopClipRect();

  // Legend: one entry per series, a line with a marker and the name, beside the plot.
  float y = legend_top;
  const float legend_x = plot_max.x + 2 * pad;
  const float entry_gap = pad * 0.75f;
  // Every entry, or as many as leave a line to say how many more (the lines' hover names them).
  const std::size_t listed = lines_listed(series.size(), max.y - y, font, entry_gap);
  for (std::size_t e = 0; e < listed; ++e) {
    const PlotSeries& entry = series[e];
    const float mid = y + font * 0.5f;
    series_line(list, {{legend_x, mid}, {legend_x + swatch, mid}}, entry, 2.5f * s, 5 * s);
    marker(list, {legend_x + swatch * 0.5f, mid}, 4.0f * s, entry.marker, entry.colour);
    list->PushClipRect({legend_x, min.y}, max, true);
    list->AddText({legend_x + swatch + pad, y}, colors.text, entry.name.c_str());
    list->PopClipRect();
    y += font + entry_gap;
  }
  if (listed < series.size()) {
    if (y + font <= max.y) {
      std::string more = std::to_string(series.size() - listed);
      more += " more (hover a line)";
      draw_text(list, {legend_x, y}, colors.dim, elide(more, max.x - legend_x - pad));
    }
    return hover;  // no room left for the ceilings' note
  }
  if (any_ceiling && !options.ceiling_note.empty()) {
    // As many of its lines as fit above the bottom, the last ending in "..." when cut (a
    // projector's short plot), rather than lines cut through by the edge.
    y += pad;
    const float note_x = legend_x + swatch + pad;
    const auto room = std::size_t(std::max(0.0f, std::floor((max.y - y) / font)));
    if (room > 0) {
      const float mid = y + font * 0.5f;
      dashed_line(list, {legend_x, mid}, {legend_x + swatch, mid}, colors.text, 1.5f * s, 4 * s);
      const std::vector<std::string> lines =
          wrap_words(options.ceiling_note, max.x - note_x - pad, room);
      for (std::size_t i = 0; i < lines.size(); ++i)
        draw_text(list, {note_x, y + float(i) * font}, colors.dim, lines[i]);
    }
  }
  return hover;
}

}  // namespace ss::render
