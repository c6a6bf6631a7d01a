#pragma once
// SIGINT and SIGTERM as a request to stop, honoured at the next submission boundary: long work (a
// stepped or timed plan, a bench, an export) calls throw_if_interrupted() between GPU
// submissions, which are kept short (plan/submission_split.hpp), so the GPU is never abandoned
// mid-submission and the Interrupted exception unwinds through RAII owners (temporary output
// files are removed, buffers freed).
#include <atomic>

namespace ss {

// Installs the handlers; until then the signals keep their default action.
void install_interrupt_handlers();
bool interrupt_requested();
// Throws Interrupted (core/errors.hpp) once a signal arrived, or once the calling thread's cancel
// flag (CancelScope) is set.
void throw_if_interrupted();
// Forgets a request that has been handled (the app returns to idle and goes on).
void clear_interrupt();
// Asks for a stop as SIGINT would (tests).
void request_interrupt();
// The exit status a shell reports for the signal that asked for the stop: 130 for SIGINT, 143 for
// SIGTERM (128 + the signal's number); 130 when none did.
int interrupt_exit_code();

// While alive, throw_if_interrupted() on this thread also throws once `cancel` is set: the app's
// Cancel stops a job on its worker thread at the same boundaries as Ctrl-C stops the CLI.
class CancelScope {
 public:
  explicit CancelScope(const std::atomic<bool>& cancel);
  ~CancelScope();
  CancelScope(const CancelScope&) = delete;
  CancelScope& operator=(const CancelScope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

}  // namespace ss
