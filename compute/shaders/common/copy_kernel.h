// The device's copy bandwidth, the ceiling a sort's effective GB/s is read against: one uvec4
// (16 bytes) per invocation from one buffer to another, the widest plain load and store every
// device has. Bytes moved = 2 x the buffer (read once, written once).
#ifndef SS_COPY_KERNEL_H
#define SS_COPY_KERNEL_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

struct CopyKernel {
  uint vec4s;     // 16-byte elements to copy
  uint groups_x;  // workgroups along x, to flatten a 2D dispatch
};

SS_NAMESPACE_END

#endif  // SS_COPY_KERNEL_H
