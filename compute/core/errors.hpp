#pragma once
// Errors a user can act on. Both are caught at the edges (CLI: exit code 2; GUI: a dialog);
// anything else that escapes is a bug or a driver failure and is reported as such.
#include <stdexcept>
#include <string>

namespace ss {

// Bad input: an unknown name, a malformed file, n out of range. The message names the bad value
// and what is allowed.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The machine cannot do what was asked: no Vulkan device, too little memory, missing validation
// layer. The message says why and what to install or change.
class SetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ss
