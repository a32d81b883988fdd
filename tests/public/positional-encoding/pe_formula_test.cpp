#include "common/testing.hpp"
#include "positional-encoding/bridge/proxy.hpp"
#include "positional-encoding/positional_encoding.hpp"

TEST(PeFormula, ShapeIsSeqLenByDModel) {
  auto pe = student::positional_encoding(5, 8);
  EXPECT_TENSOR_NEAR(pe, ref::positional_encoding(5, 8), 1e-12, 0);
}
