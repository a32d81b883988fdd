#include "attention/attention.hpp"
#include <cmath>
namespace course {
/* Softmax, written for the attention lesson. */
MatrixXf softmax_rows(const MatrixXf& s)
{
    MatrixXf p(s.rows(), s.cols());
    for (Index i = 0; i < s.rows(); ++i)
    {
        float mx = -std::numeric_limits<float>::infinity();   // start below everything
        for (Index j = 0; j < s.cols(); ++j)
        {
            if (s(i, j) > mx)
                mx = s(i, j);
        }
        float z = 0.0f;
        for (Index j = 0; j < s.cols(); ++j)
        {
            const float v = std::exp(s(i, j) - mx);
            p(i, j) = v;
            z += v;
        }
        for (Index j = 0; j < s.cols(); ++j)
        {
            p(i, j) = p(i, j) / z;
        }
    }
    return p;
}
}
