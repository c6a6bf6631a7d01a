#pragma once
// The sortscope-cli subcommands. Each registers its options on a CLI11 subcommand and returns
// the process exit code when run; usage and setup errors propagate as exceptions to main().
#include <functional>

#include <CLI/CLI.hpp>

namespace ss {
class Context;
}

namespace ss::cli {

// Exit codes, the same for every subcommand.
inline constexpr int k_exit_ok = 0;
inline constexpr int k_exit_unverified = 1;     // the GPU result differs from std::sort
inline constexpr int k_exit_usage = 2;          // bad input, unusable device, too little memory
inline constexpr int k_exit_validation = 3;     // the Vulkan validation layer reported a problem
inline constexpr int k_exit_gpu_failed = 3;     // the GPU was lost or stopped answering (GpuError)
inline constexpr int k_exit_interrupted = 130;  // SIGINT (143 for SIGTERM: 128 + the signal)

using Command = std::function<int()>;

// `code`, or k_exit_validation (with a line on stderr) when the validation layer reported
// anything on `context` during the command.
int exit_code_after_validation(const Context& context, int code);

Command add_list_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_bench_command(CLI::App& app);
Command add_render_command(CLI::App& app);
Command add_bench_report_command(CLI::App& app);
Command add_verify_command(CLI::App& app);
Command add_kernels_command(CLI::App& app);

}  // namespace ss::cli
