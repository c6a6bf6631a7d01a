// cub_baseline: times NVIDIA CUB's device sorts on the GPU it runs on, so that sortscope's
// figures have a vendor reference measured the same way on the same machine.
//
// Build and run (CUDA toolkit, an NVIDIA GPU; written against CUDA 13.0 with CUB 3.0):
//   nvcc -O3 -std=c++17 -arch=native -o cub_baseline bench/cub_baseline.cu &&
//     ./cub_baseline 20,24,26,28
// On an H100 `-arch=sm_90` works as well as `-arch=native`. With CMake:
//   cmake -B build -DSORTSCOPE_BUILD_CUB_BASELINE=ON && cmake --build build --target cub_baseline
// (that configures the whole project, so it also needs sortscope's own dependencies).
//
// Usage: cub_baseline LOG2_SIZES [--reps R] [--warmup W] [--types u32,f32,u64]
//                                [--impl cub,cub-mergesort] [--offsets 32,64] [--seed S]
//                                [--device D]
//   LOG2_SIZES  comma-separated exponents, e.g. 20,24,26,28 sorts 2^20, 2^24, 2^26, 2^28 keys
//   --offsets   the widths of num_items to time, each a configuration a user can pick: CUB
//               chooses another tuning per offset type (on the H100 its u32 keys sort 14% faster
//               with a 64-bit count, its pairs faster with a 32-bit one), so both are timed and
//               `sortscope-cli bench-report` compares with the faster. A 32-bit count takes
//               n <= 2^31 - 1.
//
// What it times, per size:
//   impl "cub":           cub::DeviceRadixSort::SortKeys of u32, f32 and u64 keys, and
//                         cub::DeviceRadixSort::SortPairs of u32 keys with u32 values
//   impl "cub-mergesort": cub::DeviceMergeSort::StableSortKeys of u32 keys and
//                         cub::DeviceMergeSort::StableSortPairs of u32 keys with u32 values
//
// Method, matching `sortscope-cli bench`: the input is the same as sortscope's "random"
// distribution for the same seed (SplitMix64, default seed 1; values are the indices 0..n-1),
// held in plain cudaMalloc buffers. Before every run the pristine input is copied back on the
// device, outside the timed region; after W warm-up runs (default 3) each of R runs (default 20)
// is timed with CUDA events around the sort call alone. The median and the minimum are reported.
// The last result is checked in full on the host: keys in order, the same keys as the input, and
// for pairs every value still beside its key (and, for the stable merge sort, equal keys in input
// order). A failed check prints a message and the exit status is 1; bad usage exits with 2.
//
// Output: one JSON Lines row per measurement on stdout, in the schema of
// `sortscope-cli bench --json` (impl, type, pairs, n, ms, gkeys_per_s, device, driver, date,
// command, ms_min, reps, descending, verified) plus "offsets", the width of num_items (32 or 64);
// progress goes to stderr.
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/version.cuh>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Usage errors exit with 2, CUDA errors and failed checks with 1 (as sortscope-cli does).
[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "cub_baseline: %s\n", message.c_str());
  std::fprintf(stderr,
               "usage: cub_baseline LOG2_SIZES [--reps R] [--warmup W] [--types u32,f32,u64] "
               "[--impl cub,cub-mergesort] [--offsets 32,64] [--seed S] [--device D]\n"
               "  e.g. cub_baseline 20,24,26,28 --reps 20\n");
  std::exit(2);
}

void check_cuda(cudaError_t status, const char* what, int line) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "cub_baseline: line %d: %s failed: %s\n", line, what,
               cudaGetErrorString(status));
  std::exit(1);
}

#define CHECK_CUDA(call) check_cuda((call), #call, __LINE__)

// ---- Input: sortscope's "random" distribution (compute/input/distributions.cpp) ----

// SplitMix64, as in compute/input/rng.hpp: the same seed gives the same keys everywhere.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

enum class KeyType { u32, f32, u64 };

const char* schema_type(KeyType type) {
  switch (type) {
    case KeyType::u32:
      return "uint32";
    case KeyType::f32:
      return "float32";
    case KeyType::u64:
      return "uint64";
  }
  return "?";
}

const char* short_name(KeyType type) {
  switch (type) {
    case KeyType::u32:
      return "u32";
    case KeyType::f32:
      return "f32";
    case KeyType::u64:
      return "u64";
  }
  return "?";
}

// One 64-bit level per key, mapped to the key type as sortscope maps it.
void key_from_level(std::uint64_t level, std::uint32_t& key) {
  key = static_cast<std::uint32_t>(level >> 32);
}
void key_from_level(std::uint64_t level, std::uint64_t& key) {
  key = level;
}
void key_from_level(std::uint64_t level, float& key) {
  // [-1000, 1000), negative and positive keys.
  const double unit = double(level >> 11) * 0x1.0p-53;
  key = static_cast<float>(unit * 2000.0 - 1000.0);
}

template <class Key>
std::vector<Key> random_keys(std::size_t n, std::uint64_t seed) {
  // Distribution::random is enumerator 0 in sortscope, hence "+ 0".
  SplitMix64 rng(seed * 0x2545f4914f6cdd1dull + 0);
  std::vector<Key> keys(n);
  for (Key& key : keys) key_from_level(rng.next(), key);
  return keys;
}

// ---- Sorts ----

enum class Impl { radix, merge };

const char* impl_name(Impl impl) {
  return impl == Impl::radix ? "cub" : "cub-mergesort";
}

struct Less {
  template <class T>
  __host__ __device__ bool operator()(const T& a, const T& b) const {
    return a < b;
  }
};

// Device buffers of one measurement. The radix sort reads keys/values and writes
// keys_out/values_out; the merge sort sorts keys/values in place. `pristine_*` hold the input.
template <class Key>
struct Buffers {
  std::uint32_t n = 0;
  bool pairs = false;
  Key* pristine_keys = nullptr;
  Key* keys = nullptr;
  Key* keys_out = nullptr;
  std::uint32_t* pristine_values = nullptr;
  std::uint32_t* values = nullptr;
  std::uint32_t* values_out = nullptr;
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
};

// `Count` is the type of num_items, int or std::int64_t: CUB's dispatch picks its offset type and
// tuning from it.
template <class Count, class Key>
cudaError_t run_sort(Impl impl, Buffers<Key>& b, void* temp, std::size_t& temp_bytes) {
  const Count n = static_cast<Count>(b.n);
  if (impl == Impl::radix) {
    if (b.pairs) {
      return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, b.keys, b.keys_out, b.values,
                                             b.values_out, n);
    }
    return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, b.keys, b.keys_out, n);
  }
  if (b.pairs) {
    return cub::DeviceMergeSort::StableSortPairs(temp, temp_bytes, b.keys, b.values, n, Less{});
  }
  return cub::DeviceMergeSort::StableSortKeys(temp, temp_bytes, b.keys, n, Less{});
}

template <class Key>
cudaError_t run_sort(int offsets, Impl impl, Buffers<Key>& b, void* temp, std::size_t& temp_bytes) {
  return offsets == 64 ? run_sort<std::int64_t>(impl, b, temp, temp_bytes)
                       : run_sort<int>(impl, b, temp, temp_bytes);
}

// ---- Verification ----

template <class Key>
std::uint64_t key_bits(Key key) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &key, sizeof key);
  return bits;
}

// An order-independent fingerprint of a multiset of keys.
template <class Key>
std::uint64_t multiset_hash(const std::vector<Key>& keys) {
  std::uint64_t sum = 0;
  for (Key key : keys) sum += SplitMix64(key_bits(key)).next();
  return sum;
}

// Checks the sorted output against the input; returns an empty string or what is wrong.
template <class Key>
std::string verify(const std::vector<Key>& input, const std::vector<Key>& keys,
                   const std::vector<std::uint32_t>& values, bool pairs, bool stable) {
  const std::size_t n = input.size();
  for (std::size_t i = 1; i < n; ++i) {
    if (keys[i] < keys[i - 1]) return "keys out of order at index " + std::to_string(i);
  }
  if (!pairs) {
    if (multiset_hash(keys) != multiset_hash(input)) return "the keys differ from the input's";
    return {};
  }
  // Values are the input indices: each must appear once and point at an equal key.
  std::vector<bool> seen(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t v = values[i];
    if (v >= n || seen[v]) return "values are not a permutation (index " + std::to_string(i) + ")";
    seen[v] = true;
    if (key_bits(input[v]) != key_bits(keys[i])) {
      return "value at index " + std::to_string(i) + " is not beside its key";
    }
    if (stable && i > 0 && !(keys[i - 1] < keys[i]) && values[i - 1] > v) {
      return "equal keys out of input order at index " + std::to_string(i);
    }
  }
  return {};
}

// ---- Output ----

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

struct Context {
  std::string device;
  std::string driver;
  std::string date;
  std::string command;
  int reps = 20;
  int warmup = 3;
  std::uint64_t seed = 1;
};

struct Row {
  Impl impl;
  int offsets;
  KeyType type;
  bool pairs;
  std::uint32_t n;
  double ms;
  double ms_min;
  bool verified;
};

void emit(const Context& c, const Row& r) {
  const double gkeys = r.ms > 0 ? r.n / (r.ms * 1e6) : 0;
  std::printf(
      "{\"impl\":\"%s\",\"type\":\"%s\",\"pairs\":%s,\"n\":%u,\"ms\":%.6g,\"gkeys_per_s\":%.6g,"
      "\"device\":%s,\"driver\":%s,\"date\":%s,\"command\":%s,\"ms_min\":%.6g,\"reps\":%d,"
      "\"descending\":false,\"verified\":%s,\"offsets\":%d}\n",
      impl_name(r.impl), schema_type(r.type), r.pairs ? "true" : "false", r.n, r.ms, gkeys,
      json_string(c.device).c_str(), json_string(c.driver).c_str(), json_string(c.date).c_str(),
      json_string(c.command).c_str(), r.ms_min, c.reps, r.verified ? "true" : "false", r.offsets);
  std::fflush(stdout);
}

// ---- One measurement ----

template <class Key>
bool measure(const Context& c, int offsets, Impl impl, KeyType type, bool pairs, std::uint32_t n) {
  if (offsets == 32 && n > std::uint32_t(std::numeric_limits<int>::max())) {
    std::fprintf(stderr, "cub_baseline: %s %s n=%u: no 32-bit count holds n, skipped\n",
                 impl_name(impl), short_name(type), n);
    return true;
  }
  std::fprintf(stderr, "cub_baseline: %s/%d %s%s n=%u (%d warm-up + %d timed runs)\n",
               impl_name(impl), offsets, short_name(type), pairs ? " pairs" : "", n, c.warmup,
               c.reps);
  const std::vector<Key> input = random_keys<Key>(n, c.seed);
  const std::size_t key_bytes = std::size_t(n) * sizeof(Key);
  const std::size_t value_bytes = std::size_t(n) * sizeof(std::uint32_t);

  Buffers<Key> b;
  b.n = n;
  b.pairs = pairs;
  CHECK_CUDA(cudaMalloc(&b.pristine_keys, key_bytes));
  CHECK_CUDA(cudaMalloc(&b.keys, key_bytes));
  if (impl == Impl::radix) CHECK_CUDA(cudaMalloc(&b.keys_out, key_bytes));
  CHECK_CUDA(cudaMemcpy(b.pristine_keys, input.data(), key_bytes, cudaMemcpyHostToDevice));
  if (pairs) {
    std::vector<std::uint32_t> indices(n);
    for (std::uint32_t i = 0; i < n; ++i) indices[i] = i;
    CHECK_CUDA(cudaMalloc(&b.pristine_values, value_bytes));
    CHECK_CUDA(cudaMalloc(&b.values, value_bytes));
    if (impl == Impl::radix) CHECK_CUDA(cudaMalloc(&b.values_out, value_bytes));
    CHECK_CUDA(cudaMemcpy(b.pristine_values, indices.data(), value_bytes, cudaMemcpyHostToDevice));
  }
  CHECK_CUDA(run_sort(offsets, impl, b, nullptr, b.temp_bytes));
  CHECK_CUDA(cudaMalloc(&b.temp, std::max<std::size_t>(b.temp_bytes, 1)));

  auto restore = [&] {
    CHECK_CUDA(cudaMemcpyAsync(b.keys, b.pristine_keys, key_bytes, cudaMemcpyDeviceToDevice));
    if (pairs) {
      CHECK_CUDA(
          cudaMemcpyAsync(b.values, b.pristine_values, value_bytes, cudaMemcpyDeviceToDevice));
    }
  };

  for (int i = 0; i < c.warmup; ++i) {
    restore();
    CHECK_CUDA(run_sort(offsets, impl, b, b.temp, b.temp_bytes));
  }
  CHECK_CUDA(cudaDeviceSynchronize());

  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  std::vector<double> times;
  for (int i = 0; i < c.reps; ++i) {
    restore();  // in stream order before `start`, so the copy is not timed
    CHECK_CUDA(cudaEventRecord(start));
    CHECK_CUDA(run_sort(offsets, impl, b, b.temp, b.temp_bytes));
    CHECK_CUDA(cudaEventRecord(stop));
    CHECK_CUDA(cudaEventSynchronize(stop));
    CHECK_CUDA(cudaGetLastError());
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms);
  }
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  std::sort(times.begin(), times.end());

  const Key* result_keys = impl == Impl::radix ? b.keys_out : b.keys;
  const std::uint32_t* result_values = impl == Impl::radix ? b.values_out : b.values;
  std::vector<Key> keys(n);
  std::vector<std::uint32_t> values;
  CHECK_CUDA(cudaMemcpy(keys.data(), result_keys, key_bytes, cudaMemcpyDeviceToHost));
  if (pairs) {
    values.resize(n);
    CHECK_CUDA(cudaMemcpy(values.data(), result_values, value_bytes, cudaMemcpyDeviceToHost));
  }
  const std::string problem = verify(input, keys, values, pairs, impl == Impl::merge);
  if (!problem.empty()) {
    std::fprintf(stderr, "cub_baseline: %s/%d %s%s n=%u NOT SORTED: %s\n", impl_name(impl), offsets,
                 short_name(type), pairs ? " pairs" : "", n, problem.c_str());
  }

  for (void* p : {static_cast<void*>(b.pristine_keys), static_cast<void*>(b.keys),
                  static_cast<void*>(b.keys_out), static_cast<void*>(b.pristine_values),
                  static_cast<void*>(b.values), static_cast<void*>(b.values_out), b.temp}) {
    if (p != nullptr) CHECK_CUDA(cudaFree(p));
  }

  emit(c, {impl, offsets, type, pairs, n, times[times.size() / 2], times.front(), problem.empty()});
  return problem.empty();
}

// ---- Command line ----

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream stream(list);
  for (std::string item; std::getline(stream, item, ',');) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

long long parse_integer(const std::string& text, const char* what, long long lo, long long hi) {
  char* end = nullptr;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || value < lo || value > hi) {
    usage_error(std::string(what) + " '" + text + "' is not an integer in [" + std::to_string(lo) +
                ", " + std::to_string(hi) + "]");
  }
  return value;
}

bool contains(const std::vector<std::string>& list, const char* name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

int main(int argc, char** argv) {
  Context c;
  std::string sizes_text;
  std::vector<std::string> types = {"u32", "f32", "u64"};
  std::vector<std::string> impls = {"cub", "cub-mergesort"};
  std::vector<int> offsets = {32, 64};
  int device = 0;

  c.command = "cub_baseline";
  for (int i = 1; i < argc; ++i) c.command += std::string(" ") + argv[i];

  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage_error(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help") {
      std::printf(
          "cub_baseline LOG2_SIZES [--reps R] [--warmup W] [--types u32,f32,u64] "
          "[--impl cub,cub-mergesort] [--offsets 32,64] [--seed S] [--device D]\n"
          "Times cub::DeviceRadixSort (impl cub) and cub::DeviceMergeSort (impl cub-mergesort),\n"
          "each called with a 32- and a 64-bit num_items (--offsets), and prints JSON Lines in\n"
          "the schema of `sortscope-cli bench --json` with \"offsets\" added.\n");
      return 0;
    } else if (arg == "--reps") {
      c.reps = static_cast<int>(parse_integer(value(), "--reps", 1, 1000000));
    } else if (arg == "--warmup") {
      c.warmup = static_cast<int>(parse_integer(value(), "--warmup", 0, 1000000));
    } else if (arg == "--types") {
      types = split(value());
      for (const auto& t : types) {
        if (t != "u32" && t != "f32" && t != "u64") {
          usage_error("unknown key type '" + t + "'; choose from: u32, f32, u64");
        }
      }
    } else if (arg == "--impl") {
      impls = split(value());
      for (const auto& name : impls) {
        if (name != "cub" && name != "cub-mergesort") {
          usage_error("unknown impl '" + name + "'; choose from: cub, cub-mergesort");
        }
      }
    } else if (arg == "--offsets") {
      offsets.clear();
      for (const auto& width : split(value())) {
        if (width != "32" && width != "64") {
          usage_error("unknown offset width '" + width + "'; choose from: 32, 64");
        }
        offsets.push_back(width == "32" ? 32 : 64);
      }
    } else if (arg == "--seed") {
      c.seed = static_cast<std::uint64_t>(
          parse_integer(value(), "--seed", 0, std::numeric_limits<long long>::max()));
    } else if (arg == "--device") {
      device = static_cast<int>(parse_integer(value(), "--device", 0, 1024));
    } else if (!arg.empty() && arg[0] == '-') {
      usage_error("unknown option '" + arg + "'");
    } else if (sizes_text.empty()) {
      sizes_text = arg;
    } else {
      usage_error("unexpected argument '" + arg + "'");
    }
  }
  if (sizes_text.empty()) usage_error("no sizes given");
  std::vector<std::uint32_t> sizes;
  for (const auto& log2 : split(sizes_text)) {
    sizes.push_back(std::uint32_t(1) << parse_integer(log2, "log2 size", 0, 31));
  }
  if (sizes.empty()) usage_error("no sizes given");
  if (types.empty() || impls.empty() || offsets.empty()) {
    usage_error("--types, --impl and --offsets must not be empty");
  }
  const bool radix = contains(impls, "cub");
  const bool merge = contains(impls, "cub-mergesort");
  const bool u32 = contains(types, "u32");
  if (!u32 && !radix) usage_error("cub-mergesort is timed for u32 keys only; add --types u32");

  CHECK_CUDA(cudaSetDevice(device));
  cudaDeviceProp properties;
  CHECK_CUDA(cudaGetDeviceProperties(&properties, device));
  c.device = properties.name;
  int runtime_version = 0;
  CHECK_CUDA(cudaRuntimeGetVersion(&runtime_version));
  c.driver = "CUDA " + std::to_string(runtime_version) + ", CUB " + std::to_string(CUB_VERSION);
  char date[16];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  c.date = date;

  bool all_verified = true;
  for (const std::uint32_t n : sizes) {
    for (const int o : offsets) {
      if (u32) {
        if (radix) {
          all_verified &= measure<std::uint32_t>(c, o, Impl::radix, KeyType::u32, false, n);
          all_verified &= measure<std::uint32_t>(c, o, Impl::radix, KeyType::u32, true, n);
        }
        if (merge) {
          all_verified &= measure<std::uint32_t>(c, o, Impl::merge, KeyType::u32, false, n);
          all_verified &= measure<std::uint32_t>(c, o, Impl::merge, KeyType::u32, true, n);
        }
      }
      if (radix && contains(types, "f32")) {
        all_verified &= measure<float>(c, o, Impl::radix, KeyType::f32, false, n);
      }
      if (radix && contains(types, "u64")) {
        all_verified &= measure<std::uint64_t>(c, o, Impl::radix, KeyType::u64, false, n);
      }
    }
  }
  return all_verified ? 0 : 1;
}
