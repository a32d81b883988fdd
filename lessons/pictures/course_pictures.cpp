// course-pictures: the course's figures as PNG files, computed by the
// lessons' functions: the reference solutions in the course's own build, the
// student's own files in the handout (lessons/pictures/CMakeLists.txt).
//
//   course-pictures encoding  -o pe.png     positional-encoding heatmap
//   course-pictures attention -o heads.png  per-head attention weights
//
// Exit codes: 0 written, 1 the picture could not be made (an exercise it
// needs is not finished yet, or the file could not be written), 2 bad command line.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdint>
#include <exception>
#include <iostream>
#include <string>

#include "grader/plot/heatmap.hpp"
#include "pictures/attention_picture.hpp"
#include "pictures/encoding_picture.hpp"
#include "pictures/head_weights.hpp"
#include "pictures/toy_input.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace {

using course::Index;

constexpr int kUsageError = 2;

struct EncodingOptions {
  Index seq_len = 50;
  Index d_model = 16;
  double base = 10000.0;
  int width = 800;
  int height = 600;
  std::string output = "pe.png";
};

struct AttentionOptions {
  Index batch = 8;
  Index batch_index = 0;
  Index seq_len = 10;
  Index embed_dim = 32;
  Index heads = 4;
  std::uint64_t seed = 0;
  int columns = 0;
  int panel_width = 420;
  int panel_height = 380;
  std::string output = "heads.png";
};

void add_size_options(CLI::App& cmd, int& width, int& height, const char* what) {
  cmd.add_option("--width", width, fmt::format("{} width in pixels", what))
      ->capture_default_str()
      ->check(CLI::Range(240, 8000));
  cmd.add_option("--height", height, fmt::format("{} height in pixels", what))
      ->capture_default_str()
      ->check(CLI::Range(180, 8000));
}

void add_encoding_command(CLI::App& app, EncodingOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "encoding",
      "Heatmap of the sinusoidal positional encoding: one row per position, one column per embedding dimension.");
  cmd->add_option("--seq-len", o.seq_len, "number of positions (rows)")->capture_default_str()->check(CLI::Range(1, 4096));
  cmd->add_option("--d-model", o.d_model, "embedding width (columns)")->capture_default_str()->check(CLI::Range(1, 4096));
  cmd->add_option("--base", o.base, "wavelength base of the encoding")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  add_size_options(*cmd, o.width, o.height, "picture");
  cmd->add_option("-o,--output", o.output, "PNG file to write")->capture_default_str();
}

void add_attention_command(CLI::App& app, AttentionOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "attention", "Per-head attention weights of multi-head self-attention on a toy input: one panel per head.");
  cmd->footer(
      "Each panel shows one head's weights for one sequence of the batch: query positions down, key positions "
      "across; each row sums to 1. All panels share one colour scale from 0.\n"
      "Input: seeded unit-variance token embeddings plus the sinusoidal positional encoding.\n"
      "Weights: " +
      course::pictures::head_weights_source() + ".");
  cmd->add_option("--batch", o.batch, "sequences in the toy batch")->capture_default_str()->check(CLI::Range(1, 1024));
  cmd->add_option("--batch-index", o.batch_index, "which sequence of the batch to draw (0-based)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seq-len", o.seq_len, "sequence length L (rows and columns of each panel)")
      ->capture_default_str()
      ->check(CLI::Range(1, 512));
  cmd->add_option("--embed-dim", o.embed_dim, "embedding width E; must be divisible by --heads")
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--heads", o.heads, "number of heads H (one panel each)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--seed", o.seed, "seed of the toy input and of the projections")->capture_default_str();
  cmd->add_option("--columns", o.columns, "panels per row (0: as square a grid as possible)")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  add_size_options(*cmd, o.panel_width, o.panel_height, "each panel's");
  cmd->add_option("-o,--output", o.output, "PNG file to write")->capture_default_str();
}

int usage_error(const std::string& message) {
  std::cerr << "course-pictures: " << message << "\nRun with --help for more information.\n";
  return kUsageError;
}

int draw_encoding(const EncodingOptions& o) {
  const course::MatrixXd pe = course::positional_encoding(o.seq_len, o.d_model, o.base);  // (L, d_model)
  const grader::plot::HeatmapSpec spec = course::pictures::encoding_heatmap(pe, o.base, o.width, o.height);
  grader::plot::write_heatmap_png(spec, o.output);
  std::cout << fmt::format("wrote {} ({}x{})", o.output, spec.width, spec.height) << std::endl;
  return 0;
}

int draw_attention(const AttentionOptions& o) {
  if (o.embed_dim % o.heads != 0) {
    return usage_error(fmt::format(
        "attention: --embed-dim {} is not divisible by --heads {}; each head gets embed_dim / heads dimensions, "
        "so pick e.g. --embed-dim {}",
        o.embed_dim, o.heads, (o.embed_dim / o.heads + 1) * o.heads));
  }
  if (o.batch_index >= o.batch) {
    return usage_error(fmt::format("attention: --batch-index {} is outside the batch of {} (valid: 0..{})",
                                   o.batch_index, o.batch, o.batch - 1));
  }
  const course::Tensor x = course::pictures::toy_input(o.batch, o.seq_len, o.embed_dim, o.seed);  // (B, L, E)
  const course::Tensor weights = course::pictures::per_head_attention_weights(x, o.heads, o.seed);  // (B, H, L, L)
  const auto panels = course::pictures::attention_panels(weights, o.batch_index, o.panel_width, o.panel_height);
  const int columns = o.columns > 0 ? o.columns : course::pictures::grid_columns(o.heads);
  const std::string title = fmt::format("Attention weights per head (sequence {} of {}, {} positions, embed_dim {})",
                                        o.batch_index, o.batch, o.seq_len, o.embed_dim);
  grader::plot::write_heatmap_grid_png(panels, columns, title, o.output);
  const auto layout = grader::plot::layout_heatmap_grid(panels, columns, title);
  std::cout << fmt::format("wrote {} ({}x{}, {} head{})", o.output, layout.width, layout.height, o.heads,
                           o.heads == 1 ? "" : "s")
            << std::endl;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "course-pictures: draws the course's figures as PNG files, computed by the lessons' functions (in a student's "
      "copy of the course: your own code)."};
  app.require_subcommand(1);
  app.footer(
      "Examples:\n"
      "  course-pictures encoding --seq-len 50 --d-model 16 -o pe.png\n"
      "  course-pictures attention --seq-len 10 --embed-dim 32 --heads 4 --seed 0 -o heads.png\n"
      "Exit codes: 0 picture written, 1 it could not be made (e.g. the folder is missing), 2 bad command line.");
  EncodingOptions encoding;
  AttentionOptions attention;
  add_encoding_command(app, encoding);
  add_attention_command(app, attention);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kUsageError;
  }

  try {
    if (app.got_subcommand("encoding")) return draw_encoding(encoding);
    return draw_attention(attention);
  } catch (const course::not_implemented& e) {
    // what() is "not implemented: positional_encoding (lesson positional-encoding, exercise pe-formula)".
    std::string what = e.what();
    const std::string prefix = "not implemented: ";
    if (what.rfind(prefix, 0) == 0) what = what.substr(prefix.size());
    std::cerr << "course-pictures: not implemented yet: " << what << "\n"
              << "the pictures are drawn by your own code: finish that exercise first\n"
              << "(`build/bin/grader check LESSON` says when it passes), then run it again.\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "course-pictures: error: " << e.what() << "\n";
    return 1;
  }
}
