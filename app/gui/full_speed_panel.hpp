#pragma once
// The "Full speed" panel (key F): the current scenario timed at full speed on the worker thread
// (median and min GPU ms, Gkeys/s, GB/s, speed-ups over std::sort, verified), its per-kernel
// breakdown (click a kind to step to it), and a sweep with its throughput plot and export.
#include <imgui.h>

#include "gui/app_state.hpp"
#include "render/frame_renderer.hpp"

namespace ss::gui {

void full_speed_window(App& app, render::FrameRenderer& renderer, ImVec2 pos, ImVec2 size);

}  // namespace ss::gui
