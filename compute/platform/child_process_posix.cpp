// POSIX side of child_process.hpp: posix_spawn with pipes dup'ed onto the child's standard
// streams, waitpid for its status.
#include "platform/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <system_error>

#include "platform/unique_fd_posix.hpp"

extern char** environ;

namespace ss::platform {

struct ChildProcess::Running {
  pid_t pid = -1;
  UniqueFd input;   // the write end of the child's standard input
  UniqueFd output;  // the read end of its standard output and error
  int exit_code = -1;
  bool waited = false;
};

namespace {

// A pipe whose ends are closed in any program this one starts, except where dup'ed onto a
// standard stream (dup2 clears the flag on the copy).
std::array<UniqueFd, 2> posix_make_pipe(const std::string& program) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw SetupError("cannot make a pipe to " + program + ": " + std::strerror(errno));
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

// The parent's environment with `changes` set on top, as "NAME=value" strings.
std::vector<std::string> posix_child_environment(
    const std::vector<std::pair<std::string, std::string>>& changes) {
  std::vector<std::string> entries;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& change : changes) replaced = replaced || change.first == name;
    if (!replaced) entries.push_back(entry);
  }
  for (const auto& [name, value] : changes) entries.push_back(name + "=" + value);
  return entries;
}

// Pointers to `strings`, ended by a null pointer (argv and envp).
std::vector<char*> posix_pointers(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

// Owns posix_spawn's list of what to do in the child before it runs the program.
class PosixSpawnActions {
 public:
  PosixSpawnActions() { ::posix_spawn_file_actions_init(&actions_); }
  ~PosixSpawnActions() { ::posix_spawn_file_actions_destroy(&actions_); }
  PosixSpawnActions(const PosixSpawnActions&) = delete;
  PosixSpawnActions& operator=(const PosixSpawnActions&) = delete;
  void dup_onto(int fd, int standard_stream) {
    ::posix_spawn_file_actions_adddup2(&actions_, fd, standard_stream);
  }
  const posix_spawn_file_actions_t* get() const { return &actions_; }

 private:
  posix_spawn_file_actions_t actions_;
};

// Owns posix_spawn's attributes: the child starts with no signal blocked. This process blocks
// SIGINT and SIGTERM in its threads (stop_requests_posix.cpp) and a child would inherit that,
// so Ctrl-C at the terminal would not end an ffmpeg or a pdftotext it started.
class PosixSpawnAttributes {
 public:
  PosixSpawnAttributes() {
    ::posix_spawnattr_init(&attributes_);
    sigset_t none;
    sigemptyset(&none);
    ::posix_spawnattr_setsigmask(&attributes_, &none);
    ::posix_spawnattr_setflags(&attributes_, POSIX_SPAWN_SETSIGMASK);
  }
  ~PosixSpawnAttributes() { ::posix_spawnattr_destroy(&attributes_); }
  PosixSpawnAttributes(const PosixSpawnAttributes&) = delete;
  PosixSpawnAttributes& operator=(const PosixSpawnAttributes&) = delete;
  const posix_spawnattr_t* get() const { return &attributes_; }

 private:
  posix_spawnattr_t attributes_;
};

// Starts `args` (args[0] a path to the program).
std::unique_ptr<ChildProcess::Running> posix_start(std::vector<std::string> args,
                                                   const ChildOptions& options) {
  auto running = std::make_unique<ChildProcess::Running>();
  PosixSpawnActions actions;
  std::array<UniqueFd, 2> input, output;
  if (options.pipe_input) {
    input = posix_make_pipe(args[0]);
    actions.dup_onto(input[0].get(), STDIN_FILENO);
  }
  if (options.capture_output) {
    output = posix_make_pipe(args[0]);
    actions.dup_onto(output[1].get(), STDOUT_FILENO);
    actions.dup_onto(output[1].get(), STDERR_FILENO);
  }
  std::vector<char*> argv = posix_pointers(args);
  std::vector<std::string> environment;
  std::vector<char*> envp;
  if (!options.environment.empty()) {
    environment = posix_child_environment(options.environment);
    envp = posix_pointers(environment);
  }
  const PosixSpawnAttributes attributes;
  const int spawned = ::posix_spawn(&running->pid, argv[0], actions.get(), attributes.get(),
                                    argv.data(), envp.empty() ? environ : envp.data());
  if (spawned != 0) throw SetupError("cannot start " + args[0] + ": " + std::strerror(spawned));
  // The child holds its own copies; the parent keeps only its ends, so the child sees the end of
  // its input when the parent closes it, and the parent sees the end of the output when the
  // child ends.
  running->input = std::move(input[1]);
  running->output = std::move(output[0]);
  return running;
}

bool posix_names_folder(const std::string& program) {
  return program.find('/') != std::string::npos;
}

}  // namespace

std::optional<std::filesystem::path> find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  std::stringstream folders(path);
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    if (folder.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(folder) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

std::string shell_quote(const std::string& argument) {
  std::string quoted = "'";
  for (const char c : argument) {
    if (c == '\'')
      quoted += "'\\''";  // end the quote, an escaped quote, start again
    else
      quoted += c;
  }
  return quoted + "'";
}

ChildProcess::ChildProcess(std::string program, std::unique_ptr<Running> running)
    : program_(std::move(program)), running_(std::move(running)) {}

ChildProcess::ChildProcess(const std::vector<std::string>& args, const ChildOptions& options) {
  if (args.empty()) throw std::logic_error("ChildProcess: no program to start");
  std::vector<std::string> resolved = args;
  if (!posix_names_folder(args[0])) {
    const std::optional<std::filesystem::path> found = find_program(args[0]);
    if (!found)
      throw ProgramNotFound(args[0] +
                            " was not found on PATH; install it or add its folder to PATH");
    resolved[0] = found->string();
  }
  running_ = posix_start(std::move(resolved), options);
  program_ = args[0];
}

ChildProcess ChildProcess::shell(const std::string& command_line, const ChildOptions& options) {
  // popen's and system()'s shell.
  return ChildProcess("/bin/sh", posix_start({"/bin/sh", "-c", command_line}, options));
}

ChildProcess::~ChildProcess() {
  if (!running_) return;  // moved from
  close_input();
  running_->output.reset();
  wait();
}

ChildProcess::ChildProcess(ChildProcess&&) noexcept = default;

void ChildProcess::write_input(const void* data, std::size_t bytes) {
  // A child that stopped reading must become an error here, not a SIGPIPE that ends this program.
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  const char* p = static_cast<const char*>(data);
  int error = running_->input.valid() ? 0 : EPIPE;
  while (bytes > 0 && error == 0) {
    const ssize_t wrote = ::write(running_->input.get(), p, bytes);
    if (wrote < 0) {
      if (errno != EINTR) error = errno;
      continue;
    }
    p += wrote;
    bytes -= std::size_t(wrote);
  }
  ::sigaction(SIGPIPE, &previous, nullptr);
  if (error != 0)
    throw std::system_error(error, std::generic_category(), "writing to the input of " + program_);
}

void ChildProcess::close_input() {
  running_->input.reset();
}

std::string ChildProcess::read_output() {
  std::string output;
  std::array<char, 4096> buffer{};
  while (running_->output.valid()) {
    const ssize_t got = ::read(running_->output.get(), buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    output.append(buffer.data(), std::size_t(got));
  }
  running_->output.reset();
  return output;
}

int ChildProcess::wait() {
  if (!running_->waited) {
    int status = 0;
    pid_t ended = -1;
    while ((ended = ::waitpid(running_->pid, &status, 0)) < 0 && errno == EINTR) {
    }
    running_->exit_code = ended == running_->pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    running_->waited = true;
  }
  return running_->exit_code;
}

}  // namespace ss::platform
