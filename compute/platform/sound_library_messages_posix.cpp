// POSIX side of sound_library_messages.hpp: ALSA's error handler, reached through dlopen so that
// sortscope neither links libasound nor needs its headers, and a system without it (macOS, a
// Linux without ALSA) simply has nothing to quiet.
#include "platform/sound_library_messages.hpp"

#include <dlfcn.h>

namespace ss::platform {

namespace {

// ALSA's snd_lib_error_handler_t and snd_lib_error_set_handler (alsa/error.h).
using AlsaErrorHandler = void (*)(const char* file, int line, const char* function, int err,
                                  const char* format, ...);
using AlsaSetErrorHandler = int (*)(AlsaErrorHandler handler);

void drop_alsa_message(const char*, int, const char*, int, const char*, ...) {}

}  // namespace

void quiet_sound_library_messages() {
  // Never closed: the handler lives in the library's globals, which must stay loaded (and be the
  // copy SDL's dlopen of the same soname gets) for as long as SDL may call into it.
  static void* const alsa = ::dlopen("libasound.so.2", RTLD_NOW | RTLD_GLOBAL);
  if (alsa == nullptr) return;
  const auto set_handler =
      reinterpret_cast<AlsaSetErrorHandler>(::dlsym(alsa, "snd_lib_error_set_handler"));
  if (set_handler != nullptr) set_handler(&drop_alsa_message);
}

}  // namespace ss::platform
