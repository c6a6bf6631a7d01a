#include "render/merge_state.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <variant>

#include "core/buffer.hpp"
#include "core/context.hpp"
#include "input/key_file.hpp"
#include "render/gather.hpp"
#include "render/step_state.hpp"
#include "shaders/common/mergesort_step.h"

namespace ss::render {

namespace {

// One list's blocks: the first and last key of each block, encoded in sort order.
void list_blocks(const Context& context, const Stepper& stepper, std::uint32_t buffer,
                 std::uint32_t begin, std::uint32_t count, std::uint32_t cells, MergePathModel& m,
                 std::vector<std::uint64_t>& first, std::vector<std::uint64_t>& last,
                 std::vector<std::string>& labels) {
  const Plan& plan = stepper.plan();
  std::vector<std::uint32_t> items;
  for (std::uint32_t r = 0; r < cells; ++r) {
    const std::uint32_t b0 = m.block_begin(r, cells, count),
                        b1 = m.block_begin(r + 1, cells, count);
    items.push_back(begin + b0);
    if (b1 - 1 != b0) items.push_back(begin + b1 - 1);
  }
  const KeyArray keys = gather_keys(context, stepper.buffer(buffer), plan.spec.key_type, items);
  std::size_t k = 0;
  for (std::uint32_t r = 0; r < cells; ++r) {
    const std::uint32_t b0 = m.block_begin(r, cells, count),
                        b1 = m.block_begin(r + 1, cells, count);
    first.push_back(encoded_key(keys, k, plan.spec.descending));
    if (cells == count) labels.push_back(format_text_key(keys.bits(k), keys.type));
    if (b1 - 1 != b0) ++k;
    last.push_back(encoded_key(keys, k, plan.spec.descending));
    ++k;
  }
  if (count > k_max_labelled_keys) labels.clear();
}

MergePathModel path_model(const Context& context, const Stepper& stepper, const MergeStepInfo& d,
                          const ViewPicks& picks) {
  const Plan& plan = stepper.plan();
  const Step& step = plan.steps[stepper.position() - 1];
  MergePathModel m;
  m.pairs = d.output_lists;
  m.pair = std::min(picks.pair, std::max(m.pairs, 1u) - 1);
  m.input_buffer = step.bindings[gpu::MERGESORT_BINDING_KEYS_IN];
  const std::uint32_t first_tile = m.pair * d.coop;
  std::uint32_t diag = 0;
  gpu::mergesort_partition_search(d.coop, first_tile, d.nv, d.n, m.a_begin, m.a_count, m.b_begin,
                                  m.b_count, diag);
  m.a_cells = std::min(m.a_count, k_max_grid_cells);
  m.b_cells = std::min(m.b_count, k_max_grid_cells);
  list_blocks(context, stepper, m.input_buffer, m.a_begin, m.a_count, m.a_cells, m, m.a_first,
              m.a_last, m.a_labels);
  list_blocks(context, stepper, m.input_buffer, m.b_begin, m.b_count, m.b_cells, m, m.b_first,
              m.b_last, m.b_labels);

  // The partitions of the list's tiles, as the partition kernel wrote them this pass.
  const std::uint32_t last_tile = std::min(d.tiles, first_tile + d.coop);  // exclusive
  const auto words =
      download_words<std::uint32_t>(context, stepper.buffer(gpu::MERGESORT_BUFFER_PARTITIONS),
                                    last_tile - first_tile, vk::DeviceSize(first_tile) * 4u);
  for (std::uint32_t t = first_tile; t < last_tile; ++t) {
    std::uint32_t a0 = 0, ac = 0, b0 = 0, bc = 0, tile_diag = 0;
    gpu::mergesort_partition_search(d.coop, t, d.nv, d.n, a0, ac, b0, bc, tile_diag);
    m.partitions.push_back({t, tile_diag, words[t - first_tile], false});
  }
  m.partitions.push_back({last_tile, m.a_count + m.b_count, m.a_count, true});

  if (d.stage == gpu::MERGESORT_STAGE_MERGE) {
    // Output j of the list is at a_begin + j (the list's frame) in the merge's output.
    const auto sources = download_words<std::uint32_t>(
        context, stepper.buffer(gpu::MERGESORT_BUFFER_SOURCES), std::size_t(m.a_count) + m.b_count,
        vk::DeviceSize(m.a_begin) * 4u);
    m.path = path_from_sources(sources);
    m.has_path = true;
  }
  return m;
}

BlocksortModel blocksort_model(const Context& context, const Stepper& stepper,
                               const MergeStepInfo& d, const KeyRange& range,
                               const ViewPicks& picks) {
  const Plan& plan = stepper.plan();
  BlocksortModel b;
  b.tiles = d.tiles;
  b.tile = std::min(picks.tile, std::max(d.tiles, 1u) - 1);
  b.first = b.tile * d.nv;
  b.count = std::min(d.n - std::min(d.n, b.first), d.nv);
  b.nt = d.nt;
  b.vt = d.vt;
  b.coop = d.stepped ? d.blocksort_coop() : 1;
  b.source_buffer =
      stepper.position() > 0 ? plan.steps[stepper.position() - 1].keys_after : plan.keys_buffer;
  const std::uint32_t words = key_words(plan.spec.key_type);
  KeyArray keys;
  keys.type = plan.spec.key_type;
  keys.words = download_words<std::uint32_t>(context, stepper.buffer(b.source_buffer),
                                             std::size_t(b.count) * words,
                                             vk::DeviceSize(b.first) * words * 4u);
  for (std::uint32_t i = 0; i < b.count; ++i) {
    b.fraction.push_back(key_fraction(keys, i, range));
    b.labels.push_back(format_text_key(keys.bits(i), keys.type));
  }
  if (b.coop >= 2) {
    for (std::uint32_t tid = 0; tid < b.nt; ++tid) {
      BlocksortThread t;
      gpu::blocksort_thread_lists(tid, b.coop, b.vt, b.count, t.a0, t.a1, t.b0, t.b1, t.diag);
      b.threads.push_back(t);
    }
  }
  return b;
}

}  // namespace

bool MergeStepInfo::merging() const {
  return stepped && stage != gpu::MERGESORT_STAGE_BLOCKSORT;
}

bool MergeStepInfo::blocksort() const {
  return !merging();
}

std::uint32_t MergePathModel::cell(std::uint32_t x, std::uint32_t y) const {
  if (a_last[x] <= b_first[y]) return 0;  // every A key of the block first (ties take A)
  if (b_last[y] < a_first[x]) return 1;   // every B key first
  return 2;
}

std::optional<MergeStepInfo> merge_step_info(const Plan& plan, std::size_t position) {
  if (plan.steps.empty()) return std::nullopt;
  const Step& step = plan.steps[position > 0 ? position - 1 : 0];
  const auto* p = std::get_if<gpu::MergesortStep>(&step.view);
  if (p == nullptr) return std::nullopt;
  MergeStepInfo d;
  d.stepped = position > 0;
  d.stage = d.stepped ? p->stage : gpu::MERGESORT_STAGE_BLOCKSORT;
  d.n = p->n;
  d.nv = p->tile_keys;
  d.vt = p->keys_per_thread;
  d.nt = p->threads;
  d.tiles = p->tiles;
  d.phases = p->phases;
  if (d.stage == gpu::MERGESORT_STAGE_BLOCKSORT) {
    d.phase = d.stepped ? p->phase_limit : 0;
    d.run_length = d.stepped ? gpu::blocksort_run_length(d.phase - 1, d.vt) : 1;
  } else {
    d.pass = p->pass;
    d.coop = p->coop;
    d.list_length = gpu::mergesort_frame_size(d.coop, d.nv);
    d.output_lists = (d.tiles + d.coop - 1) / d.coop;
    // At a partition step the keys are still the previous state's runs.
    d.run_length = d.stage == gpu::MERGESORT_STAGE_MERGE ? gpu::mergesort_run_length(d.pass, d.nv)
                   : d.pass == 0                         ? d.nv
                                 : gpu::mergesort_run_length(d.pass - 1, d.nv);
  }
  d.run_length = std::min(d.run_length, std::max(d.n, 1u));
  return d;
}

ViewPicks picks_in_window(ViewPicks picks, const MergeStepInfo& info) {
  const std::uint32_t n = info.n;
  if (picks.window.whole(n) || n == 0) return picks;
  const std::uint32_t middle = picks.window.begin(n) + picks.window.size(n) / 2;
  if (info.merging()) {
    const std::uint32_t keys = std::max(2 * info.list_length, 1u);
    if (!window_groups(picks.window, n, keys).contains(picks.pair))
      picks.pair = std::min(middle / keys, std::max(info.output_lists, 1u) - 1);
  } else {
    const std::uint32_t keys = std::max(info.nv, 1u);
    if (!window_groups(picks.window, n, keys).contains(picks.tile))
      picks.tile = std::min(middle / keys, std::max(info.tiles, 1u) - 1);
  }
  return picks;
}

std::vector<PathPoint> path_from_sources(const std::vector<std::uint32_t>& sources) {
  const std::size_t total = sources.size();
  const std::size_t stride =
      std::max<std::size_t>(1, (total + k_max_path_points - 1) / k_max_path_points);
  std::vector<PathPoint> path{{0, 0}};
  PathPoint p;
  for (std::size_t k = 0; k < total; ++k) {
    if (sources[k] == 0)
      ++p.a;
    else
      ++p.b;
    if ((k + 1) % stride == 0 || k + 1 == total) path.push_back(p);
  }
  return path;
}

std::optional<MergeState> capture_merge_state(const Context& context, const Stepper& stepper,
                                              const KeyRange& range, const ViewPicks& picks) {
  const std::optional<MergeStepInfo> d = merge_step_info(stepper.plan(), stepper.position());
  if (!d || d->n < 2) return std::nullopt;
  MergeState s;
  s.info = *d;
  if (d->stage == gpu::MERGESORT_STAGE_MERGE && d->stepped)
    s.sources = &stepper.buffer(gpu::MERGESORT_BUFFER_SOURCES);
  if (d->merging())
    s.path = path_model(context, stepper, *d, picks);
  else
    s.blocksort = blocksort_model(context, stepper, *d, range, picks);
  return s;
}

std::vector<StepFact> merge_step_facts(const Step& step) {
  const auto* p = std::get_if<gpu::MergesortStep>(&step.view);
  if (p == nullptr) return {};
  std::vector<StepFact> facts;
  auto add = [&](const char* name, std::string value) {
    facts.push_back({name, std::move(value)});
  };
  if (p->stage == gpu::MERGESORT_STAGE_BLOCKSORT) {
    const std::uint32_t phase = p->phase_limit;
    const std::uint32_t coop = phase <= 1 ? 1u : 1u << (phase - 1);
    add("phase", std::to_string(phase) + " of " + std::to_string(p->phases) +
                     (step.phase == 0 ? " (the whole blocksort)" : ""));
    add("coop", coop == 1 ? "1 (each thread alone, in registers)"
                          : std::to_string(coop) + " threads per output list");
    add("list length",
        std::to_string(
            std::min(gpu::blocksort_run_length(phase - 1, p->keys_per_thread), p->tile_keys)) +
            (coop == 1
                 ? " (each thread's keys)"
                 : " (from two lists of " + std::to_string(p->keys_per_thread * coop / 2) + ")"));
    add("NV", std::to_string(p->tile_keys) + " (" + std::to_string(p->threads) + " threads x " +
                  std::to_string(p->keys_per_thread) + ")");
    return facts;
  }
  const std::uint32_t size = gpu::mergesort_frame_size(p->coop, p->tile_keys);
  add("list length", std::to_string(std::min(size, p->n)) + " (A and B each, into " +
                         std::to_string(std::min(2 * size, p->n)) + ")");
  add("coop", std::to_string(p->coop) + " tiles per output list");
  add("NV", std::to_string(p->tile_keys) + " outputs per tile");
  add("partitions", std::to_string(p->partitions) + " (one per tile boundary)");
  return facts;
}

}  // namespace ss::render
