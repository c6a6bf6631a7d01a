// sortscope-cli verify: the 0-1 principle on the GPU. Runs a network plan (with any disabled
// comparators) on all 2^n inputs of 0s and 1s; a failing input is run through the plan's own
// kernels to show what the network makes of it, and can be written as a key file to step through.

#include <iomanip>
#include <iostream>
#include <sstream>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_facts.hpp"
#include "cli/commands.hpp"
#include "common/scenario.hpp"
#include "common/scenario_session.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "input/key_file.hpp"
#include "plan/runner.hpp"
#include "platform/terminal.hpp"
#include "platform/utf8_paths.hpp"
#include "verify/zero_one.hpp"

namespace ss::cli {

namespace {

struct VerifyOptions {
  ScenarioOptions scenario;
  std::string counterexample;
  bool allow_slow = false;
};

std::string keys_text(const KeyArray& keys) {
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) out += ' ';
    out += format_text_key(keys.bits(i), keys.type);
  }
  return out;
}

std::string rate_text(double per_second) {
  std::ostringstream out;
  out << std::setprecision(3);
  if (per_second >= 1e9) {
    out << per_second / 1e9 << " G";
  } else if (per_second >= 1e6) {
    out << per_second / 1e6 << " M";
  } else if (per_second >= 1e3) {
    out << per_second / 1e3 << " k";
  } else {
    out << per_second << " ";
  }
  return out.str() + "inputs/s";
}

int verify(const VerifyOptions& o) {
  const Scenario scenario = resolve_scenario(o.scenario);
  const Algorithm& algorithm = *find_algorithm(scenario.algorithm);
  if (!algorithm.network) {
    throw UsageError("verify checks comparator networks (" + network_algorithm_names() +
                     "); got --algo " + scenario.algorithm);
  }
  if (!scenario.input.empty()) {
    throw UsageError("verify runs every 0-1 input itself and takes no --input; use run --input");
  }
  ScenarioSession session(scenario, o.scenario.n_given, [&](std::uint32_t n) {
    if (n > 32) {
      throw UsageError("verify runs all 2^n inputs of 0s and 1s and takes n <= 32 (got n = " +
                       std::to_string(n) + ")");
    }
  });
  const Context& context = session.context();
  const Plan& plan = session.plan();
  const std::uint32_t n = plan.spec.n;
  require_zero_one_checkable(context, plan, o.allow_slow);

  std::cout << plan.algorithm << " network for n = " << n << ", on " << context.properties().name
            << "\n";
  if (!plan.spec.disabled.empty()) {
    std::cout << "  disabled:";
    for (const DisabledComparator& d : plan.spec.disabled)
      std::cout << " " << d.layer + 1 << ":" << d.index + 1;
    std::cout << "\n";
  }
  if (const std::string facts = network_facts_text(plan); !facts.empty()) {
    std::cout << "  " << facts << "\n";
  }
  std::cout.flush();

  ZeroOneOptions options;
  options.allow_slow = o.allow_slow;
  const bool tty = platform::stderr_is_terminal();
  if (tty) {
    options.progress = [](std::uint64_t done, std::uint64_t total) {
      std::cerr << "\r0-1 check: " << std::fixed << std::setprecision(1)
                << 100.0 * double(done) / double(total) << "% of " << total << " inputs   "
                << std::defaultfloat << std::flush;
    };
  }
  const ZeroOneResult result = check_zero_one(context, plan, options);
  if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;

  int code = k_exit_ok;
  if (result.sorts()) {
    std::cout << "  sorts all 2^" << n << " 0-1 inputs, hence every input (0-1 principle)\n";
    if (!o.counterexample.empty()) {
      std::cout << "  no counterexample: " << o.counterexample << " not written\n";
    }
  } else {
    const std::uint32_t bits = *result.failing_input;
    const KeyArray keys = zero_one_keys(bits, plan.spec);
    // What the network makes of it, from the plan's own kernels (disabled comparators skipped).
    Runner runner(context, plan);
    runner.set_input(keys);
    runner.run();
    const KeyArray output = runner.result();
    std::cout << "  fails on input " << keys_text(keys) << " (0-1 input " << bits
              << (plan.spec.descending ? ", keys 1 - bit" : "") << "; key i on wire i)\n"
              << "  the network outputs " << keys_text(output) << "\n";
    bool sorted = true;
    for (std::size_t i = 1; i < output.size(); ++i) {
      if (encoded_key(output, i, plan.spec.descending) <
          encoded_key(output, i - 1, plan.spec.descending))
        sorted = false;
    }
    if (sorted) {
      throw std::runtime_error("the 0-1 check and the plan's kernels disagree on input " +
                               std::to_string(bits));
    }
    throw_if_interrupted();
    if (!o.counterexample.empty()) {
      write_key_file(platform::path_from_utf8(o.counterexample), keys);
      std::cout << "  counterexample written to " << o.counterexample << " (step through it: "
                << "sortscope-cli run --algo " << plan.algorithm << " --input " << o.counterexample
                << (o.scenario.disable.empty() ? "" : " --disable " + o.scenario.disable)
                << " --trace)\n";
    }
    code = k_exit_unverified;
  }
  std::cout << "  " << result.checked << " inputs, " << result.comparators
            << " comparators each, in " << std::setprecision(3) << result.seconds << " s ("
            << rate_text(result.inputs_per_second()) << ")\n";
  return exit_code_after_validation(context, code);
}

}  // namespace

Command add_verify_command(CLI::App& app) {
  auto options = std::make_shared<VerifyOptions>();
  options->scenario.n = "16";
  auto* sub = app.add_subcommand(
      "verify",
      "check a sorting network on the GPU with the 0-1 principle: all 2^n inputs of 0s and 1s "
      "(n <= 32, default 16); exit 0 when it sorts them, 1 when it does not");
  add_scenario_options(*sub, options->scenario);
  sub->add_option("--counterexample", options->counterexample,
                  "when the network fails: write the lowest failing 0-1 input as a key file "
                  "(for run/render --input)");
  sub->add_flag("--allow-slow", options->allow_slow,
                "on a CPU implementation of Vulkan, check n above " +
                    std::to_string(k_zero_one_cpu_max_n) + " too (each wire doubles the time)");
  return [options] { return verify(*options); };
}

}  // namespace ss::cli
