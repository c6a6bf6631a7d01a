#include "cli/phase_progress.hpp"

#include <cstdio>

#include "distributed/rank_watchdog.hpp"

namespace ss {

namespace {

constexpr auto k_phase_progress_after = std::chrono::seconds(2);
constexpr auto k_phase_progress_every = std::chrono::milliseconds(500);

}  // namespace

PhaseProgress::PhaseProgress(RankWatchdog& watchdog, bool show, std::string what)
    : watchdog_(watchdog), what_(std::move(what)), start_(std::chrono::steady_clock::now()) {
  if (!show) return;
  phase_ = watchdog.current_phase();
  watchdog.on_phase([this](const std::string& name) {
    std::lock_guard lock(mutex_);
    phase_ = name;
  });
  thread_ = std::thread([this] { show_until_stopped(); });
}

PhaseProgress::~PhaseProgress() {
  stop();
}

void PhaseProgress::stop() {
  if (!thread_.joinable()) return;
  watchdog_.on_phase(nullptr);
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  if (shown_) {
    std::fputs("\r\033[K", stdout);
    std::fflush(stdout);
  }
}

void PhaseProgress::show_until_stopped() {
  std::unique_lock lock(mutex_);
  if (wake_.wait_until(lock, start_ + k_phase_progress_after, [this] { return stop_; })) return;
  do {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::fprintf(stdout, "\r\033[K%s: rank 0 in phase \"%s\", %.1f s", what_.c_str(),
                 phase_.c_str(), seconds);
    std::fflush(stdout);
    shown_ = true;
  } while (!wake_.wait_for(lock, k_phase_progress_every, [this] { return stop_; }));
}

}  // namespace ss
