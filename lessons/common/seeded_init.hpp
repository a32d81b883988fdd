// The course's deterministic generator for parameter initialisation.
//
// PyTorch draws initial weights from its own generator, which a C++ course
// cannot reproduce bit for bit. The course therefore defines its own: a
// splitmix64 stream turned into uniform floats by a fixed recipe. Any two
// implementations that draw the same number of values in the same order get
// the same parameters, so a student's initialisation can be checked exactly.
#pragma once

#include <cstdint>

namespace course {

/// splitmix64 (Steele, Lea and Flood 2014): a 64-bit counter passed through a
/// mixing function. Tiny, fast and fully specified, which is all we need here.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  /// The next 64-bit value of the stream.
  std::uint64_t next();

  /// The next value as a float uniform in [-bound, bound]:
  ///   u = (next() >> 40) * 2^-24        (24 random bits, exact in float, u in [0, 1))
  ///   return (2u - 1) * bound           (2u - 1 is exact; the product is one float rounding)
  /// Each call consumes exactly one next().
  float uniform(float bound);

 private:
  std::uint64_t state_;
};

}  // namespace course
