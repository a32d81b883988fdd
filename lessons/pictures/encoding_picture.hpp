// The positional-encoding heatmap of the lesson (positions down, embedding
// dimensions across), as in the lesson's matplotlib example.
#pragma once

#include "common/tensor.hpp"
#include "pictures/plot/heatmap.hpp"

namespace course::pictures {

/// pe: (L, D) encodings from positional_encoding(L, D, base); one row per
/// position, one column per embedding dimension.
course::plot::HeatmapSpec encoding_heatmap(const MatrixXd& pe, double base, int width, int height);

}  // namespace course::pictures
