#pragma once
// The console a program was started from, for a program that has none of its own. The desktop app
// is built to open no console window beside its own (on Windows a GUI-subsystem program, so a
// double-click shows the window alone); started from a console (cmd, PowerShell) it still writes
// its --help, its errors and its messages there.
#include <string>

namespace ss::platform {

// Where standard output or standard error leads nowhere and the program that started this one has
// a console, connects them to it; streams that lead to a file, a pipe or a console stay as they
// are. Call first thing in main, before anything is written.
//   POSIX: nothing; a program always inherits its starter's streams.
//   Windows: AttachConsole(ATTACH_PARENT_PROCESS), then the streams reopened on CONOUT$.
void attach_to_parent_console();

// The error that ends the desktop app, where its user will see it: on standard error, as
// "PROGRAM: error: MESSAGE".
//   POSIX: standard error alone (the terminal, or the desktop session's log).
//   Windows: where standard error leads nowhere after attach_to_parent_console (a double-click,
//   or a shortcut: no console to write to), also in a message box, which waits for OK.
void report_fatal_error(const std::string& program, const std::string& message);

}  // namespace ss::platform
