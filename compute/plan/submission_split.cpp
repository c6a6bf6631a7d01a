#include "plan/submission_split.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace ss {

namespace {
// Workgroups of a kernel's first, timing part: on a CPU implementation a tile sort's workgroup
// can take milliseconds, so a whole dispatch of thousands could take seconds before anything is
// known about it.
constexpr std::uint64_t k_probe_groups = 64;
constexpr double k_default_budget_ms = 100;
}  // namespace

std::uint32_t step_units(const Step& step) {
  if (step.gpu_choices.empty() && step.groups.total() == 0) return 0;
  return step.groups.y > 1 ? step.groups.y : step.groups.x;
}

std::uint64_t groups_per_unit(const Step& step) {
  return step.groups.y > 1 ? std::uint64_t(step.groups.x) * step.groups.z : step.groups.z;
}

bool step_splittable(const Plan& plan, const Step& step) {
  return step.gpu_choices.empty() && step.groups.z == 1 && plan.kernels.at(step.kernel).splittable;
}

bool ends_step(const Plan& plan, const StepPart& part) {
  return part.first + part.count >= step_units(plan.steps.at(part.step));
}

double submission_budget_ms() {
  if (const char* env = std::getenv("SORTSCOPE_SUBMISSION_MS")) {
    const double ms = std::atof(env);
    if (ms > 0) return ms;
  }
  return k_default_budget_ms;
}

SubmissionSplitter::SubmissionSplitter(const Plan& plan, double budget_ms)
    : plan_(plan), budget_ms_(budget_ms), ms_per_group_(plan.kernels.size(), -1.0) {}

std::vector<StepPart> SubmissionSplitter::next(StepCursor& cursor, std::size_t end) const {
  std::vector<StepPart> parts;
  double used = 0;
  auto take = [&](std::uint32_t count) {
    parts.push_back({cursor.step, cursor.unit, count});
    cursor.unit += count;
    if (cursor.unit >= step_units(plan_.steps[cursor.step])) {
      ++cursor.step;
      cursor.unit = 0;
    }
  };
  while (cursor.step < end) {
    const Step& step = plan_.steps[cursor.step];
    const std::uint32_t left = step_units(step) - cursor.unit;
    if (left == 0) {  // dispatches nothing: costs nothing
      take(0);
      continue;
    }
    const bool splittable = step_splittable(plan_, step);
    const std::uint64_t per_unit = std::max<std::uint64_t>(groups_per_unit(step), 1);
    const double rate = ms_per_group_[step.kernel];
    if (rate < 0) {  // not yet timed: alone, in a small part where it may be split
      if (!parts.empty()) break;
      const auto probe = static_cast<std::uint32_t>(
          std::max<std::uint64_t>(1, (k_probe_groups + per_unit - 1) / per_unit));
      take(splittable ? std::min(left, probe) : left);
      break;
    }
    const double unit_ms = rate * double(per_unit);
    if (used + unit_ms * left <= budget_ms_) {
      take(left);
      used += unit_ms * left;
      continue;
    }
    // A step that does not fit after others waits for a submission of its own, so submissions
    // end between steps where they can (the app shows each whole step it reaches); only a step
    // over the budget by itself is cut into parts.
    if (!parts.empty()) break;
    if (!splittable) {
      take(left);
      break;
    }
    const auto fit = static_cast<std::uint32_t>(
        std::min<double>(left, std::floor(budget_ms_ / std::max(unit_ms, 1e-12))));
    take(std::max<std::uint32_t>(fit, 1));
    break;
  }
  return parts;
}

void SubmissionSplitter::learn(const std::vector<StepPart>& parts, double ms) {
  double known = 0;
  std::uint64_t untimed_groups = 0;
  std::uint32_t untimed = UINT32_MAX;
  std::vector<std::uint32_t> kernels;
  for (const StepPart& part : parts) {
    const Step& step = plan_.steps[part.step];
    const double groups = double(part.count) * double(groups_per_unit(step));
    if (groups == 0) continue;
    kernels.push_back(step.kernel);
    if (ms_per_group_[step.kernel] < 0) {
      untimed = step.kernel;
      untimed_groups += static_cast<std::uint64_t>(groups);
    } else {
      known += groups * ms_per_group_[step.kernel];
    }
  }
  ms = std::max(ms, 1e-6);
  if (untimed != UINT32_MAX) {
    // next() runs an untimed kernel alone, so the whole time is its own.
    ms_per_group_[untimed] = std::max(ms - known, ms * 0.5) / double(untimed_groups);
    return;
  }
  if (known <= 0) return;
  // Every kernel of the submission is off by the same factor, as far as one time can tell.
  const double factor = ms / known;
  std::sort(kernels.begin(), kernels.end());
  kernels.erase(std::unique(kernels.begin(), kernels.end()), kernels.end());
  for (std::uint32_t k : kernels) ms_per_group_[k] *= factor;
}

void SubmissionSplitter::learn_each(const std::vector<StepPart>& parts,
                                    const std::vector<double>& part_ms) {
  std::vector<double> ms(ms_per_group_.size(), 0.0), groups(ms_per_group_.size(), 0.0);
  for (std::size_t p = 0; p < parts.size() && p < part_ms.size(); ++p) {
    const Step& step = plan_.steps[parts[p].step];
    ms[step.kernel] += part_ms[p];
    groups[step.kernel] += double(parts[p].count) * double(groups_per_unit(step));
  }
  for (std::size_t k = 0; k < groups.size(); ++k) {
    if (groups[k] > 0) ms_per_group_[k] = std::max(ms[k], 1e-6) / groups[k];
  }
}

double SubmissionSplitter::estimate_ms(std::size_t begin, std::size_t end) const {
  double ms = 0;
  for (std::size_t i = begin; i < end && i < plan_.steps.size(); ++i) {
    const Step& step = plan_.steps[i];
    const double groups = double(step_units(step)) * double(groups_per_unit(step));
    if (groups == 0) continue;
    if (ms_per_group_[step.kernel] < 0) return -1;
    ms += groups * ms_per_group_[step.kernel];
  }
  return ms;
}

double SubmissionSplitter::estimate_ms(const std::vector<StepPart>& parts) const {
  double ms = 0;
  for (const StepPart& part : parts) {
    const Step& step = plan_.steps[part.step];
    const double rate = ms_per_group_[step.kernel];
    if (rate > 0) ms += double(part.count) * double(groups_per_unit(step)) * rate;
  }
  return ms;
}

}  // namespace ss
