// How the learned-vs-fixed bridge packs its structs into pipe values. Shared
// by both sides so the two encodings cannot drift apart.
#pragma once

#include "common/bridge.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace course::bridge::lvf {

/// Values per LengthReport: length, learned_serves, then the two stats of
/// the learned table and the two of the sinusoidal encoding.
inline constexpr std::size_t kReportValues = 6;

inline void append(Values& out, const PositionStats& s) {
  out.push_back(to_value(s.min_distance));
  out.push_back(to_value(s.neighbour_ratio));
}

inline PositionStats stats(const Values& v, std::size_t first, const std::string& what) {
  return {real(v, first, what + ".min_distance"), real(v, first + 1, what + ".neighbour_ratio")};
}

inline void append(Values& out, const LengthReport& r) {
  out.push_back(to_value(r.length));
  out.push_back(to_value(r.learned_serves));
  append(out, r.learned);
  append(out, r.sinusoidal);
}

inline LengthReport report(const Values& v, std::size_t first) {
  LengthReport r;
  r.length = integer(v, first, "length");
  r.learned_serves = boolean(v, first + 1, "learned_serves");
  r.learned = stats(v, first + 2, "learned");
  r.sinusoidal = stats(v, first + 4, "sinusoidal");
  return r;
}

}  // namespace course::bridge::lvf
