#pragma once
// The Vulkan context GPU tests share: created once per test process, validation layer on.
#include "core/context.hpp"

namespace ss::test {

const Context& gpu();

// Fails the current test if the validation layer reported anything so far.
void require_validation_clean();

// Number of validation messages, or 0 when no GPU test ran in this process.
std::size_t validation_message_count();

}  // namespace ss::test
