#pragma once
// A GIF as a viewer shows it, for the tests of what writes GIFs (the animation export, the web
// lesson's stills and "play" animations).
#include <gif_lib.h>

#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace ss::test {

// The frames as a viewer shows them: each sub-image drawn over the canvas, transparent pixels
// keeping what was there (every frame is written with disposal "leave in place").
struct DecodedGif {
  int width = 0;
  int height = 0;
  std::vector<std::vector<std::uint32_t>> frames;  // 0xRRGGBB per pixel
  std::vector<int> delays_cs;
  std::vector<GifImageDesc> rects;
};

inline DecodedGif decode_gif(const std::string& path) {
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  REQUIRE(gif != nullptr);
  REQUIRE(DGifSlurp(gif) == GIF_OK);
  DecodedGif d;
  d.width = gif->SWidth;
  d.height = gif->SHeight;
  REQUIRE(gif->SColorMap != nullptr);
  std::vector<std::uint32_t> canvas(std::size_t(d.width) * d.height, 0);
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    GraphicsControlBlock control{};
    DGifSavedExtensionToGCB(gif, i, &control);
    const GifImageDesc& r = image.ImageDesc;
    for (int y = 0; y < r.Height; ++y)
      for (int x = 0; x < r.Width; ++x) {
        const int index = image.RasterBits[y * r.Width + x];
        if (index == control.TransparentColor) continue;
        const GifColorType c = gif->SColorMap->Colors[index];
        canvas[std::size_t(r.Top + y) * d.width + r.Left + x] =
            (std::uint32_t(c.Red) << 16) | (std::uint32_t(c.Green) << 8) | c.Blue;
      }
    d.frames.push_back(canvas);
    d.delays_cs.push_back(control.DelayTime);
    d.rects.push_back(r);
  }
  DGifCloseFile(gif, &error);
  return d;
}

}  // namespace ss::test
