#pragma once
// Writes the ranks' sorted parts as one key file, in the format a one-GPU run writes (key_file.hpp:
// .bin records or text lines), each rank its own bytes at its offset through MPI-IO. All or
// nothing, like AtomicFile: the ranks write a temporary beside the destination, and rank 0
// renames it over the destination once every rank has written and closed it.
#include <filesystem>

#include "plan/key_array.hpp"

namespace ss {

class MpiWorld;

// Collective. Throws UsageError (the same on every rank) when the file cannot be written.
void write_distributed_key_file(const MpiWorld& world, const std::filesystem::path& path,
                                const KeyArray& part);

}  // namespace ss
