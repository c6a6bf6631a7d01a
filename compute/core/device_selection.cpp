#include "core/device_selection.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/errors.hpp"
#include "platform/graphics_driver.hpp"

namespace ss {

std::string_view to_string(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::discrete:
      return "discrete GPU";
    case DeviceKind::integrated:
      return "integrated GPU";
    case DeviceKind::virtual_gpu:
      return "virtual GPU";
    case DeviceKind::cpu:
      return "CPU";
    case DeviceKind::other:
      return "other";
  }
  return "other";
}

namespace {

int preference(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::discrete:
      return 0;
    case DeviceKind::integrated:
      return 1;
    case DeviceKind::virtual_gpu:
      return 2;
    case DeviceKind::cpu:
      return 3;
    case DeviceKind::other:
      return 4;
  }
  return 5;
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string describe_all(const std::vector<DeviceCandidate>& candidates) {
  std::string text;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const DeviceCandidate& c = candidates[i];
    text += (i == 0 ? " [" : "; [") + std::to_string(i) + "] " + c.name + " (" +
            std::string(to_string(c.kind)) + ")" +
            (c.rejection.empty() ? "" : ": not usable, " + c.rejection);
  }
  return text;
}

}  // namespace

std::size_t choose_device(const std::vector<DeviceCandidate>& candidates,
                          std::string_view selector) {
  if (candidates.empty()) {
    throw SetupError("no Vulkan device found; " + platform::vulkan_driver_advice());
  }
  const bool any_usable = std::any_of(candidates.begin(), candidates.end(),
                                      [](const DeviceCandidate& c) { return c.rejection.empty(); });
  if (!any_usable) {
    throw SetupError("no usable Vulkan device (" + platform::vulkan_driver_advice() +
                     "):" + describe_all(candidates));
  }

  if (!selector.empty()) {
    std::size_t index = 0;
    auto [end, ec] = std::from_chars(selector.data(), selector.data() + selector.size(), index);
    const bool numeric = ec == std::errc() && end == selector.data() + selector.size();
    if (numeric) {
      if (index >= candidates.size()) {
        throw UsageError("--device " + std::string(selector) + " is not a device index; there " +
                         (candidates.size() == 1
                              ? "is 1 device"
                              : "are " + std::to_string(candidates.size()) + " devices") +
                         ":" + describe_all(candidates));
      }
      if (!candidates[index].rejection.empty()) {
        throw UsageError("--device " + std::string(selector) + " (" + candidates[index].name +
                         ") cannot be used: " + candidates[index].rejection);
      }
      return index;
    }
    const std::string needle = lower(selector);
    std::size_t best = candidates.size();
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      if (!candidates[i].rejection.empty()) continue;
      if (lower(candidates[i].name).find(needle) == std::string::npos) continue;
      if (best == candidates.size() ||
          preference(candidates[i].kind) < preference(candidates[best].kind)) {
        best = i;
      }
    }
    if (best == candidates.size()) {
      throw UsageError(
          "--device '" + std::string(selector) +
          "' matches no usable device index or name; devices:" + describe_all(candidates));
    }
    return best;
  }

  std::size_t best = candidates.size();
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!candidates[i].rejection.empty()) continue;
    if (best == candidates.size() ||
        preference(candidates[i].kind) < preference(candidates[best].kind)) {
      best = i;
    }
  }
  return best;
}

}  // namespace ss
