#pragma once
// A position in a plan as a person names it: 0 is the input, K the state after K steps, and a
// negative number counts from the end (-1 after the last step, -2 before it), the same wherever
// a step is named (lessons' stops, render --step and --steps, the app's options).
#include <cstddef>
#include <cstdint>
#include <optional>

namespace ss {

// The position `named` means in a plan of `steps` steps; nullopt when it lies outside 0..steps.
inline std::optional<std::size_t> named_position(std::int64_t named, std::size_t steps) {
  const std::int64_t position = named < 0 ? std::int64_t(steps) + 1 + named : named;
  if (position < 0 || position > std::int64_t(steps)) return std::nullopt;
  return std::size_t(position);
}

}  // namespace ss
