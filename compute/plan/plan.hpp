#pragma once
// The plan vocabulary (docs/ARCHITECTURE.md, invariant 1): an algorithm turns a SortSpec and the
// device's limits into the buffers it needs and an ordered list of steps, each exactly one compute
// dispatch. The Stepper runs a plan one step at a time; the Runner records all of it into one
// command buffer (or a few, plan/submission_split.hpp). Both run the same steps, so timed numbers
// are for the kernels one stepped (the paths only uninstrumented pipelines take:
// docs/ARCHITECTURE.md, invariant 1).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "core/kernel.hpp"
#include "plan/device_limits.hpp"
#include "plan/sort_spec.hpp"
#include "shaders/common/batcher_fused_step.h"
#include "shaders/common/batcher_layer.h"
#include "shaders/common/bitonic_layer.h"
#include "shaders/common/mergesort_step.h"
#include "shaders/common/onesweep_step.h"
#include "shaders/common/radix4_step.h"
#include "shaders/common/transposition_pass.h"

namespace ss {

struct PlanBuffer {
  std::string name;
  std::uint64_t bytes = 0;
  // Read and written only by instrumented pipelines (the Stepper's); the Runner binds a stub.
  bool instrumentation_only = false;
  // Words uploaded once when the buffer is made (e.g. the disabled-comparator mask); the kernels
  // never change them, so restoring the input leaves them alone.
  std::vector<std::uint32_t> initial_words = {};
  // Holds group counts of indirect dispatches (Step::gpu_choices).
  bool dispatch_args = false;
  // Filled with zeros before every run, with the input's restore (counters that kernels
  // accumulate into with atomics).
  bool zeroed_before_each_run = false;
};

struct GroupCount {
  std::uint32_t x = 1, y = 1, z = 1;
  std::uint64_t total() const { return std::uint64_t(x) * y * z; }
};

// What a step means, for the views: the same parameter block the kernel receives, from which
// the views compute (through the shared headers) what the kernel did. The radix steps say which
// kernel ran in their `stage` field; their headers document the buffers each one writes.
using StepView =
    std::variant<std::monostate, gpu::BatcherLayer, gpu::TranspositionPass, gpu::BitonicLayer,
                 gpu::Radix4Step, gpu::OnesweepStep, gpu::MergesortStep, gpu::BatcherFusedStep>;

// A kernel the GPU may run for a step, with the group counts (VkDispatchIndirectCommand) that the
// plan's buffer `buffer` holds at byte `offset` when the step runs.
struct IndirectDispatch {
  std::uint32_t kernel = 0;  // index into Plan::kernels
  std::uint32_t buffer = 0;  // Plan::buffers index, a PlanBuffer::dispatch_args one
  std::uint64_t offset = 0;
};

// A comparator of a network step named by its network layer and lower wire.
struct LayerWire {
  std::uint32_t layer = 0;
  std::uint32_t left = 0;
  auto operator<=>(const LayerWire&) const = default;
};

struct Step {
  std::string label;         // e.g. "merge 8, stride 2"
  std::string kind;          // short name the bench groups steps by, e.g. "scatter"
  std::uint32_t kernel = 0;  // index into Plan::kernels
  // Where not empty, the GPU chooses the step's kernel: each of these is dispatched indirectly, in
  // order, and an earlier step gives all of them but one zero groups (onesweep's passes rank by
  // ballots or by partition, as the scan step finds in the digit histograms). `kernel` is then the
  // first of them and `groups` what the chosen one gets. They take the step's bindings and push.
  std::vector<IndirectDispatch> gpu_choices;
  // Writes group counts that later steps' gpu_choices read: only such a step's barrier waits for
  // indirect reads (that wait after every step cost each step about 3 us on the H100,
  // BENCHMARKS.md notes 134-135).
  bool writes_dispatch_args = false;
  std::vector<std::uint32_t> bindings;  // Plan::buffers index for each binding slot
  std::vector<std::byte> push;          // push-constant bytes, Plan::kernels[kernel].push_size
  GroupCount groups;
  StepView view;
  std::uint64_t bytes_read = 0;  // global-memory traffic this step is expected to cause
  std::uint64_t bytes_written = 0;
  std::uint32_t keys_after = 0;    // buffer holding the live keys after this step
  std::uint32_t values_after = 0;  // buffer holding the live values after this step
  // Network steps: the comparators of this step's layers that SortSpec::disabled takes out (the
  // kernel skips them through its mask; step_comparators flags them).
  std::vector<LayerWire> disabled_lefts;
  // A step a lecturer can open (mergesort's blocksort): the same dispatch stopped after each of
  // its phases, in order, the last one identical to the step. The Runner never runs them;
  // expand_phases() puts them in the step's place for the Stepper.
  std::vector<Step> phases;
  // In an expanded plan: the index of the whole step this one is or belongs to, and its phase
  // (1-based, 0 for a whole step) of phase_count.
  std::uint32_t whole_step = 0;
  std::uint32_t phase = 0;
  std::uint32_t phase_count = 0;
};

struct Plan {
  std::string algorithm;
  SortSpec spec;
  std::vector<KernelSpec> kernels;
  std::vector<PlanBuffer> buffers;
  std::vector<Step> steps;
  std::uint32_t keys_buffer = 0;    // where the input keys are uploaded
  std::uint32_t values_buffer = 0;  // where the input values are uploaded (pairs)
  std::uint32_t result_keys = 0;    // where the sorted keys are after the last step
  std::uint32_t result_values = 0;
  // Specialization constant (by id) that instrumented pipelines set to 1; 0 means none.
  std::uint32_t instrumented_constant_id = 0;
  // Specialization constants (by id) that only full-speed pipelines read (onesweep's layouts and
  // encodings between passes, where its tiles come from): instrumented pipelines set them to 0, so
  // kernels that differ only in them are one pipeline when stepped.
  std::vector<std::uint32_t> full_speed_constant_ids;
  std::uint32_t stats_buffer = UINT32_MAX;  // instrumentation output, if any
  // The tiles of a tiled plan, for the user: "tiles of 2048 keys (256 threads x 8 keys, tuned)".
  std::string tiles;
  bool phases_expanded = false;  // made by expand_phases()
  std::size_t whole_steps = 0;   // steps before expansion (expanded plans only)
};

// The plan with every step that has phases replaced by them, for stepping inside it. The
// dispatches are the plan's own kernels; only the phase limit in the push constants differs.
Plan expand_phases(const Plan& plan);
// Whether any step of the plan can be opened into phases.
bool has_phases(const Plan& plan);
// Steps as a user counts them (whole steps), and step `index`'s number among them: "7", or
// "1.3" for the third phase of the first step.
std::size_t whole_step_count(const Plan& plan);
std::string step_number(const Plan& plan, std::size_t index);

template <class T>
std::vector<std::byte> push_bytes(const T& value) {
  std::vector<std::byte> bytes(sizeof(T));
  std::memcpy(bytes.data(), &value, sizeof(T));
  return bytes;
}

template <class T>
T push_value(const Step& step) {
  T value{};
  std::memcpy(&value, step.push.data(), std::min(sizeof(T), step.push.size()));
  return value;
}

// Workgroups for `invocations` threads of `workgroup_size`, spread over x and y when x alone
// would exceed the device's limit. Throws UsageError when even that cannot cover them.
GroupCount groups_for(std::uint64_t invocations, std::uint32_t workgroup_size,
                      const DeviceLimits& limits);

// Plan::tiles of a plan whose tiles hold `tile_keys` keys in `threads` x `keys_per_thread`
// slots; `tuned` says they are the device's tuned tiles, else they are called teaching tiles.
std::string tiles_text(std::uint32_t tile_keys, std::uint32_t threads,
                       std::uint32_t keys_per_thread, bool tuned);

// Bytes of all buffers the plan allocates (instrumentation excluded unless asked for).
std::uint64_t plan_bytes(const Plan& plan, bool instrumented);

// Throws UsageError when a buffer exceeds the device's storage-buffer range or allocation size,
// or the plan's buffers together exceed its memory, naming n and the device's limit.
void check_plan_fits(const Plan& plan, const DeviceLimits& limits, const std::string& device_name);
// Whether check_plan_fits would let the plan through.
bool plan_fits(const Plan& plan, const DeviceLimits& limits);

}  // namespace ss
