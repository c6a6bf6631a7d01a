#pragma once
// The recorded sample sorts of assets/replays (each a replay.json that run --algo sample-sort
// --record wrote), compiled in for the lessons that replay them: name = the file's stem, text =
// the JSON.
#include "common/embedded_texts.hpp"

namespace ss {

std::span<const EmbeddedText> builtin_replays();

}  // namespace ss
