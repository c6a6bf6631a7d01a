#include "gui/lost_device_offer.hpp"

#include <algorithm>
#include <utility>

#include <imgui.h>

#include "render/text_fit.hpp"

namespace ss::gui {

namespace {
constexpr const char* k_title = "The GPU stopped answering";
}

LostDeviceOffer::LostDeviceOffer(std::string what_happened, std::string kept)
    : what_happened_(std::move(what_happened)), kept_(std::move(kept)) {
  // The error reads as a sentence in a log line; here it opens a paragraph.
  if (!what_happened_.empty() && what_happened_[0] >= 'a' && what_happened_[0] <= 'z')
    what_happened_[0] = char(what_happened_[0] - 'a' + 'A');
  if (!what_happened_.empty() && what_happened_.back() != '.') what_happened_ += '.';
}

LostDeviceChoice LostDeviceOffer::draw() {
  LostDeviceChoice choice = LostDeviceChoice::pending;
  ImGui::OpenPopup(k_title);
  if (!ImGui::BeginPopupModal(k_title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return choice;
  const float width = std::min(ImGui::GetFontSize() * 32, ImGui::GetIO().DisplaySize.x * 0.8f);
  auto paragraph = [&](const std::string& text) {
    for (const std::string& line : render::wrap_words(text, width))
      ImGui::TextUnformatted(line.c_str());
  };
  paragraph(what_happened_);
  ImGui::Spacing();
  paragraph(
      "sortscope has a new connection to the GPU. Reconnect plans the sort again there "
      "and keeps what you set: " +
      kept_ + ".");
  ImGui::Spacing();
  if (ImGui::Button("Reconnect and re-plan") ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)))
    choice = LostDeviceChoice::reconnect;
  ImGui::SameLine();
  if (ImGui::Button("Quit")) choice = LostDeviceChoice::quit;
  if (choice != LostDeviceChoice::pending) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return choice;
}

}  // namespace ss::gui
