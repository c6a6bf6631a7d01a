#pragma once
// The TTF fonts bundled in assets/fonts (DejaVu, see assets/fonts/LICENSE-DejaVu.txt), linked into
// the binary at build time so the app and the headless renderer need no files at run time.
#include <span>

namespace ss::render {

std::span<const unsigned char> font_sans();       // DejaVu Sans: labels and panels
std::span<const unsigned char> font_sans_bold();  // DejaVu Sans Bold: handout headings
std::span<const unsigned char> font_mono();       // DejaVu Sans Mono: GLSL source, numbers

}  // namespace ss::render
