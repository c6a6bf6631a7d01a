// The replay file of a recorded sample sort: what run --algo sample-sort --record writes is read
// back unchanged, and files that are not replays, or whose numbers disagree, are refused with the
// file's name and the problem. Recording itself runs under mpirun
// (tests/app/sample_sort_mpi_test.sh).
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "common/sample_sort_replay.hpp"
#include "core/errors.hpp"

using namespace ss;

namespace {

RecordedKeys recorded(std::vector<std::uint64_t> bits, std::vector<std::uint64_t> positions = {},
                      std::uint64_t count = 0) {
  RecordedKeys out;
  out.keys.type = KeyType::u32;
  for (std::uint64_t b : bits) out.keys.push_back_bits(b);
  out.count = positions.empty() ? bits.size() : count;
  if (positions.empty()) {
    for (std::uint64_t i = 0; i < bits.size(); ++i) positions.push_back(i);
  }
  out.positions = positions;
  return out;
}

// Two ranks of 3 keys: rank 0 keeps {1, 2} and sends {9}, rank 1 sends {0} and keeps {7, 8}.
SampleSortReplay two_ranks() {
  SampleSortReplay replay;
  replay.n = 6;
  replay.input = "random";
  replay.seed = 3;
  replay.local = "onesweep";
  replay.samples_per_rank = 2;
  replay.record_limit = 64;
  replay.command = "mpirun -np 2 sortscope-cli run --algo sample-sort --n 6 --record r";
  replay.date = "2026-11-29";
  replay.splitters = {{5, 1, 1}};
  replay.splitter_bits = {5};
  replay.counts = {2, 1, 1, 2};
  replay.verified = true;
  replay.verification = "sorted";
  replay.phases_ms = {{"local_sort", 0.5}, {"merge", 0.25}};
  ReplayRank r0;
  r0.device = "llvmpipe";
  r0.slice = {0, 3};
  r0.record.input = recorded({9, 1, 2});
  r0.record.sorted = recorded({1, 2, 9});
  r0.record.sample_positions = {0, 2};
  r0.record.cuts = {2};
  r0.record.received_runs = {2, 1};
  r0.record.received = recorded({1, 2, 0});
  r0.record.merged = recorded({0, 1, 2});
  ReplayRank r1 = r0;
  r1.slice = {3, 3};
  r1.part_first = 3;
  r1.record.input = recorded({8, 0, 7});
  r1.record.sorted = recorded({0, 7, 8});
  r1.record.cuts = {1};
  r1.record.received_runs = {1, 2};
  r1.record.received = recorded({9, 7, 8});
  r1.record.merged = recorded({7, 8, 9});
  replay.ranks = {r0, r1};
  return replay;
}

}  // namespace

TEST_CASE("replay: a recorded sample sort reads back as written", "[replay]") {
  const SampleSortReplay written = two_ranks();
  const SampleSortReplay read = parse_replay(replay_text(written), "replay.json");
  CHECK(read.n == 6);
  CHECK(read.rank_count() == 2);
  CHECK(read.counts == written.counts);
  CHECK(read.sent(1, 0) == 1);
  CHECK(read.splitter_bits == std::vector<std::uint64_t>{5});
  CHECK(read.splitters[0].key == written.splitters[0].key);
  CHECK(read.phases_ms.at("merge") == 0.25);
  CHECK(read.command == written.command);
  for (std::uint32_t r = 0; r < 2; ++r) {
    const RankRecord& a = written.ranks[r].record;
    const RankRecord& b = read.ranks[r].record;
    CHECK(b.sorted.keys.words == a.sorted.keys.words);
    CHECK(b.merged.keys.words == a.merged.keys.words);
    CHECK(b.received_runs == a.received_runs);
    CHECK(b.cuts == a.cuts);
    CHECK(b.sample_positions == a.sample_positions);
    CHECK(read.ranks[r].part_first == written.ranks[r].part_first);
  }
  // Sampled arrays keep their positions.
  SampleSortReplay sampled = written;
  sampled.ranks[0].record.input = recorded({9, 2}, {0, 2}, 3);
  const SampleSortReplay back = parse_replay(replay_text(sampled), "replay.json");
  CHECK_FALSE(back.ranks[0].record.input.complete());
  CHECK(back.ranks[0].record.input.positions == std::vector<std::uint64_t>{0, 2});
}

TEST_CASE("replay: files that are not replays or disagree with themselves are refused",
          "[replay]") {
  auto refused = [](const std::string& text, const std::string& needle) {
    INFO(needle);
    try {
      parse_replay(text, "dir/replay.json");
      FAIL("accepted");
    } catch (const UsageError& e) {
      const std::string what = e.what();
      CHECK(what.find("dir/replay.json") != std::string::npos);
      CHECK(what.find(needle) != std::string::npos);
    }
  };
  refused("{\"format\": \"something else\"}", "not a sortscope sample-sort replay");
  refused("not json", "not a valid replay");
  std::string text = replay_text(two_ranks());
  refused(text.substr(0, text.size() / 2), "not a valid replay");

  SampleSortReplay wrong_counts = two_ranks();
  wrong_counts.counts = {3, 0, 1, 2};
  refused(replay_text(wrong_counts), "disagree");
  SampleSortReplay wrong_n = two_ranks();
  wrong_n.n = 7;
  refused(replay_text(wrong_n), "do not add up to n");
  SampleSortReplay wrong_cuts = two_ranks();
  wrong_cuts.ranks[1].record.cuts = {4};
  refused(replay_text(wrong_cuts), "cuts must ascend");

  const auto missing = std::filesystem::temp_directory_path() / "sortscope-no-such-replay";
  std::filesystem::remove_all(missing);
  CHECK_THROWS_WITH(read_replay(missing),
                    Catch::Contains("cannot read") && Catch::Contains("--record DIR"));
}
