// Lets one header serve both GLSL and C++: in C++ the GLSL scalar names map to fixed-width
// integers inside ss::gpu, functions become inline, constants constexpr and out parameters
// references. Included first by every header that both sides share.
#ifndef SS_SHARED_TYPES_H
#define SS_SHARED_TYPES_H

#ifdef __cplusplus
#include <cstdint>
#define SS_NAMESPACE_BEGIN \
  namespace ss::gpu {      \
  using uint = std::uint32_t;
#define SS_NAMESPACE_END }
#define SS_FN inline
#define SS_CONST inline constexpr
#define SS_OUT(type) type&
#else
#define SS_NAMESPACE_BEGIN
#define SS_NAMESPACE_END
#define SS_FN
#define SS_CONST const
#define SS_OUT(type) out type
#endif

#endif  // SS_SHARED_TYPES_H
