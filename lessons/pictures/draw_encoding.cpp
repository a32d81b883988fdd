// picture-encoding: the positional-encoding lesson's heatmap, drawn from the
// student's own positional_encoding (run by `grader picture encoding`).
#include <fmt/format.h>

#include <iostream>

#include "pictures/encoding_picture.hpp"
#include "pictures/picture_program.hpp"
#include "pictures/plot/heatmap.hpp"
#include "positional-encoding/bridge/proxy.hpp"

int main(int argc, char** argv) {
  using namespace course::pictures;
  return picture_main(argc, argv, [](const PictureArgs& args) {
    const course::Index seq_len = args.integer("seq-len");
    const course::Index d_model = args.integer("d-model");
    const double base = args.number("base");
    const std::string call = base == 10000.0 ? fmt::format("positional_encoding({}, {})", seq_len, d_model)
                                             : fmt::format("positional_encoding({}, {}, {:g})", seq_len, d_model, base);
    // pe: (seq_len, d_model)
    const course::MatrixXd pe = student_call(call, [&] { return student::positional_encoding(seq_len, d_model, base); });
    expect_shape(call, {pe.rows(), pe.cols()}, {seq_len, d_model});
    const auto spec = encoding_heatmap(pe, base, static_cast<int>(args.integer("width")),
                                       static_cast<int>(args.integer("height")));
    course::plot::write_heatmap_png(spec, args.output());
    std::cout << fmt::format("drew {}\n", call);
  });
}
