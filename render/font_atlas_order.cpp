#include "render/font_atlas_order.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

namespace ss::render {

namespace {

// A rectangle of the atlas, in texels, and what points into it.
struct AtlasPiece {
  int x = 0, y = 0, w = 0, h = 0;
  ImFontGlyph* glyph = nullptr;
  ImFontAtlasCustomRect* custom = nullptr;
  int to_x = 0, to_y = 0;  // its place in the fixed order
};

// Every glyph with pixels and every packed custom rectangle, in the fixed order.
std::vector<AtlasPiece> atlas_pieces(ImFontAtlas& atlas) {
  const float w = float(atlas.TexWidth), h = float(atlas.TexHeight);
  std::vector<AtlasPiece> pieces;
  for (ImFont* font : atlas.Fonts) {
    for (ImFontGlyph& g : font->Glyphs) {
      // The coordinates are whole texels over a power of two: exact.
      AtlasPiece p;
      p.x = int(g.U0 * w + 0.5f);
      p.y = int(g.V0 * h + 0.5f);
      p.w = int(g.U1 * w + 0.5f) - p.x;
      p.h = int(g.V1 * h + 0.5f) - p.y;
      p.glyph = &g;
      if (p.w > 0 && p.h > 0) pieces.push_back(p);
    }
  }
  for (ImFontAtlasCustomRect& r : atlas.CustomRects) {
    // A custom glyph's rectangle moves with its glyph (sortscope adds none).
    if (!r.IsPacked() || r.Font != nullptr) continue;
    pieces.push_back({r.X, r.Y, r.Width, r.Height, nullptr, &r});
  }
  return pieces;
}

// Each size's places, top to bottom and left to right, handed out in the pieces' order.
void assign_places(std::vector<AtlasPiece>& pieces) {
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> places;  // (w, h) -> (y, x)
  for (const AtlasPiece& p : pieces) places[{p.w, p.h}].emplace_back(p.y, p.x);
  for (auto& [size, list] : places) std::sort(list.begin(), list.end());
  std::map<std::pair<int, int>, std::size_t> taken;
  for (AtlasPiece& p : pieces) {
    const auto [y, x] = places[{p.w, p.h}][taken[{p.w, p.h}]++];
    p.to_x = x;
    p.to_y = y;
  }
}

// Copies each piece's texels to its new place (the places of one size are the same set, so every
// texel written was a piece's before). `texel_bytes`: 1 for alpha, 4 for RGBA.
void move_texels(unsigned char* pixels, std::size_t texel_bytes, const ImFontAtlas& atlas,
                 const std::vector<AtlasPiece>& pieces) {
  if (pixels == nullptr) return;
  const std::size_t row = std::size_t(atlas.TexWidth) * texel_bytes;
  const std::vector<unsigned char> before(pixels, pixels + row * std::size_t(atlas.TexHeight));
  for (const AtlasPiece& p : pieces) {
    for (int y = 0; y < p.h; ++y) {
      std::memcpy(pixels + std::size_t(p.to_y + y) * row + std::size_t(p.to_x) * texel_bytes,
                  before.data() + std::size_t(p.y + y) * row + std::size_t(p.x) * texel_bytes,
                  std::size_t(p.w) * texel_bytes);
    }
  }
}

// A texture coordinate inside a moved custom rectangle, moved with it (the white pixel, the lines).
ImVec2 moved_uv(ImVec2 uv, const ImFontAtlas& atlas, const std::vector<AtlasPiece>& pieces) {
  const float u = uv.x * float(atlas.TexWidth), v = uv.y * float(atlas.TexHeight);
  for (const AtlasPiece& p : pieces) {
    if (p.custom == nullptr || u < float(p.x) || u > float(p.x + p.w) || v < float(p.y) ||
        v > float(p.y + p.h))
      continue;
    return {uv.x + float(p.to_x - p.x) * atlas.TexUvScale.x,
            uv.y + float(p.to_y - p.y) * atlas.TexUvScale.y};
  }
  return uv;
}

}  // namespace

void build_atlas_in_fixed_order(ImFontAtlas& atlas) {
  if (!atlas.Build()) throw std::runtime_error("Dear ImGui could not build its font atlas");
  std::vector<AtlasPiece> pieces = atlas_pieces(atlas);
  assign_places(pieces);
  move_texels(atlas.TexPixelsAlpha8, 1, atlas, pieces);
  move_texels(reinterpret_cast<unsigned char*>(atlas.TexPixelsRGBA32), 4, atlas, pieces);
  atlas.TexUvWhitePixel = moved_uv(atlas.TexUvWhitePixel, atlas, pieces);
  for (ImVec4& line : atlas.TexUvLines) {
    const ImVec2 a = moved_uv({line.x, line.y}, atlas, pieces);
    const ImVec2 b = moved_uv({line.z, line.w}, atlas, pieces);
    line = {a.x, a.y, b.x, b.y};
  }
  const ImVec2 scale = atlas.TexUvScale;
  for (const AtlasPiece& p : pieces) {
    if (p.glyph != nullptr) {
      p.glyph->U0 = float(p.to_x) * scale.x;
      p.glyph->V0 = float(p.to_y) * scale.y;
      p.glyph->U1 = float(p.to_x + p.w) * scale.x;
      p.glyph->V1 = float(p.to_y + p.h) * scale.y;
    } else {
      p.custom->X = static_cast<unsigned short>(p.to_x);
      p.custom->Y = static_cast<unsigned short>(p.to_y);
    }
  }
}

}  // namespace ss::render
