// picture-attention: one heatmap per head of the student's multi-head
// self-attention on a toy input (run by `grader picture attention`).
#include <fmt/format.h>

#include <iostream>

#include "pictures/attention_picture.hpp"
#include "pictures/head_weights.hpp"
#include "pictures/picture_program.hpp"
#include "pictures/plot/heatmap.hpp"
#include "pictures/toy_input.hpp"

int main(int argc, char** argv) {
  using namespace course::pictures;
  return picture_main(argc, argv, [](const PictureArgs& args) {
    const course::Index seq_len = args.integer("seq-len");
    const course::Index embed_dim = args.integer("embed-dim");
    const course::Index heads = args.integer("heads");
    const auto seed = static_cast<std::uint64_t>(args.integer("seed"));
    if (embed_dim % heads != 0)
      throw UsageError(fmt::format(
          "--embed-dim {} is not divisible by --heads {}: each head gets embed_dim / heads dimensions, so pick "
          "e.g. --embed-dim {}",
          embed_dim, heads, (embed_dim / heads + 1) * heads));
    const course::Tensor x = toy_input(seq_len, embed_dim, seed);                  // (1, L, E)
    const course::Tensor weights = per_head_attention_weights(x, heads, seed);  // (1, H, L, L)
    const auto panels = attention_panels(weights, 0, static_cast<int>(args.integer("panel-width")),
                                         static_cast<int>(args.integer("panel-height")));
    const int columns = args.integer("columns") > 0 ? static_cast<int>(args.integer("columns")) : grid_columns(heads);
    const std::string title =
        fmt::format("Attention weights per head ({} positions, embed_dim {}, seed {})", seq_len, embed_dim, seed);
    course::plot::write_heatmap_grid_png(panels, columns, title, args.output());
    std::cout << fmt::format("drew the per-head weights of {}\n", head_weights_source(embed_dim, heads, seed));
  });
}
