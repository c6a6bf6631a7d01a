# Cross-compiles for 64-bit Windows on Debian 12 with mingw-w64's POSIX-thread compilers
# (package g++-mingw-w64-x86-64-posix), against the dependency prefix that
# scripts/windows/build-deps.sh builds from Debian's source packages (docs/windows-build.md).
#
#   cmake -S . -B build/windows -G Ninja \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/mingw-w64-x86_64.cmake \
#         -DSORTSCOPE_WINDOWS_PREFIX=$PWD/build/windows-deps/prefix
#
# The prefix is the only place libraries, headers, CMake packages and pkg-config files are found;
# programs (glslc, the compilers) come from the host. The prefix defaults to
# build/windows-deps/prefix in this clone, or $SORTSCOPE_WINDOWS_PREFIX when that is set.
#
# The C and C++ runtimes are linked statically (-static: libgcc, libstdc++ and winpthreads), so a
# program is one .exe that needs only DLLs every Windows has, plus vulkan-1.dll, which comes with
# the GPU driver. The alternative, shipping libstdc++-6.dll, libgcc_s_seh-1.dll and
# libwinpthread-1.dll beside it, breaks as soon as another program's copies of those DLLs come
# first on PATH, and makes every test run under wine set WINEPATH; the price of static linking
# is about 1-2 MB per program.

set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(SORTSCOPE_WINDOWS_TRIPLET x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${SORTSCOPE_WINDOWS_TRIPLET}-gcc-posix)
set(CMAKE_CXX_COMPILER ${SORTSCOPE_WINDOWS_TRIPLET}-g++-posix)
set(CMAKE_RC_COMPILER ${SORTSCOPE_WINDOWS_TRIPLET}-windres)
# CMake cannot derive the binutils' prefix from a compiler called ...-gcc-posix: name them.
set(CMAKE_AR ${SORTSCOPE_WINDOWS_TRIPLET}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${SORTSCOPE_WINDOWS_TRIPLET}-ranlib CACHE FILEPATH "")
set(CMAKE_NM ${SORTSCOPE_WINDOWS_TRIPLET}-nm CACHE FILEPATH "")
set(CMAKE_OBJDUMP ${SORTSCOPE_WINDOWS_TRIPLET}-objdump CACHE FILEPATH "")
set(CMAKE_STRIP ${SORTSCOPE_WINDOWS_TRIPLET}-strip CACHE FILEPATH "")
set(CMAKE_DLLTOOL ${SORTSCOPE_WINDOWS_TRIPLET}-dlltool CACHE FILEPATH "")

# The prefix: -DSORTSCOPE_WINDOWS_PREFIX, else the environment, else this clone's default.
if(NOT SORTSCOPE_WINDOWS_PREFIX AND DEFINED ENV{SORTSCOPE_WINDOWS_PREFIX})
  set(SORTSCOPE_WINDOWS_PREFIX "$ENV{SORTSCOPE_WINDOWS_PREFIX}")
endif()
if(NOT SORTSCOPE_WINDOWS_PREFIX)
  set(SORTSCOPE_WINDOWS_PREFIX "${CMAKE_CURRENT_LIST_DIR}/../../build/windows-deps/prefix")
endif()
get_filename_component(SORTSCOPE_WINDOWS_PREFIX "${SORTSCOPE_WINDOWS_PREFIX}" ABSOLUTE)
# try_compile projects read this file again: hand them the same prefix.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SORTSCOPE_WINDOWS_PREFIX)

set(CMAKE_FIND_ROOT_PATH "${SORTSCOPE_WINDOWS_PREFIX}")
set(CMAKE_PREFIX_PATH "${SORTSCOPE_WINDOWS_PREFIX}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config sees the prefix's .pc files only and gives static link lines (the prefix holds
# static libraries, whose own dependencies are in Libs.private/Requires.private): the wrapper
# that build-deps.sh writes next to them.
set(PKG_CONFIG_EXECUTABLE "${SORTSCOPE_WINDOWS_PREFIX}/bin/${SORTSCOPE_WINDOWS_TRIPLET}-pkg-config"
    CACHE FILEPATH "pkg-config for the Windows dependency prefix")

set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-static")

# Test programs run under Debian's wine (package wine, wine64 8.0).
set(CMAKE_CROSSCOMPILING_EMULATOR wine)
