# Writes the bytes of IN as a brace-enclosed char initializer (NUL-terminated) into OUT, so the
# app can show the GLSL a step ran, after a comment line saying NOTE where NOTE is given (a build
# variant). Hex keeps semicolons, quotes and blank lines intact, which CMake's list-based string
# handling would not. Used by EmbedShaders.cmake at build time.
file(READ ${IN} hex HEX)
if(DEFINED NOTE)
  string(HEX "// ${NOTE}\n" note_hex)
  set(hex "${note_hex}${hex}")
endif()
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE ${OUT} "{${bytes}0x00}")
