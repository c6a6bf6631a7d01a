#include "distributed/rank_watchdog.hpp"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "distributed/mpi_world.hpp"

namespace ss {

namespace {

constexpr int k_exit_rank_failed = 3;

}  // namespace

RankWatchdog::RankWatchdog(const MpiWorld& world, double timeout_s)
    : world_(world), timeout_(timeout_s) {
  if (timeout_s <= 0) return;
  deadline_ = std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(timeout_);
  thread_ = std::thread([this] { watch(); });
}

RankWatchdog::~RankWatchdog() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void RankWatchdog::phase(const std::string& name) {
  std::function<void(const std::string&)> listener;
  {
    std::lock_guard lock(mutex_);
    phase_ = name;
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(timeout_);
    listener = listener_;
  }
  if (listener) listener(name);
  inject_fault(name);
}

void RankWatchdog::on_phase(std::function<void(const std::string&)> listener) {
  std::lock_guard lock(mutex_);
  listener_ = std::move(listener);
}

void RankWatchdog::inject_fault(const std::string& name) const {
  const char* env = std::getenv("SORTSCOPE_INJECT_RANK_FAULT");
  if (env == nullptr) return;
  const std::string text = env;
  const auto first = text.find(':');
  const auto second = text.rfind(':');
  if (first == std::string::npos || second == first) {
    throw std::invalid_argument("SORTSCOPE_INJECT_RANK_FAULT='" + text +
                                "' is not RANK:PHASE:fail|exit|hang");
  }
  if (text.substr(0, first) != std::to_string(world_.rank()) ||
      text.substr(first + 1, second - first - 1) != name) {
    return;
  }
  const std::string kind = text.substr(second + 1);
  if (kind == "fail") throw std::runtime_error("injected failure (SORTSCOPE_INJECT_RANK_FAULT)");
  if (kind == "exit") std::_Exit(9);  // dies as a killed process would: no MPI_Finalize
  if (kind == "hang") {
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  throw std::invalid_argument("SORTSCOPE_INJECT_RANK_FAULT kind '" + kind +
                              "' is not fail, exit or hang");
}

std::string RankWatchdog::current_phase() const {
  std::lock_guard lock(mutex_);
  return phase_;
}

void RankWatchdog::watch() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    if (wake_.wait_until(lock, deadline_, [this] { return stop_; })) return;
    if (std::chrono::steady_clock::now() < deadline_) continue;  // a phase began meanwhile
    std::fprintf(stderr,
                 "sortscope-cli: rank %u: no progress for %.0f s in phase \"%s\" (a rank failed, "
                 "was killed or hangs); ending every rank\n",
                 world_.rank(), timeout_.count(), phase_.c_str());
    std::fflush(stderr);
    if (world_.thread_multiple()) world_.abort(k_exit_rank_failed);
    std::_Exit(k_exit_rank_failed);  // mpirun ends the other ranks when one exits unfinalised
  }
}

}  // namespace ss
