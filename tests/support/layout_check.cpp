#include "support/layout_check.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string_view>

#include <imgui.h>
#include <imgui_internal.h>

#include "render/layout_audit.hpp"

namespace ss::test {

namespace {

// Anti-aliased edges reach half a pixel past a shape, and glyphs a pixel past their box.
constexpr float k_tolerance = 1.5f;
// Triangles thinner than this (or a window border) are lines: ImGui draws separators across the
// whole window and clips them to its content on purpose, and window borders straddle its edge.
constexpr float k_thin = 4.0f;

std::string rect_text(const ImRect& r) {
  char text[96];
  std::snprintf(text, sizeof text, "(%.0f, %.0f)-(%.0f, %.0f)", r.Min.x, r.Min.y, r.Max.x, r.Max.y);
  return text;
}

bool counts(const ImGuiWindow* window) {
  return window->Active && !window->Hidden && std::string_view(window->Name).rfind("Debug##", 0);
}

bool overlay(const ImGuiWindow* window, const std::vector<std::string>& overlays) {
  const ImGuiWindow* root = window->RootWindow;
  if ((root->Flags & (ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip)) != 0) return true;
  return std::find(overlays.begin(), overlays.end(), std::string(root->Name)) != overlays.end();
}

// Triangles outside their command's clip rectangle: the GPU's scissor cuts them off.
void check_draw_lists(std::vector<std::string>& problems) {
  const ImDrawData* data = ImGui::GetDrawData();
  const float thin = std::max(k_thin, 2 * ImGui::GetStyle().WindowBorderSize + 2);
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList* list = data->CmdLists[l];
    const ImGuiWindow* window = ImGui::FindWindowByName(list->_OwnerName);
    const bool scroll_x = window != nullptr && window->ScrollbarX;
    const bool scroll_y = window != nullptr && window->ScrollbarY;
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback != nullptr) continue;
      const ImRect clip(cmd.ClipRect);
      ImRect out(FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX);
      for (unsigned i = cmd.IdxOffset; i + 2 < cmd.IdxOffset + cmd.ElemCount; i += 3) {
        ImRect triangle(FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX);
        for (unsigned k = i; k < i + 3; ++k)
          triangle.Add(list->VtxBuffer[int(cmd.VtxOffset + list->IdxBuffer[int(k)])].pos);
        if (triangle.GetWidth() < thin || triangle.GetHeight() < thin) continue;
        const bool x_out = !scroll_x && (triangle.Min.x < clip.Min.x - k_tolerance ||
                                         triangle.Max.x > clip.Max.x + k_tolerance);
        const bool y_out = !scroll_y && (triangle.Min.y < clip.Min.y - k_tolerance ||
                                         triangle.Max.y > clip.Max.y + k_tolerance);
        if (x_out || y_out) out.Add(triangle);
      }
      if (out.Min.x <= out.Max.x)
        problems.push_back("window '" + std::string(list->_OwnerName) + "' drew " + rect_text(out) +
                           " beyond its clip rectangle " + rect_text(clip));
    }
  }
}

// Content past the visible part of a window with no scrollbar that way (a label past the edge
// is dropped whole by ImGui, so no vertex shows it), and windows off the display or overlapping.
void check_windows(const std::vector<std::string>& overlays, std::vector<std::string>& problems) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImRect display({0, 0}, g.IO.DisplaySize);
  std::vector<const ImGuiWindow*> docked;
  for (const ImGuiWindow* w : g.Windows) {
    if (!counts(w)) continue;
    const std::string name = w->Name;
    const ImRect visible = w->InnerClipRect;
    const ImVec2 content = w->DC.CursorMaxPos;
    if (!w->ScrollbarX && content.x > visible.Max.x + k_tolerance)
      problems.push_back("window '" + name +
                         "': content reaches x = " + std::to_string(int(content.x)) +
                         ", past its visible " + rect_text(visible));
    if (!w->ScrollbarY && content.y > visible.Max.y + k_tolerance)
      problems.push_back("window '" + name +
                         "': content reaches y = " + std::to_string(int(content.y)) +
                         ", past its visible " + rect_text(visible));
    const ImRect rect = w->Rect();
    // A child window may run past the display inside its scrolling parent.
    if ((w->Flags & ImGuiWindowFlags_ChildWindow) == 0 &&
        !display.Contains(ImRect(rect.Min.x + k_tolerance, rect.Min.y + k_tolerance,
                                 rect.Max.x - k_tolerance, rect.Max.y - k_tolerance)))
      problems.push_back("window '" + name + "' at " + rect_text(rect) + " leaves the display");
    if ((w->Flags & ImGuiWindowFlags_ChildWindow) == 0 && !overlay(w, overlays))
      docked.push_back(w);
  }
  for (std::size_t i = 0; i < docked.size(); ++i) {
    for (std::size_t j = i + 1; j < docked.size(); ++j) {
      ImRect a = docked[i]->Rect(), b = docked[j]->Rect();
      a.Expand(-k_tolerance);
      if (a.Overlaps(b))
        problems.push_back("windows '" + std::string(docked[i]->Name) + "' and '" +
                           docked[j]->Name + "' overlap");
    }
  }
}

// Table cells whose content runs past their column (cut at the column's edge).
void check_tables(std::vector<std::string>& problems) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  for (int i = 0; i < g.Tables.GetMapSize(); ++i) {
    const ImGuiTable* table = g.Tables.TryGetMapData(i);
    if (table == nullptr || table->LastFrameActive != g.FrameCount) continue;
    for (int c = 0; c < table->ColumnsCount; ++c) {
      const ImGuiTableColumn& column = table->Columns[c];
      if (!column.IsEnabled) continue;
      const float content = std::max(column.ContentMaxXUnfrozen, column.ContentMaxXFrozen);
      if (content > column.ClipRect.Max.x + k_tolerance)
        problems.push_back("table in window '" + std::string(table->OuterWindow->Name) +
                           "': column " + std::to_string(c) +
                           " content reaches x = " + std::to_string(int(content)) +
                           ", past its edge at " + std::to_string(int(column.ClipRect.Max.x)));
    }
  }
}

}  // namespace

std::vector<std::string> layout_problems(const std::vector<std::string>& overlays) {
  std::vector<std::string> problems = render::take_layout_problems();
  check_draw_lists(problems);
  check_windows(overlays, problems);
  check_tables(problems);
  return problems;
}

}  // namespace ss::test
