// Flattening of 2D dispatches. A 1D grid is capped at maxComputeWorkGroupCount[0] (65535 on
// lavapipe), so large arrays spread their workgroups over x and y and every kernel recovers the
// flat workgroup index the same way.
#ifndef SS_GRID_H
#define SS_GRID_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_FN uint flat_group_index(uint group_x, uint group_y, uint groups_x) {
  return group_y * groups_x + group_x;
}

SS_NAMESPACE_END

#endif  // SS_GRID_H
