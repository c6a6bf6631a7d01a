// cub_carveout_shim: runs bench/cub_baseline.cu's CUB kernels with less shared memory per SM, to
// see what CUB's tunings are worth within the shared memory a Vulkan compute pipeline gets on an
// NVIDIA H100 (48 KiB per SM, BENCHMARKS.md note 86; CUDA chooses up to 228 KiB per kernel).
//
// CUB sets no carveout itself, so the shim sets one on every kernel it launches: it defines
// __cudaGetKernel, through which nvcc 13's launch stubs look a kernel up before launching it,
// forwards the call to the CUDA runtime, then asks for a preferred carveout of $CARVEOUT percent
// of the SM's shared memory (cudaFuncSetAttribute with
// cudaFuncAttributePreferredSharedMemoryCarveout). The driver rounds the percentage up to a size
// the SM supports (on the H100: 14 gave 32 KiB, 28 gave 64 KiB). An unset or empty $CARVEOUT
// leaves CUDA's own choice. Depends on nvcc 13's launch stubs; with another toolkit check that
// the shim reports itself on stderr.
//
// Build (CUDA 13), the runtime linked dynamically so that the shim's definition is the one the
// stubs reach:
//   nvcc -O3 -std=c++17 -arch=native -cudart shared -o cub_carveout
//     bench/cub_baseline.cu bench/cub_carveout_shim.cpp -ldl
//   CARVEOUT=14 ./cub_carveout 24,28 --impl cub --types u32,f32,u64
// Nsight Compute's LaunchStats section ("Shared Memory Configuration Size") shows the size used.
#include <cuda_runtime_api.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace {

int carveout_percent() {
  const char* text = std::getenv("CARVEOUT");
  return text != nullptr && *text != '\0' ? std::atoi(text) : -1;
}

}  // namespace

extern "C" cudaError_t __cudaGetKernel(cudaKernel_t* kernel, const void* host_function) {
  using GetKernel = cudaError_t (*)(cudaKernel_t*, const void*);
  static const auto next = reinterpret_cast<GetKernel>(dlsym(RTLD_NEXT, "__cudaGetKernel"));
  static const int percent = carveout_percent();
  if (next == nullptr) {
    std::fprintf(stderr, "cub_carveout_shim: the CUDA runtime has no __cudaGetKernel\n");
    std::exit(1);
  }
  const cudaError_t found = next(kernel, host_function);
  if (percent >= 0) {
    const cudaError_t set = cudaFuncSetAttribute(
        host_function, cudaFuncAttributePreferredSharedMemoryCarveout, percent);
    static bool reported = false;
    if (!reported || set != cudaSuccess) {
      std::fprintf(stderr, "cub_carveout_shim: carveout %d%%: %s\n", percent,
                   cudaGetErrorString(set));
      reported = true;
    }
  }
  return found;
}
