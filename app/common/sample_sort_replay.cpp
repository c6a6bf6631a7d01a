#include "common/sample_sort_replay.hpp"

#include <fstream>
#include <numeric>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/builtin_replays.hpp"
#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"

namespace ss {

namespace {

using nlohmann::json;

constexpr const char* k_format = "sortscope sample-sort replay";
constexpr int k_version = 1;

json keys_json(const RecordedKeys& recorded) {
  json out = {{"count", recorded.count}};
  if (!recorded.complete()) out["positions"] = recorded.positions;
  json keys = json::array();
  for (std::size_t i = 0; i < recorded.keys.size(); ++i) keys.push_back(recorded.keys.bits(i));
  out["keys"] = std::move(keys);
  if (recorded.keys.has_values) out["values"] = recorded.keys.values;
  return out;
}

// Throws UsageError("what: problem") unless `ok`.
void require(bool ok, const std::string& what, const std::string& problem) {
  if (!ok) throw UsageError(what + ": " + problem);
}

RecordedKeys parse_keys(const json& in, KeyType type, bool pairs, const std::string& what) {
  RecordedKeys out;
  out.count = in.at("count").get<std::uint64_t>();
  out.keys.type = type;
  out.keys.has_values = pairs;
  for (const json& bits : in.at("keys")) out.keys.push_back_bits(bits.get<std::uint64_t>());
  if (in.contains("positions")) {
    out.positions = in.at("positions").get<std::vector<std::uint64_t>>();
  } else {
    out.positions.resize(out.count);
    std::iota(out.positions.begin(), out.positions.end(), std::uint64_t{0});
  }
  require(out.positions.size() == out.keys.size(), what,
          std::to_string(out.keys.size()) + " keys for " + std::to_string(out.positions.size()) +
              " positions");
  for (std::size_t i = 0; i < out.positions.size(); ++i) {
    require(out.positions[i] < out.count && (i == 0 || out.positions[i - 1] < out.positions[i]),
            what, "positions must ascend below the count " + std::to_string(out.count));
  }
  if (pairs) {
    out.keys.values = in.at("values").get<std::vector<std::uint32_t>>();
    require(out.keys.values.size() == out.keys.size(), what, "a value for every key");
  }
  return out;
}

std::uint64_t sum(const std::vector<std::uint64_t>& items) {
  return std::accumulate(items.begin(), items.end(), std::uint64_t{0});
}

}  // namespace

std::string rank_record_text(const ReplayRank& rank) {
  const RankRecord& r = rank.record;
  const json out = {{"device", rank.device},
                    {"input_first", rank.slice.first},
                    {"input_count", rank.slice.count},
                    {"part_first", rank.part_first},
                    {"input", keys_json(r.input)},
                    {"sorted", keys_json(r.sorted)},
                    {"sample_positions", r.sample_positions},
                    {"cuts", r.cuts},
                    {"received_runs", r.received_runs},
                    {"received", keys_json(r.received)},
                    {"merged", keys_json(r.merged)}};
  return out.dump();
}

ReplayRank parse_rank_record(std::string_view text, KeyType type, bool pairs) {
  const json in = json::parse(text);
  ReplayRank out;
  out.device = in.at("device").get<std::string>();
  out.slice = {in.at("input_first").get<std::uint64_t>(),
               in.at("input_count").get<std::uint64_t>()};
  out.part_first = in.at("part_first").get<std::uint64_t>();
  RankRecord& r = out.record;
  r.input = parse_keys(in.at("input"), type, pairs, "input");
  r.sorted = parse_keys(in.at("sorted"), type, pairs, "sorted");
  r.received = parse_keys(in.at("received"), type, pairs, "received");
  r.merged = parse_keys(in.at("merged"), type, pairs, "merged");
  r.sample_positions = in.at("sample_positions").get<std::vector<std::uint32_t>>();
  r.cuts = in.at("cuts").get<std::vector<std::uint32_t>>();
  r.received_runs = in.at("received_runs").get<std::vector<std::uint64_t>>();
  return out;
}

std::string replay_text(const SampleSortReplay& replay) {
  json splitters = json::array();
  for (std::size_t i = 0; i < replay.splitters.size(); ++i) {
    splitters.push_back({{"bits", replay.splitter_bits[i]},
                         {"rank", replay.splitters[i].rank},
                         {"position", replay.splitters[i].position}});
  }
  const std::size_t ranks = replay.ranks.size();
  json counts = json::array();
  for (std::size_t s = 0; s < ranks; ++s) {
    counts.push_back(std::vector<std::uint64_t>(replay.counts.begin() + s * ranks,
                                                replay.counts.begin() + (s + 1) * ranks));
  }
  json rank_records = json::array();
  for (const ReplayRank& rank : replay.ranks)
    rank_records.push_back(json::parse(rank_record_text(rank)));
  const json out = {{"format", k_format},
                    {"version", k_version},
                    {"n", replay.n},
                    {"type", to_string(replay.type)},
                    {"pairs", replay.pairs},
                    {"descending", replay.descending},
                    {"input", replay.input},
                    {"seed", replay.seed},
                    {"local", replay.local},
                    {"samples_per_rank", replay.samples_per_rank},
                    {"record_limit", replay.record_limit},
                    {"command", replay.command},
                    {"date", replay.date},
                    {"splitters", splitters},
                    {"counts", counts},
                    {"verified", replay.verified},
                    {"verification", replay.verification},
                    {"phases_ms", replay.phases_ms},
                    {"ranks", rank_records}};
  return out.dump(1) + "\n";
}

SampleSortReplay parse_replay(std::string_view text, const std::string& source) {
  SampleSortReplay out;
  try {
    const json in = json::parse(text);
    require(in.is_object() && in.value("format", "") == k_format, source,
            "not a sortscope sample-sort replay (record one with mpirun -np R sortscope-cli run "
            "--algo sample-sort --record DIR)");
    require(in.at("version").get<int>() == k_version, source,
            "replay version " + in.at("version").dump() + "; this sortscope reads version " +
                std::to_string(k_version));
    out.n = in.at("n").get<std::uint64_t>();
    const auto type = parse_key_type(in.at("type").get<std::string>());
    require(type.has_value(), source, "unknown key type " + in.at("type").dump());
    out.type = *type;
    out.pairs = in.at("pairs").get<bool>();
    out.descending = in.at("descending").get<bool>();
    out.input = in.at("input").get<std::string>();
    out.seed = in.at("seed").get<std::uint64_t>();
    out.local = in.at("local").get<std::string>();
    out.samples_per_rank = in.at("samples_per_rank").get<std::uint32_t>();
    out.record_limit = in.at("record_limit").get<std::uint64_t>();
    out.command = in.value("command", "");
    out.date = in.value("date", "");
    out.verified = in.at("verified").get<bool>();
    out.verification = in.value("verification", "");
    out.phases_ms = in.value("phases_ms", std::map<std::string, double>{});
    for (const json& rank : in.at("ranks")) {
      out.ranks.push_back(parse_rank_record(rank.dump(), out.type, out.pairs));
    }
    const std::size_t ranks = out.ranks.size();
    require(ranks >= 1, source, "no ranks");
    for (const json& row : in.at("counts")) {
      const auto counts = row.get<std::vector<std::uint64_t>>();
      require(counts.size() == ranks, source, "each row of counts needs one count per rank");
      out.counts.insert(out.counts.end(), counts.begin(), counts.end());
    }
    require(out.counts.size() == ranks * ranks, source, "counts must be R x R");
    for (const json& s : in.at("splitters")) {
      out.splitter_bits.push_back(s.at("bits").get<std::uint64_t>());
      KeyArray key;
      key.type = out.type;
      key.push_back_bits(out.splitter_bits.back());
      out.splitters.push_back({encoded_key(key, 0, out.descending),
                               s.at("rank").get<std::uint32_t>(),
                               s.at("position").get<std::uint32_t>()});
    }
    require(out.splitters.size() + 1 == ranks, source, "R - 1 splitters for R ranks");
    std::uint64_t input_first = 0;
    std::uint64_t part_first = 0;
    for (std::uint32_t r = 0; r < ranks; ++r) {
      const ReplayRank& rank = out.ranks[r];
      const RankRecord& rec = rank.record;
      const std::string what = source + ", rank " + std::to_string(r);
      std::uint64_t sent = 0, received = 0;
      for (std::uint32_t o = 0; o < ranks; ++o) {
        sent += out.sent(r, o);
        received += out.sent(o, r);
      }
      require(rank.slice.first == input_first && rank.slice.count == rec.input.count &&
                  rec.sorted.count == rec.input.count && sent == rec.input.count,
              what, "its slice, sorted keys and sent counts disagree");
      require(rec.received_runs.size() == ranks && sum(rec.received_runs) == received &&
                  rec.received.count == received && rec.merged.count == received &&
                  rank.part_first == part_first,
              what, "its received runs, merged part and the counts disagree");
      for (std::uint32_t o = 0; o < ranks; ++o) {
        require(rec.received_runs[o] == out.sent(o, r), what,
                "a received run disagrees with counts");
      }
      require(rec.cuts.size() + 1 == ranks, what, "R - 1 cuts");
      for (std::size_t c = 0; c < rec.cuts.size(); ++c) {
        require(rec.cuts[c] <= rec.sorted.count && (c == 0 || rec.cuts[c - 1] <= rec.cuts[c]), what,
                "cuts must ascend within the sorted keys");
      }
      input_first += rank.slice.count;
      part_first += received;
    }
    require(input_first == out.n, source, "the ranks' slices do not add up to n");
  } catch (const json::exception& e) {
    throw UsageError(source + ": not a valid replay (" + e.what() + ")");
  }
  return out;
}

std::vector<std::string> builtin_replay_names() {
  return embedded_names(builtin_replays());
}

SampleSortReplay builtin_replay(const std::string& name) {
  if (const EmbeddedText* replay = find_embedded(builtin_replays(), name)) {
    return parse_replay(replay->text, "built-in replay " + name);
  }
  throw UsageError("no built-in replay '" + name +
                   "' (built in: " + joined_embedded_names(builtin_replays()) +
                   "), and no such replay folder or file");
}

SampleSortReplay read_replay(const std::filesystem::path& path) {
  const std::filesystem::path file =
      std::filesystem::is_directory(path) ? path / k_replay_file : path;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    throw UsageError("cannot read " + platform::utf8_from_path(file) +
                     ": record a replay with mpirun -np R sortscope-cli run --algo sample-sort "
                     "--record DIR");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_replay(text.str(), platform::utf8_from_path(file));
}

}  // namespace ss
