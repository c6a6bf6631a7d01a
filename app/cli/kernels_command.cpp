// sortscope-cli kernels: each compute pipeline of a plan as sortscope makes it (shader,
// workgroup size, required subgroup size, specialization constants) and what the driver says
// about its compiled code (VK_KHR_pipeline_executable_properties: registers, shared memory,
// spills...), to reason about occupancy. No buffer is made and nothing is sorted.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "cli/commands.hpp"
#include "common/scenario.hpp"
#include "core/context.hpp"
#include "core/kernel.hpp"
#include "core/kernel_statistics.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"

namespace ss::cli {

namespace {

struct KernelsOptions {
  ScenarioOptions scenario;
  bool json = false;
};

struct KernelReport {
  const KernelSpec* spec = nullptr;
  std::size_t steps = 0;  // steps of the plan that dispatch it
  std::vector<KernelExecutable> executables;
};

std::string no_statistics_line(const Context& context) {
  return "the driver (" + context.properties().driver +
         ") does not report pipeline statistics (VK_KHR_pipeline_executable_properties)";
}

// False where the kernel's storage-buffer accesses are not checked against the buffers' sizes:
// the kernel opts out and the device can turn the checks off. True: the driver's default.
bool bounds_checked(const Context& context, const KernelSpec& spec) {
  return spec.buffer_bounds_checks || !context.pipeline_robustness_enabled();
}

// "[1]=256 [2]=8 [3]=0 (instrumentation off) ... (14, 15 full speed only: ...)": specialization
// constants by id (id 0 is the workgroup size), the plan's instrumentation switch named, and the
// constants only full-speed runs set, which is why a plan may list one shader several times.
std::string constants_text(const Plan& plan, const KernelSpec& spec) {
  if (spec.constants.empty()) return "none";
  std::string out;
  std::string full_speed;
  for (std::size_t i = 0; i < spec.constants.size(); ++i) {
    const std::size_t id = i + 1;
    out += (out.empty() ? "" : " ") + ("[" + std::to_string(id) + "]=") +
           std::to_string(spec.constants[i]);
    if (id == plan.instrumented_constant_id)
      out += spec.constants[i] != 0 ? " (instrumentation on)" : " (instrumentation off)";
    if (std::find(plan.full_speed_constant_ids.begin(), plan.full_speed_constant_ids.end(), id) !=
        plan.full_speed_constant_ids.end())
      full_speed += (full_speed.empty() ? "" : ", ") + std::to_string(id);
  }
  if (!full_speed.empty())
    out += " (" + full_speed + " full speed only: stepped runs set them to 0)";
  return out;
}

void print_statistics(const KernelExecutable& executable) {
  std::size_t name_width = 4;
  std::size_t value_width = 5;
  std::vector<std::string> values;
  for (const KernelStatistic& s : executable.statistics) {
    values.push_back(format_statistic_value(s));
    name_width = std::max(name_width, s.name.size());
    value_width = std::max(value_width, values.back().size());
  }
  auto pad = [](const std::string& text, std::size_t width) {
    return text + std::string(width - std::min(width, text.size()), ' ');
  };
  auto pad_left = [](const std::string& text, std::size_t width) {
    return std::string(width - std::min(width, text.size()), ' ') + text;
  };
  std::cout << "    " << pad("statistic", name_width) << "  " << pad_left("value", value_width)
            << "  description\n";
  for (std::size_t i = 0; i < executable.statistics.size(); ++i) {
    const KernelStatistic& s = executable.statistics[i];
    std::cout << "    " << pad(s.name, name_width) << "  " << pad_left(values[i], value_width)
              << "  " << s.description << "\n";
  }
}

nlohmann::json statistic_json(const KernelStatistic& s) {
  nlohmann::json value;
  std::visit([&](auto v) { value = v; }, s.value);
  return {{"name", s.name}, {"description", s.description}, {"value", value}};
}

int run(const KernelsOptions& o) {
  const Scenario scenario = resolve_scenario(o.scenario);
  ContextOptions context_options;
  context_options.device_selector = scenario.device;
  context_options.kernel_statistics = true;
  const Context context(context_options);
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const Plan plan = make_plan(scenario.algorithm, sort_spec(scenario, scenario.n), limits);
  const SortSpec& spec = plan.spec;
  const bool statistics = context.kernel_statistics_enabled();

  std::vector<KernelReport> reports;
  for (const KernelSpec& kernel_spec : plan.kernels) {
    KernelReport report;
    report.spec = &kernel_spec;
    const auto index = static_cast<std::uint32_t>(reports.size());
    // Steps that may run it: as their kernel, or as one the GPU chooses.
    report.steps = static_cast<std::size_t>(
        std::count_if(plan.steps.begin(), plan.steps.end(), [&](const Step& s) {
          return s.kernel == index ||
                 std::any_of(s.gpu_choices.begin(), s.gpu_choices.end(),
                             [&](const IndirectDispatch& c) { return c.kernel == index; });
        }));
    const Kernel& kernel = context.kernel(kernel_spec);
    if (statistics) report.executables = kernel_statistics(context, kernel);
    reports.push_back(std::move(report));
  }

  if (o.json) {
    nlohmann::json out = {
        {"algorithm", plan.algorithm},
        {"n", spec.n},
        {"type", to_string(spec.key_type)},
        {"pairs", spec.pairs},
        {"descending", spec.descending},
        {"tile_keys", tile_keys_text(scenario.tile_keys)},
        {"device", context.properties().name},
        {"driver", context.properties().driver},
        {"device_subgroup_size", context.properties().subgroup_size},
        {"statistics", statistics},
        {"pipeline_robustness", context.pipeline_robustness_enabled()},
    };
    if (!plan.tiles.empty()) out["tiles"] = plan.tiles;
    out["full_speed_constant_ids"] = plan.full_speed_constant_ids;
    if (!statistics) out["statistics_note"] = no_statistics_line(context);
    out["kernels"] = nlohmann::json::array();
    for (const KernelReport& r : reports) {
      nlohmann::json kernel = {
          {"shader", r.spec->shader},
          {"workgroup_size", r.spec->workgroup_size},
          {"required_subgroup_size", r.spec->required_subgroup_size},
          {"constants", r.spec->constants},
          {"bindings", r.spec->bindings},
          {"push_bytes", r.spec->push_size},
          {"steps", r.steps},
          {"buffer_bounds_checks", bounds_checked(context, *r.spec)},
      };
      if (statistics) {
        kernel["executables"] = nlohmann::json::array();
        for (const KernelExecutable& e : r.executables) {
          nlohmann::json executable = {{"name", e.name},
                                       {"description", e.description},
                                       {"subgroup_size", e.subgroup_size},
                                       {"statistics", nlohmann::json::array()}};
          for (const KernelStatistic& s : e.statistics)
            executable["statistics"].push_back(statistic_json(s));
          kernel["executables"].push_back(std::move(executable));
        }
      }
      out["kernels"].push_back(std::move(kernel));
    }
    std::cout << out.dump() << "\n";
  } else {
    std::cout << plan.algorithm << ": " << spec.n << " " << to_string(spec.key_type)
              << (spec.pairs ? " key-value pairs" : " keys") << ", "
              << (spec.descending ? "descending" : "ascending") << ", on "
              << context.properties().name << " (" << context.properties().driver
              << "; subgroup size " << context.properties().subgroup_size << ")\n";
    if (!plan.tiles.empty()) std::cout << "  " << plan.tiles << "\n";
    std::cout << "  " << reports.size() << " kernel" << (reports.size() == 1 ? "" : "s")
              << " (full-speed pipelines; specialization constant 0 is the workgroup size)\n";
    for (std::size_t i = 0; i < reports.size(); ++i) {
      const KernelReport& r = reports[i];
      std::cout << "kernel " << i + 1 << "/" << reports.size() << ": " << r.spec->shader << "\n"
                << "  workgroup size " << r.spec->workgroup_size << ", required subgroup size "
                << (r.spec->required_subgroup_size != 0
                        ? std::to_string(r.spec->required_subgroup_size)
                        : std::string("none"))
                << ", " << r.spec->bindings << " buffer" << (r.spec->bindings == 1 ? "" : "s")
                << ", " << r.spec->push_size << " push-constant bytes, " << r.steps << " step"
                << (r.steps == 1 ? "" : "s") << "\n"
                << "  specialization constants: " << constants_text(plan, *r.spec) << "\n";
      if (!r.spec->buffer_bounds_checks) {
        std::cout
            << (bounds_checked(context, *r.spec)
                    ? "  bounds checks on storage buffers: the driver's default (the device "
                      "has no VK_EXT_pipeline_robustness to turn them off)\n"
                    : "  bounds checks on storage buffers: off (VK_EXT_pipeline_robustness)\n");
      }
      for (const KernelExecutable& e : r.executables) {
        std::cout << "  executable \"" << e.name << "\" (" << e.description << ")";
        if (e.subgroup_size != 0) std::cout << ", subgroup size " << e.subgroup_size;
        std::cout << "\n";
        if (e.statistics.empty()) {
          std::cout << "    no statistics reported\n";
        } else {
          print_statistics(e);
        }
      }
    }
    if (!statistics) std::cout << no_statistics_line(context) << "\n";
  }
  return exit_code_after_validation(context, k_exit_ok);
}

}  // namespace

Command add_kernels_command(CLI::App& app) {
  auto options = std::make_shared<KernelsOptions>();
  // The tiles `bench` times, unless --tile-keys asks for others (run's default, auto, gives
  // teaching tiles for n <= 1024).
  options->scenario.tile_keys = "tuned";
  auto* sub = app.add_subcommand(
      "kernels",
      "print each compute pipeline of a plan (shader, workgroup and subgroup size, "
      "specialization constants, tiles) and the driver's statistics about it (registers, shared "
      "memory, spills... through VK_KHR_pipeline_executable_properties, where the driver has "
      "it); nothing is sorted");
  add_scenario_options(*sub, options->scenario);
  // The plan depends on these; the input and stepping options do not apply.
  for (const char* name : {"--dist", "--seed", "--input", "--phases"})
    sub->remove_option(sub->get_option(name));
  sub->get_option("--n")->description(
      "number of keys, decimal or 2^K (default 1024); no buffer is made, so it need not fit the "
      "device's memory");
  sub->add_flag("--json", options->json, "print the kernels and statistics as one JSON object");
  return [options] { return run(*options); };
}

}  // namespace ss::cli
