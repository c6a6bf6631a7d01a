# Writes the bytes of IN as a brace-enclosed char initializer (NUL-terminated) into OUT, so the
# app can show the GLSL a step ran. Hex keeps semicolons, quotes and blank lines intact, which
# CMake's list-based string handling would not. Used by EmbedShaders.cmake at build time.
file(READ ${IN} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE ${OUT} "{${bytes}0x00}")
