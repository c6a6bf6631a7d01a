#include "render/layout_audit.hpp"

#include <cstdio>

namespace ss::render {

namespace {

// Half a pixel: text placed on a rectangle's edge is rounded to whole pixels by ImGui.
constexpr float k_slack = 0.5f;

bool g_on = false;
float g_smallest_text = 0;
std::vector<std::string> g_problems;
std::vector<DrawnCaption> g_captions;

std::string rect_text(ImVec2 min, ImVec2 max) {
  char text[96];
  std::snprintf(text, sizeof text, "(%.0f, %.0f)-(%.0f, %.0f)", min.x, min.y, max.x, max.y);
  return text;
}

// `text` of `size` at `pos`, as a problem's sentence starts.
std::string placed_text(std::string_view text, ImVec2 pos, ImVec2 size) {
  return "text \"" + std::string(text) + "\" at " +
         rect_text(pos, {pos.x + size.x, pos.y + size.y});
}

}  // namespace

void set_layout_audit(bool on, float smallest_text) {
  g_on = on;
  g_smallest_text = smallest_text;
  g_problems.clear();
  g_captions.clear();
}

bool layout_audit_on() {
  return g_on;
}

std::vector<std::string> take_layout_problems() {
  std::vector<std::string> problems;
  problems.swap(g_problems);
  return problems;
}

void audit_text(const ImDrawList* list, ImVec2 pos, ImVec2 size, std::string_view text) {
  if (!g_on || text.empty()) return;
  if (size.y + k_slack < g_smallest_text) {
    char height[96];
    std::snprintf(height, sizeof height, " is %.1f pixels high; text under %.1f cannot be read",
                  size.y, g_smallest_text);
    g_problems.push_back(placed_text(text, pos, size) + height);
  }
  const ImVec4 clip = list->_ClipRectStack.back();
  if (pos.x >= clip.x - k_slack && pos.y >= clip.y - k_slack &&
      pos.x + size.x <= clip.z + k_slack && pos.y + size.y <= clip.w + k_slack)
    return;
  g_problems.push_back(placed_text(text, pos, size) + " leaves its room " +
                       rect_text({clip.x, clip.y}, {clip.z, clip.w}));
}

void audit_room(std::string_view view, ImVec2 min, ImVec2 max, ImVec2 need) {
  if (!g_on) return;
  const float w = max.x - min.x, h = max.y - min.y;
  if (w + k_slack >= need.x && h + k_slack >= need.y) return;
  char text[128];
  std::snprintf(text, sizeof text, " got %.0f x %.0f pixels, needs %.0f x %.0f", w, h, need.x,
                need.y);
  g_problems.push_back(std::string(view) + " at " + rect_text(min, max) + text);
}

void audit_caption(std::string_view asked, std::vector<PlacedText> lines) {
  if (!g_on) return;
  g_captions.push_back({std::string(asked), std::move(lines)});
}

std::vector<DrawnCaption> take_drawn_captions() {
  std::vector<DrawnCaption> captions;
  captions.swap(g_captions);
  return captions;
}

}  // namespace ss::render
