#pragma once
// SIGINT and SIGTERM as a request to stop, honoured at the next step boundary: long work (a
// stepped or timed plan, a bench, an export) calls throw_if_interrupted() between GPU
// submissions, so the GPU is never abandoned mid-submission, and the Interrupted exception
// unwinds through RAII owners (temporary output files are removed, buffers freed).
namespace ss {

// Installs the handlers; until then the signals keep their default action.
void install_interrupt_handlers();
bool interrupt_requested();
// Throws Interrupted (core/errors.hpp) once a signal arrived.
void throw_if_interrupted();
// Forgets a request that has been handled (the app returns to idle and goes on).
void clear_interrupt();
// Asks for a stop as a signal would (tests, the app's Cancel).
void request_interrupt();

}  // namespace ss
