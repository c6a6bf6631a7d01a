#pragma once
// Ends every rank when this one makes no progress for too long: a rank that hangs (a GPU that
// stopped answering, a peer that died without MPI noticing) would otherwise leave the others
// waiting in a collective for ever. Each phase of the sort restarts the clock.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace ss {

class MpiWorld;

class RankWatchdog {
 public:
  // timeout_s <= 0: no watchdog.
  RankWatchdog(const MpiWorld& world, double timeout_s);
  ~RankWatchdog();
  RankWatchdog(const RankWatchdog&) = delete;
  RankWatchdog& operator=(const RankWatchdog&) = delete;

  // The rank starts phase `name`: it has timeout_s again. Test-only fault injection happens
  // here: SORTSCOPE_INJECT_RANK_FAULT=RANK:PHASE:KIND makes rank RANK, entering PHASE, throw
  // (fail), end at once without MPI_Finalize as a killed process would (exit), or stop making
  // progress (hang).
  void phase(const std::string& name);
  std::string current_phase() const;
  // Calls `listener` (on this rank's thread) with each phase's name from now on; null: none.
  void on_phase(std::function<void(const std::string&)> listener);

 private:
  void watch();
  void inject_fault(const std::string& name) const;

  const MpiWorld& world_;
  std::chrono::duration<double> timeout_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::chrono::steady_clock::time_point deadline_;
  std::string phase_ = "start";
  std::function<void(const std::string&)> listener_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace ss
