#include "common/seeded_init.hpp"

namespace course {

std::uint64_t SplitMix64::next() {
  state_ += 0x9e3779b97f4a7c15ULL;
  std::uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

float SplitMix64::uniform(float bound) {
  // 24 bits fill a float's significand exactly, so u needs no rounding.
  const float u = static_cast<float>(next() >> 40) * 0x1p-24f;
  return (2.0f * u - 1.0f) * bound;
}

}  // namespace course
