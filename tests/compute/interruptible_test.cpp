// run_interruptibly: the work's result or exception comes back; an interrupt stops the caller at
// once and the work's thread, left to finish alone, is joined by a later call.
#include <chrono>
#include <stdexcept>
#include <thread>

#include <catch2/catch.hpp>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/interruptible.hpp"

using namespace std::chrono;

TEST_CASE("interruptible work: results, exceptions, and an interrupt that leaves it running",
          "[cpu]") {
  for (int i = 0; i < 200; ++i) REQUIRE(ss::run_interruptibly([i] { return i * 3; }) == i * 3);
  CHECK_THROWS_WITH(ss::run_interruptibly([]() -> int { throw std::runtime_error("from work"); }),
                    "from work");

  const auto started = steady_clock::now();
  std::thread interrupter([] {
    std::this_thread::sleep_for(milliseconds(50));
    ss::request_interrupt();
  });
  CHECK_THROWS_AS(ss::run_interruptibly([] { std::this_thread::sleep_for(milliseconds(1500)); }),
                  ss::Interrupted);
  interrupter.join();
  ss::clear_interrupt();
  CHECK(steady_clock::now() - started < milliseconds(1000));
  CHECK(ss::interrupted_work_still_running() == 1);
  // Once the work ends its thread is joined, not left behind.
  while (ss::interrupted_work_still_running() != 0 && steady_clock::now() - started < seconds(20))
    std::this_thread::sleep_for(milliseconds(20));
  CHECK(ss::interrupted_work_still_running() == 0);
  CHECK(ss::run_interruptibly([] { return 7; }) == 7);
}
