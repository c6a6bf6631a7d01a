#include "gui/verify_job.hpp"

#include <exception>
#include <utility>

#include "core/errors.hpp"

namespace ss::gui {

VerifyJob::VerifyJob(std::string device_selector) : device_(std::move(device_selector)) {}

VerifyJob::~VerifyJob() {
  cancel();
  if (thread_.joinable()) thread_.join();
}

bool VerifyJob::start(Plan plan, bool allow_slow) {
  if (running_) return false;
  if (thread_.joinable()) thread_.join();
  cancel_ = false;
  done_ = 0;
  total_ = 0;
  running_ = true;
  {
    std::lock_guard lock(mutex_);
    result_.reset();
  }
  thread_ = std::thread([this, allow_slow, plan = std::move(plan)] {
    VerifyOutcome outcome;
    try {
      if (!context_ || context_->lost()) {
        context_.reset();
        ContextOptions options;
        options.device_selector = device_;
        context_ = std::make_unique<Context>(options);
      }
      ZeroOneOptions options;
      options.cancel = &cancel_;
      options.allow_slow = allow_slow;
      options.progress = [this](std::uint64_t done, std::uint64_t total) {
        done_ = done;
        total_ = total;
      };
      outcome.result = check_zero_one(*context_, plan, options);
    } catch (const Interrupted&) {
      outcome.error = "the check was interrupted";
    } catch (const std::exception& e) {
      outcome.error = e.what();
    }
    {
      std::lock_guard lock(mutex_);
      result_ = std::move(outcome);
    }
    running_ = false;
  });
  return true;
}

std::optional<VerifyOutcome> VerifyJob::take_result() {
  if (running_) return std::nullopt;
  std::lock_guard lock(mutex_);
  std::optional<VerifyOutcome> out = std::move(result_);
  result_.reset();
  return out;
}

}  // namespace ss::gui
