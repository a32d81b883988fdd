// Per-head attention maps: one heatmap per head, query positions down, key
// positions across.
#pragma once

#include <vector>

#include "common/tensor.hpp"
#include "pictures/plot/heatmap.hpp"

namespace course::pictures {

/// weights: (B, H, L, S); returns H panels for batch element `batch_index`,
/// panel h showing weights.matrix({batch_index, h}) (L rows, S columns) on a
/// shared 0..max scale.
std::vector<course::plot::HeatmapSpec> attention_panels(const Tensor& weights, Index batch_index, int panel_width,
                                                        int panel_height);

/// Panels per row for a grid of `heads` panels: as square as possible.
int grid_columns(Index heads);

}  // namespace course::pictures
