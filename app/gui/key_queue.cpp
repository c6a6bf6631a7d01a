#include "gui/key_queue.hpp"

#include <backends/imgui_impl_glfw.h>

#include <algorithm>

namespace ss::gui {

namespace {

std::vector<KeyPress>& queue() {
  static std::vector<KeyPress> presses;
  return presses;
}

void on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
  if (action == GLFW_PRESS || action == GLFW_REPEAT)
    queue().push_back({key, action == GLFW_REPEAT, mods});
}

}  // namespace

void install_key_queue(GLFWwindow* window) {
  glfwSetKeyCallback(window, &on_key);
}

std::vector<KeyPress> take_key_presses() {
  std::vector<KeyPress> presses;
  presses.swap(queue());
  return presses;
}

void queue_key_press(int key) {
  queue().push_back({key, false, 0});
}

bool take_key_press(int key) {
  auto& presses = queue();
  const auto first = std::remove_if(presses.begin(), presses.end(),
                                    [key](const KeyPress& p) { return p.key == key; });
  const bool pressed =
      std::any_of(first, presses.end(), [](const KeyPress& p) { return !p.repeat; });
  presses.erase(first, presses.end());
  return pressed;
}

}  // namespace ss::gui
