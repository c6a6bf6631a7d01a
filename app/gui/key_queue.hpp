#pragma once
// Key presses queued as GLFW reports them. ImGui 1.86 only sees whether a key is down when a
// frame starts, so a tap shorter than a frame (a presentation clicker, or any key while lavapipe
// takes 100 ms per frame) would be lost; the queue keeps every press for the next frame.
#include <GLFW/glfw3.h>

#include <vector>

namespace ss::gui {

// Installs a key callback on `window` that forwards to ImGui's and queues presses and repeats.
// Call after ImGui's GLFW backend is initialised.
void install_key_queue(GLFWwindow* window);

// The presses since the last call, oldest first: GLFW key codes, with whether it was a repeat.
struct KeyPress {
  int key;
  bool repeat;
  int mods = 0;  // GLFW_MOD_* held with it
};
std::vector<KeyPress> take_key_presses();
// Removes the presses (not repeats) of `key` from the queue; true when there was one. For keys
// handled outside handle_keys (G, record).
bool take_key_press(int key);
// Queues a press as if the key had been typed (scripted keys, --keys).
void queue_key_press(int key);

}  // namespace ss::gui
