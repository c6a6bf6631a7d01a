// cairo faces from the bundled fonts: they draw DejaVu into a PDF, bold as its own face, and
// stay valid in a cairo context after the object that made them is gone.
#include <cairo-pdf.h>

#include <string>

#include <catch2/catch.hpp>

#include "render/cairo_fonts.hpp"

namespace {

cairo_status_t cairo_fonts_test_append(void* closure, const unsigned char* data,
                                       unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

double cairo_fonts_test_advance(cairo_t* cr, const char* text) {
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text, &extents);
  return extents.x_advance;
}

}  // namespace

TEST_CASE("cairo fonts: the bundled DejaVu faces outlive their maker and are embedded in a PDF",
          "[render][handout]") {
  std::string pdf;
  cairo_surface_t* surface = nullptr;
  cairo_t* cr = nullptr;
  double regular = 0, bold = 0;
  {
    // Made before any surface, as the handout makes them (cairo on Windows once hung there).
    const ss::render::CairoFonts fonts;
    surface = cairo_pdf_surface_create_for_stream(cairo_fonts_test_append, &pdf, 200, 100);
    cr = cairo_create(surface);
    fonts.select(cr, false);
    cairo_set_font_size(cr, 10);
    regular = cairo_fonts_test_advance(cr, "sortscope");
    cairo_move_to(cr, 10, 20);
    cairo_show_text(cr, "sortscope");
    fonts.select(cr, true);
    bold = cairo_fonts_test_advance(cr, "sortscope");
  }
  // The bold face is still cr's, the regular one only in cairo's caches and the PDF's subsets.
  cairo_move_to(cr, 10, 40);
  cairo_show_text(cr, "sortscope");
  cairo_surface_finish(surface);
  const cairo_status_t status = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  REQUIRE(status == CAIRO_STATUS_SUCCESS);
  // The word's advance in the fonts' own units (FreeType, FT_LOAD_NO_SCALE: 9971 and 11310 of
  // 2048 per em) at 10 points, unhinted: no glyph's advance rounded to whole pixels.
  CHECK(regular == Approx(48.687).margin(0.001));
  CHECK(bold == Approx(55.225).margin(0.001));
  CHECK(pdf.find("+DejaVuSans-Bold") != std::string::npos);
  CHECK(pdf.find("+DejaVuSans\n") != std::string::npos);  // /BaseFont /ABCDEF+DejaVuSans
}
