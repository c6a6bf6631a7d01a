#include "gui/windowless.hpp"

#include <string>

#include "core/errors.hpp"
#include "gui/offscreen_presenter.hpp"

namespace ss::gui {

Windowless::Windowless(int width, int height)
    : width_(std::uint32_t(width)), height_(std::uint32_t(height)) {
  // The offscreen target's own limits, said before the GPU is opened.
  if (width < 1 || height < 1 || width > 16384 || height > 16384) {
    throw UsageError("--width and --height must be 1 to 16384 pixels; got " +
                     std::to_string(width) + "x" + std::to_string(height));
  }
}

std::unique_ptr<Presenter> Windowless::presenter(const Context& context, render::UiStyle style) {
  return std::make_unique<OffscreenPresenter>(context, vk::Extent2D(width_, height_), style);
}

}  // namespace ss::gui
