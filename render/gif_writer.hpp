#pragma once
// Animated GIF through giflib, kept small enough for a slide: one global palette made once from
// sample frames (so colours do not flicker between frames), and every frame after the first
// stored as only the rectangle that changed, its unchanged pixels transparent (LZW packs those
// runs into almost nothing). Frames identical to the one before only lengthen its delay.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "render/offscreen_target.hpp"

namespace ss::render {

// At most 255 colours (index 255 is the transparent one): every colour when the samples have
// that few, else a median-cut palette of them (giflib's GifQuantizeBuffer). 0xRRGGBB.
std::vector<std::uint32_t> make_gif_palette(const std::vector<Image>& samples);

class GifWriter {
 public:
  // Throws UsageError when the file cannot be created.
  GifWriter(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
            std::vector<std::uint32_t> palette);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // Shown for duration_ms (GIF counts in hundredths of a second; rounding does not accumulate).
  void add_frame(const Image& image, std::uint32_t duration_ms);
  // Writes the last frame and renames the file into place; without it, nothing is left behind.
  void finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace ss::render
