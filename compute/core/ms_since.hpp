#pragma once
// Milliseconds on the steady clock from `start` to now: the host's own timings (a submission's
// wall time, the sample sort's phases, a redrawn frame), as opposed to the GPU's timestamps.
#include <chrono>

namespace ss {

inline double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace ss
