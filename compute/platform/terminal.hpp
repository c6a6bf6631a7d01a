#pragma once
// Whether standard error is a terminal a person watches: progress lines are rewritten in place
// there ("\r", "\033[K"), and written as a line every so often into a log or a pipe.
namespace ss::platform {

// POSIX: isatty. Windows: a console (GetConsoleMode), whose ANSI sequence handling
// (ENABLE_VIRTUAL_TERMINAL_PROCESSING) this turns on, so "\033[K" clears rather than prints.
bool stderr_is_terminal();
// The same for standard output: under Open MPI's mpirun a rank's standard output reaches the
// terminal through a pseudo-terminal while its standard error is a pipe, so a rank's progress
// line goes to standard output.
bool stdout_is_terminal();

}  // namespace ss::platform
