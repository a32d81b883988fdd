// Broken on purpose (grader integration test): every call writes through a
// null row pointer before doing anything else, so the worker dies of SIGSEGV.
#include "positional-encoding/positional_encoding.hpp"

#include <cmath>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  // The row table is never filled in; both volatiles keep the optimiser from
  // proving the pointer null or dropping the store, so the crash is certain.
  double* volatile rows[1] = {nullptr};
  volatile double* row = rows[0];
  row[0] = std::sin(0.0);
  MatrixXd pe(seq_len, d_model);
  for (Index i = 0; i < d_model; i += 2) {
    const double inverse_wavelength = std::pow(base, -static_cast<double>(i) / static_cast<double>(d_model));
    for (Index pos = 0; pos < seq_len; ++pos) {
      pe(pos, i) = std::sin(static_cast<double>(pos) * inverse_wavelength);
      if (i + 1 < d_model) pe(pos, i + 1) = std::cos(static_cast<double>(pos) * inverse_wavelength);
    }
  }
  return pe;
}

}  // namespace course
