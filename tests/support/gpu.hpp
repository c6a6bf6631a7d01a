#pragma once
// The Vulkan context GPU tests share: created once per test process, validation layer on.
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

// Fails the current test if the validation layer reported anything so far.
void require_validation_clean();

// Number of validation messages, or 0 when no GPU test ran in this process.
std::size_t validation_message_count();

}  // namespace ss::test
