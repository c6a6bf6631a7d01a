// sortscope-cli: sorts on the GPU from the command line, without a window.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <vulkan/vulkan.hpp>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "platform/this_process.hpp"

namespace {

// Ends the process with its streams flushed but without the exit handlers, for an end that may
// leave work running on another thread (a CPU sort, a kernel on the driver's own threads) which
// the libraries' teardown at exit must not race. Everything the command made is unwound by then.
[[noreturn]] void exit_without_teardown(int code) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(code);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace ss::cli;
  CLI::App app{
      "sortscope-cli: GPU sorting kernels (Vulkan compute), stepped or timed\n"
      "exit codes: 0 sorted and verified, 1 verification failed, 2 bad usage or setup, 3 the GPU "
      "lost or hung (the message names what ran) or Vulkan validation messages, 130 interrupted "
      "(no partial output is left)",
      "sortscope-cli"};
  // Options are --name on every OS. CLI11 would also read /name as one on Windows, taking a path
  // such as /data/keys.jsonl for an unknown option (before the subcommands, which inherit it).
  app.allow_windows_style_options(false);
  app.require_subcommand(1);
  app.set_version_flag("--version", "sortscope-cli 0.1.0");
  std::map<CLI::App*, Command> commands;
  for (auto add : {&add_list_command, &add_run_command, &add_bench_command, &add_render_command,
                   &add_bench_report_command, &add_verify_command, &add_kernels_command}) {
    Command command = add(app);
    commands[app.get_subcommands({}).back()] = std::move(command);  // the one just added
  }
  // In UTF-8 on every OS, so the paths in the options reach platform::path_from_utf8 intact.
  std::vector<std::string> arguments = ss::platform::utf8_arguments(argc, argv);
  std::vector<char*> argument_pointers;
  for (std::string& argument : arguments) argument_pointers.push_back(argument.data());
  try {
    app.parse(static_cast<int>(argument_pointers.size()), argument_pointers.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "sortscope-cli: error: " << e.what() << " (see --help)\n";
    return k_exit_usage;
  }
  ss::install_interrupt_handlers();
  try {
    for (CLI::App* sub : app.get_subcommands()) {
      const int code = commands.at(sub)();
      if (!std::cout.flush()) {
        std::cerr << "sortscope-cli: error: cannot write standard output\n";
        return k_exit_usage;
      }
      return code;
    }
  } catch (const ss::Interrupted&) {
    std::cerr << "sortscope-cli: interrupted; the GPU finished its last submission and no "
                 "partial output was written\n";
    // A CPU sort may be left to finish on its own thread (run_interruptibly).
    exit_without_teardown(ss::interrupt_exit_code());
  } catch (const ss::GpuError& e) {
    std::cerr << "sortscope-cli: error: " << e.what() << "\n";
    // A device given up as hung may still run its kernel on the driver's own threads (lavapipe's),
    // whose teardown at exit would unload the code under them (a crash after the message, seen once
    // on a loaded 2-core machine).
    exit_without_teardown(k_exit_gpu_failed);
  } catch (const vk::DeviceLostError& e) {  // outside a submission's wait (e.g. a query's)
    std::cerr << "sortscope-cli: error: the GPU was lost (VK_ERROR_DEVICE_LOST: " << e.what()
              << "); the result is lost. Check the driver's log (e.g. dmesg), then run again\n";
    return k_exit_gpu_failed;
  } catch (const ss::UsageError& e) {
    std::cerr << "sortscope-cli: error: " << e.what() << "\n";
    return k_exit_usage;
  } catch (const ss::SetupError& e) {
    std::cerr << "sortscope-cli: error: " << e.what() << "\n";
    return k_exit_usage;
  } catch (const std::exception& e) {
    std::cerr << "sortscope-cli: error: " << e.what() << "\n";
    return k_exit_usage;
  }
  return k_exit_usage;
}
