/*
 * Positional encoding (sinusoidal), Vaswani et al. 2017, section 3.5.
 */
#include "positional-encoding/positional_encoding.hpp"
#include <cmath>
#include <stdexcept>
#include <iostream>

namespace course {

static const bool kDebug = false;

MatrixXd positional_encoding(Index seq_len, Index d_model, double base)
{
    if (seq_len < 0)   throw std::invalid_argument("seq_len");
    if (d_model < 0)   throw std::invalid_argument("d_model");
    if (base <= 0 || std::isnan(base) || std::isinf(base))
        throw std::invalid_argument("base");

    MatrixXd result(seq_len, d_model);
    for (Index j = 0; j < d_model; ++j)
    {
        const Index pair = j / 2;                 // which sin/cos pair
        const double frequency = std::pow(base, -2.0 * static_cast<double>(pair) / static_cast<double>(d_model));
        if (kDebug) {
            std::cerr << "column " << j << " frequency " << frequency << "\n";
        }
        for (Index t = 0; t < seq_len; ++t)
        {
            const double angle = static_cast<double>(t) * frequency;
            result(t, j) = (j % 2 == 0) ? std::sin(angle) : std::cos(angle);
        }
    }
    return result;
}

}  // namespace course
