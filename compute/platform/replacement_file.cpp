// The part of ReplacementFile both sides share: the message of a failure.
#include "platform/replacement_file.hpp"

#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"

namespace ss::platform {

void ReplacementFile::fail(const std::string& step, const std::string& reason) {
  discard();
  throw UsageError(step + " " + utf8_from_path(destination_) + ": " + reason +
                   " (nothing was written; any previous file is unchanged)");
}

}  // namespace ss::platform
