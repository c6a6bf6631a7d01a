#pragma once
// <windows.h> as the Windows side includes it: without the rarely used APIs, and without the min
// and max macros that would break std::min, std::max and numeric_limits<>::max().
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
