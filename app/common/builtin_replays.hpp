#pragma once
// The recorded sample sorts of assets/replays (each a replay.json that run --algo sample-sort
// --record wrote), compiled in for the lessons that replay them.
#include <span>
#include <string_view>

namespace ss {

struct BuiltinReplay {
  std::string_view name;  // the file's stem
  std::string_view text;  // the JSON
};

std::span<const BuiltinReplay> builtin_replays();

}  // namespace ss
