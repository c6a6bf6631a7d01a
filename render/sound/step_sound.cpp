#include "render/sound/step_sound.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "algorithms/network_plan.hpp"
#include "render/gather.hpp"
#include "render/sound/sounders.hpp"

namespace ss::render {

std::vector<Note> key_notes(const SoundInput& in, const std::vector<std::uint32_t>& positions,
                            Timbre timbre) {
  const KeyArray keys =
      gather_keys(in.context, in.stepper.keys_buffer(), in.stepper.plan().spec.key_type, positions);
  std::vector<Note> notes;
  notes.reserve(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i)
    notes.push_back({key_fraction(keys, i, in.range), 1.0f, timbre});
  return notes;
}

std::vector<Note> sampled_keys(const SoundInput& in) {
  return key_notes(in, even_sample(in.stepper.plan().spec.n, k_max_step_notes));
}

std::vector<Note> count_sweep(const std::vector<std::uint64_t>& counts) {
  std::vector<Note> notes;
  const std::uint64_t fullest =
      counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  if (fullest == 0) return notes;
  const std::size_t buckets = counts.size();
  for (std::size_t b : even_sample(buckets, k_max_step_notes)) {
    if (counts[b] == 0) continue;
    const double rank = buckets > 1 ? double(b) / double(buckets - 1) : 0.5;
    notes.push_back({rank, float(std::sqrt(double(counts[b]) / double(fullest))), Timbre::sine});
  }
  return notes;
}

std::vector<Note> step_notes(const Context& context, const Stepper& stepper, const KeyRange& range,
                             const SoundOptions& options) {
  if (stepper.position() == 0 || stepper.mid_step()) return {};
  const Step& step = stepper.plan().steps[stepper.position() - 1];
  const SoundInput in{context, stepper, range, step, options};
  return std::visit(
      [&](const auto& view) -> std::vector<Note> {
        using T = std::decay_t<decltype(view)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return {};
        } else if constexpr (is_network_step_v<T>) {
          return network_notes(in);
        } else {
          return sound(push_value<T>(step), in);
        }
      },
      step.view);
}

std::vector<Note> closing_sweep_notes(const Context& context, const Stepper& stepper,
                                      const KeyRange& range) {
  if (stepper.mid_step() || stepper.plan().spec.n == 0) return {};
  const Step* step =
      stepper.position() > 0 ? &stepper.plan().steps[stepper.position() - 1] : nullptr;
  const Step none{};
  const SoundInput in{context, stepper, range, step != nullptr ? *step : none, {}};
  return sampled_keys(in);
}

}  // namespace ss::render
