// The replay file of a recorded sample sort: what run --algo sample-sort --record writes is read
// back unchanged, and files that are not replays, or whose numbers disagree, are refused with the
// file's name and the problem. Recording itself runs under mpirun
// (tests/app/sample_sort_mpi_test.sh).
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "common/sample_sort_replay.hpp"
#include "core/errors.hpp"
#include "support/replay_fixture.hpp"

using namespace ss;

using test::recorded;
using test::two_ranks;

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
