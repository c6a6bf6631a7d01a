#include "distributed/sample_sort.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <numeric>
#include <utility>

#include "algorithms/algorithm.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/ms_since.hpp"
#include "distributed/device_key_reads.hpp"
#include "distributed/gpu_run_merge.hpp"
#include "distributed/gpu_splitter_search.hpp"
#include "distributed/mpi_world.hpp"
#include "distributed/rank_watchdog.hpp"
#include "plan/device_limits.hpp"
#include "plan/runner.hpp"

namespace ss {

namespace {

using Clock = std::chrono::steady_clock;

int as_int(std::uint64_t value, const char* what) {
  if (value > static_cast<std::uint64_t>(INT_MAX)) {
    throw SetupError(std::string(what) + " (" + std::to_string(value) +
                     ") exceeds what one MPI call takes (2^31 - 1); run on more ranks");
  }
  return static_cast<int>(value);
}

vk::BufferUsageFlags staging_usage() {
  return vk::BufferUsageFlagBits::eTransferSrc | vk::BufferUsageFlagBits::eTransferDst;
}

// A copy of keys [first, first + count) (and their values) at the same or another place; none
// when count is 0, which Vulkan forbids.
void copy_keys(const vk::raii::CommandBuffer& cmd, const Buffer& from, const Buffer& to,
               std::uint64_t from_first, std::uint64_t to_first, std::uint64_t count,
               vk::DeviceSize key_bytes) {
  if (count == 0) return;
  cmd.copyBuffer(from.handle(), to.handle(),
                 vk::BufferCopy(from_first * key_bytes, to_first * key_bytes, count * key_bytes));
}

// The same for keys and their values; `from_values` and `to_values` are null for keys alone.
void copy_keys_and_values(const vk::raii::CommandBuffer& cmd, const Buffer& from_keys,
                          const Buffer* from_values, const Buffer& to_keys, const Buffer* to_values,
                          std::uint64_t from_first, std::uint64_t to_first, std::uint64_t count,
                          vk::DeviceSize key_bytes) {
  copy_keys(cmd, from_keys, to_keys, from_first, to_first, count, key_bytes);
  if (from_values != nullptr)
    copy_keys(cmd, *from_values, *to_values, from_first, to_first, count, 4);
}

RecordedKeys record_host(const KeyArray& keys, std::uint64_t limit) {
  RecordedKeys out;
  out.count = keys.size();
  out.positions = recorded_positions(out.count, limit);
  out.keys.type = keys.type;
  out.keys.has_values = keys.has_values;
  for (std::uint64_t p : out.positions) {
    out.keys.push_back_bits(keys.bits(p));
    if (keys.has_values) out.keys.values.push_back(keys.values[p]);
  }
  return out;
}

RecordedKeys record_device(const Context& context, const Buffer& keys, const Buffer* values,
                           KeyType type, std::uint64_t count, std::uint64_t limit) {
  RecordedKeys out;
  out.count = count;
  out.positions = recorded_positions(count, limit);
  out.keys = read_keys_at(context, keys, values, type, out.positions);
  return out;
}

// Every rank's samples, gathered on every rank.
std::vector<Sample> gather_samples(const MpiWorld& world, const KeyArray& keys,
                                   std::span<const std::uint32_t> positions, bool descending) {
  std::vector<std::uint64_t> mine;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    mine.push_back(encoded_key(keys, i, descending));
    mine.push_back(std::uint64_t(world.rank()) << 32 | positions[i]);
  }
  const std::vector<std::uint64_t> sizes = world.all_gather(mine.size());
  std::vector<int> counts(world.size());
  std::vector<int> offsets(world.size());
  std::uint64_t total = 0;
  for (std::uint32_t r = 0; r < world.size(); ++r) {
    counts[r] = as_int(sizes[r], "the samples");
    offsets[r] = as_int(total, "the samples");
    total += sizes[r];
  }
  std::vector<std::uint64_t> all(total);
  world.check(MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), MPI_UINT64_T, all.data(),
                             counts.data(), offsets.data(), MPI_UINT64_T, world.comm()),
              "MPI_Allgatherv");
  std::vector<Sample> out;
  for (std::size_t i = 0; i + 1 < all.size(); i += 2) {
    out.push_back({all[i], static_cast<std::uint32_t>(all[i + 1] >> 32),
                   static_cast<std::uint32_t>(all[i + 1])});
  }
  return out;
}

}  // namespace

SortSpec local_sort_spec(std::uint32_t n, KeyType type, bool pairs, bool descending) {
  SortSpec spec;
  spec.n = n;
  spec.key_type = type;
  spec.pairs = pairs;
  spec.descending = descending;
  spec.tile_keys = k_tile_keys_tuned;
  return spec;
}

SampleSortRank::SampleSortRank(const MpiWorld& world, const Context& context,
                               const SampleSortSetup& setup, const KeyArray& input)
    : world_(world), context_(context), setup_(setup), type_(input.type), pairs_(input.has_values) {
  const RankSlice slice = rank_slice(setup.n, world.size(), world.rank());
  if (input.size() != slice.count) {
    throw std::logic_error("SampleSortRank: rank " + std::to_string(world.rank()) + " was given " +
                           std::to_string(input.size()) + " keys for a part of " +
                           std::to_string(slice.count));
  }
  count_ = static_cast<std::uint32_t>(slice.count);
  const SortSpec spec = local_sort_spec(count_, type_, pairs_, setup.descending);
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const Plan plan = make_plan(setup.local_algorithm, spec, limits);
  check_plan_fits(plan, limits, context.properties().name);
  runner_ = std::make_unique<Runner>(context, plan);
  runner_->set_input(input);
  if (setup.record_keys > 0) input_ = input;
  merger_ = std::make_unique<RunMerger>(context, type_, pairs_, setup.descending);
  samples_ = std::make_unique<KeyGatherer>(context, runner_->result_keys(), nullptr, type_,
                                           std::min(setup.samples, count_));
  splitters_ = std::make_unique<SplitterFinder>(context, runner_->result_keys(), count_, type_,
                                                setup.descending, world.size() - 1);
  // The staging a round can need is known before the splitters are: made here, with the plan,
  // rather than inside the first sort (a cold run's largest cost, BENCHMARKS note 157).
  const std::uint64_t round_keys =
      std::max<std::uint64_t>(setup.chunk_keys, 1) * (world.size() - 1);
  send_ = make_staging(std::min<std::uint64_t>(round_keys, count_));
  recv_ = make_staging(std::min<std::uint64_t>(round_keys, setup.n - count_));
  make_part_check_kernel(context);
}

SampleSortRank::~SampleSortRank() = default;

// Host-visible staging for one exchange round each way, made once: a round moves at most
// chunk_keys from one rank to each other, so a round's keys fit in chunk_keys x (ranks - 1), or
// in the rank's keys (out) and the other ranks' keys (in) where those are fewer. Staging whole
// parts instead pinned gigabytes of host memory per rank inside a cold run's sort (note 157).
SampleSortRank::Staging SampleSortRank::make_staging(std::uint64_t keys) const {
  Staging staging;
  staging.keys = Buffer(context_, vk::DeviceSize(4) * key_words(type_) * keys, staging_usage(),
                        MemoryKind::readback);
  if (pairs_) {
    staging.values =
        Buffer(context_, vk::DeviceSize(4) * keys, staging_usage(), MemoryKind::readback);
  }
  staging.capacity = keys;
  return staging;
}

// In rounds of at most chunk_keys from one rank to another: this round's pieces for the other
// ranks GPU to host-visible staging (packed by destination), MPI_Alltoallv between the stagings
// (keys as one MPI type of key_words words, so displacements count keys; then the values the
// same way), and what arrived from staging into the merge's input, each piece where its run
// lies. Nothing is sent to this rank itself: its own piece goes GPU to GPU in sort().
std::uint32_t SampleSortRank::exchange(const std::vector<std::uint64_t>& send,
                                       const std::vector<std::uint64_t>& recv,
                                       const std::vector<std::uint64_t>& all_counts,
                                       SamplePhaseTimes& times) {
  const std::uint32_t ranks = world_.size();
  const std::uint32_t rank = world_.rank();
  const vk::DeviceSize key_bytes = vk::DeviceSize(4) * key_words(type_);
  const std::uint64_t chunk_keys = std::max<std::uint64_t>(setup_.chunk_keys, 1);
  std::vector<std::uint64_t> send_first(ranks), recv_first(ranks);
  std::exclusive_scan(send.begin(), send.end(), send_first.begin(), std::uint64_t{0});
  std::exclusive_scan(recv.begin(), recv.end(), recv_first.begin(), std::uint64_t{0});
  // Every rank takes part in every round: as many as the largest piece between two ranks needs
  // (the count matrix is the same on every rank).
  std::uint64_t largest = 0;
  for (std::uint32_t s = 0; s < ranks; ++s) {
    for (std::uint32_t d = 0; d < ranks; ++d) {
      if (s != d) largest = std::max(largest, all_counts[std::size_t(s) * ranks + d]);
    }
  }
  const std::uint64_t all_rounds = (largest + chunk_keys - 1) / chunk_keys;

  MPI_Datatype key_type = MPI_DATATYPE_NULL;
  world_.check(MPI_Type_contiguous(static_cast<int>(key_words(type_)), MPI_UINT32_T, &key_type),
               "MPI_Type_contiguous");
  MPI_Type_commit(&key_type);
  struct FreeType {
    MPI_Datatype& type;
    ~FreeType() { MPI_Type_free(&type); }
  } free_type{key_type};

  const Buffer& sorted_keys = runner_->result_keys();
  const Buffer* sorted_values = pairs_ ? &runner_->result_values() : nullptr;
  std::vector<int> send_counts(ranks), send_offsets(ranks), recv_counts(ranks), recv_offsets(ranks);
  for (std::uint64_t round = 0; round < all_rounds; ++round) {
    const std::uint64_t done = round * chunk_keys;
    std::uint64_t send_packed = 0, recv_packed = 0;
    for (std::uint32_t d = 0; d < ranks; ++d) {
      const bool self = d == rank;
      const std::uint64_t s = !self && send[d] > done ? std::min(chunk_keys, send[d] - done) : 0;
      const std::uint64_t r = !self && recv[d] > done ? std::min(chunk_keys, recv[d] - done) : 0;
      send_counts[d] = as_int(s, "keys in one exchange round");
      recv_counts[d] = as_int(r, "keys in one exchange round");
      send_offsets[d] = as_int(send_packed, "keys staged in one exchange round");
      recv_offsets[d] = as_int(recv_packed, "keys staged in one exchange round");
      send_packed += s;
      recv_packed += r;
    }
    if (send_packed > send_.capacity || recv_packed > recv_.capacity) {
      throw std::logic_error("SampleSortRank::exchange: a round of " + std::to_string(send_packed) +
                             " keys out and " + std::to_string(recv_packed) +
                             " in overflows the staging made for it");
    }
    auto start = Clock::now();
    if (send_packed > 0) {
      context_.run_commands(
          [&](const vk::raii::CommandBuffer& cmd) {
            full_barrier(cmd);
            for (std::uint32_t d = 0; d < ranks; ++d) {
              copy_keys_and_values(cmd, sorted_keys, sorted_values, send_.keys,
                                   pairs_ ? &send_.values : nullptr, send_first[d] + done,
                                   send_offsets[d], send_counts[d], key_bytes);
            }
            transfer_to_host_barrier(cmd);
          },
          "the keys for other ranks, GPU to host memory");
    }
    times.exchange_staging += ms_since(start);
    start = Clock::now();
    world_.check(MPI_Alltoallv(send_.keys.mapped(), send_counts.data(), send_offsets.data(),
                               key_type, recv_.keys.mapped(), recv_counts.data(),
                               recv_offsets.data(), key_type, world_.comm()),
                 "MPI_Alltoallv (keys)");
    if (pairs_) {
      world_.check(MPI_Alltoallv(send_.values.mapped(), send_counts.data(), send_offsets.data(),
                                 MPI_UINT32_T, recv_.values.mapped(), recv_counts.data(),
                                 recv_offsets.data(), MPI_UINT32_T, world_.comm()),
                   "MPI_Alltoallv (values)");
    }
    times.exchange += ms_since(start);
    start = Clock::now();
    if (recv_packed > 0) {
      context_.run_commands(
          [&](const vk::raii::CommandBuffer& cmd) {
            full_barrier(cmd);
            for (std::uint32_t d = 0; d < ranks; ++d) {
              copy_keys_and_values(cmd, recv_.keys, pairs_ ? &recv_.values : nullptr,
                                   merger_->input_keys(),
                                   pairs_ ? &merger_->input_values() : nullptr, recv_offsets[d],
                                   recv_first[d] + done, recv_counts[d], key_bytes);
            }
          },
          "the received keys, host to GPU");
    }
    times.merge_staging += ms_since(start);
  }
  return static_cast<std::uint32_t>(all_rounds);
}

SampleSortOutcome SampleSortRank::sort(RankWatchdog& watchdog) {
  const std::uint32_t ranks = world_.size();
  const std::uint32_t rank = world_.rank();
  const std::uint64_t limit = setup_.record_keys;
  const vk::DeviceSize key_bytes = vk::DeviceSize(4) * key_words(type_);
  SampleSortOutcome out;
  out.slice = rank_slice(setup_.n, ranks, rank);
  if (limit > 0) out.record.emplace();
  RankRecord* record = out.record ? &*out.record : nullptr;
  const Buffer& sorted_keys = runner_->result_keys();
  const Buffer* sorted_values = pairs_ ? &runner_->result_values() : nullptr;

  watchdog.phase("local sort");
  auto start = Clock::now();
  out.times.local_sort_gpu = runner_->run().total_ms;
  out.times.local_sort = ms_since(start);
  if (record) {
    record->input = record_host(input_, limit);
    record->sorted = record_device(context_, sorted_keys, sorted_values, type_, count_, limit);
  }

  watchdog.phase("samples");
  start = Clock::now();
  const std::vector<std::uint32_t> positions = sample_positions(count_, setup_.samples);
  const std::vector<std::uint64_t> wide(positions.begin(), positions.end());
  const KeyArray sample_keys = samples_->read(wide);
  std::vector<Sample> samples = gather_samples(world_, sample_keys, positions, setup_.descending);
  out.times.samples = ms_since(start);
  if (record) record->sample_positions = positions;

  watchdog.phase("splitters");
  start = Clock::now();
  out.splitters = choose_splitters(std::move(samples), ranks);
  std::vector<std::uint64_t> splitter_keys;
  for (const Sample& s : out.splitters) splitter_keys.push_back(s.key);
  const std::vector<SplitterBounds> bounds = splitters_->find(splitter_keys);
  std::vector<std::uint32_t> cuts;
  for (std::size_t d = 0; d < bounds.size(); ++d) {
    cuts.push_back(split_position(out.splitters[d], rank, bounds[d].below, bounds[d].not_above));
  }
  const std::vector<std::uint64_t> send = send_counts(cuts, count_);
  out.times.splitters = ms_since(start);
  if (record) record->cuts = cuts;

  watchdog.phase("exchange");
  start = Clock::now();
  out.counts = world_.all_gather(send);
  std::vector<std::uint64_t> recv(ranks);
  std::vector<std::uint64_t> part_sizes(ranks, 0);
  for (std::uint32_t s = 0; s < ranks; ++s) {
    recv[s] = out.counts[std::size_t(s) * ranks + rank];
    for (std::uint32_t d = 0; d < ranks; ++d)
      part_sizes[d] += out.counts[std::size_t(s) * ranks + d];
  }
  out.part_first = std::accumulate(part_sizes.begin(), part_sizes.begin() + rank, std::uint64_t{0});
  part_count_ = out.part_count = part_sizes[rank];
  // A part is known once the counts are: one larger than its rank's merge holds (room_problem
  // bounds it by the allocation limit too), the splitters having left it more than its share, is
  // refused by every rank together before any key moves.
  const std::string problem =
      world_.first_problem(merger_->room_problem(part_count_, "rank " + std::to_string(rank)));
  if (!problem.empty()) throw AgreedUsageError(problem);
  const std::uint64_t own_first =
      std::accumulate(send.begin(), send.begin() + rank, std::uint64_t{0});
  const std::uint64_t own_count = send[rank];
  const std::uint64_t own_to = std::accumulate(recv.begin(), recv.begin() + rank, std::uint64_t{0});
  out.times.exchange_staging = ms_since(start);  // the counts' gather; the rounds add theirs
  start = Clock::now();
  merger_->reserve(part_count_);
  out.times.exchange_buffers = ms_since(start);
  out.exchange_rounds = ranks > 1 ? exchange(send, recv, out.counts, out.times) : 0;

  watchdog.phase("merge");
  start = Clock::now();
  context_.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        full_barrier(cmd);
        copy_keys_and_values(cmd, sorted_keys, sorted_values, merger_->input_keys(),
                             pairs_ ? &merger_->input_values() : nullptr, own_first, own_to,
                             own_count, key_bytes);
      },
      "this rank's own keys, GPU to GPU");
  out.times.merge_staging += ms_since(start);
  if (record) {
    record->received_runs = recv;
    record->received =
        record_device(context_, merger_->input_keys(), pairs_ ? &merger_->input_values() : nullptr,
                      type_, part_count_, limit);
  }
  start = Clock::now();
  context_.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) { out.merge_rounds = merger_->record(cmd, recv); },
      "the merge of " + std::to_string(ranks) + " received runs");
  out.times.merge = ms_since(start);
  if (record) {
    record->merged =
        record_device(context_, merger_->result_keys(),
                      pairs_ ? &merger_->result_values() : nullptr, type_, part_count_, limit);
  }
  return out;
}

KeyArray SampleSortRank::part() const {
  KeyArray out;
  out.type = type_;
  out.has_values = pairs_;
  out.words = download_words<std::uint32_t>(context_, merger_->result_keys(),
                                            part_count_ * key_words(type_));
  if (pairs_) {
    out.values = download_words<std::uint32_t>(context_, merger_->result_values(), part_count_);
  }
  return out;
}

PartSummary SampleSortRank::input_summary() const {
  return summarize_on_gpu(context_, runner_->input_keys(),
                          pairs_ ? &runner_->input_values() : nullptr, count_, type_,
                          setup_.descending);
}

PartSummary SampleSortRank::part_summary() const {
  return summarize_on_gpu(context_, merger_->result_keys(),
                          pairs_ ? &merger_->result_values() : nullptr, part_count_, type_,
                          setup_.descending);
}

}  // namespace ss
