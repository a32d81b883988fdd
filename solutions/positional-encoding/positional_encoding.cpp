// Reference solution for exercise pe-formula.
//
// The formula is the lesson's: PE(pos, 2i) = sin(pos * w_i), PE(pos, 2i+1) =
// cos(pos * w_i) with w_i = base^(-2i / d_model). Written directly, that is a
// sin and a cos per pair of entries; this version needs far fewer of these
// slow library calls (21 times fewer at 2048 positions: the hidden sweeps and
// the benchmarks ask for thousands) using the angle-addition identities,
// block by block:
//   pos = start + j, with start a multiple of kBlock and 0 <= j < kBlock:
//   sin(start*w + j*w) = sin(start*w) cos(j*w) + cos(start*w) sin(j*w)
//   cos(start*w + j*w) = cos(start*w) cos(j*w) - sin(start*w) sin(j*w)
// sin/cos(j*w) are tabulated once per column pair, sin/cos(start*w) once per
// block. Every entry is one such sum of two products of library values, never
// the result of a chain of them, so errors do not accumulate: an entry
// differs from sin(pos * w) by about one rounding of the angle, as the seeds'
// NumPy code (which rounds pos * w) does. Measured: at most 4.2e-13 from
// NumPy's values at (2048, 512), within the lesson's 1e-12 (bench/compare.sh;
// the hidden suite's golden test checks the same against NumPy).
#include "positional-encoding/positional_encoding.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace course {

namespace {

// Positions per block: sin/cos calls per column pair are 2 * (seq_len / kBlock + kBlock).
constexpr Index kBlock = 32;

}  // namespace

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  if (seq_len < 0) throw std::invalid_argument("seq_len must be >= 0, got " + std::to_string(seq_len));
  if (d_model < 0) throw std::invalid_argument("d_model must be >= 0, got " + std::to_string(d_model));
  if (!(base > 0) || !std::isfinite(base)) throw std::invalid_argument("base must be a positive finite number");
  MatrixXd pe(seq_len, d_model);
  const Index pairs = (d_model + 1) / 2;  // an odd width ends with a sine that has no cosine partner
  if (seq_len == 0 || pairs == 0) return pe;

  // w_i, with the same expression as the seeds' NumPy version: exp(2i * -(ln(base) / d_model)).
  std::vector<double> frequency(static_cast<std::size_t>(pairs));
  for (Index i = 0; i < pairs; ++i)
    frequency[static_cast<std::size_t>(i)] =
        std::exp(static_cast<double>(2 * i) * -(std::log(base) / static_cast<double>(d_model)));

  // Offsets within a block, (block, pairs) each: sin(j * w_i), cos(j * w_i).
  const Index block = std::min(kBlock, seq_len);
  MatrixXd offset_sin(block, pairs), offset_cos(block, pairs);
  for (Index j = 0; j < block; ++j)
    for (Index i = 0; i < pairs; ++i) {
      const double angle = static_cast<double>(j) * frequency[static_cast<std::size_t>(i)];
      offset_sin(j, i) = std::sin(angle);
      offset_cos(j, i) = std::cos(angle);
    }

  std::vector<double> start_sin(static_cast<std::size_t>(pairs)), start_cos(static_cast<std::size_t>(pairs));
  for (Index start = 0; start < seq_len; start += block) {
    for (Index i = 0; i < pairs; ++i) {
      const double angle = static_cast<double>(start) * frequency[static_cast<std::size_t>(i)];
      start_sin[static_cast<std::size_t>(i)] = std::sin(angle);
      start_cos[static_cast<std::size_t>(i)] = std::cos(angle);
    }
    for (Index j = 0; j < block && start + j < seq_len; ++j) {
      double* row = pe.row(start + j).data();  // row-major: a row is contiguous
      const double* os = offset_sin.row(j).data();
      const double* oc = offset_cos.row(j).data();
      for (Index i = 0; i < d_model / 2; ++i) {
        const double ss = start_sin[static_cast<std::size_t>(i)], sc = start_cos[static_cast<std::size_t>(i)];
        row[2 * i] = ss * oc[i] + sc * os[i];
        row[2 * i + 1] = sc * oc[i] - ss * os[i];
      }
      if (d_model % 2 == 1) {  // the lone sine of an odd width
        const Index i = pairs - 1;
        row[2 * i] = start_sin[static_cast<std::size_t>(i)] * oc[i] + start_cos[static_cast<std::size_t>(i)] * os[i];
      }
    }
  }
  return pe;
}

}  // namespace course
