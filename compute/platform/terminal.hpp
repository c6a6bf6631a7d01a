#pragma once
// Whether standard error is a terminal a person watches: progress lines are rewritten in place
// there ("\r", "\033[K"), and written as a line every so often into a log or a pipe.
namespace ss::platform {

// POSIX: isatty. Windows: a console (GetConsoleMode), whose ANSI sequence handling
// (ENABLE_VIRTUAL_TERMINAL_PROCESSING) this turns on, so "\033[K" clears rather than prints.
bool stderr_is_terminal();

}  // namespace ss::platform
