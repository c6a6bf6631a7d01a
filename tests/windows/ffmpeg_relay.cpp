// ffmpeg.exe for tests/windows/run.sh. Debian has no Windows build of ffmpeg, so this stands where
// a user's ffmpeg.exe would: the check then covers sortscope-cli.exe's side of an MP4 under wine
// (ffmpeg.exe found on PATH, its arguments quoted, every frame through the pipe, its exit code
// awaited), and the video is still encoded by a real ffmpeg, the host's.
//
// It takes the frames from its standard input into a file beside the output, then starts the host's
// ffmpeg (a Unix program, which wine starts too, named by SORTSCOPE_HOST_FFMPEG as a Windows path)
// with the same arguments, each input and the output made Unix paths (the pipe, that file): wine
// gives a Unix program neither a Windows pipe as its input nor Windows paths it can open. Prints
// to stderr what it received (bytes, and whether they are whole frames of -video_size) and exits
// with ffmpeg's code; 90 for arguments that are not what sortscope passes.
#include <windows.h>

#include <cstdio>
#include <string>
#include <vector>

#include "platform/command_line_quoting.hpp"
#include "platform/wide_text_windows.hpp"

namespace {

using ss::platform::utf8_from_wide;
using ss::platform::wide_from_utf8;

// The host's path of a Windows path, through wine's own export (absent on Windows itself).
std::string relay_unix_path(const std::wstring& windows_path) {
  using ToUnix = char*(CDECL*)(const wchar_t*);
  const auto to_unix = reinterpret_cast<ToUnix>(reinterpret_cast<void*>(
      GetProcAddress(GetModuleHandleW(L"kernel32.dll"), "wine_get_unix_file_name")));
  if (to_unix == nullptr) return {};
  wchar_t full[MAX_PATH * 4];
  if (GetFullPathNameW(windows_path.c_str(), MAX_PATH * 4, full, nullptr) == 0) return {};
  char* unix_path = to_unix(full);
  if (unix_path == nullptr) return {};
  std::string out = unix_path;
  HeapFree(GetProcessHeap(), 0, unix_path);
  return out;
}

int relay_refuse(const std::string& why) {
  std::fprintf(stderr, "ffmpeg relay: %s\n", why.c_str());
  return 90;
}

// Keeps the frames on standard input in `frames`; says how many came.
bool relay_keep_input(const std::wstring& frames, const std::string& video_size) {
  unsigned width = 0, height = 0;
  if (std::sscanf(video_size.c_str(), "%ux%u", &width, &height) != 2 || width * height == 0)
    return false;
  HANDLE file = CreateFileW(frames.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_ALWAYS,
                            FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file == INVALID_HANDLE_VALUE) return false;
  std::vector<char> buffer(1 << 20);
  unsigned long long total = 0;
  DWORD got = 0, wrote = 0;
  bool written = true;
  while (written &&
         ReadFile(GetStdHandle(STD_INPUT_HANDLE), buffer.data(), DWORD(buffer.size()), &got,
                  nullptr) &&
         got > 0) {
    written = WriteFile(file, buffer.data(), got, &wrote, nullptr) && wrote == got;
    total += got;
  }
  CloseHandle(file);
  const unsigned long long frame_bytes = 4ull * width * height;
  std::fprintf(stderr, "ffmpeg relay: %llu bytes on standard input, %llu frames of %ux%u%s\n",
               total, total / frame_bytes, width, height,
               total % frame_bytes == 0 ? "" : ", and a part frame");
  return written;
}

}  // namespace

int wmain(int argc, wchar_t** argv) {
  // ffmpeg's arguments as sortscope passes them: inputs after -i (the frames as pipe:0, or files),
  // the output last. Each file becomes its Unix path; the pipe, a file of what came through it.
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.push_back(utf8_from_wide(argv[i]));
  if (args.size() < 3) return relay_refuse("expected ffmpeg's options, inputs and an output");
  const std::wstring output = argv[argc - 1];
  const std::wstring frames = output + L".frames";
  bool inputs = false;
  for (std::size_t i = 1; i + 1 < args.size(); ++i) {
    if (args[i - 1] != "-i") continue;
    inputs = true;
    if (args[i] == "pipe:0") {
      std::string video_size;
      for (std::size_t j = 0; j + 1 < i; ++j)
        if (args[j] == "-video_size") video_size = args[j + 1];
      if (!relay_keep_input(frames, video_size))
        return relay_refuse("no -video_size WxH before the pipe, or cannot write its frames");
      args[i] = relay_unix_path(frames);
    } else {
      args[i] = relay_unix_path(wide_from_utf8(args[i]));
    }
    if (args[i].empty()) return relay_refuse("no Unix path for an input (not under wine?)");
  }
  if (!inputs) return relay_refuse("expected -i before each input");
  args.back() = relay_unix_path(output);
  wchar_t host[MAX_PATH * 4];
  if (GetEnvironmentVariableW(L"SORTSCOPE_HOST_FFMPEG", host, MAX_PATH * 4) == 0)
    return relay_refuse("SORTSCOPE_HOST_FFMPEG is not set");

  // Wine starts a Unix program but cannot wait for it (its handle is signalled at once): a shell
  // runs ffmpeg and then leaves its exit code in a file, which is awaited instead.
  const std::wstring done = output + L".done";
  DeleteFileW(done.c_str());
  std::vector<std::string> line = {"Z:\\bin\\sh",
                                   "-c",
                                   "d=$1; shift; \"$@\"; echo $? >\"$d.tmp\"; mv \"$d.tmp\" \"$d\"",
                                   "relay",
                                   relay_unix_path(done),
                                   relay_unix_path(host)};
  line.insert(line.end(), args.begin(), args.end());
  std::wstring command = wide_from_utf8(ss::platform::windows_command_line(line));
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  PROCESS_INFORMATION process{};
  if (!CreateProcessW(L"Z:\\bin\\sh", command.data(), nullptr, nullptr, FALSE, 0, nullptr, nullptr,
                      &startup, &process)) {
    DeleteFileW(frames.c_str());
    return relay_refuse("cannot start /bin/sh");
  }
  CloseHandle(process.hThread);
  CloseHandle(process.hProcess);
  int code = -1;
  for (int waited_ms = 0; waited_ms < 600000 && code < 0; waited_ms += 50) {
    Sleep(50);
    if (FILE* f = _wfopen(done.c_str(), L"r")) {
      if (std::fscanf(f, "%d", &code) != 1) code = 91;
      std::fclose(f);
    }
  }
  DeleteFileW(done.c_str());
  DeleteFileW(frames.c_str());
  if (code < 0) return relay_refuse("the host's ffmpeg did not end within 10 minutes");
  return code;
}
