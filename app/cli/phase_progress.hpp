#pragma once
// The phase a long MPI run is in, on the terminal of the person who started it: rank 0's phase and
// the time so far, rewritten in place twice a second once the run has taken two seconds (so quick
// runs print nothing), then cleared before the report. On standard output, which mpirun gives a
// rank as a pseudo-terminal where its standard error is a pipe (platform/terminal.hpp); only on
// rank 0, never with --json or when standard output is not a terminal (the caller decides).
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace ss {

class RankWatchdog;

class PhaseProgress {
 public:
  // Follows `watchdog`'s phases while it lives, if `show`; `what` leads the line.
  PhaseProgress(RankWatchdog& watchdog, bool show, std::string what);
  ~PhaseProgress();
  PhaseProgress(const PhaseProgress&) = delete;
  PhaseProgress& operator=(const PhaseProgress&) = delete;

  // Stops and clears the line (before the report is printed); the destructor does it too.
  void stop();

 private:
  void show_until_stopped();

  RankWatchdog& watchdog_;
  std::string what_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::string phase_;
  bool stop_ = false;
  bool shown_ = false;  // a line is on the terminal
  std::thread thread_;
};

}  // namespace ss
