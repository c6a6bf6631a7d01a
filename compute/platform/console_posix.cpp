// POSIX side of console.hpp: the standard streams are the starter's already.
#include "platform/console.hpp"

namespace ss::platform {

void attach_to_parent_console() {}

}  // namespace ss::platform
