// Eigen's float matrix-product kernels, compiled once into course_common
// (eigen_kernels.cpp) instead of in every student file.
//
// A product of the course's row-major float matrices (attention scores,
// projections, the heads' weighted sums) makes Eigen instantiate and optimise
// its GEMM and GEMV kernels: after the course headers are precompiled, that
// is most of what is left of compiling such a file (bench/README.md). The
// grader forces this header into every student file it compiles
// (cmake/StudentPch.cmake): the declarations below say "instantiated
// elsewhere", so the student's object only calls them, and the worker links
// them from course_common. A product these do not cover is instantiated in
// the student's file as usual: they change speed, never meaning.
//
// The kernels' block sizes depend on the vector instructions the compiler
// targets; these are the ones of the course's flags on x86-64 (SSE2, no AVX).
// Elsewhere the header declares nothing.
#pragma once

#include <Eigen/Core>

#if defined(EIGEN_VECTORIZE_SSE2) && !defined(EIGEN_VECTORIZE_AVX) && !defined(EIGEN_DONT_VECTORIZE)
#define COURSE_EIGEN_FLOAT_KERNELS 1
// The list, once for the declarations here and once for the definitions in
// eigen_kernels.cpp: X(template-id) for every kernel.
#define COURSE_EIGEN_FLOAT_KERNEL_LIST(X)                                                                             \
  X(gebp_kernel<float, float, Eigen::Index, blas_data_mapper<float, Eigen::Index, ColMajor, Unaligned, 1>, 8, 4,     \
                false, false>)                                                                                        \
  X(gemm_pack_lhs<float, Eigen::Index, const_blas_data_mapper<float, Eigen::Index, RowMajor>, 8, 4, Packet4f,        \
                  RowMajor, false, false>)                                                                            \
  X(gemm_pack_lhs<float, Eigen::Index, const_blas_data_mapper<float, Eigen::Index, ColMajor>, 8, 4, Packet4f,        \
                  ColMajor, false, false>)                                                                            \
  X(gemm_pack_rhs<float, Eigen::Index, const_blas_data_mapper<float, Eigen::Index, ColMajor>, 4, ColMajor, false,    \
                  false>)                                                                                             \
  X(gemm_pack_rhs<float, Eigen::Index, const_blas_data_mapper<float, Eigen::Index, RowMajor>, 4, RowMajor, false,    \
                  false>)                                                                                             \
  X(general_matrix_vector_product<Eigen::Index, float, const_blas_data_mapper<float, Eigen::Index, RowMajor>,        \
                                  RowMajor, false, float, const_blas_data_mapper<float, Eigen::Index, ColMajor>,     \
                                  false, 0>)                                                                          \
  X(general_matrix_vector_product<Eigen::Index, float, const_blas_data_mapper<float, Eigen::Index, ColMajor>,        \
                                  ColMajor, false, float, const_blas_data_mapper<float, Eigen::Index, RowMajor>,     \
                                  false, 0>)

// Packet4f carries a vector attribute that a template argument drops, as
// inside Eigen itself, where the same warning is silenced.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-attributes"
#define COURSE_EIGEN_DECLARE_KERNEL(...) extern template struct __VA_ARGS__;
namespace Eigen::internal {
COURSE_EIGEN_FLOAT_KERNEL_LIST(COURSE_EIGEN_DECLARE_KERNEL)
}  // namespace Eigen::internal
#undef COURSE_EIGEN_DECLARE_KERNEL
#pragma GCC diagnostic pop
#endif
