#pragma once
// Other programs run by sortscope (ffmpeg for videos; the CLI, pdftotext and ffprobe in the
// tests): started with a list of arguments, optionally fed through a pipe on their standard input
// or read through a pipe on their standard output, and waited for with their exit status.
//   POSIX: posix_spawn, pipe2, waitpid.
//   Windows: CreateProcessW with a command line quoted by the Microsoft C runtime's rules
//            (command_line_quoting.hpp), anonymous pipes, WaitForSingleObject and
//            GetExitCodeProcess. Arguments are UTF-8, passed on as UTF-16.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"

namespace ss::platform {

// A program named without a folder that is in none of PATH's folders. The message says so and
// what to do; callers that know what the program is for say more (render/video_writer.cpp).
class ProgramNotFound : public SetupError {
 public:
  using SetupError::SetupError;
};

struct ChildOptions {
  // The parent writes the child's standard input through write_input(); otherwise the child
  // reads the parent's.
  bool pipe_input = false;
  // The child's standard output and standard error, together, go to a pipe the parent reads with
  // read_output(); otherwise they are the parent's. Feed and read one after the other (write,
  // close_input, then read_output): a child that fills the output pipe while the parent is
  // blocked writing to it would wait forever.
  bool capture_output = false;
  // Variables set for the child on top of the parent's environment (replacing any of that name).
  std::vector<std::pair<std::string, std::string>> environment;
};

class ChildProcess {
 public:
  // Starts args[0] with the rest as its arguments, each reaching the child exactly as given
  // (spaces, quotes and backslashes included). args[0] without a folder is looked up on PATH
  // (find_program). Throws ProgramNotFound, or SetupError when the OS cannot start it.
  explicit ChildProcess(const std::vector<std::string>& args, const ChildOptions& options = {});
  // A command line run by the system's shell: /bin/sh -c (POSIX), cmd.exe /d /s /c (Windows),
  // for tests that need the shell's redirections and jobs. Quote arguments with shell_quote().
  static ChildProcess shell(const std::string& command_line, const ChildOptions& options = {});

  // Closes the pipes and waits for the child (it is not killed: given the end of its input, a
  // child such as ffmpeg ends on its own).
  ~ChildProcess();
  ChildProcess(ChildProcess&&) noexcept;
  // No move assignment: it would have to wait for the child it replaces.
  ChildProcess& operator=(ChildProcess&&) = delete;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // All of `bytes` to the child's standard input. Throws std::system_error (EPIPE,
  // ERROR_NO_DATA) once the child stopped reading, never a SIGPIPE that would end this program.
  void write_input(const void* data, std::size_t bytes);
  // Closes the pipe: the child reads the end of its input.
  void close_input();
  // Everything the child writes until it closes its output (normally: until it ends).
  std::string read_output();
  // Waits for the child to end: the code it passed to exit() (Windows: to ExitProcess, which
  // includes codes such as 0xC000013A as negative numbers); -1 when a POSIX signal ended it.
  int wait();

  // The program as started (for messages).
  const std::string& program() const { return program_; }

  // The OS's handles of the child and of the parent's ends of the pipes: defined by each side.
  struct Running;

 private:
  ChildProcess(std::string program, std::unique_ptr<Running> running);

  std::string program_;
  std::unique_ptr<Running> running_;
};

// Where PATH finds `name` (Windows: also `name`.exe), or nothing.
std::optional<std::filesystem::path> find_program(const std::string& name);

// One argument quoted for ChildProcess::shell's command line: '...' for sh; "..." by the C
// runtime's rules for cmd.exe (which still expands %VARIABLES% inside quotes: quote paths and
// plain words, not arbitrary text).
std::string shell_quote(const std::string& argument);

}  // namespace ss::platform
