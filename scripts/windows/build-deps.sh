#!/usr/bin/env bash
# Builds the libraries sortscope's Windows x64 build links, from Debian 12's own source packages,
# cross-compiled with mingw-w64 (POSIX threads), into one prefix of static libraries:
#
#   scripts/windows/build-deps.sh [PREFIX]        (default: build/windows-deps/prefix)
#
# It installs the Debian packages it needs (with sudo unless root), adds a deb-src entry for
# bookworm if there is none, fetches each source package with `apt-get source --download-only`
# into a cache outside the clone (${SORTSCOPE_WINDOWS_CACHE:-${XDG_CACHE_HOME:-~/.cache}/
# sortscope-windows}), unpacks it with dpkg-source (which checks the .dsc's checksums and applies
# Debian's patches), and builds and installs only what the prefix does not hold yet for the same
# .dsc, recipe and toolchain (a stamp per package in PREFIX/.stamps), so a second run takes
# seconds. docs/windows-build.md says what comes from where and why.
#
# Environment: SORTSCOPE_WINDOWS_JOBS (parallel jobs, default nproc), SORTSCOPE_WINDOWS_CACHE,
# SORTSCOPE_WINDOWS_WORK (build trees, default PREFIX/../work; a package's tree is removed once
# it is installed, and kept with its log when it fails).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
TRIPLET=x86_64-w64-mingw32
PREFIX=${1:-$repo/build/windows-deps/prefix}
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
CACHE=${SORTSCOPE_WINDOWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sortscope-windows}
SRC=$CACHE/sources
WORK=${SORTSCOPE_WINDOWS_WORK:-$(dirname "$PREFIX")/work}
JOBS=${SORTSCOPE_WINDOWS_JOBS:-$(nproc)}
TOOLCHAIN=$repo/cmake/toolchains/mingw-w64-x86_64.cmake
MESON_CROSS=$repo/cmake/toolchains/mingw-w64-x86_64.meson
STAMPS=$PREFIX/.stamps
mkdir -p "$SRC" "$WORK" "$STAMPS"

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
started=$(date +%s)
say() { printf 'build-deps: %s\n' "$*"; }
die() { say "error: $*" >&2; exit 1; }

# --- Host packages ---------------------------------------------------------------------------
# The cross compilers and binutils, the build tools the source packages use, dpkg-source, wine
# for running the results, zip and unzip for the package and its checks, and the two -dev
# packages whose plain headers are taken as they are (libvulkan-dev, libtomlplusplus-dev: see
# build_vulkan and build_tomlplusplus).
HOST_PACKAGES="
  gcc-mingw-w64-x86-64-posix g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 mingw-w64-tools
  dpkg-dev make cmake ninja-build meson pkg-config xz-utils
  wine wine64 zip unzip
  libvulkan-dev libtomlplusplus-dev
"
missing=""
for p in $HOST_PACKAGES; do
  [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing="$missing $p"
done
if [ -n "$missing" ]; then
  say "installing:$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

# --- deb-src -----------------------------------------------------------------------------------
# apt-get source needs a deb-src entry. If none is configured, mirror the deb entries of
# debian.sources (deb822: same URIs, suites, components and Signed-By) or of sources.list.
if ! apt-cache showsrc zlib 2>/dev/null | grep '^Package: zlib$' >/dev/null; then
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    say "adding deb-src entries: /etc/apt/sources.list.d/sortscope-deb-src.sources"
    awk '/^[[:space:]]*#/ { next } /^Types:/ { print "Types: deb-src"; next } { print }' \
      /etc/apt/sources.list.d/debian.sources |
      $SUDO tee /etc/apt/sources.list.d/sortscope-deb-src.sources >/dev/null
  elif grep -qs '^deb ' /etc/apt/sources.list; then
    say "adding deb-src entries: /etc/apt/sources.list.d/sortscope-deb-src.list"
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list |
      $SUDO tee /etc/apt/sources.list.d/sortscope-deb-src.list >/dev/null
  else
    die "no Debian deb entry to mirror as deb-src (looked in debian.sources and sources.list)"
  fi
  $SUDO apt-get update -qq
fi

# --- pkg-config and meson for the prefix -------------------------------------------------------
# pkg-config that sees only the prefix's .pc files, answers with static link lines (every
# library here is static, so its private dependencies must be linked too) and derives each
# .pc's prefix from where it lies, so the prefix can move. The toolchain files use it.
mkdir -p "$PREFIX/bin" "$PREFIX/include" "$PREFIX/lib/pkgconfig" "$PREFIX/share/sortscope-windows"
cat >"$PREFIX/bin/$TRIPLET-pkg-config.new" <<'EOF'
#!/bin/sh
# pkg-config for sortscope's Windows dependency prefix (written by scripts/windows/build-deps.sh)
prefix=$(cd "$(dirname "$0")/.." && pwd)
PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig:$prefix/share/pkgconfig" PKG_CONFIG_PATH= \
  PKG_CONFIG_SYSROOT_DIR= exec pkg-config --static --define-prefix "$@"
EOF
chmod +x "$PREFIX/bin/$TRIPLET-pkg-config.new"
mv "$PREFIX/bin/$TRIPLET-pkg-config.new" "$PREFIX/bin/$TRIPLET-pkg-config"
PKG_CONFIG=$PREFIX/bin/$TRIPLET-pkg-config
printf "[constants]\nprefix = '%s'\n" "$PREFIX" >"$PREFIX/share/sortscope-windows/meson-prefix.ini"

# --- Fetching sources ----------------------------------------------------------------------------
# dsc_files DSC: the files a .dsc lists (name per line).
dsc_files() { awk '/^Checksums-Sha256:/ { f = 1; next } /^[^ ]/ { f = 0 } f && NF == 3 { print $3 }' "$1"; }
# dsc_complete DSC: whether all of them are in the cache.
dsc_complete() {
  local f
  [ -f "$1" ] || return 1
  for f in $(dsc_files "$1"); do [ -f "$SRC/$f" ] || return 1; done
}
# versions PKG: the versions apt knows of source package PKG, newest first.
versions() {
  local v sorted="" out w
  for v in $(apt-cache showsrc "$1" 2>/dev/null |
             awk -v p="$1" '/^Package: / { cur = $2 } /^Version: / && cur == p { print $2 }' | sort -u); do
    out=""; local placed=0
    for w in $sorted; do
      if [ $placed -eq 0 ] && dpkg --compare-versions "$v" gt "$w"; then out="$out $v"; placed=1; fi
      out="$out $w"
    done
    [ $placed -eq 1 ] || out="$out $v"
    sorted=$out
  done
  echo $sorted
}
# Source packages whose Debian part may be missing from the archive, built from the upstream
# tarball alone (checked against the .dsc) when it is: see docs/windows-build.md.
UPSTREAM_ONLY_OK=" pixman "
# fetch PKG: sets DSC (the .dsc in the cache) and MODE (debian: the whole source package;
# upstream: the upstream tarballs only). The newest version apt knows whose files the archive
# serves wins; a version whose download failed is not tried again until the next apt-get update.
fetch() {
  local pkg=$1 v dsc marker lists
  lists=$(ls -t /var/lib/apt/lists/*Sources* 2>/dev/null | head -n 1 || true)
  mkdir -p "$SRC/.unavailable"
  for v in $(versions "$pkg"); do
    dsc=$SRC/${pkg}_${v#*:}.dsc
    marker=$SRC/.unavailable/${pkg}_${v#*:}
    if ! dsc_complete "$dsc"; then
      local try=1
      if [ -f "$marker" ]; then try=0; [ -n "$lists" ] && [ "$lists" -nt "$marker" ] && try=1; fi
      if [ $try -eq 1 ]; then
        if (cd "$SRC" && apt-get source --download-only -q "$pkg=$v") >"$WORK/$pkg.fetch.log" 2>&1; then
          rm -f "$marker"
        else
          touch "$marker"
        fi
      fi
    fi
    if dsc_complete "$dsc"; then DSC=$dsc; MODE=debian; return 0; fi
    if [ -f "$dsc" ] && [[ "$UPSTREAM_ONLY_OK" == *" $pkg "* ]]; then
      local f ok=1
      for f in $(dsc_files "$dsc" | grep '\.orig'); do [ -f "$SRC/$f" ] || ok=0; done
      if [ $ok -eq 1 ]; then DSC=$dsc; MODE=upstream; return 0; fi
    fi
  done
  die "no version of source package $pkg could be fetched (see $WORK/$pkg.fetch.log)"
}
# unpack PKG DIR: the source tree of the fetched DSC in DIR.
unpack() {
  local pkg=$1 dir=$2 f
  rm -rf "$dir"
  if [ "$MODE" = debian ]; then
    dpkg-source --no-copy -x "$DSC" "$dir" >"$WORK/$pkg.unpack.log" 2>&1 ||
      { cat "$WORK/$pkg.unpack.log" >&2; die "dpkg-source could not unpack $DSC"; }
  else
    say "warning: $pkg: Debian's part of $(basename "$DSC") is not in the archive; building the upstream tarball alone"
    (cd "$SRC" && awk '/^Checksums-Sha256:/ { f = 1; next } /^[^ ]/ { f = 0 } f && NF == 3 && $3 ~ /\.orig/ { print $1 "  " $3 }' "$DSC" |
       sha256sum --quiet -c -) || die "$pkg: upstream tarball does not match $DSC"
    mkdir -p "$dir"
    for f in $(dsc_files "$DSC" | grep '\.orig\.'); do tar -xf "$SRC/$f" -C "$dir" --strip-components=1; done
  fi
}
dsc_version() { awk '/^Version: / { print $2; exit }' "$DSC"; }

# --- Build helpers ----------------------------------------------------------------------------
cmake_build() { # SRC BUILD [cmake args...]: configure, build and install a CMake project
  local s=$1 b=$2; shift 2
  cmake -S "$s" -B "$b" -G Ninja -Wno-dev -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" \
    -DSORTSCOPE_WINDOWS_PREFIX="$PREFIX" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" -DBUILD_SHARED_LIBS=OFF -DBUILD_TESTING=OFF "$@"
  cmake --build "$b" -j "$JOBS"
  cmake --install "$b"
}
CC=$TRIPLET-gcc-posix
CXX=$TRIPLET-g++-posix
AR=$TRIPLET-ar
RANLIB=$TRIPLET-ranlib

# --- The packages ------------------------------------------------------------------------------
# Each build_PKG builds in $S (the unpacked source) and $B (a build folder), configured for
# $PREFIX, and installs into $DEST, which is $DESTDIR$PREFIX: build_one then moves what it
# installed into the prefix and keeps the list. DEPS_PKG names the packages it builds against:
# rebuilding one rebuilds those after it.

build_zlib() {
  # zlib's CMakeLists builds the DLL, the static library and test programs; take the static one.
  cmake -S "$S" -B "$B" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" -DSORTSCOPE_WINDOWS_PREFIX="$PREFIX" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX"
  cmake --build "$B" -j "$JOBS" --target zlibstatic
  install -D -m644 "$B/libzlibstatic.a" "$DEST/lib/libz.a"
  install -D -m644 -t "$DEST/include" "$S/zlib.h" "$B/zconf.h"
  install -D -m644 "$B/zlib.pc" "$DEST/lib/pkgconfig/zlib.pc"
}

DEPS_libpng1_6="zlib"
build_libpng1_6() {
  cmake_build "$S" "$B" -DPNG_SHARED=OFF -DPNG_STATIC=ON -DPNG_EXECUTABLES=OFF -DPNG_TESTS=OFF \
    -DSKIP_INSTALL_PROGRAMS=ON -DSKIP_INSTALL_FILES=OFF
}

DEPS_freetype="zlib"
build_freetype() {
  # Outline fonts for cairo (and ImGui's optional FreeType rasteriser): no bzip2, PNG (colour
  # emoji), HarfBuzz or Brotli (WOFF2).
  cmake_build "$S" "$B" -DFT_REQUIRE_ZLIB=ON -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON \
    -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
}

build_pixman() {
  meson setup "$B" "$S" --cross-file "$PREFIX/share/sortscope-windows/meson-prefix.ini" --cross-file "$MESON_CROSS" \
    --prefix "$PREFIX" --libdir lib --buildtype release -Ddefault_library=static \
    -Dtests=disabled -Dgtk=disabled -Dlibpng=disabled -Dopenmp=disabled
  ninja -C "$B" -j "$JOBS" install
}

DEPS_cairo="zlib libpng1.6 freetype pixman"
build_cairo() {
  # bookworm's cairo 1.16 builds with autotools only. Debian's patches to configure.ac and the
  # Makefile.am files concern the shared library and the perf tools (Debian runs autoreconf);
  # the shipped configure is used, so mark the generated files newer than the patched ones.
  local t=$(( $(date +%s) + 1 ))
  (cd "$S" && find . \( -name aclocal.m4 -o -name configure -o -name config.h.in -o -name Makefile.in \) \
    -exec touch -d "@$t" {} +)
  mkdir -p "$B"
  # The image, PNG and PDF surfaces; text through the Win32 (GDI) font backend, which the toy
  # API (cairo_select_font_face) uses on Windows, and through FreeType for fonts loaded from
  # files. No fontconfig, X11, PostScript, SVG, script or GL.
  (cd "$B" && "$S/configure" --host=$TRIPLET --prefix="$PREFIX" --enable-static --disable-shared \
    --disable-dependency-tracking --disable-gtk-doc --disable-valgrind \
    --enable-win32=yes --enable-win32-font=yes --enable-ft=yes --enable-fc=no \
    --enable-png=yes --enable-pdf=yes --enable-ps=no --enable-svg=no --enable-script=no \
    --enable-xlib=no --enable-xlib-xrender=no --enable-xcb=no --enable-xlib-xcb=no --enable-xcb-shm=no \
    --enable-quartz=no --enable-gl=no --enable-glesv2=no --enable-glesv3=no --enable-egl=no \
    --enable-glx=no --enable-wgl=no --enable-drm=no --enable-gobject=no --enable-trace=no \
    --enable-interpreter=no --enable-symbol-lookup=no --enable-xml=no --enable-tee=no \
    --enable-test-surfaces=no --enable-pthread=no --without-x \
    CC="$CC" AR="$AR" RANLIB="$RANLIB" PKG_CONFIG="$PKG_CONFIG" CFLAGS="-O2" \
    CPPFLAGS="-I$PREFIX/include" LDFLAGS="-L$PREFIX/lib")
  # Only the library: not the tests, perf tools, boilerplate or utilities.
  make -C "$B/src" -j "$JOBS"
  make -C "$B/src" install
  rm -f "$DEST/lib/libcairo.la"
  # configure links the shared library with GDI (win32 surface and fonts: -lgdi32 -lmsimg32)
  # but leaves it out of cairo.pc, which a static library needs; and it compiles with
  # -D_FORTIFY_SOURCE=2, whose checking functions (__memcpy_chk...) MinGW has in GCC's libssp.
  sed -i -e 's/^Libs.private:.*/& -lgdi32 -lmsimg32 -lssp/' "$DEST/lib/pkgconfig/cairo.pc"
}

build_libsdl2() {
  # SDL is sortscope's audio output only (GLFW owns the window): no rendering, GL, Vulkan,
  # joysticks, haptics, sensors or SDL2main (whose WinMain would take over main()). Video stays:
  # on Windows SDL's dynamic API table refers to functions of its Windows video driver.
  cmake_build "$S" "$B" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL2_DISABLE_SDL2MAIN=ON \
    -DSDL2_DISABLE_UNINSTALL=ON -DSDL_CCACHE=OFF -DSDL_RENDER=OFF -DSDL_DUMMYVIDEO=OFF \
    -DSDL_OFFSCREEN=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF \
    -DSDL_POWER=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_VULKAN=OFF -DSDL_OPENGL=OFF -DSDL_OPENGLES=OFF
  # SDL's CMake writes -lmingw32 -mwindows into sdl2.pc on MinGW even without SDL2main: the
  # subsystem (console or GUI) is the program's choice, and -lmingw32 is linked anyway.
  sed -i -e 's/ -lmingw32//g; s/ -mwindows//g' "$DEST/lib/pkgconfig/sdl2.pc" "$DEST/bin/sdl2-config"
}

build_glfw3() {
  cmake_build "$S" "$B" -DGLFW_BUILD_EXAMPLES=OFF -DGLFW_BUILD_TESTS=OFF -DGLFW_BUILD_DOCS=OFF
}

build_giflib() {
  # The library alone, as Debian's libgif-dev, from giflib's own Makefile.
  cp -a "$S" "$B"
  make -C "$B" -j "$JOBS" libgif.a CC="$CC" AR="$AR" OFLAGS="-O2"
  install -D -m644 "$B/libgif.a" "$DEST/lib/libgif.a"
  install -D -m644 "$B/gif_lib.h" "$DEST/include/gif_lib.h"
  mkdir -p "$DEST/lib/pkgconfig"
  sed -e "s|^prefix=.*|prefix=$PREFIX|; s|/lib/@DEB_TARGET_MULTIARCH@|/lib|; s|@VERSION@|${VERSION%%-*}|" \
    "$S/debian/pkgconfig/libgif7.pc.in" >"$DEST/lib/pkgconfig/libgif7.pc"
}

build_pugixml() {
  cmake_build "$S" "$B" -DPUGIXML_BUILD_TESTS=OFF
}

build_onetbb() {
  # tbb only (no tbbmalloc, tests or examples), static: libstdc++'s parallel algorithms and
  # sortscope's own tbb::parallel_for need nothing else.
  cmake_build "$S" "$B" -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF -DTBBMALLOC_BUILD=OFF \
    -DTBBMALLOC_PROXY_BUILD=OFF -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON -DTBB_ENABLE_IPO=OFF
  # The static TBB::tbb links Threads::Threads, which TBBConfig.cmake does not look for.
  sed -i '1i include(CMakeFindDependencyMacro)\nfind_dependency(Threads)' "$DEST/lib/cmake/TBB/TBBConfig.cmake"
}

build_libstb() {
  # Debian's libstb: the stb headers and one library holding their implementations (ImGui's
  # font rasteriser and rectangle packer, stb_image_write for sortscope's PNGs).
  cp -a "$S" "$B"
  CFLAGS="-O2 -fwrapv" make -C "$B" -j "$JOBS" libstb.a stb.pc CC="$CC" AR="$AR" PREFIX="$PREFIX" LIBDIR=lib
  make -C "$B" install-static install-header PREFIX="$PREFIX" LIBDIR=lib
}

DEPS_imgui="libstb freetype glfw3 vulkan"
build_imgui() {
  # Debian's libimgui-dev: one static library from Debian's Makefile (stb from libstb), with
  # imgui_stdlib and imgui_freetype, and of the backends the two sortscope uses: GLFW and Vulkan
  # (Debian adds Allegro, GLUT, OpenGL and SDL, for which the prefix has no libraries).
  cp -a "$S" "$B"
  local args=(CXX="$CXX" AR="$AR" PKG_CONFIG="$PKG_CONFIG" LIBS=freetype2 VERSION="${VERSION%%+*}"
    PREFIX="$PREFIX" LIBDIR=lib
    SRCS="imgui.cpp imgui_demo.cpp imgui_draw.cpp imgui_tables.cpp imgui_widgets.cpp misc/cpp/imgui_stdlib.cpp misc/freetype/imgui_freetype.cpp backends/imgui_impl_glfw.cpp backends/imgui_impl_vulkan.cpp")
  CPPFLAGS="-I$PREFIX/include" CXXFLAGS="-O2" make -C "$B" -j "$JOBS" libimgui.a imgui.pc "${args[@]}"
  make -C "$B" install-static install-header "${args[@]}"
  # A static libimgui.a brings its backends' dependencies along: the Vulkan backend calls
  # vulkan-1.dll through the import library, the GLFW one calls GLFW. Static linking resolves in
  # order, so they go after -limgui (Debian's imgui.pc, made for shared ones, names neither).
  sed -i -e 's/^Libs.private:.*/& -lvulkan-1/' -e 's/^Requires:.*/&\nRequires.private: glfw3/' \
    "$DEST/lib/pkgconfig/imgui.pc"
}

build_nlohmann_json3() {
  cmake_build "$S" "$B" -DJSON_BuildTests=OFF -DJSON_Install=ON -DJSON_MultipleHeaders=ON
}

build_cli11() {
  cmake_build "$S" "$B" -DCLI11_BUILD_TESTS=OFF -DCLI11_BUILD_EXAMPLES=OFF -DCLI11_BUILD_DOCS=OFF \
    -DCLI11_INSTALL=ON
}

build_glm() {
  cmake_build "$S" "$B" -DGLM_TEST_ENABLE=OFF
}

build_catch2() {
  # The v2 single header and its CMake scripts (Catch.cmake); sortscope compiles its own runner.
  cmake_build "$S" "$B" -DCATCH_BUILD_TESTING=OFF -DCATCH_INSTALL_DOCS=OFF -DCATCH_INSTALL_HELPERS=ON
}

# The two packages below come from installed binary packages (their plain, platform-independent
# headers), not from source packages: docs/windows-build.md says why.

build_vulkan() {
  # The Vulkan headers (C, vulkan.hpp, vulkan_raii.hpp) of the Linux build's own libvulkan-dev,
  # so both builds compile against the same version.
  local f
  for f in $(dpkg -L libvulkan-dev | grep -E '^/usr/include/.+\.(h|hpp)$'); do
    install -D -m644 "$f" "$DEST/include/${f#/usr/include/}"
  done
  # An import library for vulkan-1.dll, which the GPU driver installs: the static prototypes
  # that ImGui's Vulkan backend and vulkan.hpp's non-raii calls use resolve against it. Made with
  # dlltool from a .def listing the loader's exports among these headers' commands: the core
  # commands (1.0 to 1.3) and the window-system ones the Windows loader exports itself
  # (VK_KHR_surface, _swapchain, _display, _display_swapchain, _get_surface_capabilities2,
  # _win32_surface): 241 functions, the list Wine's vulkan-1.dll exports too. It delay-loads:
  # a program linked with it does not import vulkan-1.dll when it starts but loads it at its
  # first call through it, so without a Vulkan driver it still starts (and vk::raii::Context,
  # which loads vulkan-1.dll before anything else calls it, reports the missing driver).
  mkdir -p "$B" "$DEST/lib"
  { echo "LIBRARY vulkan-1.dll"; echo "EXPORTS"
    awk '
      /^#define (VK_VERSION_[0-9]+_[0-9]+|VK_[A-Z0-9]+_[a-z][A-Za-z0-9_]*) 1$/ { feature = $2 }
      feature ~ /^VK_VERSION_1_[0-3]$/ || feature ~ /^VK_KHR_(surface|swapchain|display|display_swapchain|get_surface_capabilities2|win32_surface)$/ {
        if (match($0, /VKAPI_CALL vk[A-Za-z0-9]+\(/)) print "    " substr($0, RSTART + 11, RLENGTH - 12)
      }' "$DEST/include/vulkan/vulkan_core.h" "$DEST/include/vulkan/vulkan_win32.h"
  } >"$B/vulkan-1.def"
  # Named libvulkan-1.a like MinGW's own import libraries (libkernel32.a), so -lvulkan-1 finds it
  # under -static too.
  $TRIPLET-dlltool --input-def "$B/vulkan-1.def" --dllname vulkan-1.dll \
    --output-delaylib "$DEST/lib/libvulkan-1.a"
  install -D -m644 "$B/vulkan-1.def" "$DEST/lib/vulkan-1.def"
}

build_tomlplusplus() {
  # toml++ as a header-only library (Debian's -dev package builds it as a shared library too;
  # its headers are the same).
  local f v
  for f in $(dpkg -L libtomlplusplus-dev | grep -E '^/usr/include/toml\+\+/.+\.(h|hpp|inl)$'); do
    install -D -m644 "$f" "$DEST/include/${f#/usr/include/}"
  done
  v=${VERSION%%+*}
  mkdir -p "$DEST/lib/cmake/tomlplusplus" "$DEST/lib/pkgconfig"
  cat >"$DEST/lib/cmake/tomlplusplus/tomlplusplusConfig.cmake" <<'EOF'
# toml++, header-only (written by scripts/windows/build-deps.sh)
if(NOT TARGET tomlplusplus::tomlplusplus)
  get_filename_component(_toml_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
  add_library(tomlplusplus::tomlplusplus INTERFACE IMPORTED)
  set_target_properties(tomlplusplus::tomlplusplus PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_toml_prefix}/include"
    INTERFACE_COMPILE_FEATURES cxx_std_17)
  unset(_toml_prefix)
endif()
EOF
  cat >"$DEST/lib/cmake/tomlplusplus/tomlplusplusConfigVersion.cmake" <<EOF
set(PACKAGE_VERSION "$v")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION OR
   NOT PACKAGE_FIND_VERSION_MAJOR STREQUAL "${v%%.*}")
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
EOF
  printf 'prefix=%s\nincludedir=${prefix}/include\n\nName: tomlplusplus\nDescription: TOML config file parser and serializer for C++ (header-only)\nVersion: %s\nCflags: -I${includedir}\n' \
    "$PREFIX" "$v" >"$DEST/lib/pkgconfig/tomlplusplus.pc"
}

# --- Driver ------------------------------------------------------------------------------------
# PACKAGE:KIND. KIND source: a Debian source package (build_NAME with "_" for "." and "-");
# KIND binary:DEB: the headers of the installed binary package DEB.
PACKAGES="
  zlib:source libpng1.6:source freetype:source pixman:source cairo:source
  vulkan:binary:libvulkan-dev libsdl2:source onetbb:source glfw3:source giflib:source
  pugixml:source libstb:source nlohmann-json3:source cli11:source glm:source catch2:source
  tomlplusplus:binary:libtomlplusplus-dev
  imgui:source
"
# Built in two lanes side by side, each with half the jobs, so that one lane's serial steps
# (configure scripts, CMake's checks, unpacking) overlap the other's compiling; then imgui,
# which needs both. Each lane is in dependency order.
LANE_A="zlib libpng1.6 freetype pixman cairo"
LANE_B="vulkan libsdl2 onetbb glfw3 giflib pugixml libstb nlohmann-json3 cli11 glm catch2 tomlplusplus"
LAST="imgui"

# Resolve every package first (fetching sources needs apt, one at a time): its version, its
# origin and its key, which covers the .dsc, the recipe, the toolchain, the compiler and the
# keys of what it builds against.
toolchain_key=$(cat "$TOOLCHAIN" "$MESON_CROSS" | sha256sum | cut -c1-64)
compiler_key=$($CXX --version | head -n 1)
declare -A KEY VERSIONS DSCS MODES KINDS
for entry in $PACKAGES; do
  pkg=${entry%%:*}; kind=${entry#*:}; fn=${pkg//[.-]/_}
  if [ "${kind%%:*}" = source ]; then
    fetch "$pkg"
    VERSIONS[$pkg]=$(dsc_version); DSCS[$pkg]=$DSC; MODES[$pkg]=$MODE
    origin="$(sha256sum <"$DSC" | cut -c1-64) $MODE"
  else
    deb=${kind#binary:}
    VERSIONS[$pkg]=$(dpkg-query -W -f='${Version}' "$deb"); DSCS[$pkg]=""; MODES[$pkg]=$deb
    origin="$deb ${VERSIONS[$pkg]} $(dpkg-query -W -f='${Architecture}' "$deb")"
  fi
  KINDS[$pkg]=${kind%%:*}
  deps_var=DEPS_$fn; deps_keys=""
  for d in ${!deps_var:-}; do deps_keys="$deps_keys ${KEY[$d]}"; done
  KEY[$pkg]=$(printf '%s\n' "$origin" "$(declare -f "build_$fn")" "$toolchain_key" "$compiler_key" \
              "$deps_keys" | sha256sum | cut -c1-64)
done
say "sources ready in $(( $(date +%s) - started )) s ($(du -sh "$SRC" | cut -f1) in $SRC)"

# build_one PKG: builds and installs PKG unless its stamp holds its key; exits on failure.
build_one() {
  local pkg=$1 fn=${1//[.-]/_} t0 rc log origin
  VERSION=${VERSIONS[$pkg]}; DSC=${DSCS[$pkg]}; MODE=${MODES[$pkg]}
  if [ -f "$STAMPS/$pkg" ] && [ "$(cat "$STAMPS/$pkg")" = "${KEY[$pkg]}" ]; then
    say "cached   $pkg $VERSION, $(size_of "$pkg")"
    return 0
  fi
  # The other lane failed: stop after the package it was building.
  if [ -e "$WORK/.failed" ]; then exit 1; fi
  t0=$(date +%s)
  say "building $pkg $VERSION (-j$JOBS)"
  rm -f "$STAMPS/$pkg"
  S=$WORK/$pkg/src; B=$WORK/$pkg/build; log=$WORK/$pkg.log
  export DESTDIR=$WORK/$pkg/dest; DEST=$DESTDIR$PREFIX
  rm -rf "$WORK/$pkg"; mkdir -p "$WORK/$pkg" "$DEST"
  if [ "${KINDS[$pkg]}" = source ]; then unpack "$pkg" "$S"; fi
  set +e
  ( set -ex; "build_$fn" ) >"$log" 2>&1
  rc=$?
  set -e
  if [ $rc -ne 0 ]; then
    touch "$WORK/.failed"
    tail -n 40 "$log" >&2
    die "$pkg failed; the whole log is $log, the tree $WORK/$pkg"
  fi
  # Into the prefix, in place of what the package's last build installed there.
  (cd "$DEST" && find . ! -type d | sed 's|^\./||' | sort) >"$WORK/$pkg/files"
  if [ -f "$STAMPS/$pkg.files" ]; then (cd "$PREFIX" && xargs -r -d '\n' rm -f <"$STAMPS/$pkg.files"); fi
  cp -a "$DEST/." "$PREFIX/"
  mv "$WORK/$pkg/files" "$STAMPS/$pkg.files"
  if [ -n "$DSC" ]; then origin=$(basename "$DSC"); else origin="$MODE (installed binary package)"; fi
  printf '%s\t%s\t%s\n' "$VERSION" "$origin" "$(du -sk "$DEST" | cut -f1)" >"$STAMPS/$pkg.version"
  echo "${KEY[$pkg]}" >"$STAMPS/$pkg"
  rm -rf "$WORK/$pkg"
  say "built    $pkg $VERSION in $(( $(date +%s) - t0 )) s, $(size_of "$pkg")"
}
# size_of PKG: what PKG installed into the prefix, in KiB or MiB.
size_of() {
  local k
  k=$(cut -f3 "$STAMPS/$1.version" 2>/dev/null || echo 0)
  if [ "${k:-0}" -ge 1024 ]; then awk -v k="$k" 'BEGIN { printf "%.1f MiB\n", k / 1024 }'; else echo "${k:-0} KiB"; fi
}
build_lane() { local pkg; for pkg in "$@"; do build_one "$pkg"; done; }

rm -f "$WORK/.failed"
if [ "$JOBS" -ge 2 ]; then
  total_jobs=$JOBS
  ( JOBS=$(( total_jobs / 2 )); build_lane $LANE_A ) & lane_a=$!
  ( JOBS=$(( total_jobs - total_jobs / 2 )); build_lane $LANE_B ) & lane_b=$!
  failed=0
  wait $lane_a || failed=1
  wait $lane_b || failed=1
  [ $failed -eq 0 ] || die "a package failed (above); the packages installed before it are kept"
else
  build_lane $LANE_A $LANE_B
fi
build_lane $LAST
say "prefix $PREFIX ready in $(( $(date +%s) - started )) s"
