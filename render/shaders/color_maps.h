// Colour maps shared by the bars shader and the ImGui-drawn views, so a digit (or key) has the
// same colour in every picture. Viridis: perceptually uniform, readable with the common forms of
// colour blindness and in greyscale, and ordered, so buckets sorted by digit read as a ramp.
#ifndef SS_COLOR_MAPS_H
#define SS_COLOR_MAPS_H
#include "shared_types.h"

// Viridis as 10 RGB stops (the last is the top end), interpolated linearly.
#define SS_VIRIDIS_STOP_COUNT 10
#define SS_VIRIDIS_STOPS                                                                         \
  0.267, 0.005, 0.329, 0.283, 0.141, 0.458, 0.254, 0.265, 0.530, 0.207, 0.372, 0.553, 0.164,     \
      0.471, 0.558, 0.128, 0.567, 0.551, 0.135, 0.659, 0.518, 0.267, 0.749, 0.441, 0.478, 0.821, \
      0.318, 0.993, 0.906, 0.144

SS_NAMESPACE_BEGIN

// Where a digit of a `buckets`-bucket pass sits on the colour map: 0 for digit 0, 1 for the last.
SS_FN float digit_color_t(uint digit, uint buckets) {
  return buckets > 1u ? float(digit) / float(buckets - 1u) : 0.0f;
}

SS_NAMESPACE_END

#endif  // SS_COLOR_MAPS_H
