#pragma once
// What holds after a step of each algorithm family (compute/verify/step_invariant.hpp): one
// overload per step parameter block, each in its family's file.
#include "plan/plan.hpp"
#include "verify/step_invariant.hpp"

namespace ss {

// network_invariant.cpp
StepInvariant invariant_after(const gpu::BatcherLayer& layer, const Plan& plan);
StepInvariant invariant_after(const gpu::BatcherFusedStep& step, const Plan& plan);
StepInvariant invariant_after(const gpu::BitonicLayer& layer, const Plan& plan);
StepInvariant invariant_after(const gpu::TranspositionPass& pass, const Plan& plan);
// radix_invariant.cpp
StepInvariant invariant_after(const gpu::Radix4Step& step, const Plan& plan);
StepInvariant invariant_after(const gpu::OnesweepStep& step, const Plan& plan);
// mergesort_invariant.cpp
StepInvariant invariant_after(const gpu::MergesortStep& step, const Plan& plan);

}  // namespace ss
