#pragma once
// Host arrays of hundreds of millions of elements without a second-long pause that Ctrl-C cannot
// cut short: std::vector's sizing constructor and resize() zero every byte on one core (4 GiB of
// (key, position) records at 2^28 u64 keys took over a second on the H100's host). A scratch
// vector leaves its elements uninitialised for code that writes each one next (in parallel); a
// vector the caller must keep as std::vector grows in 64 MiB pieces with the interrupt checked
// between them.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/interrupt.hpp"

namespace ss {

// std::allocator whose construct() with no arguments default-initialises: trivial elements are
// left as the memory was, so sizing a vector costs only its allocation.
template <class T>
struct default_init_allocator : std::allocator<T> {
  using std::allocator<T>::allocator;
  template <class U>
  struct rebind {
    using other = default_init_allocator<U>;
  };
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    std::allocator_traits<std::allocator<T>>::construct(static_cast<std::allocator<T>&>(*this), p,
                                                        std::forward<Args>(args)...);
  }
};

template <class T>
using scratch_vector = std::vector<T, default_init_allocator<T>>;

// v.resize(size), zeroing at most 64 MiB between looks at the interrupt.
template <class Vec>
void resize_interruptibly(Vec& v, std::size_t size) {
  constexpr std::size_t k_piece =
      std::max<std::size_t>(1, (std::size_t(64) << 20) / sizeof(typename Vec::value_type));
  if (size > v.size()) v.reserve(size);
  while (v.size() + k_piece < size) {
    throw_if_interrupted();
    v.resize(v.size() + k_piece);
  }
  v.resize(size);
}

}  // namespace ss
