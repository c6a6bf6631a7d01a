// The sanitizer build's options, compiled into each of its programs (SORTSCOPE_SANITIZERS): the
// same whether ctest, a test that starts sortscope-cli, or a developer runs it. ASAN_OPTIONS and
// UBSAN_OPTIONS in the environment still override them.
//
// Leak detection is off: the Vulkan loader and driver (lavapipe's JIT) are loaded and unloaded at
// run time and leave allocations that LeakSanitizer reports with no stack to suppress them by.
// Undefined behaviour stops the program with a stack trace.

extern "C" const char* __asan_default_options() {
  return "detect_leaks=0";
}

extern "C" const char* __ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1";
}
