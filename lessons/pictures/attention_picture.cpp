#include "pictures/attention_picture.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace course::pictures {

std::vector<course::plot::HeatmapSpec> attention_panels(const Tensor& weights, Index batch_index, int panel_width,
                                                        int panel_height) {
  check_shape("weights", weights, {-1, -1, -1, -1});
  const Index heads = weights.dim(1);
  std::vector<course::plot::HeatmapSpec> panels;
  for (Index h = 0; h < heads; ++h) {
    const auto w = weights.matrix({batch_index, h});  // (L, S)
    course::plot::HeatmapSpec panel;
    panel.rows = static_cast<int>(w.rows());
    panel.cols = static_cast<int>(w.cols());
    panel.values.assign(w.data(), w.data() + w.size());
    panel.title = "Head " + std::to_string(h);
    panel.x_label = "Key position";
    panel.y_label = "Query position";
    panel.colorbar_label = "Attention weight";
    // Weights are probabilities: anchoring the scale at 0 makes "no attention"
    // the darkest colour in every picture.
    panel.vmin = 0.0;
    panel.width = panel_width;
    panel.height = panel_height;
    panels.push_back(std::move(panel));
  }
  return panels;
}

int grid_columns(Index heads) {
  return std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(heads)))));
}

}  // namespace course::pictures
