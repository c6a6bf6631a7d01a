#include <iostream>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_facts.hpp"
#include "baseline/cpu_sort.hpp"
#include "cli/commands.hpp"
#include "cli/lookback_report.hpp"
#include "cli/sample_sort_command.hpp"
#include "common/scenario.hpp"
#include "common/scenario_session.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "input/key_file.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "platform/utf8_paths.hpp"
#include "render/follow/key_follow.hpp"
#include "render/narration/narration.hpp"
#include "render/step_state.hpp"
#include "render/step_text.hpp"

namespace ss::cli {

namespace {

constexpr std::uint32_t k_trace_max_n = 256;

struct RunOptions {
  ScenarioOptions scenario;
  std::string output;
  bool trace = false;
  bool json = false;
  bool narrate = false;
  int lookback_runs = 0;
  std::optional<std::uint32_t> follow;  // the input position of the key followed
  SampleSortOptions sample_sort;
};

// Where the followed key is after a step, and why: one JSON line, or one line of text.
void print_followed(const Plan& plan, const render::KeyFollower& follower, bool json) {
  const render::FollowedStep& f = follower.path().back();
  if (json) {
    nlohmann::json line = {{"follow", follower.index()},
                           {"step", f.position},
                           {"position", f.at},
                           {"moved", f.moved},
                           {"why", f.why}};
    if (f.position > 0) line["title"] = plan.steps[f.position - 1].label;
    std::cout << line.dump() << "\n";
    return;
  }
  std::cout << "key " << follower.index() << ", "
            << (f.position == 0 ? std::string("input")
                                : "step " + std::to_string(f.position) + " of " +
                                      std::to_string(plan.steps.size()) + " (" +
                                      plan.steps[f.position - 1].label + ")")
            << ": at " << f.at << (f.moved ? " (moved)" : "") << ": " << f.why << "\n";
}

std::vector<std::string> format_keys(const KeyArray& keys) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    std::string text = format_text_key(keys.bits(i), keys.type);
    if (keys.has_values) text += ":" + std::to_string(keys.values[i]);
    out.push_back(std::move(text));
  }
  return out;
}

// One step's caption: "step 3 of 15: label", the narration and the verdict of its invariant, as
// text lines or as one JSON object.
nlohmann::json caption_json(const render::StepState& state, const render::Caption& caption) {
  const Plan& plan = *state.plan;
  nlohmann::json line = {{"step", state.position},
                         {"step_number", step_number(plan, state.position - 1)},
                         {"steps", plan.steps.size()},
                         {"title", state.shown_step()->label},
                         {"narration", caption.narration}};
  if (state.invariant) {
    const InvariantVerdict& v = *state.invariant;
    line["invariant"] = {{"text", v.text},
                         {"holds", v.holds},
                         {"violations", v.violations},
                         {"out_of_order", v.out_of_order}};
    if (v.first_violation != gpu::INVARIANT_NONE)
      line["invariant"]["first_violation"] = v.first_violation;
  }
  return line;
}

void print_caption(const render::StepState& state, const render::Caption& caption) {
  std::cout << render::step_heading(state) << "\n  " << caption.narration << "\n";
  if (!caption.invariant.empty()) std::cout << "  " << caption.invariant << "\n";
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : " ") + item;
  return out;
}

int run(const RunOptions& o) {
  if (o.scenario.algorithm == k_sample_sort) {
    if (o.trace || o.narrate || o.follow || o.lookback_runs > 0) {
      throw UsageError(
          "--trace, --narrate, --follow and --lookback step one GPU's sort; --algo sample-sort "
          "runs over MPI ranks (mpirun -np R sortscope-cli run --algo sample-sort ...)");
    }
    return run_sample_sort(o.scenario, o.sample_sort, o.output, o.json);
  }
  refuse_sample_sort_options(o.sample_sort, o.scenario.algorithm);
  const Scenario scenario = resolve_scenario(o.scenario);
  const Algorithm& algorithm = *find_algorithm(scenario.algorithm);
  ScenarioSession session(scenario, o.scenario.n_given, [&](std::uint32_t n) {
    if (o.trace && n > k_trace_max_n) {
      throw UsageError("--trace prints the array after every step and takes n <= " +
                       std::to_string(k_trace_max_n) + " (got n = " + std::to_string(n) + ")");
    }
  });
  const Context& context = session.context();
  const Plan& plan = session.plan();
  const SortSpec& spec = plan.spec;
  const KeyArray input = session.take_input();
  if (o.lookback_runs > 0 && plan.algorithm != "onesweep") {
    throw UsageError("--lookback reports onesweep's chained scan; " + plan.algorithm + " has none");
  }

  std::vector<std::vector<std::string>> trace;
  KeyArray result;
  double gpu_ms = 0;
  const Plan& stepping_plan = session.stepping_plan();
  if (o.trace || o.narrate || o.follow) {
    Stepper stepper(context, stepping_plan, input);
    const render::KeyRange range = render::key_range(input);
    std::optional<render::KeyFollower> follower;
    if (o.follow) {
      follower.emplace(context, stepper, *o.follow);
      print_followed(stepping_plan, *follower, o.json);
    }
    if (o.trace) trace.push_back(format_keys(stepper.read_current()));
    if (o.narrate && !o.json) {
      const render::StepState state = render::capture_step_state(context, stepper, range);
      print_caption(state, render::step_caption(state));
    }
    while (!stepper.at_end()) {
      throw_if_interrupted();
      if (follower) follower->before_step(stepper);
      stepper.next();
      if (follower) {
        follower->after_step(stepper);
        print_followed(stepping_plan, *follower, o.json);
      }
      if (o.trace) trace.push_back(format_keys(stepper.read_current()));
      if (!o.narrate) continue;
      const render::StepState state = render::capture_step_state(context, stepper, range);
      const render::Caption caption = render::step_caption(state);
      if (o.json) {
        std::cout << caption_json(state, caption).dump() << "\n";
      } else {
        print_caption(state, caption);
      }
    }
    result = stepper.read_current();
  }
  {
    Runner runner(context, plan);
    runner.set_input(input);
    gpu_ms = runner.run().total_ms;
    KeyArray timed = runner.result();
    if ((o.trace || o.narrate || o.follow) &&
        (timed.words != result.words || timed.values != result.values)) {
      throw std::runtime_error("the stepped and the timed runs of the plan disagree");
    }
    result = std::move(timed);
  }

  const Verification verification = verify_sorted(input, result, spec.descending, algorithm.stable);
  throw_if_interrupted();  // a signal during the sort or the check: write nothing
  if (!o.output.empty()) write_key_file(platform::path_from_utf8(o.output), result);

  std::size_t dispatches = 0;
  for (const Step& step : plan.steps) dispatches += step.groups.total() != 0 ? 1 : 0;

  if (o.json) {
    nlohmann::json out = {
        {"algorithm", plan.algorithm},
        {"n", spec.n},
        {"type", to_string(spec.key_type)},
        {"pairs", spec.pairs},
        {"descending", spec.descending},
        {"input",
         scenario.input.empty() ? std::string(to_string(scenario.distribution)) : scenario.input},
        {"seed", scenario.seed},
        {"device", context.properties().name},
        {"steps", plan.steps.size()},
        {"dispatches", dispatches},
        {"gpu_ms", gpu_ms},
        {"verified", verification.ok},
        {"verification", verification.message},
    };
    if (!plan.tiles.empty()) out["tiles"] = plan.tiles;
    if (const std::string facts = network_facts_text(plan); !facts.empty()) out["network"] = facts;
    if (!spec.disabled.empty()) {
      out["disabled"] = nlohmann::json::array();
      for (const DisabledComparator& d : spec.disabled)
        out["disabled"].push_back(std::to_string(d.layer + 1) + ":" + std::to_string(d.index + 1));
    }
    if (spec.delayed_tile != k_no_delayed_tile) out["delayed_tile"] = spec.delayed_tile;
    out["step_labels"] = nlohmann::json::array();
    for (const Step& step : stepping_plan.steps) out["step_labels"].push_back(step.label);
    if (o.trace) out["trace"] = trace;
    std::cout << out.dump() << "\n";
  } else {
    if (o.trace) {
      std::cout << "input: " << join(trace[0]) << "\n";
      for (std::size_t i = 0; i < stepping_plan.steps.size(); ++i) {
        std::cout << "step " << step_number(stepping_plan, i) << "/"
                  << whole_step_count(stepping_plan) << " (" << stepping_plan.steps[i].label
                  << "): " << join(trace[i + 1]) << "\n";
      }
    }
    std::cout << plan.algorithm << ": " << spec.n << " " << to_string(spec.key_type)
              << (spec.pairs ? " key-value pairs" : " keys") << ", "
              << (spec.descending ? "descending" : "ascending") << ", input "
              << (scenario.input.empty() ? std::string(to_string(scenario.distribution)) +
                                               " (seed " + std::to_string(scenario.seed) + ")"
                                         : scenario.input)
              << ", on " << context.properties().name << "\n";
    if (!plan.tiles.empty()) {
      std::cout << "  " << plan.tiles;
      if (spec.delayed_tile != k_no_delayed_tile) {
        std::cout << "; tile " << spec.delayed_tile + 1 << " publishes "
                  << (spec.delayed_never ? "never" : "late");
      }
      std::cout << "\n";
    }
    if (!spec.disabled.empty()) {
      std::cout << "  disabled comparators (LAYER:I, from 1):";
      for (const DisabledComparator& d : spec.disabled)
        std::cout << " " << d.layer + 1 << ":" << d.index + 1;
      std::cout << "\n";
    }
    if (const std::string facts = network_facts_text(plan); !facts.empty())
      std::cout << "  " << facts << "\n";
    std::cout << "  steps " << plan.steps.size() << ", dispatches " << dispatches << ", GPU time "
              << gpu_ms << " ms\n"
              << "  " << (verification.ok ? "verified: " : "VERIFICATION FAILED: ")
              << verification.message << "\n";
  }
  if (o.lookback_runs > 0 && !o.json) {
    print_lookback_report(context, stepping_plan, input, o.lookback_runs, std::cout);
  }
  return exit_code_after_validation(context, verification.ok ? k_exit_ok : k_exit_unverified);
}

}  // namespace

Command add_run_command(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  auto* sub =
      app.add_subcommand("run", "sort on the GPU, verify against std::sort, print a summary");
  add_scenario_options(*sub, options->scenario);
  sub->add_option("--output,-o", options->output,
                  "write the sorted keys (\"key value\" lines with --pairs; raw binary if the name "
                  "ends in .bin)");
  sub->add_flag("--trace", options->trace, "print the array after every step (n <= 256)");
  sub->add_flag("--json", options->json,
                "print the summary as one JSON object (with --narrate, each step first as one "
                "JSON line: step, title, narration, invariant)");
  sub->add_flag("--narrate", options->narrate,
                "step through the sort and print, for every step, what it did (numbers the GPU "
                "wrote) and what holds after it, checked on the GPU");
  sub->add_option("--follow", options->follow,
                  "step through the sort and print where the key at input position I is after "
                  "every step and why, from the kernels' own records (swap flags, the scan's "
                  "offsets, merge sources); with --json one line per step: step, position, why")
      ->type_name("I");
  sub->add_option("--lookback", options->lookback_runs,
                  "onesweep: step the sort K times more and print, per digit pass, how far its "
                  "tiles looked back and how often the fallback counted a predecessor's keys")
      ->check(CLI::Range(1, 1000));
  sub->get_option("--algo")->description("algorithm: " + algorithm_names() + ", or " +
                                         k_sample_sort + " (over MPI ranks, under mpirun)");
  add_sample_sort_options(*sub, options->sample_sort);
  add_sample_sort_record_options(*sub, options->sample_sort);
  return [options] { return run(*options); };
}

}  // namespace ss::cli
