#include "render/views/follow_view.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "render/text_fit.hpp"
#include "render/views/minimap_view.hpp"

namespace ss::render {

namespace {

constexpr float k_plot_share = 0.22f;  // of the views' width
constexpr float k_plot_most = 360.0f;  // pixels at scale 1
constexpr float k_plot_least = 120.0f;

}  // namespace

FollowMark follow_mark(const KeyFollower& follower, std::size_t position) {
  FollowMark mark;
  const FollowedStep* here = follower.at_position(position);
  if (here == nullptr) return mark;
  mark.index = follower.index();
  mark.first_position = follower.first_position();
  for (std::size_t p = mark.first_position; p <= position; ++p)
    mark.path.push_back(follower.at_position(p)->at);
  mark.why = here->why;
  return mark;
}

std::string follow_sentence(const FollowMark& mark) {
  const std::string from = mark.first_position == 0
                               ? "key " + grouped_number(mark.index) + " of the input"
                               : "the key followed from step " +
                                     std::to_string(mark.first_position) + " (then at " +
                                     grouped_number(mark.index) + ")";
  std::string why = mark.why;
  if (!why.empty()) why[0] = char(std::tolower(static_cast<unsigned char>(why[0])));
  return "Followed: " + from + " is at " + grouped_number(mark.at()) +
         (mark.path.size() > 1 ? ": " + why + "." : ".");
}

ImU32 follow_color() {
  return IM_COL32(0xCC, 0x79, 0xA7, 0xFF);
}

float follow_plot_width(float width, float scale) {
  const float w = std::min(width * k_plot_share, k_plot_most * scale);
  return w >= k_plot_least * scale ? w : 0.0f;
}

void draw_follow_plot(ImDrawList* list, const FollowMark& mark, std::size_t steps, std::uint32_t n,
                      const Palette& colors, float scale, ImVec2 min, ImVec2 max) {
  const float line = ImGui::GetFontSize(), width = max.x - min.x;
  draw_text(list, min, follow_color(), elide("key " + grouped_number(mark.index), width));
  if (n == 0 || mark.path.empty()) return;
  // y spans the indices the key has held (a little more), so small moves show; x all the steps.
  const auto [lowest, highest] = std::minmax_element(mark.path.begin(), mark.path.end());
  const double span = std::max<double>(double(*highest) - double(*lowest), 1.0);
  const double y_lo = std::max(0.0, double(*lowest) - 0.05 * span);
  const double y_hi = std::min(double(n - 1), double(*highest) + 0.05 * span);
  // Under the plot, what the axes span; the index range on two lines where one is too narrow.
  const std::string from = "index " + grouped_number(std::uint64_t(std::llround(y_lo))) + "..";
  const std::string to = grouped_number(std::uint64_t(std::llround(y_hi))) + " down";
  const bool split = ImGui::CalcTextSize((from + to).c_str()).x > width;
  const ImVec2 a{min.x + 2 * scale, min.y + line + 4 * scale};
  const ImVec2 z{max.x - 2 * scale, max.y - float(split ? 3 : 2) * line - 6 * scale};
  if (z.x <= a.x || z.y <= a.y + line) return;
  list->AddRect({a.x - scale, a.y - scale}, {z.x + scale, z.y + scale}, colors.dim, 0, 0, scale);
  const auto x_of = [&](std::size_t position) {
    return a.x + (z.x - a.x) * float(position) / float(std::max<std::size_t>(steps, 1));
  };
  const auto y_of = [&](std::uint32_t at) {
    return y_hi > y_lo ? a.y + (z.y - a.y) * float((double(at) - y_lo) / (y_hi - y_lo))
                       : 0.5f * (a.y + z.y);
  };
  std::vector<ImVec2> points;
  for (std::size_t k = 0; k < mark.path.size(); ++k) {
    const float x = x_of(mark.first_position + k), y = y_of(mark.path[k]);
    // A move is a step in the line: the key holds its old index until the step ends.
    if (!points.empty()) points.push_back({x, points.back().y});
    points.push_back({x, y});
  }
  list->AddPolyline(points.data(), int(points.size()), follow_color(), 0, 2 * scale);
  list->AddCircle(points.back(), 5 * scale, follow_color(), 0, 2 * scale);
  draw_text(list, {a.x, z.y + 3 * scale}, colors.dim,
            elide("steps 0.." + std::to_string(steps) + " across", width));
  if (split) {
    draw_text(list, {a.x, z.y + 3 * scale + line}, colors.dim, elide(from, width));
    draw_text(list, {a.x, z.y + 3 * scale + 2 * line}, colors.dim, elide("  " + to, width));
  } else {
    draw_text(list, {a.x, z.y + 3 * scale + line}, colors.dim, from + to);
  }
}

void draw_follow_marker(ImDrawList* list, const FollowMark& mark, KeyWindow window, std::uint32_t n,
                        float scale, ImVec2 bars_min, ImVec2 bars_max) {
  if (!mark.shown() || mark.at() < window.begin(n) || mark.at() >= window.end(n)) return;
  if (bars_max.x - bars_min.x < 1 || bars_max.y - bars_min.y < 1) return;  // no bars drawn
  const float x0 = key_x(window, n, bars_min.x, bars_max.x, mark.at());
  const float x1 = key_x(window, n, bars_min.x, bars_max.x, double(mark.at()) + 1.0);
  const float x = 0.5f * (x0 + x1);
  const float half = std::max(0.5f * (x1 - x0), 1.5f * scale);
  list->AddRect({x - half, bars_min.y}, {x + half, bars_max.y}, follow_color(), 0, 0, 2 * scale);
  // A tag at the top, inside the bars, away from the edge it would run off.
  const std::string tag = "key " + grouped_number(mark.index);
  const float w = ImGui::CalcTextSize(tag.c_str()).x + 8 * scale;
  const float tx = x + w + 4 * scale <= bars_max.x ? x + 4 * scale : x - 4 * scale - w;
  list->AddRectFilled({tx, bars_min.y}, {tx + w, bars_min.y + ImGui::GetFontSize() + 2 * scale},
                      follow_color(), 3 * scale);
  draw_text(list, {tx + 4 * scale, bars_min.y + scale}, IM_COL32(0, 0, 0, 255), tag);
}

}  // namespace ss::render
