#pragma once
// Facts about the running program and the environment it hands to the programs it starts.
#include <cstdint>
#include <string>
#include <vector>

namespace ss::platform {

// The OS's id of this process: it names temporaries that another run must not collide with.
std::uint64_t process_id();

// Sets (replacing) or removes one of this process's environment variables, also seen by
// std::getenv and inherited by the programs started afterwards. Not safe while another thread
// reads the environment: for tests and for main() before any thread starts.
void set_environment_variable(const std::string& name, const std::string& value);
void unset_environment_variable(const std::string& name);

// The command line's arguments, argv[0] first, in UTF-8. POSIX: argv as it is. Windows: argv
// holds them in the ANSI code page, which turns letters outside it into '?', so they are read
// again from the wide command line (GetCommandLineW).
std::vector<std::string> utf8_arguments(int argc, char** argv);

}  // namespace ss::platform
