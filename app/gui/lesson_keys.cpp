#include "gui/lesson_keys.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "gui/key_queue.hpp"

namespace ss::gui {

void handle_lesson_keys(LessonPlayer& player, App& app) {
  if (ImGui::GetIO().WantTextInput || !app.error.empty()) return;
  // A clicker sends PageDown and PageUp; a keyboard also has Right, Left and Space.
  for (const int key : {GLFW_KEY_PAGE_DOWN, GLFW_KEY_RIGHT, GLFW_KEY_SPACE})
    if (take_key_press(key)) player.next(app);
  for (const int key : {GLFW_KEY_PAGE_UP, GLFW_KEY_LEFT})
    if (take_key_press(key)) player.previous(app);
  if (take_key_press(GLFW_KEY_B)) player.toggle_blank();
}

void draw_lesson_overlay(const LessonPlayer& player, const App& app) {
  (void)app;
  if (!player.blank()) return;
  ImGui::GetForegroundDrawList()->AddRectFilled({0, 0}, ImGui::GetIO().DisplaySize,
                                                IM_COL32(0, 0, 0, 255));
}

}  // namespace ss::gui
