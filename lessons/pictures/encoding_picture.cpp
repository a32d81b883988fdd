#include "pictures/encoding_picture.hpp"

#include <fmt/format.h>

namespace course::pictures {

course::plot::HeatmapSpec encoding_heatmap(const MatrixXd& pe, double base, int width, int height) {
  course::plot::HeatmapSpec spec;
  spec.rows = static_cast<int>(pe.rows());
  spec.cols = static_cast<int>(pe.cols());
  spec.values.assign(pe.data(), pe.data() + pe.size());  // row-major, like the spec
  spec.title = fmt::format("Positional encoding ({} positions x {} dimensions{})", pe.rows(), pe.cols(),
                           base == 10000.0 ? "" : fmt::format(", base {:g}", base));
  spec.x_label = "Embedding dimension";
  spec.y_label = "Position";
  spec.colorbar = true;
  spec.colorbar_label = "PE value";
  // Sine and cosine live in [-1, 1]: a fixed scale keeps pictures of
  // different sizes comparable (a short sequence never reaches -1 in every column).
  spec.vmin = -1.0;
  spec.vmax = 1.0;
  // A column never written (the lone sine of an odd width, skipped) is 0 in
  // every row, the middle colour, like the correct slow columns at the right,
  // which stay close to 0: the stripes set it apart. A correct sine column is
  // 0 at position 0 only, so from two positions on none is striped (at one
  // position every sine is sin 0 = 0).
  spec.mark_zero_columns = pe.rows() > 1;
  spec.width = width;
  spec.height = height;
  return spec;
}

}  // namespace course::pictures
