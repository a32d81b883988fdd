// The definitions of the kernels eigen_kernels.hpp declares (see there why).
#include "common/eigen_kernels.hpp"

#include <Eigen/Dense>

#ifdef COURSE_EIGEN_FLOAT_KERNELS
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-attributes"
#define COURSE_EIGEN_DEFINE_KERNEL(...) template struct __VA_ARGS__;
namespace Eigen::internal {
COURSE_EIGEN_FLOAT_KERNEL_LIST(COURSE_EIGEN_DEFINE_KERNEL)
}  // namespace Eigen::internal
#undef COURSE_EIGEN_DEFINE_KERNEL
#pragma GCC diagnostic pop
#endif
