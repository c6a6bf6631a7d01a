#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/kernel.hpp"
#include "core/kernel_statistics.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"

using namespace ss;

namespace {

// A kernel exactly as a plan makes it (its bindings and push constants match the shader's).
KernelSpec onesweep_pass_kernel(const Context& context) {
  const Plan plan = make_plan("onesweep", SortSpec{4096, KeyType::u32, false, false},
                              DeviceLimits::from(context.properties()));
  return plan.kernels.back();
}

}  // namespace

// On a driver with VK_KHR_pipeline_executable_properties the kernel's executables come back;
// on one without (lavapipe) the context says so and the query refuses with a SetupError.
// [validation]: it asks for the layer itself, so it runs only where the layer is installed
// (not under wine: tests/windows/build-and-test.sh).
TEST_CASE("kernel statistics: reported where the driver has them and refused plainly otherwise",
          "[context][gpu][kernels][validation]") {
  ContextOptions options;
  options.validation = true;
  options.kernel_statistics = true;
  const Context context(options);
  const Kernel& kernel = context.kernel(onesweep_pass_kernel(context));
  if (context.kernel_statistics_enabled()) {
    const auto executables = kernel_statistics(context, kernel);
    REQUIRE_FALSE(executables.empty());
    CHECK_FALSE(executables[0].name.empty());
  } else {
    CHECK_THROWS_AS(kernel_statistics(context, kernel), SetupError);
  }
  CHECK(context.validation_log().count() == 0);
}

// [validation]: it asks for the layer itself, so it runs only where the layer is installed
// (not under wine: tests/windows/build-and-test.sh).
TEST_CASE("kernel statistics: off unless asked for", "[context][gpu][kernels][validation]") {
  ContextOptions options;
  options.validation = true;
  const Context context(options);
  CHECK_FALSE(context.kernel_statistics_enabled());
  CHECK_THROWS_AS(kernel_statistics(context, context.kernel(onesweep_pass_kernel(context))),
                  SetupError);
  CHECK(context.validation_log().count() == 0);
}

TEST_CASE("kernel statistics: values are formatted by their type", "[kernels]") {
  KernelStatistic s;
  s.value = true;
  CHECK(format_statistic_value(s) == "true");
  s.value = std::int64_t{-3};
  CHECK(format_statistic_value(s) == "-3");
  s.value = std::uint64_t{18446744073709551615u};
  CHECK(format_statistic_value(s) == "18446744073709551615");
  s.value = 0.25;
  CHECK(format_statistic_value(s) == "0.25");
}
