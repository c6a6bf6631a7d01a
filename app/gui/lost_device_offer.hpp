#pragma once
// After the GPU was lost the app draws on a new connection and asks before it plans anything
// there: re-create the sort as the user had it (KeptSettings) or quit. A modal dialog saying what
// happened and what will be kept; Enter reconnects.
#include <string>

namespace ss::gui {

enum class LostDeviceChoice { pending, reconnect, quit };

class LostDeviceOffer {
 public:
  // `what_happened`: the error's message (what was running); `kept`: describe(KeptSettings).
  LostDeviceOffer(std::string what_happened, std::string kept);
  // Draws the dialog in the current ImGui frame; the user's answer once given.
  LostDeviceChoice draw();

 private:
  std::string what_happened_;
  std::string kept_;
};

}  // namespace ss::gui
