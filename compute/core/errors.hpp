#pragma once
// Errors a user can act on. All are caught at the edges (CLI: exit code 2; GUI: a dialog);
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

// The GPU failed while running sortscope's work: the device was lost (a driver reset, a kernel
// that faulted) or did not finish within the time bound. The message names the work that was
// running. The context that threw it is unusable: the CLI exits (code 2), the app makes a new one.
class GpuError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// SIGINT or SIGTERM asked the work to stop; thrown at the next step boundary (core/interrupt.hpp).
class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

}  // namespace ss
