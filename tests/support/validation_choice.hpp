#pragma once
// Whether the tests ask for the Khronos validation layer: for the shared GPU context and for every
// sortscope-cli they start. Under wine (docs/windows-build.md) no layer can load, as Wine's
// vulkan-1.dll offers none: SORTSCOPE_TESTS_WITHOUT_VALIDATION=1 there. The Linux suite runs the
// same kernels and commands with the layer on.
#include <cstdlib>

namespace ss::test {

inline bool tests_ask_for_validation() {
  return std::getenv("SORTSCOPE_TESTS_WITHOUT_VALIDATION") == nullptr;
}

}  // namespace ss::test
