#include "cli/commands.hpp"

#include <iostream>

#include "core/context.hpp"

namespace ss::cli {

int exit_code_after_validation(const Context& context, int code) {
  const std::size_t messages = context.validation_log().count();
  if (messages == 0) return code;
  std::cerr << "sortscope-cli: the Vulkan validation layer reported " << messages
            << " message(s)\n";
  return k_exit_validation;
}

}  // namespace ss::cli
