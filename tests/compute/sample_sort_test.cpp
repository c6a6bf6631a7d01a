// The parts of the distributed sample sort that need no MPI: the splitter arithmetic, each
// rank's slice of the input, and the two GPU kernels (the splitters' search, the runs' merge),
// each against the host's own answer. The whole sort over MPI ranks is tested by
// tests/app/sample_sort_mpi_test.sh under mpirun.
#include <algorithm>
#include <numeric>

#include <catch2/catch.hpp>

#include "core/buffer.hpp"
#include "core/context.hpp"
#include "distributed/device_key_reads.hpp"
#include "distributed/gpu_run_merge.hpp"
#include "distributed/gpu_splitter_search.hpp"
#include "distributed/sample_sort_record.hpp"
#include "distributed/splitters.hpp"
#include "input/distributions.hpp"
#include "plan/device_limits.hpp"
#include "support/gpu.hpp"
#include "support/host_sort.hpp"

using namespace ss;

namespace {

KeyArray slice_of(const KeyArray& keys, std::size_t first, std::size_t count) {
  KeyArray out;
  out.type = keys.type;
  out.has_values = keys.has_values;
  for (std::size_t i = first; i < first + count; ++i) {
    out.push_back_bits(keys.bits(i));
    if (keys.has_values) out.values.push_back(keys.values[i]);
  }
  return out;
}

}  // namespace

TEST_CASE("sample sort: ranks hold contiguous slices that cover the input", "[sample-sort]") {
  for (std::uint64_t n : {1ull, 7ull, 1000ull, (1ull << 33) + 5}) {
    for (std::uint32_t ranks : {1u, 2u, 3u, 7u}) {
      if (n < ranks) continue;
      std::uint64_t next = 0;
      for (std::uint32_t r = 0; r < ranks; ++r) {
        const RankSlice s = rank_slice(n, ranks, r);
        CHECK(s.first == next);
        CHECK(s.count >= n / ranks);
        CHECK(s.count <= n / ranks + 1);
        next = s.first + s.count;
      }
      CHECK(next == n);
    }
  }
}

TEST_CASE("sample sort: regular samples, splitters and the cuts they make", "[sample-sort]") {
  CHECK(sample_positions(100, 4) == std::vector<std::uint32_t>{12, 37, 62, 87});
  CHECK(sample_positions(3, 10) == std::vector<std::uint32_t>{0, 1, 2});
  CHECK(sample_positions(0, 10).empty());

  // Three ranks, samples of equal keys from several ranks: the splitters are every third sample
  // in (key, rank, position) order, samples 3 and 6 of 0..8; the first falls among the fives.
  std::vector<Sample> samples = {{5, 2, 0}, {5, 0, 3}, {1, 1, 0}, {9, 0, 7}, {5, 1, 2},
                                 {7, 2, 4}, {3, 0, 1}, {5, 0, 1}, {8, 1, 6}};
  const std::vector<Sample> splitters = choose_splitters(samples, 3);
  REQUIRE(splitters.size() == 2);
  CHECK(splitters[0] == Sample{5, 0, 3});
  CHECK(splitters[1] == Sample{7, 2, 4});

  // Rank 1 holds keys 1 3 5 5 5 8: keys below 5 are 2, not above 5 are 5. Splitter (5, rank 0):
  // rank 1's fives sort after it; (5, rank 2): before it; (5, rank 1, position 3): one before.
  CHECK(split_position({5, 0, 1}, 1, 2, 5) == 2);
  CHECK(split_position({5, 2, 0}, 1, 2, 5) == 5);
  CHECK(split_position({5, 1, 3}, 1, 2, 5) == 3);

  CHECK(send_counts(std::vector<std::uint32_t>{2, 5}, 6) == std::vector<std::uint64_t>{2, 3, 1});
  CHECK(send_counts(std::vector<std::uint32_t>{}, 6) == std::vector<std::uint64_t>{6});
  CHECK(send_counts(std::vector<std::uint32_t>{0, 0}, 4) == std::vector<std::uint64_t>{0, 0, 4});
}

TEST_CASE("sample sort: each rank's slice is the same keys the whole input holds there",
          "[sample-sort][input]") {
  const std::uint32_t n = 1001;
  for (Distribution d : k_distributions) {
    if (d == Distribution::nearly_sorted) continue;  // its swaps are drawn within each slice
    for (KeyType type : {KeyType::u32, KeyType::u64}) {
      INFO(to_string(d) << " " << to_string(type));
      const KeyArray whole = generate_keys(d, n, type, 9, true);
      for (std::uint32_t r = 0; r < 3; ++r) {
        const RankSlice s = rank_slice(n, 3, r);
        const KeyArray part = generate_key_slice(d, n, s.first, s.count, type, 9, true);
        const KeyArray expected = slice_of(whole, s.first, s.count);
        CHECK(part.words == expected.words);
        CHECK(part.values == expected.values);
      }
    }
  }
  const KeyArray nearly =
      generate_key_slice(Distribution::nearly_sorted, 4000, 2000, 2000, KeyType::u32, 3, false);
  std::size_t descents = 0;
  for (std::size_t i = 1; i < nearly.size(); ++i) descents += nearly.words[i] < nearly.words[i - 1];
  CHECK(descents > 0);
  CHECK(descents < nearly.size() / 5);
}

TEST_CASE("sample sort: the GPU finds where splitters cut sorted keys", "[sample-sort][gpu]") {
  for (KeyType type : k_key_types) {
    for (bool descending : {false, true}) {
      INFO(to_string(type) << (descending ? " descending" : " ascending"));
      const KeyArray sorted = test::stable_sorted_by_encoding(
          generate_keys(Distribution::few_unique, 777, type, 4, false), descending);
      const Buffer buffer(test::gpu(), 4u * sorted.words.size(), storage_usage(),
                          MemoryKind::device);
      upload_words<std::uint32_t>(test::gpu(), buffer, sorted.words);
      std::vector<std::uint64_t> encoded;
      for (std::size_t i = 0; i < sorted.size(); ++i)
        encoded.push_back(encoded_key(sorted, i, descending));
      // Every distinct key, one below all and one above all.
      std::vector<std::uint64_t> splitters = encoded;
      splitters.erase(std::unique(splitters.begin(), splitters.end()), splitters.end());
      if (splitters.front() > 0) splitters.push_back(splitters.front() - 1);
      if (splitters.back() < ~0ull) splitters.push_back(splitters.back() + 1);
      const std::vector<SplitterBounds> bounds =
          find_splitters(test::gpu(), buffer, static_cast<std::uint32_t>(sorted.size()), type,
                         descending, splitters);
      REQUIRE(bounds.size() == splitters.size());
      for (std::size_t s = 0; s < splitters.size(); ++s) {
        CHECK(bounds[s].below ==
              std::lower_bound(encoded.begin(), encoded.end(), splitters[s]) - encoded.begin());
        CHECK(bounds[s].not_above ==
              std::upper_bound(encoded.begin(), encoded.end(), splitters[s]) - encoded.begin());
      }
      // A finder kept from sort to sort finds the same for part of the splitters, again.
      const SplitterFinder finder(test::gpu(), buffer, static_cast<std::uint32_t>(sorted.size()),
                                  type, descending, static_cast<std::uint32_t>(splitters.size()));
      for (int again = 0; again < 2; ++again) {
        const std::size_t some = splitters.size() / 2 + 1;
        const std::vector<SplitterBounds> part =
            finder.find(std::span<const std::uint64_t>(splitters.data(), some));
        REQUIRE(part.size() == some);
        for (std::size_t s = 0; s < some; ++s) {
          CHECK(part[s].below == bounds[s].below);
          CHECK(part[s].not_above == bounds[s].not_above);
        }
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("sample sort: the GPU merges received runs into one stable sorted run",
          "[sample-sort][gpu]") {
  struct Case {
    KeyType type;
    bool descending;
    bool pairs;
    std::vector<std::uint64_t> runs;
  };
  const Case cases[] = {
      {KeyType::u32, false, false, {300, 0, 257, 1, 999}},
      {KeyType::u64, true, true, {500, 500, 0, 13}},
      {KeyType::f32, false, true, {1, 2, 3, 4, 5, 6, 7}},
      {KeyType::i32, true, true, {1000, 24}},
      {KeyType::u32, false, true, {0, 64, 0}},
  };
  for (const Case& c : cases) {
    INFO(to_string(c.type) << " runs " << c.runs.size());
    const std::uint64_t total = std::accumulate(c.runs.begin(), c.runs.end(), std::uint64_t{0});
    // Few distinct keys, so runs share keys and the tie order shows; each run sorted on its own.
    const KeyArray keys = generate_keys(Distribution::few_unique, static_cast<std::uint32_t>(total),
                                        c.type, 5, c.pairs);
    KeyArray runs;
    runs.type = c.type;
    runs.has_values = c.pairs;
    std::uint64_t first = 0;
    for (std::uint64_t length : c.runs) {
      const KeyArray run =
          test::stable_sorted_by_encoding(slice_of(keys, first, length), c.descending);
      runs.words.insert(runs.words.end(), run.words.begin(), run.words.end());
      runs.values.insert(runs.values.end(), run.values.begin(), run.values.end());
      first += length;
    }
    const RunMergeResult merged = merge_runs_on_gpu(test::gpu(), runs, c.runs, c.descending);
    const KeyArray expected = test::stable_sorted_by_encoding(keys, c.descending);
    CHECK(merged.merged.words == expected.words);
    CHECK(merged.merged.values == expected.values);
  }
  test::require_validation_clean();
}

TEST_CASE("sample sort: one run merger reused for parts larger and smaller than before",
          "[sample-sort]") {
  RunMerger merger(test::gpu(), KeyType::u32, true, false);
  for (const std::vector<std::uint64_t>& lengths :
       {std::vector<std::uint64_t>{40, 60}, {700, 0, 900, 401}, {5, 5, 5}, {0, 0}}) {
    const std::uint64_t total = std::accumulate(lengths.begin(), lengths.end(), std::uint64_t{0});
    INFO(total << " keys in " << lengths.size() << " runs");
    const KeyArray keys = generate_keys(Distribution::few_unique, static_cast<std::uint32_t>(total),
                                        KeyType::u32, 3, true);
    KeyArray runs;
    runs.has_values = true;
    std::uint64_t first = 0;
    for (std::uint64_t length : lengths) {
      const KeyArray run = test::stable_sorted_by_encoding(slice_of(keys, first, length), false);
      runs.words.insert(runs.words.end(), run.words.begin(), run.words.end());
      runs.values.insert(runs.values.end(), run.values.begin(), run.values.end());
      first += length;
    }
    merger.reserve(total);
    upload_words<std::uint32_t>(test::gpu(), merger.input_keys(), runs.words);
    upload_words<std::uint32_t>(test::gpu(), merger.input_values(), runs.values);
    test::gpu().run_commands(
        [&](const vk::raii::CommandBuffer& cmd) { merger.record(cmd, lengths); });
    const KeyArray expected = test::stable_sorted_by_encoding(keys, false);
    CHECK(download_words<std::uint32_t>(test::gpu(), merger.result_keys(), total) ==
          expected.words);
    CHECK(download_words<std::uint32_t>(test::gpu(), merger.result_values(), total) ==
          expected.values);
  }
  test::require_validation_clean();
}

TEST_CASE("sample sort: a part larger than one storage buffer is named before it is merged",
          "[sample-sort]") {
  // The exchange refuses such a part on every rank together (room_problem), before any key
  // moves; reserve still refuses it on its own.
  RunMerger merger(test::gpu(), KeyType::u64, false, false);
  const DeviceLimits limits = DeviceLimits::from(test::gpu().properties());
  const std::uint64_t room = std::min(limits.max_storage_buffer_range, limits.max_allocation_size);
  const std::uint64_t fits = room / 8, over = room / 8 + 1;
  CHECK(merger.room_problem(fits, "rank 1").empty());
  const std::string problem = merger.room_problem(over, "rank 1");
  CHECK_THAT(problem, Catch::StartsWith("rank 1 receives " + std::to_string(over) + " keys ("));
  CHECK_THAT(problem, Catch::EndsWith("); run on more ranks"));
  CHECK_THROWS_WITH(merger.reserve(over), Catch::StartsWith("this rank receives"));
}

TEST_CASE("sample sort: keys read at positions of device buffers, and recorded positions",
          "[sample-sort]") {
  CHECK(recorded_positions(5, 64) == std::vector<std::uint64_t>{0, 1, 2, 3, 4});
  CHECK(recorded_positions(100, 4) == std::vector<std::uint64_t>{12, 37, 62, 87});
  CHECK(recorded_positions(0, 4).empty());
  const std::vector<std::uint64_t> wide = recorded_positions((1ull << 40) + 3, 1u << 16);
  CHECK(wide.size() == (1u << 16));
  CHECK(std::is_sorted(wide.begin(), wide.end()));
  CHECK(std::adjacent_find(wide.begin(), wide.end()) == wide.end());
  CHECK(wide.back() < (1ull << 40) + 3);

  const KeyArray keys = generate_keys(Distribution::random, 1000, KeyType::u64, 4, true);
  Buffer key_buffer(test::gpu(), 8 * 1000, storage_usage(), MemoryKind::device);
  Buffer value_buffer(test::gpu(), 4 * 1000, storage_usage(), MemoryKind::device);
  upload_words<std::uint32_t>(test::gpu(), key_buffer, keys.words);
  upload_words<std::uint32_t>(test::gpu(), value_buffer, keys.values);
  const std::vector<std::uint64_t> positions = {0, 1, 499, 998, 999};
  const KeyArray read =
      read_keys_at(test::gpu(), key_buffer, &value_buffer, KeyType::u64, positions);
  REQUIRE(read.size() == positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) {
    CHECK(read.bits(i) == keys.bits(positions[i]));
    CHECK(read.values[i] == keys.values[positions[i]]);
  }
  CHECK(read_keys_at(test::gpu(), key_buffer, nullptr, KeyType::u64, positions).values.empty());
  // One gatherer, as a rank keeps it from sort to sort: reads of fewer and of as many positions.
  const KeyGatherer gatherer(test::gpu(), key_buffer, &value_buffer, KeyType::u64, 5);
  for (const std::vector<std::uint64_t>& at :
       {std::vector<std::uint64_t>{7}, std::vector<std::uint64_t>{999, 3, 500, 2, 1}}) {
    const KeyArray got = gatherer.read(at);
    REQUIRE(got.size() == at.size());
    for (std::size_t i = 0; i < at.size(); ++i) {
      CHECK(got.bits(i) == keys.bits(at[i]));
      CHECK(got.values[i] == keys.values[at[i]]);
    }
  }
  CHECK_THROWS_AS(gatherer.read(std::vector<std::uint64_t>(6, 0)), std::logic_error);
  test::require_validation_clean();
}
