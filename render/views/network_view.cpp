#include "render/views/network_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "algorithms/network_facts.hpp"
#include "input/key_file.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

namespace {

constexpr float k_layer_gap = 1.0f;  // empty columns between two layers

// Where wires and columns land for a drawing `width` x `height` pixels (before zoom/pan).
struct Geometry {
  float x0 = 0, y0 = 0;  // top-left of the diagram area (after pan)
  float column_width = 0;
  float wire_spacing = 0;

  float wire_y(std::uint32_t wire) const { return y0 + (float(wire) + 0.5f) * wire_spacing; }
  // x of sub-column `column` of layer `layer_index`.
  float column_x(const NetworkLayout::Layer& layer, std::size_t layer_index,
                 std::uint32_t column) const {
    const float units = float(layer.first_column + column) + k_layer_gap * float(layer_index + 1);
    return x0 + (units + 0.5f) * column_width;
  }
  float layer_left(const NetworkLayout::Layer& layer, std::size_t layer_index) const {
    return column_x(layer, layer_index, 0) - 0.5f * column_width;
  }
  float layer_right(const NetworkLayout::Layer& layer, std::size_t layer_index) const {
    return column_x(layer, layer_index, layer.columns - 1) + 0.5f * column_width;
  }
};

float total_units(const NetworkLayout& layout) {
  return float(layout.total_columns) + k_layer_gap * float(layout.layers.size() + 1);
}

bool swapped_at(const StepState& state, const Comparator& c) {
  return c.left < state.swap_flags.size() && state.swap_flags[c.left] != 0;
}

std::string key_text(const StepState& state, std::uint32_t wire) {
  std::string text = format_text_key(state.current->bits(wire), state.current->type);
  if (state.current->has_values) text += " :" + std::to_string(state.current->values[wire]);
  return text;
}

std::string hex_color(ImU32 c) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", unsigned(c & 0xff),
                unsigned((c >> 8) & 0xff), unsigned((c >> 16) & 0xff));
  return buffer;
}

}  // namespace

int NetworkLayout::layer_of_step(std::size_t step) const {
  for (std::size_t i = 0; i < layers.size(); ++i)
    if (layers[i].step == step) return static_cast<int>(i);
  return -1;
}

bool is_network_plan(const Plan& plan) {
  return std::any_of(plan.steps.begin(), plan.steps.end(),
                     [](const Step& s) { return !step_comparators(s).empty(); });
}

NetworkLayout layout_network(const Plan& plan) {
  NetworkLayout layout;
  layout.wires = plan.spec.n;
  layout.facts = network_facts_text(plan);
  for (std::size_t s = 0; s < plan.steps.size(); ++s) {
    const auto comparators = step_comparators(plan.steps[s]);
    // A step may cover several network layers (batcher-fused): each gets its own column group,
    // in the order step_comparators gives them (layer by layer, by increasing left wire).
    for (std::size_t begin = 0; begin < comparators.size();) {
      std::size_t end = begin;
      while (end < comparators.size() && comparators[end].layer == comparators[begin].layer) ++end;
      NetworkLayout::Layer layer;
      layer.step = s;
      layer.network_layer = comparators[begin].layer;
      layer.first_column = layout.total_columns;
      layer.workgroup_size = plan.kernels[plan.steps[s].kernel].workgroup_size;
      // Greedy interval packing: comparators arrive by increasing left wire; each goes into the
      // first sub-column whose last comparator ends above its left wire.
      std::vector<std::uint32_t> column_end;  // highest wire used in each sub-column
      for (std::size_t k = begin; k < end; ++k) {
        const Comparator& c = comparators[k];
        std::uint32_t column = 0;
        while (column < column_end.size() && column_end[column] >= c.left) ++column;
        if (column == column_end.size()) column_end.push_back(0);
        column_end[column] = c.right;
        layer.comparators.push_back({c, column});
      }
      layer.columns = static_cast<std::uint32_t>(column_end.size());
      layout.total_columns += layer.columns;
      layout.layers.push_back(std::move(layer));
      begin = end;
    }
  }
  return layout;
}

ImU32 workgroup_color(std::uint32_t workgroup) {
  static constexpr ImU32 colors[8] = {IM_COL32(86, 180, 233, 255),  IM_COL32(230, 159, 0, 255),
                                      IM_COL32(0, 158, 115, 255),   IM_COL32(240, 228, 66, 255),
                                      IM_COL32(0, 114, 178, 255),   IM_COL32(213, 94, 0, 255),
                                      IM_COL32(204, 121, 167, 255), IM_COL32(200, 200, 200, 255)};
  return colors[workgroup % 8];
}

namespace {

// Where the diagram's parts go in [min, max]: drawing and clicks share it.
// A wire number's font size per pixel between wires: neighbouring numbers never overlap.
constexpr float k_label_per_spacing = 0.92f;

// The smallest wire number that is still read: half the numbers' font (7 pixels at the default
// size, 15 in presenter mode, what a projector's back row still reads), never under 7.
float readable_label_size(const ImFont* font) {
  return std::max(7.0f, 0.5f * font->FontSize);
}

struct Placement {
  Geometry g;
  float font_size = 0;
  std::uint32_t label_every = 1;  // wire numbers on every wire, or on every 2nd, 4th, ...
  bool print_text = false;
  bool print_values = false;
  float values_width = 0;
  float label_width = 0;
};

Placement place_network(ImVec2 min, ImVec2 max, const NetworkLayout& layout, const StepState& state,
                        const NetworkStyle& style, ImFont* font) {
  Placement p;
  const float s = style.ui_scale;
  const std::uint32_t first_wire = style.wires.begin(layout.wires);
  const std::uint32_t end_wire = style.wires.end(layout.wires);
  const std::uint32_t shown = end_wire - first_wire;
  p.print_values = state.current.has_value() && shown <= k_max_printed_wires;
  const float height = std::max(1.0f, max.y - min.y);
  p.g.wire_spacing = height / float(shown) * style.zoom;
  // Numbers shrink to the wire spacing, down to the readable size; below that only every 2nd,
  // 4th, ... wire is numbered, at that size, and the keys are left to the bars.
  const float readable = readable_label_size(font);
  p.font_size = std::min(font->FontSize, p.g.wire_spacing * k_label_per_spacing);
  while (p.font_size < readable && p.label_every < 64) {
    p.label_every *= 2;
    p.font_size =
        std::min(font->FontSize, float(p.label_every) * p.g.wire_spacing * k_label_per_spacing);
  }
  p.print_text = p.font_size >= readable;
  if (p.label_every > 1) p.print_values = false;
  // Right margin for the keys now on the wires, left margin for wire numbers.
  if (p.print_values && p.print_text) {
    for (std::uint32_t w = first_wire; w < end_wire; ++w)
      p.values_width =
          std::max(p.values_width,
                   font->CalcTextSizeA(p.font_size, FLT_MAX, 0, key_text(state, w).c_str()).x);
    p.values_width += 16 * s;
  }
  // Wire numbers where the wires shown are few; a window's numbers say which wires they are.
  p.label_width =
      shown <= 64 && p.print_text
          ? font->CalcTextSizeA(p.font_size, FLT_MAX, 0, end_wire > 1000 ? "0000" : "000").x + 8 * s
          : 0;
  const float width = std::max(1.0f, max.x - min.x - p.values_width - p.label_width);
  p.g.column_width = width / total_units(layout) * style.zoom;
  p.g.x0 = min.x + p.label_width - style.pan.x;
  p.g.y0 = min.y - float(first_wire) * p.g.wire_spacing - style.pan.y;
  return p;
}

// A comparator switched off (SortSpec::disabled): dashes and open ends, it is there but idle.
void draw_disabled(ImDrawList* list, float x, float y0, float y1, ImU32 color, float thickness,
                   float radius, float scale) {
  const float dash = 6 * scale, gap = 4 * scale;
  for (float y = y0; y < y1; y += dash + gap)
    list->AddLine({x, y}, {x, std::min(y + dash, y1)}, color, thickness);
  if (radius >= 1.5f) {
    list->AddCircle({x, y0}, radius, color, 0, 1.5f * scale);
    list->AddCircle({x, y1}, radius, color, 0, 1.5f * scale);
  }
}

}  // namespace

std::optional<NetworkPick> network_comparator_at(ImVec2 min, ImVec2 max,
                                                 const NetworkLayout& layout,
                                                 const StepState& state, const NetworkStyle& style,
                                                 ImFont* mono, ImVec2 point) {
  if (layout.wires == 0 || layout.layers.empty()) return std::nullopt;
  if (point.x < min.x || point.x >= max.x || point.y < min.y || point.y >= max.y)
    return std::nullopt;
  const Placement p =
      place_network(min, max, layout, state, style, mono != nullptr ? mono : ImGui::GetFont());
  const float reach = std::max(5.0f * style.ui_scale, 0.5f * p.g.column_width);
  std::optional<NetworkPick> best;
  float best_dx = reach;
  for (std::size_t i = 0; i < layout.layers.size(); ++i) {
    const auto& layer = layout.layers[i];
    for (std::size_t k = 0; k < layer.comparators.size(); ++k) {
      const auto& placed = layer.comparators[k];
      const float dx = std::abs(point.x - p.g.column_x(layer, i, placed.column));
      const float top = p.g.wire_y(placed.comparator.left) - 0.4f * p.g.wire_spacing;
      const float bottom = p.g.wire_y(placed.comparator.right) + 0.4f * p.g.wire_spacing;
      if (dx <= best_dx && point.y >= top && point.y <= bottom) {
        best_dx = dx;
        best = NetworkPick{std::uint32_t(layer.step), layer.network_layer, std::uint32_t(k)};
      }
    }
  }
  return best;
}

void draw_network(ImDrawList* list, ImVec2 min, ImVec2 max, const NetworkLayout& layout,
                  const StepState& state, const NetworkStyle& style, const Palette& colors,
                  ImFont* mono) {
  if (layout.wires == 0 || layout.layers.empty()) return;
  const float s = style.ui_scale;
  ImFont* font = mono != nullptr ? mono : ImGui::GetFont();
  const Placement placement = place_network(min, max, layout, state, style, font);
  const Geometry& g = placement.g;
  const float font_size = placement.font_size;
  const float values_width = placement.values_width;
  const float label_width = placement.label_width;
  const std::uint32_t label_every = placement.label_every;

  list->PushClipRect(min, max, true);
  const int current = state.position > 0 ? layout.layer_of_step(state.position - 1) : -1;
  // A step covering several layers (batcher-fused) highlights all of them.
  const auto is_current_layer = [&](std::size_t i) {
    return current >= 0 && layout.layers[i].step == layout.layers[std::size_t(current)].step;
  };
  // Layer bands: alternate faint shading, the current layer in the accent colour.
  for (std::size_t i = 0; i < layout.layers.size(); ++i) {
    const auto& layer = layout.layers[i];
    const float l = g.layer_left(layer, i), r = g.layer_right(layer, i);
    if (r < min.x || l > max.x) continue;
    if (is_current_layer(i)) {
      list->AddRectFilled({l - 0.4f * g.column_width, min.y}, {r + 0.4f * g.column_width, max.y},
                          (colors.accent & 0x00ffffff) | (70u << 24));
    } else if (i % 2 == 1) {
      list->AddRectFilled({l, min.y}, {r, max.y}, (colors.dim & 0x00ffffff) | (28u << 24));
    }
  }
  // Wires.
  const float wire_thickness = std::clamp(g.wire_spacing * 0.08f, 1.0f, 2.0f * s);
  const float right_end = g.x0 + total_units(layout) * g.column_width;
  for (std::uint32_t w = 0; w < layout.wires; ++w) {
    const float y = g.wire_y(w);
    if (y < min.y - 2 || y > max.y + 2) continue;
    // Wires closer than 3 pixels would only paint a grey moire: zoom in to see them.
    if (g.wire_spacing >= 3.0f)
      list->AddLine({g.x0, y}, {right_end, y}, colors.dim, wire_thickness);
    if (label_width > 0 && w % label_every == 0) {
      const std::string label = std::to_string(w);
      const float tw = font->CalcTextSizeA(font_size, FLT_MAX, 0, label.c_str()).x;
      // Numbers on every 2nd, 4th, ... wire are taller than a wire's room: the end ones stay
      // inside the diagram.
      const float top = std::max(min.y, std::min(y - font_size * 0.5f, max.y - font_size));
      draw_text(list, font, font_size, {g.x0 - tw - 6 * s, top}, colors.dim, label);
    }
  }
  // Comparators.
  for (std::size_t i = 0; i < layout.layers.size(); ++i) {
    const auto& layer = layout.layers[i];
    if (g.layer_right(layer, i) < min.x || g.layer_left(layer, i) > max.x) continue;
    const bool is_current = is_current_layer(i);
    const float thickness = std::clamp(g.column_width * (is_current ? 0.35f : 0.22f), 1.0f,
                                       (is_current ? 4.0f : 2.5f) * s);
    const float radius =
        std::clamp(std::min(g.column_width, g.wire_spacing) * 0.32f, 1.0f, 6.0f * s);
    for (const auto& placed : layer.comparators) {
      const Comparator& c = placed.comparator;
      const float x = g.column_x(layer, i, placed.column);
      const float y0 = g.wire_y(c.left), y1 = g.wire_y(c.right);
      if (y1 < min.y || y0 > max.y) continue;
      ImU32 color = colors.text;
      if (style.color_by_workgroup) color = workgroup_color(c.invocation / layer.workgroup_size);
      if (is_current) color = swapped_at(state, c) ? colors.swapped : colors.compared;
      if (!is_current && !style.color_by_workgroup && current >= 0)
        color = (color & 0x00ffffff) | (120u << 24);
      if (c.disabled) {
        draw_disabled(list, x, y0, y1, (colors.dim & 0x00ffffff) | (230u << 24), thickness, radius,
                      s);
        continue;
      }
      list->AddLine({x, y0}, {x, y1}, color, thickness);
      if (radius >= 1.5f) {
        list->AddCircleFilled({x, y0}, radius, color);
        list->AddCircleFilled({x, y1}, radius, color);
      }
    }
  }
  // The keys on the wires now, at the right.
  if (values_width > 0) {
    const float x = max.x - values_width + 10 * s;
    for (std::uint32_t w = 0; w < layout.wires; ++w) {
      const float y = g.wire_y(w);
      if (y < min.y || y > max.y) continue;
      bool moved = false;
      for (const auto& c : state.comparators)
        if ((c.left == w || c.right == w) && swapped_at(state, c)) moved = true;
      draw_text(list, font, font_size, {x, y - font_size * 0.5f},
                moved ? colors.swapped : colors.text, key_text(state, w));
    }
  }
  list->PopClipRect();
}

float network_min_height(const NetworkLayout& layout, float line) {
  return std::max(4.0f * line, 2.0f * float(std::min(layout.wires, 128u)));
}

float network_readable_height(const NetworkLayout& layout, KeyWindow wires, ImFont* mono) {
  const std::uint32_t shown = wires.end(layout.wires) - wires.begin(layout.wires);
  const ImFont* font = mono != nullptr ? mono : ImGui::GetFont();
  return shown <= k_max_printed_wires
             ? float(shown) * readable_label_size(font) / k_label_per_spacing
             : 0.0f;
}

std::string network_svg(const NetworkLayout& layout, const StepState& state,
                        const std::string& title) {
  const float column_width = 14, wire_spacing = layout.wires <= 64 ? 22.0f : 8.0f;
  const float margin = 40;
  Geometry g;
  g.column_width = column_width;
  g.wire_spacing = wire_spacing;
  g.x0 = margin;
  g.y0 = margin;
  const float width = 2 * margin + total_units(layout) * column_width;
  const float height = 2 * margin + float(layout.wires) * wire_spacing;
  const int current = state.position > 0 ? layout.layer_of_step(state.position - 1) : -1;
  const ImU32 swapped = IM_COL32(230, 159, 0, 255), accent = IM_COL32(255, 226, 110, 255);

  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height << "\">\n"
      << "<title>";
  for (char ch : title) {
    if (ch == '<')
      out << "&lt;";
    else if (ch == '>')
      out << "&gt;";
    else if (ch == '&')
      out << "&amp;";
    else
      out << ch;
  }
  out << "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  // Caption: the network's size and depth beside the other networks' and the best known.
  if (state.plan != nullptr) {
    if (const std::string facts = network_facts_text(*state.plan); !facts.empty()) {
      out << "<text class=\"facts\" x=\"" << margin * 0.5f << "\" y=\"" << height - margin * 0.25f
          << "\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#111111\">" << facts
          << "</text>\n";
    }
  }
  const auto is_current_layer = [&](std::size_t i) {
    return current >= 0 && layout.layers[i].step == layout.layers[std::size_t(current)].step;
  };
  for (std::size_t i = 0; i < layout.layers.size(); ++i) {
    if (!is_current_layer(i)) continue;
    const auto& layer = layout.layers[i];
    const float l = g.layer_left(layer, i) - 0.4f * column_width;
    out << "<rect class=\"current-layer\" x=\"" << l << "\" y=\"" << margin * 0.5f << "\" width=\""
        << g.layer_right(layer, i) - g.layer_left(layer, i) + 0.8f * column_width << "\" height=\""
        << height - margin << "\" fill=\"" << hex_color(accent) << "\"/>\n";
  }
  out << "<g class=\"wires\" stroke=\"#555555\" stroke-width=\"1.5\">\n";
  for (std::uint32_t w = 0; w < layout.wires; ++w) {
    const float y = g.wire_y(w);
    out << "<line x1=\"" << margin * 0.5f << "\" y1=\"" << y << "\" x2=\"" << width - margin * 0.5f
        << "\" y2=\"" << y << "\"/>\n";
  }
  out << "</g>\n";
  for (std::size_t i = 0; i < layout.layers.size(); ++i) {
    const auto& layer = layout.layers[i];
    out << "<g class=\"layer\" data-step=\"" << layer.step << "\">\n";
    for (const auto& placed : layer.comparators) {
      const Comparator& c = placed.comparator;
      const float x = g.column_x(layer, i, placed.column);
      const bool hot = is_current_layer(i) && swapped_at(state, c);
      const std::string color = hot ? hex_color(swapped) : "#111111";
      // A disabled comparator is drawn dashed: it is part of the network but does not run.
      out << "<line class=\"comparator\" data-step=\"" << layer.step << "\" data-left=\"" << c.left
          << "\" data-right=\"" << c.right << "\"" << (c.disabled ? " data-disabled=\"1\"" : "")
          << " x1=\"" << x << "\" y1=\"" << g.wire_y(c.left) << "\" x2=\"" << x << "\" y2=\""
          << g.wire_y(c.right) << "\" stroke=\"" << color << "\" stroke-width=\"2.5\""
          << (c.disabled ? " stroke-dasharray=\"4 3\"" : "") << "/>\n";
      for (const float y : {g.wire_y(c.left), g.wire_y(c.right)})
        out << "<circle cx=\"" << x << "\" cy=\"" << y << "\" r=\"4\" fill=\"" << color << "\"/>\n";
    }
    out << "</g>\n";
  }
  out << "</svg>\n";
  return out.str();
}

}  // namespace ss::render
