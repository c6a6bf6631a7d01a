#pragma once
// A Windows HANDLE that closes itself: the Windows side's files, pipe ends and processes.
#include "platform/win32_windows.hpp"

#include <utility>

namespace ss::platform {

class UniqueHandle {
 public:
  UniqueHandle() = default;
  explicit UniqueHandle(HANDLE handle) : handle_(handle) {}
  ~UniqueHandle() { reset(); }
  UniqueHandle(UniqueHandle&& other) noexcept : handle_(other.release()) {}
  UniqueHandle& operator=(UniqueHandle&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
  }
  UniqueHandle(const UniqueHandle&) = delete;
  UniqueHandle& operator=(const UniqueHandle&) = delete;

  HANDLE get() const { return handle_; }
  // Both null and INVALID_HANDLE_VALUE mean none: Windows' calls return one or the other.
  bool valid() const { return handle_ != nullptr && handle_ != INVALID_HANDLE_VALUE; }
  HANDLE release() { return std::exchange(handle_, nullptr); }
  void reset(HANDLE handle = nullptr) {
    if (valid()) ::CloseHandle(handle_);
    handle_ = handle;
  }
  // Closes it and returns whether CloseHandle succeeded (GetLastError() says why not).
  bool close_checked() { return ::CloseHandle(release()) != 0; }

 private:
  HANDLE handle_ = nullptr;
};

}  // namespace ss::platform
