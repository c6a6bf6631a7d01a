#include "gui/keys.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "gui/key_queue.hpp"

namespace ss::gui {

void handle_keys(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  const auto presses = take_key_presses();  // taken even when ignored, so none fire later
  if (io.WantTextInput || !app.error.empty()) return;
  for (const KeyPress& press : presses) {
    // Stepping repeats while the key is held; the toggles fire once per press.
    // Shift or Ctrl with an arrow pans the bars' window instead of stepping.
    const bool pan = (press.mods & (GLFW_MOD_SHIFT | GLFW_MOD_CONTROL)) != 0;
    switch (press.key) {
      case GLFW_KEY_RIGHT:
        app.perform(pan ? Action::pan_right : Action::step_forward);
        break;
      case GLFW_KEY_LEFT:
        app.perform(pan ? Action::pan_left : Action::step_back);
        break;
      case GLFW_KEY_EQUAL:  // + without Shift on most layouts
      case GLFW_KEY_KP_ADD:
        app.perform(Action::zoom_in);
        break;
      case GLFW_KEY_MINUS:
      case GLFW_KEY_KP_SUBTRACT:
        app.perform(Action::zoom_out);
        break;
      default:
        if (press.repeat) break;
        if (press.key == GLFW_KEY_SPACE) app.perform(Action::toggle_play);
        if (press.key == GLFW_KEY_R) app.perform(Action::reset);
        if (press.key == GLFW_KEY_END) app.perform(Action::step_to_end);
        if (press.key == GLFW_KEY_N) app.perform(Action::new_input);
        if (press.key == GLFW_KEY_F11) app.perform(Action::toggle_fullscreen);
        if (press.key == GLFW_KEY_H) app.perform(Action::toggle_panels);
        if (press.key == GLFW_KEY_P) app.perform(Action::toggle_presenter);
        if (press.key == GLFW_KEY_O) app.perform(Action::toggle_phases);
        if (press.key == GLFW_KEY_F) app.perform(Action::toggle_full_speed);
        if (press.key == GLFW_KEY_LEFT_BRACKET) app.perform(Action::pick_previous);
        if (press.key == GLFW_KEY_RIGHT_BRACKET) app.perform(Action::pick_next);
        if (press.key == GLFW_KEY_V) app.perform(Action::next_view);
        if (press.key == GLFW_KEY_D) app.perform(Action::toggle_density);
        if (press.key == GLFW_KEY_T) app.perform(Action::toggle_caption);
        if (press.key == GLFW_KEY_M) app.perform(Action::toggle_mute);
        if (press.key == GLFW_KEY_0 || press.key == GLFW_KEY_KP_0) app.perform(Action::zoom_fit);
        if (press.key == GLFW_KEY_U) app.perform(Action::unfollow);
        if (press.key == GLFW_KEY_C) app.perform(Action::toggle_controls);
        if (press.key == GLFW_KEY_S) app.perform(Action::toggle_step_panel);
        if (press.key == GLFW_KEY_ESCAPE) app.perform(Action::close_drawers);
        break;
    }
  }
}

}  // namespace ss::gui
