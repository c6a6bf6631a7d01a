#include "render/cairo_fonts.hpp"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <span>
#include <stdexcept>
#include <string>

#include "render/fonts.hpp"

namespace ss::render {

namespace {

struct FreeTypeLibraryRelease {
  void operator()(FT_Library library) const { FT_Done_FreeType(library); }
};
// Shared by every face made from it: FreeType wants the library alive until its last face is
// done, and cairo decides when that is.
using SharedFreeTypeLibrary = std::shared_ptr<std::remove_pointer_t<FT_Library>>;

SharedFreeTypeLibrary cairo_fonts_open_freetype() {
  FT_Library library = nullptr;
  if (const FT_Error error = FT_Init_FreeType(&library); error != 0)
    throw std::runtime_error("FreeType could not start (error " + std::to_string(error) +
                             "): the handout's fonts cannot be drawn");
  return {library, FreeTypeLibraryRelease{}};
}

// An FT_Face and the library it came from, handed to the cairo face that draws with it: cairo
// keeps font faces in its caches after the last caller lets go, so only cairo knows when the
// FT_Face may be freed, and it says so by destroying its user data.
struct CairoFontsFtFace {
  SharedFreeTypeLibrary library;
  FT_Face face = nullptr;
  ~CairoFontsFtFace() {
    if (face != nullptr) FT_Done_Face(face);
  }
};

const cairo_user_data_key_t k_cairo_fonts_ft_face_key{};

cairo_font_face_t* cairo_fonts_face_from_bytes(const SharedFreeTypeLibrary& library,
                                               std::span<const unsigned char> bytes,
                                               const char* name) {
  auto owned = std::make_unique<CairoFontsFtFace>();
  owned->library = library;
  // The embedded bytes are static: they outlive every face made from them, as FreeType requires.
  if (const FT_Error error =
          FT_New_Memory_Face(library.get(), bytes.data(), FT_Long(bytes.size()), 0, &owned->face);
      error != 0)
    throw std::runtime_error(std::string("FreeType could not read the embedded font ") + name +
                             " (error " + std::to_string(error) + ")");
  // No hinting: outlines and advances as designed, whatever the host's fontconfig prefers.
  cairo_font_face_t* face = cairo_ft_font_face_create_for_ft_face(owned->face, FT_LOAD_NO_HINTING);
  cairo_status_t status = cairo_font_face_status(face);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_font_face_set_user_data(
        face, &k_cairo_fonts_ft_face_key, owned.get(),
        [](void* data) { delete static_cast<CairoFontsFtFace*>(data); });
  if (status != CAIRO_STATUS_SUCCESS) {
    cairo_font_face_destroy(face);  // before owned frees the FT_Face it points to
    throw std::runtime_error(std::string("cairo could not use the embedded font ") + name + ": " +
                             cairo_status_to_string(status));
  }
  owned.release();  // cairo frees it with the face
  return face;
}

// cairo on Windows (a static library, no static initialisers for its locks) initialises its
// locks when its first surface, pattern or font face is made; cairo_ft_font_face_create_for_ft_face
// takes the FreeType font map's lock before that, and with no surface made yet it waits forever
// on a lock never initialised (seen under wine). A throwaway surface initialises them first.
void cairo_fonts_initialise_cairo_locks() {
  cairo_surface_destroy(cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1));
}

}  // namespace

CairoFonts::CairoFonts() : options_(cairo_font_options_create()) {
  cairo_fonts_initialise_cairo_locks();
  const SharedFreeTypeLibrary library = cairo_fonts_open_freetype();
  sans_.reset(cairo_fonts_face_from_bytes(library, font_sans(), "DejaVu Sans"));
  sans_bold_.reset(cairo_fonts_face_from_bytes(library, font_sans_bold(), "DejaVu Sans Bold"));
  // Every option spelled out: an option left at DEFAULT is filled in from the surface and, for
  // the toy API, from fontconfig. Unhinted metrics keep advances, hence line breaks, exact.
  cairo_font_options_set_antialias(options_.get(), CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_subpixel_order(options_.get(), CAIRO_SUBPIXEL_ORDER_DEFAULT);
  cairo_font_options_set_hint_style(options_.get(), CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options_.get(), CAIRO_HINT_METRICS_OFF);
  if (const cairo_status_t status = cairo_font_options_status(options_.get());
      status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("cairo: ") + cairo_status_to_string(status));
}

void CairoFonts::select(cairo_t* cr, bool bold) const {
  cairo_set_font_face(cr, bold ? sans_bold_.get() : sans_.get());
  cairo_set_font_options(cr, options_.get());
}

}  // namespace ss::render
