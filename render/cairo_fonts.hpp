#pragma once
// cairo font faces made from the DejaVu fonts linked into the binary (render/fonts.hpp), through
// FreeType. cairo's "toy" font API (cairo_select_font_face) asks fontconfig on Linux and GDI on
// Windows for a font by name, so a handout drawn with it takes whatever font the machine has:
// these faces make it the same font, with the same metrics and line breaks, everywhere.
#include <cairo.h>

#include <memory>

namespace ss::render {

class CairoFonts {
 public:
  // Throws std::runtime_error when FreeType cannot read the embedded fonts.
  CairoFonts();

  // Sets cr's font to DejaVu Sans (or DejaVu Sans Bold) with fixed hinting and antialiasing, so
  // no fontconfig or desktop setting changes the glyphs or their advances. cr holds its own
  // reference to the face: it may outlive this object.
  void select(cairo_t* cr, bool bold) const;

 private:
  struct FaceRelease {
    void operator()(cairo_font_face_t* face) const { cairo_font_face_destroy(face); }
  };
  struct OptionsRelease {
    void operator()(cairo_font_options_t* options) const { cairo_font_options_destroy(options); }
  };
  std::unique_ptr<cairo_font_face_t, FaceRelease> sans_, sans_bold_;
  std::unique_ptr<cairo_font_options_t, OptionsRelease> options_;
};

}  // namespace ss::render
