#include "render/key_window.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/errors.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

namespace {

// Decimal or 2^K, as --n takes it.
std::uint64_t parse_bound(std::string_view text, std::string_view whole) {
  auto fail = [&]() -> std::uint64_t {
    throw UsageError("--window '" + std::string(whole) +
                     "' is not A..B: give the first key and the key after the last, as decimal "
                     "numbers or 2^K (e.g. 0..512, 1048576..1049088 or 2^19..2^20)");
  };
  std::uint64_t value = 0;
  if (text.starts_with("2^")) {
    unsigned power = 0;
    const auto [end, ec] = std::from_chars(text.data() + 2, text.data() + text.size(), power);
    if (ec != std::errc() || end != text.data() + text.size() || power > 32) return fail();
    return std::uint64_t(1) << power;
  }
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return fail();
  return value;
}

}  // namespace

std::uint32_t min_window_keys(std::uint32_t width_px) {
  return std::max<std::uint32_t>(1, width_px / k_max_pixels_per_key);
}

KeyWindow fit_window(KeyWindow window, std::uint32_t n, std::uint32_t min_keys) {
  if (window.count == 0 || n == 0) return {};
  std::uint64_t count = std::max<std::uint64_t>(window.count, min_keys);
  if (count >= n) return {};
  const std::uint64_t first = std::min<std::uint64_t>(window.first, n - count);
  return {std::uint32_t(first), std::uint32_t(count)};
}

KeyWindow zoom_window(KeyWindow window, std::uint32_t n, double factor, double anchor,
                      std::uint32_t min_keys) {
  if (n == 0 || !(factor > 0)) return window;
  const double size = window.size(n);
  const double count = std::clamp(size / factor, double(std::min(min_keys, n)), double(n));
  // The anchor key keeps its place on screen: as many keys left of it, scaled.
  const double at = double(window.begin(n)) + std::clamp(anchor, 0.0, 1.0) * size;
  const double first = std::clamp(at - std::clamp(anchor, 0.0, 1.0) * count, 0.0, n - count);
  return fit_window({std::uint32_t(std::llround(first)), std::uint32_t(std::llround(count))}, n,
                    min_keys);
}

KeyWindow pan_window(KeyWindow window, std::uint32_t n, std::int64_t keys) {
  if (window.whole(n)) return {};
  const std::int64_t last_first = std::int64_t(n) - std::int64_t(window.count);
  const std::int64_t first =
      std::clamp<std::int64_t>(std::int64_t(window.first) + keys, 0, last_first);
  return {std::uint32_t(first), window.count};
}

KeyWindow centre_window(KeyWindow window, std::uint32_t n, std::uint32_t centre) {
  if (window.whole(n)) return {};
  return pan_window(window, n,
                    std::int64_t(centre) - std::int64_t(window.first) - window.count / 2);
}

KeyWindow parse_window(std::string_view text, std::uint32_t n) {
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) parse_bound("", text);  // throws the format's message
  const std::uint64_t a = parse_bound(text.substr(0, dots), text);
  const std::uint64_t b = parse_bound(text.substr(dots + 2), text);
  if (a >= b)
    throw UsageError("--window " + std::string(text) +
                     " is empty: the key after the last must come after the first");
  if (b > n)
    throw UsageError("--window " + std::string(text) + " ends past the array: it holds " +
                     grouped_number(n) + " keys (0.." + std::to_string(n) + ")");
  if (a == 0 && b == n) return {};
  return {std::uint32_t(a), std::uint32_t(b - a)};
}

std::string window_text(KeyWindow window, std::uint32_t n) {
  if (window.whole(n)) return "all " + grouped_number(n) + " keys";
  return "keys " + grouped_number(window.begin(n)) + ".." + grouped_number(window.end(n) - 1) +
         " of " + grouped_number(n);
}

GroupRange window_groups(KeyWindow window, std::uint32_t n, std::uint32_t group) {
  group = std::max(group, 1u);
  if (n == 0) return {};
  return {window.begin(n) / group,
          std::uint32_t((std::uint64_t(window.end(n)) + group - 1) / group)};
}

}  // namespace ss::render
