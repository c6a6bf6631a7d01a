#!/usr/bin/env python3
"""Machine code of sortscope's kernels as NVIDIA's Vulkan driver compiled them, for kernel work.

The driver keeps what it compiles in its shader disk cache. Run sortscope with the cache in a
folder of your own (one that exists: without the mkdir and __GL_SHADER_DISK_CACHE=1 the driver
wrote no cache on 2026-11-25), then carve the code out of it and disassemble it with CUDA's
nvdisasm:

    mkdir -p /tmp/nvcache
    __GL_SHADER_DISK_CACHE=1 __GL_SHADER_DISK_CACHE_PATH=/tmp/nvcache \\
        __GL_SHADER_DISK_CACHE_SKIP_CLEANUP=1 sortscope-cli kernels --algo onesweep --n 2^28
    scripts/nvidia-sass.py /tmp/nvcache /tmp/sass --sm 90

Each pipeline becomes kN_<instructions>.bin (raw machine code) and, where nvdisasm is on the
PATH, kN_<instructions>.sass. Which file is which kernel is left to the reader (sizes, barriers,
atomics); a fresh cache folder per experiment keeps it short.

The cache layout is not documented by NVIDIA. What this relies on was read off driver 580.159.04
(H100, 2026-11-23): the cache's .bin files hold zstd frames; a frame that decompresses to a
container starting "NVDANVVMNVuc" has the size (upper 32 bits) and offset (counted from byte 8)
of its code section in the two 64-bit words at bytes 72 and 80. Another driver may differ: the
script says so when it finds no such container. Needs the zstd command.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys

ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
CONTAINER = b"NVDANVVMNVuc"


def frames(data):
    starts = []
    i = data.find(ZSTD_MAGIC)
    while i >= 0:
        starts.append(i)
        i = data.find(ZSTD_MAGIC, i + 4)
    for k, start in enumerate(starts):
        yield data[start:starts[k + 1] if k + 1 < len(starts) else len(data)]


def code_section(container):
    size = int.from_bytes(container[72:80], "little") >> 32
    offset = int.from_bytes(container[80:88], "little")
    code = container[offset + 8:offset + 8 + size]
    return code if size > 0 and size % 16 == 0 and len(code) == size else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cache", help="the folder __GL_SHADER_DISK_CACHE_PATH named")
    parser.add_argument("out", help="folder for the .bin and .sass files")
    parser.add_argument("--sm", default="90", help="SM version for nvdisasm -b (90: H100)")
    args = parser.parse_args()
    if shutil.which("zstd") is None:
        sys.exit("nvidia-sass: needs the zstd command")
    os.makedirs(args.out, exist_ok=True)
    nvdisasm = shutil.which("nvdisasm")
    count = 0
    for path in sorted(glob.glob(os.path.join(args.cache, "**", "*.bin"), recursive=True)):
        with open(path, "rb") as f:
            data = f.read()
        for frame in frames(data):
            raw = subprocess.run(["zstd", "-dc"], input=frame, capture_output=True).stdout
            if not raw.startswith(CONTAINER):
                continue
            code = code_section(raw)
            if code is None:
                continue
            name = os.path.join(args.out, f"k{count}_{len(code) // 16}")
            with open(name + ".bin", "wb") as f:
                f.write(code)
            if nvdisasm:
                with open(name + ".sass", "w") as f:
                    subprocess.run([nvdisasm, "-b", "SM" + args.sm, name + ".bin"], stdout=f,
                                   stderr=subprocess.STDOUT)
            print(f"{name}: {len(code) // 16} instructions")
            count += 1
    if count == 0:
        sys.exit("nvidia-sass: no code found; is this NVIDIA's cache from the driver named above?")


if __name__ == "__main__":
    main()
