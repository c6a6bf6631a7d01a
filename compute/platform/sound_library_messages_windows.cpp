// Windows side of sound_library_messages.hpp: SDL's Windows drivers (WASAPI, DirectSound) print
// nothing of their own, so there is nothing to quiet.
#include "platform/sound_library_messages.hpp"

namespace ss::platform {

void quiet_sound_library_messages() {}

}  // namespace ss::platform
