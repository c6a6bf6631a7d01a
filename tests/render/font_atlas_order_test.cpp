// The font atlas in a fixed order: glyphs of one size in the places of that size, in the fonts'
// and glyphs' order, each with the pixels ImGui drew for it, whatever order the C library's qsort
// left them in.
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "render/font_atlas_order.hpp"
#include "render/fonts.hpp"

namespace {

using namespace ss;

// An atlas of the app's fonts, as render/imgui_layer.cpp adds them.
struct AppFonts {
  ImFontAtlas atlas;
  AppFonts() {
    for (const auto& [ttf, size] :
         {std::pair{render::font_sans(), 17.0f}, std::pair{render::font_mono(), 15.0f},
          std::pair{render::font_sans(), 27.0f}}) {
      ImFontConfig config;
      config.FontDataOwnedByAtlas = false;
      config.OversampleH = 2;
      atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(ttf.data()), int(ttf.size()), size,
                                 &config);
    }
  }
};

struct GlyphRect {
  int x, y, w, h;
};

GlyphRect rect_of(const ImFontAtlas& atlas, const ImFontGlyph& g) {
  const float w = float(atlas.TexWidth), h = float(atlas.TexHeight);
  const int x0 = int(g.U0 * w + 0.5f), y0 = int(g.V0 * h + 0.5f);
  return {x0, y0, int(g.U1 * w + 0.5f) - x0, int(g.V1 * h + 0.5f) - y0};
}

std::vector<unsigned char> pixels_of(const ImFontAtlas& atlas, const GlyphRect& r) {
  std::vector<unsigned char> pixels;
  for (int y = r.y; y < r.y + r.h; ++y)
    for (int x = r.x; x < r.x + r.w; ++x)
      pixels.push_back(atlas.TexPixelsAlpha8[y * atlas.TexWidth + x]);
  return pixels;
}

}  // namespace

TEST_CASE("font atlas order: each size's glyphs in order, with the pixels ImGui drew",
          "[render][text]") {
  AppFonts imgui_order;
  REQUIRE(imgui_order.atlas.Build());
  AppFonts fixed;
  render::build_atlas_in_fixed_order(fixed.atlas);
  REQUIRE(fixed.atlas.TexWidth == imgui_order.atlas.TexWidth);
  REQUIRE(fixed.atlas.TexHeight == imgui_order.atlas.TexHeight);
  REQUIRE(fixed.atlas.Fonts.Size == 3);

  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> places;  // size -> (y, x)
  std::size_t glyphs = 0;
  for (int f = 0; f < fixed.atlas.Fonts.Size; ++f) {
    const ImFont& font = *fixed.atlas.Fonts[f];
    const ImFont& drawn = *imgui_order.atlas.Fonts[f];
    REQUIRE(font.Glyphs.Size == drawn.Glyphs.Size);
    for (int i = 0; i < font.Glyphs.Size; ++i) {
      const GlyphRect r = rect_of(fixed.atlas, font.Glyphs[i]);
      const GlyphRect before = rect_of(imgui_order.atlas, drawn.Glyphs[i]);
      INFO("font " << f << ", glyph U+" << std::hex << font.Glyphs[i].Codepoint);
      REQUIRE((r.w == before.w && r.h == before.h));
      if (r.w == 0 || r.h == 0) continue;
      CHECK(pixels_of(fixed.atlas, r) == pixels_of(imgui_order.atlas, before));
      places[{r.w, r.h}].emplace_back(r.y, r.x);
      ++glyphs;
    }
  }
  CHECK(glyphs > 500);  // three fonts of Latin-1's printable letters
  // Glyphs of one size (digits, say) in their order down the atlas and along its rows.
  std::size_t shared_sizes = 0;
  for (const auto& [size, list] : places) {
    INFO("glyphs of " << size.first << "x" << size.second);
    CHECK(std::is_sorted(list.begin(), list.end()));
    if (list.size() > 1) ++shared_sizes;
  }
  CHECK(shared_sizes > 10);
  // The white pixel the views' filled shapes sample is still white.
  const ImVec2 white = fixed.atlas.TexUvWhitePixel;
  CHECK(fixed.atlas
            .TexPixelsAlpha8[int(white.y * float(fixed.atlas.TexHeight)) * fixed.atlas.TexWidth +
                             int(white.x * float(fixed.atlas.TexWidth))] == 0xFF);
}
