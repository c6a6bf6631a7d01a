#include "render/narration/sample_sort_narration.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <numeric>

#include "input/key_file.hpp"
#include "render/narration/narrators.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

namespace {

const char* const k_titles[k_replay_steps] = {
    "Input: each rank holds a slice",          "Local sort on each rank's GPU",
    "Regular samples, gathered by every rank", "Splitters cut every rank's keys",
    "Exchange: every key to its rank",         "Merge on each rank's GPU",
};

std::string ms_text(const SampleSortReplay& replay, const std::string& phase) {
  const auto it = replay.phases_ms.find(phase);
  if (it == replay.phases_ms.end()) return {};
  char text[32];
  std::snprintf(text, sizeof text, it->second < 10 ? "%.2f ms" : "%.0f ms", it->second);
  return text;
}

std::string list_text(const std::vector<std::uint64_t>& items, const char* joiner = ", ") {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += (i == 0 ? "" : (i + 1 == items.size() ? " and " : joiner)) + grouped_number(items[i]);
  }
  return out;
}

std::string ranks_text(std::uint32_t ranks) {
  return count_of(ranks, "rank", "ranks");
}

std::uint64_t largest(const std::vector<std::uint64_t>& items) {
  return items.empty() ? 0 : *std::max_element(items.begin(), items.end());
}

// Keys each rank holds after the exchange.
std::vector<std::uint64_t> part_sizes(const SampleSortReplay& replay) {
  std::vector<std::uint64_t> sizes;
  for (const ReplayRank& rank : replay.ranks) sizes.push_back(rank.record.merged.count);
  return sizes;
}

std::string invariant_text(const SampleSortReplay& replay, std::size_t step) {
  const RankOrder order = rank_order(replay, step);
  bool complete = true;
  for (std::uint32_t r = 0; r < replay.rank_count(); ++r) {
    complete &= replay_lane(replay, r, step).complete();
  }
  const std::string which = complete ? "" : " (of the recorded keys)";
  if (order.holds) {
    std::string text =
        "Holds: every key on rank r sorts at or before every key on rank r + 1" + which + ".";
    if (step == std::size_t(ReplayStep::merge)) {
      text += replay.verified ? " Each rank's part is sorted: the ranks hold the sorted input."
                              : " But the ranks' own check failed: " + replay.verification;
    }
    return text;
  }
  return "Does not hold yet: every key on rank r sorts at or before every key on rank r + 1" +
         which + ". Rank " + std::to_string(order.rank) + "'s largest key " +
         replay_key_text(order.largest_bits, replay.type) + " sorts after rank " +
         std::to_string(order.next) + "'s smallest " +
         replay_key_text(order.smallest_bits, replay.type) + " (" +
         count_of(order.violations, "pair", "pairs") + " of neighbouring ranks overlap).";
}

std::string narrate(const SampleSortReplay& replay, std::size_t step) {
  const std::uint32_t ranks = replay.rank_count();
  const std::string each = grouped_number(replay.n / ranks);
  switch (static_cast<ReplayStep>(step)) {
    case ReplayStep::input:
      return grouped_number(replay.n) + " keys over " + ranks_text(ranks) + ", about " + each +
             " each: rank r holds the r-th slice of the input, as a cluster's nodes hold their "
             "part of a dataset too large for one. Each rank will sort its own part on its own "
             "GPU, then the ranks must agree who gets which keys.";
    case ReplayStep::local_sort: {
      const std::string ms = ms_text(replay, "local_sort_gpu");
      return "Each rank sorted its keys on its GPU with " + replay.local +
             (ms.empty() ? "" : " (" + ms + " on the slowest rank)") +
             ", at the same time and without talking to the others. Each lane is in order, but "
             "the lanes overlap: any rank may still hold keys that belong to any other.";
    }
    case ReplayStep::samples: {
      std::uint64_t offered = 0;
      for (const ReplayRank& rank : replay.ranks) offered += rank.record.sample_positions.size();
      return "Each rank offers " +
             count_of(replay.samples_per_rank, "regular sample", "regular samples") +
             " of its sorted keys (outlined), the middle of each of " +
             std::to_string(replay.samples_per_rank) +
             " equal parts, so together they say how its keys are spread. MPI_Allgatherv gives "
             "every rank all " +
             grouped_number(offered) + " samples (16 bytes each: key, rank and place), not the " +
             grouped_number(replay.n) + " keys.";
    }
    case ReplayStep::splitters: {
      std::vector<std::uint64_t> row;
      for (std::uint32_t d = 0; d < ranks; ++d) row.push_back(replay.sent(0, d));
      std::string splitters;
      for (std::size_t i = 0; i < replay.splitter_bits.size(); ++i) {
        splitters += (i == 0 ? "" : ", ") + replay_key_text(replay.splitter_bits[i], replay.type);
      }
      if (ranks == 1) return "One rank: no splitters, every key stays where it is.";
      return "Every rank sorts the same samples and takes every " + std::to_string(ranks) +
             "th as a splitter, so all ranks choose the same " +
             count_of(ranks - 1, "splitter", "splitters") + ": " + splitters +
             " (lines). A binary search on each GPU finds where they cut its sorted keys: rank 0 "
             "will send " +
             list_text(row) + " keys to ranks 0 to " + std::to_string(ranks - 1) + ".";
    }
    case ReplayStep::exchange: {
      std::uint64_t moved = 0, total = 0;
      for (std::uint32_t s = 0; s < ranks; ++s) {
        for (std::uint32_t d = 0; d < ranks; ++d) {
          total += replay.sent(s, d);
          if (s != d) moved += replay.sent(s, d);
        }
      }
      const std::uint64_t most = largest(part_sizes(replay));
      char share[32];
      std::snprintf(share, sizeof share, "%.2fx", double(most) * ranks / double(replay.n));
      const std::string ms = ms_text(replay, "exchange");
      return "MPI_Alltoallv sent " + grouped_number(moved) + " of the " + grouped_number(total) +
             " keys to other ranks" + (ms.empty() ? "" : " (" + ms + ")") +
             "; the rest stayed. Rank r now holds the keys between splitters r and r + 1, in one "
             "sorted run from each rank (the matrix: row s, column d, keys rank s sent rank d). "
             "The largest part is " +
             keys(most) + ", " + share + " an even share.";
    }
    case ReplayStep::merge: {
      const std::uint32_t runs = ranks;
      const std::uint32_t rounds = runs > 1 ? std::bit_width(runs - 1) : 0;
      const std::string ms = ms_text(replay, "merge");
      return "Each rank merges the sorted runs it received, one from each rank that sent it "
             "keys, on its GPU, pairs of runs at a time (" +
             count_of(rounds, "round", "rounds") + " at most" +
             (ms.empty() ? "" : ", " + ms + " on the slowest rank") +
             "). Reading the ranks in order now reads the whole input sorted; each rank " +
             (replay.verified ? "checked its part and its boundary with its neighbour."
                              : "checked its part: " + replay.verification);
    }
  }
  return {};
}

}  // namespace

std::string replay_step_title(std::size_t step) {
  const std::size_t shown = std::min(step, k_replay_steps - 1);
  return std::string(k_titles[shown]) + " (step " + std::to_string(shown) + " of " +
         std::to_string(k_replay_steps - 1) + ")";
}

std::string replay_scenario_text(const SampleSortReplay& replay) {
  std::string text = "sample sort of " + grouped_number(replay.n) + " " +
                     std::string(to_string(replay.type)) + (replay.pairs ? " pairs" : " keys") +
                     " over " + ranks_text(replay.rank_count()) + ", local sort " + replay.local;
  // A distribution with its seed, or the key file's name.
  const bool file =
      replay.input.find('/') != std::string::npos || replay.input.find('.') != std::string::npos;
  text += ", input " + (file ? std::filesystem::path(replay.input).filename().string()
                             : replay.input + " (seed " + std::to_string(replay.seed) + ")");
  if (replay.descending) text += ", descending";
  return text;
}

Caption replay_caption(const SampleSortReplay& replay, std::size_t step) {
  Caption caption;
  caption.narration = narrate(replay, std::min(step, k_replay_steps - 1));
  caption.invariant = invariant_text(replay, std::min(step, k_replay_steps - 1));
  caption.invariant_fails = !rank_order(replay, step).holds ||
                            (step >= std::size_t(ReplayStep::merge) && !replay.verified);
  return caption;
}

const RecordedKeys& replay_lane(const SampleSortReplay& replay, std::uint32_t rank,
                                std::size_t step) {
  const RankRecord& record = replay.ranks.at(rank).record;
  switch (static_cast<ReplayStep>(std::min(step, k_replay_steps - 1))) {
    case ReplayStep::input:
      return record.input;
    case ReplayStep::local_sort:
    case ReplayStep::samples:
    case ReplayStep::splitters:
      return record.sorted;
    case ReplayStep::exchange:
      return record.received;
    case ReplayStep::merge:
      break;
  }
  return record.merged;
}

RankOrder rank_order(const SampleSortReplay& replay, std::size_t step) {
  RankOrder order;
  bool have_previous = false;
  std::uint64_t previous_max = 0, previous_bits = 0;
  std::uint32_t previous_rank = 0;
  for (std::uint32_t r = 0; r < replay.rank_count(); ++r) {
    const KeyArray& keys = replay_lane(replay, r, step).keys;
    if (keys.size() == 0) continue;
    std::size_t lo = 0, hi = 0;
    for (std::size_t i = 1; i < keys.size(); ++i) {
      if (encoded_key(keys, i, replay.descending) < encoded_key(keys, lo, replay.descending))
        lo = i;
      if (encoded_key(keys, i, replay.descending) > encoded_key(keys, hi, replay.descending))
        hi = i;
    }
    if (have_previous && previous_max > encoded_key(keys, lo, replay.descending)) {
      if (order.holds) {
        order.holds = false;
        order.rank = previous_rank;
        order.next = r;
        order.largest_bits = previous_bits;
        order.smallest_bits = keys.bits(lo);
      }
      ++order.violations;
    }
    have_previous = true;
    previous_max = encoded_key(keys, hi, replay.descending);
    previous_bits = keys.bits(hi);
    previous_rank = r;
  }
  return order;
}

std::string replay_key_text(std::uint64_t bits, KeyType type) {
  switch (type) {
    case KeyType::u32:
    case KeyType::u64:
      return grouped_number(bits);
    case KeyType::i32: {
      const auto value = static_cast<std::int32_t>(static_cast<std::uint32_t>(bits));
      return value < 0 ? "-" + grouped_number(std::uint64_t(-std::int64_t(value)))
                       : grouped_number(std::uint64_t(value));
    }
    case KeyType::f32:
      break;
  }
  return format_text_key(bits, type);
}

double replay_key_value(std::uint64_t bits, KeyType type) {
  switch (type) {
    case KeyType::u32:
    case KeyType::u64:
      return double(bits);
    case KeyType::i32:
      return double(static_cast<std::int32_t>(static_cast<std::uint32_t>(bits)));
    case KeyType::f32:
      break;
  }
  const double value = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
  return std::isfinite(value) ? value : 0.0;
}

}  // namespace ss::render
