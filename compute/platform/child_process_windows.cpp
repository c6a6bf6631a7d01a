// Windows side of child_process.hpp: CreateProcessW with anonymous pipes as the child's standard
// streams, WaitForSingleObject and GetExitCodeProcess for its status.
#include "platform/child_process.hpp"

#include <algorithm>
#include <array>
#include <cwctype>
#include <system_error>

#include "platform/command_line_quoting.hpp"
#include "platform/unique_handle_windows.hpp"
#include "platform/wide_text_windows.hpp"

namespace ss::platform {

struct ChildProcess::Running {
  UniqueHandle process;
  UniqueHandle input;   // the write end of the child's standard input
  UniqueHandle output;  // the read end of its standard output and error
  int exit_code = -1;
  bool waited = false;
};

namespace {

// The variable as UTF-16; empty when unset.
std::wstring windows_variable(const wchar_t* name) {
  const DWORD size = ::GetEnvironmentVariableW(name, nullptr, 0);
  if (size == 0) return {};
  std::wstring value(size, L'\0');
  value.resize(::GetEnvironmentVariableW(name, value.data(), size));
  return value;
}

bool windows_is_file(const std::filesystem::path& path) {
  const DWORD attributes = ::GetFileAttributesW(path.c_str());
  return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY) == 0;
}

bool windows_names_folder(const std::string& program) {
  return program.find_first_of("/\\:") != std::string::npos;
}

// A pipe whose ends are not inherited; the end meant for the child is made inheritable only
// through the handle list CreateProcessW gets (windows_start).
std::array<UniqueHandle, 2> windows_make_pipe(const std::string& program, DWORD size) {
  HANDLE read = nullptr, write = nullptr;
  SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  if (::CreatePipe(&read, &write, &inheritable, size) == 0)
    throw SetupError("cannot make a pipe to " + program + ": " +
                     windows_error_text(::GetLastError()));
  return {UniqueHandle(read), UniqueHandle(write)};
}

void windows_keep_from_children(const UniqueHandle& handle) {
  ::SetHandleInformation(handle.get(), HANDLE_FLAG_INHERIT, 0);
}

// An inheritable copy of one of this process's standard handles, for the child to share; none when
// this process has none (a program without a console).
UniqueHandle windows_inheritable_copy(DWORD standard) {
  const HANDLE handle = ::GetStdHandle(standard);
  HANDLE copy = nullptr;
  if (handle == nullptr || handle == INVALID_HANDLE_VALUE ||
      ::DuplicateHandle(::GetCurrentProcess(), handle, ::GetCurrentProcess(), &copy, 0, TRUE,
                        DUPLICATE_SAME_ACCESS) == 0)
    return {};
  return UniqueHandle(copy);
}

bool windows_same_name(const std::wstring& a, const std::wstring& b) {
  return ::CompareStringOrdinal(a.data(), int(a.size()), b.data(), int(b.size()), TRUE) ==
         CSTR_EQUAL;
}

// This process's environment with `changes` on top, as the block CreateProcessW takes:
// "NAME=value\0" entries sorted by name without regard to case, then one more '\0'.
std::wstring windows_environment_block(
    const std::vector<std::pair<std::string, std::string>>& changes) {
  std::vector<std::wstring> entries;
  wchar_t* block = ::GetEnvironmentStringsW();
  for (const wchar_t* e = block; e != nullptr && *e != L'\0'; e += std::wcslen(e) + 1) {
    const std::wstring entry = e;
    // Entries such as "=C:=C:\\work" (a drive's current folder) start with '='.
    const std::wstring name = entry.substr(0, entry.find(L'=', 1));
    bool replaced = false;
    for (const auto& change : changes)
      replaced = replaced || windows_same_name(name, wide_from_utf8(change.first));
    if (!replaced) entries.push_back(entry);
  }
  if (block != nullptr) ::FreeEnvironmentStringsW(block);
  for (const auto& [name, value] : changes)
    entries.push_back(wide_from_utf8(name) + L"=" + wide_from_utf8(value));
  std::sort(entries.begin(), entries.end(), [](const std::wstring& a, const std::wstring& b) {
    return ::CompareStringOrdinal(a.data(), int(a.size()), b.data(), int(b.size()), TRUE) ==
           CSTR_LESS_THAN;
  });
  std::wstring joined;
  for (const std::wstring& entry : entries) joined += entry + L'\0';
  return joined + L'\0';
}

// Owns the attribute list that names the only handles the child inherits: without it the child
// would also inherit the pipe ends another thread is making for another child at the same moment,
// and that child's input would never see its end.
class WindowsInheritedHandles {
 public:
  explicit WindowsInheritedHandles(std::vector<HANDLE> handles) : handles_(std::move(handles)) {
    if (handles_.empty()) return;  // nothing to inherit: CreateProcessW gets bInheritHandles FALSE
    SIZE_T size = 0;
    ::InitializeProcThreadAttributeList(nullptr, 1, 0, &size);
    storage_.resize(size);
    list_ = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(storage_.data());
    if (::InitializeProcThreadAttributeList(list_, 1, 0, &size) == 0) {
      list_ = nullptr;
      return;
    }
    // Should this fail, the child inherits every inheritable handle, as without the list.
    ::UpdateProcThreadAttribute(list_, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, handles_.data(),
                                handles_.size() * sizeof(HANDLE), nullptr, nullptr);
  }
  ~WindowsInheritedHandles() {
    if (list_ != nullptr) ::DeleteProcThreadAttributeList(list_);
  }
  WindowsInheritedHandles(const WindowsInheritedHandles&) = delete;
  WindowsInheritedHandles& operator=(const WindowsInheritedHandles&) = delete;
  LPPROC_THREAD_ATTRIBUTE_LIST get() const { return list_; }

 private:
  std::vector<HANDLE> handles_;  // UpdateProcThreadAttribute keeps a pointer to them
  std::vector<char> storage_;
  LPPROC_THREAD_ATTRIBUTE_LIST list_ = nullptr;
};

// Starts `application` (a full path) with `command_line` (its own name first).
std::unique_ptr<ChildProcess::Running> windows_start(const std::filesystem::path& application,
                                                     const std::string& command_line,
                                                     const std::string& program,
                                                     const ChildOptions& options) {
  auto running = std::make_unique<ChildProcess::Running>();
  UniqueHandle child_input, child_output, child_error;
  if (options.pipe_input) {
    // A large pipe: frames of video go through it a megabyte at a time.
    std::array<UniqueHandle, 2> pipe = windows_make_pipe(program, 1u << 20);
    windows_keep_from_children(pipe[1]);
    running->input = std::move(pipe[1]);
    child_input = std::move(pipe[0]);
  } else {
    child_input = windows_inheritable_copy(STD_INPUT_HANDLE);
  }
  if (options.capture_output) {
    std::array<UniqueHandle, 2> pipe = windows_make_pipe(program, 0);
    windows_keep_from_children(pipe[0]);
    running->output = std::move(pipe[0]);
    child_output = std::move(pipe[1]);
  } else {
    child_output = windows_inheritable_copy(STD_OUTPUT_HANDLE);
    child_error = windows_inheritable_copy(STD_ERROR_HANDLE);
  }
  const HANDLE error = options.capture_output ? child_output.get() : child_error.get();

  std::vector<HANDLE> inherited;
  for (const HANDLE h : {child_input.get(), child_output.get(), error})
    if (h != nullptr && std::find(inherited.begin(), inherited.end(), h) == inherited.end())
      inherited.push_back(h);
  WindowsInheritedHandles attributes(inherited);

  STARTUPINFOEXW startup{};
  startup.StartupInfo.cb = sizeof(startup);
  startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
  startup.StartupInfo.hStdInput = child_input.get();
  startup.StartupInfo.hStdOutput = child_output.get();
  startup.StartupInfo.hStdError = error;
  startup.lpAttributeList = attributes.get();

  std::wstring line = wide_from_utf8(command_line);
  std::wstring environment;
  if (!options.environment.empty()) environment = windows_environment_block(options.environment);
  DWORD flags = CREATE_UNICODE_ENVIRONMENT;
  if (attributes.get() != nullptr) flags |= EXTENDED_STARTUPINFO_PRESENT;
  PROCESS_INFORMATION process{};
  const auto create = [&] {
    return ::CreateProcessW(application.c_str(), line.data(), nullptr, nullptr,
                            inherited.empty() ? FALSE : TRUE, flags,
                            environment.empty() ? nullptr : environment.data(), nullptr,
                            &startup.StartupInfo, &process) != 0;
  };
  // Wine 8 now and then loses a new process before it has finished starting (CI logged "wine
  // client error: sendmsg: Bad file descriptor" beside it) and answers ERROR_INTERNAL_ERROR, which
  // it gives only when the process ended before running any of its code; so starting it again is
  // safe. Windows documents no such answer.
  bool started = create();
  for (int retry = 0; !started && ::GetLastError() == ERROR_INTERNAL_ERROR && retry < 2; ++retry)
    started = create();
  if (!started)
    throw SetupError("cannot start " + program + ": " + windows_error_text(::GetLastError()));
  ::CloseHandle(process.hThread);
  running->process.reset(process.hProcess);
  // child_input, child_output and child_error close here: the child holds its own copies, so it
  // sees the end of its input when the parent closes its end, and the parent the end of the
  // output when the child ends.
  return running;
}

// The shell ChildProcess::shell runs: %ComSpec%, else cmd.exe in the system folder.
std::filesystem::path windows_shell() {
  if (std::wstring comspec = windows_variable(L"ComSpec"); !comspec.empty())
    return std::filesystem::path(comspec);
  std::wstring system(MAX_PATH, L'\0');
  system.resize(::GetSystemDirectoryW(system.data(), MAX_PATH));
  return std::filesystem::path(system) / L"cmd.exe";
}

}  // namespace

std::optional<std::filesystem::path> find_program(const std::string& name) {
  // Only files CreateProcessW runs itself: "ffmpeg" is looked for as ffmpeg.exe.
  const std::filesystem::path file = std::filesystem::path(wide_from_utf8(name)).has_extension()
                                         ? std::filesystem::path(wide_from_utf8(name))
                                         : std::filesystem::path(wide_from_utf8(name + ".exe"));
  const std::wstring path = windows_variable(L"PATH");
  std::size_t begin = 0;
  while (begin <= path.size()) {
    std::size_t end = path.find(L';', begin);
    if (end == std::wstring::npos) end = path.size();
    std::wstring folder = path.substr(begin, end - begin);
    begin = end + 1;
    // A folder may be quoted, as in PATH=C:\bin;"C:\Program Files\ffmpeg\bin".
    folder.erase(std::remove(folder.begin(), folder.end(), L'"'), folder.end());
    if (folder.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(folder) / file;
    if (windows_is_file(candidate)) return candidate;
  }
  return std::nullopt;
}

std::string shell_quote(const std::string& argument) {
  return quote_windows_argument(argument, true);
}

ChildProcess::ChildProcess(std::string program, std::unique_ptr<Running> running)
    : program_(std::move(program)), running_(std::move(running)) {}

ChildProcess::ChildProcess(const std::vector<std::string>& args, const ChildOptions& options) {
  if (args.empty()) throw std::logic_error("ChildProcess: no program to start");
  std::filesystem::path application;
  if (windows_names_folder(args[0])) {
    application = std::filesystem::path(wide_from_utf8(args[0]));
  } else {
    const std::optional<std::filesystem::path> found = find_program(args[0]);
    if (!found)
      throw ProgramNotFound(args[0] +
                            " was not found on PATH; install it or add its folder to PATH");
    application = *found;
  }
  std::vector<std::string> line = args;
  line[0] = utf8_from_wide(application.native());
  running_ = windows_start(application, windows_command_line(line), args[0], options);
  program_ = args[0];
}

ChildProcess ChildProcess::shell(const std::string& command_line, const ChildOptions& options) {
  const std::filesystem::path shell = windows_shell();
  // /d: no AutoRun commands from the registry; /s /c: the rest, its outer quotes removed, is the
  // command line exactly as given.
  // Appended piece by piece: GCC 12 warns falsely of "literal" + std::string&& (-Wrestrict).
  std::string line = "\"";
  line += utf8_from_wide(shell.native());
  line += "\" /d /s /c \"";
  line += command_line;
  line += '"';
  return ChildProcess("cmd.exe", windows_start(shell, line, "cmd.exe", options));
}

ChildProcess::~ChildProcess() {
  if (!running_) return;  // moved from
  close_input();
  running_->output.reset();
  wait();
}

ChildProcess::ChildProcess(ChildProcess&&) noexcept = default;

void ChildProcess::write_input(const void* data, std::size_t bytes) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const DWORD chunk = bytes > (1u << 30) ? DWORD(1u << 30) : DWORD(bytes);
    DWORD wrote = 0;
    // ERROR_NO_DATA ("The pipe is being closed") once the child closed its end.
    if (!running_->input.valid() ||
        ::WriteFile(running_->input.get(), p, chunk, &wrote, nullptr) == 0)
      throw std::system_error(
          std::error_code(running_->input.valid() ? int(::GetLastError()) : ERROR_NO_DATA,
                          std::system_category()),
          "writing to the input of " + program_);
    p += wrote;
    bytes -= wrote;
  }
}

void ChildProcess::close_input() {
  running_->input.reset();
}

std::string ChildProcess::read_output() {
  std::string output;
  std::array<char, 4096> buffer{};
  while (running_->output.valid()) {
    DWORD got = 0;
    // ERROR_BROKEN_PIPE: the child ended and its copies of the write end are closed.
    if (::ReadFile(running_->output.get(), buffer.data(), DWORD(buffer.size()), &got, nullptr) ==
            0 ||
        got == 0)
      break;
    output.append(buffer.data(), got);
  }
  running_->output.reset();
  return output;
}

int ChildProcess::wait() {
  if (!running_->waited) {
    ::WaitForSingleObject(running_->process.get(), INFINITE);
    DWORD code = 0;
    running_->exit_code =
        ::GetExitCodeProcess(running_->process.get(), &code) != 0 ? static_cast<int>(code) : -1;
    running_->waited = true;
  }
  return running_->exit_code;
}

}  // namespace ss::platform
