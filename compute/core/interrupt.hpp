#pragma once
// Ctrl-C and requests to terminate (platform/stop_requests.hpp says which they are on each OS) as
// a request to stop, honoured at the next submission boundary: long work (a stepped or timed
// plan, a bench, an export) calls throw_if_interrupted() between GPU submissions, which are kept
// short (plan/submission_split.hpp), so the GPU is never abandoned mid-submission and the
// Interrupted exception unwinds through RAII owners (temporary output files are removed, buffers
// freed).
#include <atomic>

namespace ss {

// Installs the handlers; until then the requests keep their default action (the program ends).
void install_interrupt_handlers();
bool interrupt_requested();
// Throws Interrupted (core/errors.hpp) once a request arrived, or once the calling thread's cancel
// flag (CancelScope) is set.
void throw_if_interrupted();
// Forgets a request that has been handled (the app returns to idle and goes on).
void clear_interrupt();
// Asks for a stop as Ctrl-C would (tests).
void request_interrupt();
// The exit status for the request that asked for the stop: 130 for Ctrl-C, 143 for a request to
// terminate (what a shell reports for SIGINT and SIGTERM: 128 + the signal's number, kept on
// every OS); 130 when none did.
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
