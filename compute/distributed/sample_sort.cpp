#include "distributed/sample_sort.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <numeric>
#include <utility>

#include "algorithms/algorithm.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "distributed/gpu_run_merge.hpp"
#include "distributed/gpu_splitter_search.hpp"
#include "distributed/mpi_world.hpp"
#include "distributed/rank_watchdog.hpp"
#include "plan/device_limits.hpp"
#include "plan/runner.hpp"

namespace ss {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

int as_int(std::uint64_t value, const char* what) {
  if (value > static_cast<std::uint64_t>(INT_MAX)) {
    throw SetupError(std::string(what) + " (" + std::to_string(value) +
                     ") exceeds what one MPI call takes (2^31 - 1); run on more ranks");
  }
  return static_cast<int>(value);
}

// Every rank's samples, gathered on every rank.
std::vector<Sample> gather_samples(const MpiWorld& world, const KeyArray& sorted,
                                   std::uint32_t samples, bool descending) {
  std::vector<std::uint64_t> mine;
  for (std::uint32_t p : sample_positions(static_cast<std::uint32_t>(sorted.size()), samples)) {
    mine.push_back(encoded_key(sorted, p, descending));
    mine.push_back(std::uint64_t(world.rank()) << 32 | p);
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

// MPI_Alltoallv in rounds of at most chunk_keys from one rank to another, keys as one MPI type of
// key_words words (so displacements count keys), then the values the same way.
std::uint32_t exchange(const MpiWorld& world, const KeyArray& sorted,
                       const std::vector<std::uint64_t>& all_counts,
                       const std::vector<std::uint64_t>& send,
                       const std::vector<std::uint64_t>& recv, std::uint64_t chunk_keys,
                       KeyArray& received) {
  const std::uint32_t ranks = world.size();
  std::vector<std::uint64_t> send_first(ranks), recv_first(ranks);
  std::exclusive_scan(send.begin(), send.end(), send_first.begin(), std::uint64_t{0});
  std::exclusive_scan(recv.begin(), recv.end(), recv_first.begin(), std::uint64_t{0});
  // Every rank takes part in every round: as many as the largest piece anywhere needs (the
  // count matrix is the same on every rank).
  const std::uint64_t largest = *std::max_element(all_counts.begin(), all_counts.end());
  const std::uint64_t all_rounds = (largest + chunk_keys - 1) / chunk_keys;

  MPI_Datatype key_type = MPI_DATATYPE_NULL;
  world.check(
      MPI_Type_contiguous(static_cast<int>(key_words(sorted.type)), MPI_UINT32_T, &key_type),
      "MPI_Type_contiguous");
  MPI_Type_commit(&key_type);
  struct FreeType {
    MPI_Datatype& type;
    ~FreeType() { MPI_Type_free(&type); }
  } free_type{key_type};

  std::vector<int> send_counts(ranks), send_offsets(ranks), recv_counts(ranks), recv_offsets(ranks);
  for (std::uint64_t round = 0; round < all_rounds; ++round) {
    const std::uint64_t done = round * chunk_keys;
    for (std::uint32_t d = 0; d < ranks; ++d) {
      const std::uint64_t s = send[d] > done ? std::min(chunk_keys, send[d] - done) : 0;
      const std::uint64_t r = recv[d] > done ? std::min(chunk_keys, recv[d] - done) : 0;
      send_counts[d] = as_int(s, "keys in one exchange round");
      recv_counts[d] = as_int(r, "keys in one exchange round");
      send_offsets[d] = as_int(send_first[d] + std::min(done, send[d]), "a rank's keys");
      recv_offsets[d] = as_int(recv_first[d] + std::min(done, recv[d]), "a rank's received keys");
    }
    world.check(MPI_Alltoallv(sorted.words.data(), send_counts.data(), send_offsets.data(),
                              key_type, received.words.data(), recv_counts.data(),
                              recv_offsets.data(), key_type, world.comm()),
                "MPI_Alltoallv (keys)");
    if (sorted.has_values) {
      world.check(MPI_Alltoallv(sorted.values.data(), send_counts.data(), send_offsets.data(),
                                MPI_UINT32_T, received.values.data(), recv_counts.data(),
                                recv_offsets.data(), MPI_UINT32_T, world.comm()),
                  "MPI_Alltoallv (values)");
    }
  }
  return static_cast<std::uint32_t>(all_rounds);
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

SampleSortOutcome sample_sort(const MpiWorld& world, const Context& context,
                              const SampleSortSetup& setup, const KeyArray& input,
                              RankWatchdog& watchdog) {
  const std::uint32_t ranks = world.size();
  const std::uint32_t rank = world.rank();
  SampleSortOutcome out;
  out.slice = rank_slice(setup.n, ranks, rank);
  if (input.size() != out.slice.count) {
    throw std::logic_error("sample_sort: rank " + std::to_string(rank) + " was given " +
                           std::to_string(input.size()) + " keys for a part of " +
                           std::to_string(out.slice.count));
  }
  const auto count = static_cast<std::uint32_t>(out.slice.count);

  watchdog.phase("local sort");
  auto start = Clock::now();
  const SortSpec spec = local_sort_spec(count, input.type, input.has_values, setup.descending);
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const Plan plan = make_plan(setup.local_algorithm, spec, limits);
  check_plan_fits(plan, limits, context.properties().name);
  Runner runner(context, plan);
  runner.set_input(input);
  out.times.local_sort_gpu = runner.run().total_ms;
  const KeyArray sorted = runner.result();
  out.times.local_sort = ms_since(start);

  watchdog.phase("samples");
  start = Clock::now();
  std::vector<Sample> samples = gather_samples(world, sorted, setup.samples, setup.descending);
  out.times.samples = ms_since(start);

  watchdog.phase("splitters");
  start = Clock::now();
  out.splitters = choose_splitters(std::move(samples), ranks);
  std::vector<std::uint64_t> splitter_keys;
  for (const Sample& s : out.splitters) splitter_keys.push_back(s.key);
  const std::vector<SplitterBounds> bounds = find_splitters(
      context, runner.result_keys(), count, input.type, setup.descending, splitter_keys);
  std::vector<std::uint32_t> cuts;
  for (std::size_t d = 0; d < bounds.size(); ++d) {
    cuts.push_back(split_position(out.splitters[d], rank, bounds[d].below, bounds[d].not_above));
  }
  const std::vector<std::uint64_t> send = send_counts(cuts, count);
  out.times.splitters = ms_since(start);

  watchdog.phase("exchange");
  start = Clock::now();
  out.counts = world.all_gather(send);
  std::vector<std::uint64_t> recv(ranks);
  std::vector<std::uint64_t> part_sizes(ranks, 0);
  for (std::uint32_t s = 0; s < ranks; ++s) {
    recv[s] = out.counts[std::size_t(s) * ranks + rank];
    for (std::uint32_t d = 0; d < ranks; ++d)
      part_sizes[d] += out.counts[std::size_t(s) * ranks + d];
  }
  out.part_first = std::accumulate(part_sizes.begin(), part_sizes.begin() + rank, std::uint64_t{0});
  KeyArray received;
  received.type = input.type;
  received.has_values = input.has_values;
  received.words.resize(part_sizes[rank] * key_words(input.type));
  if (input.has_values) received.values.resize(part_sizes[rank]);
  out.exchange_rounds = exchange(world, sorted, out.counts, send, recv,
                                 std::max<std::uint64_t>(setup.chunk_keys, 1), received);
  out.times.exchange = ms_since(start);

  watchdog.phase("merge");
  start = Clock::now();
  RunMergeResult merged = merge_runs_on_gpu(context, std::move(received), recv, setup.descending);
  out.part = std::move(merged.merged);
  out.merge_rounds = merged.rounds;
  out.times.merge_gpu = merged.merge_ms;
  out.times.merge = ms_since(start);
  return out;
}

}  // namespace ss
