#include "render/fonts.hpp"

// .incbin copies the font files into .rodata; SORTSCOPE_FONT_* are absolute paths set by
// render/CMakeLists.txt, which also makes this file depend on them.
#define SS_INCBIN(name, path)           \
  asm(".section .rodata\n"              \
      ".balign 16\n"                    \
      ".hidden " #name                  \
      "_begin\n"                        \
      ".global " #name "_begin\n" #name \
      "_begin:\n"                       \
      ".incbin \"" path                 \
      "\"\n"                            \
      ".hidden " #name                  \
      "_end\n"                          \
      ".global " #name "_end\n" #name   \
      "_end:\n"                         \
      ".previous\n")

SS_INCBIN(ss_font_sans, SORTSCOPE_FONT_SANS);
SS_INCBIN(ss_font_mono, SORTSCOPE_FONT_MONO);

extern "C" const unsigned char ss_font_sans_begin[], ss_font_sans_end[];
extern "C" const unsigned char ss_font_mono_begin[], ss_font_mono_end[];

namespace ss::render {

std::span<const unsigned char> font_sans() {
  return {ss_font_sans_begin, ss_font_sans_end};
}
std::span<const unsigned char> font_mono() {
  return {ss_font_mono_begin, ss_font_mono_end};
}

}  // namespace ss::render
