#pragma once
// The Vulkan context GPU tests share: created once per test process, validation layer on.
#include <string>
#include <vector>

#include "core/context.hpp"
#include "plan/device_limits.hpp"
#include "plan/key_array.hpp"
#include "plan/plan.hpp"

namespace ss::test {

const Context& gpu();

// The test device's limits, for planning.
DeviceLimits limits();

// Sorts `input` with one full-speed run of `plan` on the test device; the result.
KeyArray run_plan(const Plan& plan, const KeyArray& input);

// Fails the current test if the validation layer reported anything since the test started.
void require_validation_clean();

// The validation messages reported since the last call, leaving none: the listener in
// validation_listener.cpp fails the test case that caused them. Empty when no GPU test ran.
std::vector<std::string> take_validation_messages();

// Messages the validation layer reported outside any test case (validation_listener.cpp).
std::size_t stray_validation_messages();

// Destroys the shared context. main() calls it before returning: a Vulkan device left to a static
// destructor is destroyed after the driver's own teardown, and NVIDIA's driver then crashes the
// process at exit.
void release_gpu();

}  // namespace ss::test
