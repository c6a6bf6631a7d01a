#include "algorithms/algorithm.hpp"

#include <array>
#include <string>

#include "algorithms/batcher.hpp"
#include "algorithms/transposition.hpp"
#include "core/errors.hpp"

namespace ss {

namespace {

const std::array k_algorithms = {
    Algorithm{"batcher",
              "Batcher's odd-even mergesort: one dispatch per network layer, any n (virtual +inf "
              "padding)",
              false, true, 1ull << 31, &plan_batcher},
    Algorithm{"transposition",
              "odd-even transposition sort: n passes of neighbour compare-exchange, stable", true,
              true, 1ull << 17, &plan_transposition},
};

}  // namespace

std::span<const Algorithm> algorithms() {
  return k_algorithms;
}

const Algorithm* find_algorithm(std::string_view name) {
  for (const Algorithm& a : k_algorithms) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

std::string algorithm_names() {
  std::string names;
  for (const Algorithm& a : k_algorithms) {
    if (!names.empty()) names += ", ";
    names += a.name;
  }
  return names;
}

Plan make_plan(std::string_view name, const SortSpec& spec, const DeviceLimits& limits) {
  const Algorithm* algorithm = find_algorithm(name);
  if (algorithm == nullptr) {
    throw UsageError("unknown algorithm '" + std::string(name) +
                     "'; choose one of: " + algorithm_names());
  }
  if (spec.n > algorithm->max_n) {
    throw UsageError(std::string(algorithm->name) +
                     " takes n <= " + std::to_string(algorithm->max_n) +
                     " (got n = " + std::to_string(spec.n) + ")" +
                     (algorithm->name == "transposition" ? "; it runs one dispatch per key" : ""));
  }
  return algorithm->make_plan(spec, limits);
}

}  // namespace ss
