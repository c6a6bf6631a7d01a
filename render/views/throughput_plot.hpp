#pragma once
// Throughput against n: Gkeys/s on the y axis, n on a log2 x axis (ticks 2^K), one line per
// implementation, a legend beside the plot (never over the lines), and per line an optional
// ceiling (thin, dashed, same colour): e.g. the Gkeys/s the implementation's plan would reach
// if every byte it moves went at the device's copy bandwidth. A pure function of the rows it is
// given, drawn with ImGui draw lists into a rectangle: the CLI renders it headless to PNG, the app
// can draw it live and pass the mouse position to highlight the point under it.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "render/imgui_layer.hpp"

namespace ss::render {

struct PlotPoint {
  double n = 0;
  double gkeys_per_s = 0;
};

enum class PlotMarker { circle, square, triangle, diamond };

struct PlotSeries {
  std::string name;  // legend entry, e.g. "sortscope-onesweep u32"
  ImU32 colour = 0;  // plot_style(i) unless the caller has its own
  PlotMarker marker = PlotMarker::circle;
  bool dashed = false;
  std::vector<PlotPoint> points;
  std::vector<PlotPoint> ceiling;  // empty: none
};

struct ThroughputPlotOptions {
  std::string title;
  std::string ceiling_note;  // the legend's line for the ceilings (when any series has one)
  bool log_y = false;        // log10 y axis (useful with CPU rows 1000x below the GPU's)
  float scale = 1.0f;        // UI scale: lines, markers, padding
  std::optional<ImVec2> mouse;
};

// The point under the mouse (within a few pixels), if any.
struct PlotHover {
  int series = -1;
  int point = -1;
};

// The i-th line colour: distinguishable on the dark and the presenter background (Okabe-Ito
// based), repeating after plot_colour_count().
ImU32 plot_colour(std::size_t index);
std::size_t plot_colour_count();
// The i-th series' look: plot_colour(i); after each plot_colour_count() series the next marker
// shape, and dashed lines every other round, so no two of the first 32 series look alike.
PlotSeries plot_style(std::size_t index, std::string name);

// Draws into `list` inside [min, max] with the current ImGui font. Points are sorted by n per
// series; points with n or Gkeys/s <= 0 are skipped.
PlotHover draw_throughput_plot(ImDrawList* list, ImVec2 min, ImVec2 max,
                               const std::vector<PlotSeries>& series,
                               const ThroughputPlotOptions& options, const Palette& colors);

}  // namespace ss::render
