// Broken on purpose (grader integration test): the reference formula, and a
// global variable whose initialiser writes through a null pointer, so every
// worker that links this file crashes before it is ready.
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

namespace {

// The pointer itself is volatile, so the compiler cannot prove the write is
// through null and drop it.
int* volatile nowhere = nullptr;
const int crashed = [] {
  *nowhere = 1;
  return 1;
}();

}  // namespace

namespace course {
// Uses the variable, so no compiler leaves the initialiser out.
int positional_encoding_crash_marker() { return crashed; }
}  // namespace course
