// order-experiment: the experiment of lesson order-matters, run on YOUR code.
// It is built from your workspace's files of this lesson and of the lessons
// it uses (attention, positional-encoding), so what it prints is what your
// implementation computes.
//
//   order-experiment                                  "dog bites man" vs "man bites dog"
//   order-experiment "the cat sees a bird" "a bird sees the cat" -o order.png
//   order-experiment --weights order-weights.png      also draw the attention weights
//
// Exit codes: 0 done, 1 an exercise is not finished yet (or the picture could
// not be written), 2 bad command line or a sentence the toy model cannot read.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "grader/plot/heatmap.hpp"
#include "order-matters/order_matters.hpp"

namespace {

using course::Index;

constexpr int kNotFinished = 1;
constexpr int kUsageError = 2;

std::vector<std::string> split_words(const std::string& sentence) {
  std::istringstream in(sentence);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

// One sentence through the toy model, the two ways the lesson compares.
struct Runs {
  course::AttentionResult without;  // output (L, E), weights (L, L)
  course::AttentionResult with;
};

Runs run(const std::vector<std::string>& words) {
  const course::MatrixXf x = course::embed(words);  // (L, E)
  return {course::self_attend(x), course::self_attend(course::with_positions(x))};
}

grader::plot::HeatmapSpec panel(const course::MatrixXf& m, const std::string& title, const std::string& x_label,
                                 const std::string& y_label, const std::string& colorbar_label) {
  grader::plot::HeatmapSpec p;
  p.rows = static_cast<int>(m.rows());
  p.cols = static_cast<int>(m.cols());
  p.values.assign(m.data(), m.data() + m.size());
  p.title = title;
  p.x_label = x_label;
  p.y_label = y_label;
  p.colorbar_label = colorbar_label;
  p.width = 460;
  p.height = 340;
  return p;
}

// A 2 x 2 grid: sentences across, without / with encoding down.
void write_grid(const std::string& path, const std::string& title, const std::vector<std::string>& a,
                const std::vector<std::string>& b, const Runs& run_a, const Runs& run_b, bool weights) {
  auto pick = [&](const course::AttentionResult& r) -> const course::MatrixXf& { return weights ? r.weights : r.output; };
  const std::string x_label = weights ? "Key position (word looked at)" : "Feature";
  const std::string y_label = weights ? "Query position (word asking)" : "Word position";
  const std::string bar = weights ? "Attention weight" : "Output value";
  std::vector<grader::plot::HeatmapSpec> panels = {
      panel(pick(run_a.without), "\"" + joined(a) + "\", no encoding", x_label, y_label, bar),
      panel(pick(run_b.without), "\"" + joined(b) + "\", no encoding", x_label, y_label, bar),
      panel(pick(run_a.with), "\"" + joined(a) + "\", with encoding", x_label, y_label, bar),
      panel(pick(run_b.with), "\"" + joined(b) + "\", with encoding", x_label, y_label, bar)};
  // Weights are probabilities: anchoring at 0 keeps "no attention" the darkest colour.
  if (weights) panels[0].vmin = 0.0;
  grader::plot::write_heatmap_grid_png(panels, 2, title, path);
}

// The sentence vectors (mean of the output rows) of both sentences, both ways.
struct Pooled {
  course::VectorXf a_without, b_without, a_with, b_with;  // each (E)
};

std::string vector_text(const course::VectorXf& v) {
  std::string s;
  for (Index i = 0; i < v.size(); ++i) s += fmt::format("{:8.3f}", v(i));
  return s;
}

void print_pooled(const Pooled& p) {
  std::cout << "\n  sentence vectors, mean_pool of the outputs (E = " << p.a_without.size() << " features):\n";
  std::cout << fmt::format("    without encoding   A {}\n", vector_text(p.a_without));
  std::cout << fmt::format("                       B {}\n", vector_text(p.b_without));
  std::cout << fmt::format("    with encoding      A {}\n", vector_text(p.a_with));
  std::cout << fmt::format("                       B {}\n", vector_text(p.b_with));
}

void print_table(const std::vector<std::string>& a, const std::vector<std::string>& b, const course::OrderComparison& c) {
  std::cout << fmt::format("Does order matter?  A = \"{}\"   B = \"{}\"   (toy model, E = {})\n\n", joined(a), joined(b),
                           course::toy::kEmbedDim);
  std::cout << fmt::format("  {:<36}{:>18}{:>18}\n", "", "without encoding", "with encoding");
  std::cout << fmt::format("  {:<36}{:>18.6g}{:>18.6g}\n", "pooled distance |mean(A) - mean(B)|",
                           c.pooled_distance_without, c.pooled_distance_with);
  std::cout << fmt::format("  {:<36}{:>18.6g}{:>18.6g}\n", "permutation error (max |diff|)",
                           c.permutation_error_without, c.permutation_error_with);
  std::string perm;
  for (std::size_t j = 0; j < c.permutation.size(); ++j)
    perm += fmt::format("{}{}->{}", j ? ", " : "", j, c.permutation[j]);
  std::cout << fmt::format("\n  word j of B is word permutation[j] of A: {}\n", perm);
  std::cout << "\n  Without encoding, B's outputs are A's outputs in B's word order (error ~1e-7, float\n"
               "  rounding) and the averages agree. With encoding, the outputs themselves change.\n";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Lesson order-matters: self-attention on a sentence and its reordering, with and without positional encoding"};
  std::string sentence_a = "dog bites man";
  std::string sentence_b = "man bites dog";
  std::string output;
  std::string weights_output;
  app.add_option("sentence_a", sentence_a, "First sentence, words from the toy vocabulary")->capture_default_str();
  app.add_option("sentence_b", sentence_b, "A reordering of the first sentence")->capture_default_str();
  app.add_option("-o,--output", output, "Write the attention outputs of both sentences, without and with encoding, to this PNG");
  app.add_option("--weights", weights_output, "Write the attention weights the same way to this PNG");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  const auto a = split_words(sentence_a);
  const auto b = split_words(sentence_b);
  try {
    // In exercise order, so the first unfinished function met is the earliest
    // exercise to finish: order-embed, order-attend, then order-compare.
    const Runs run_a = run(a), run_b = run(b);
    const Pooled pooled{course::mean_pool(run_a.without.output), course::mean_pool(run_b.without.output),
                        course::mean_pool(run_a.with.output), course::mean_pool(run_b.with.output)};
    const course::OrderComparison comparison = course::compare_orders(a, b);
    print_table(a, b, comparison);
    print_pooled(pooled);
    if (!output.empty()) {
      write_grid(output, "Self-attention outputs", a, b, run_a, run_b, false);
      std::cout << "\nwrote " << output << "\n";
    }
    if (!weights_output.empty()) {
      write_grid(weights_output, "Self-attention weights", a, b, run_a, run_b, true);
      std::cout << "wrote " << weights_output << "\n";
    }
  } catch (const course::not_implemented& e) {
    // what() is "not implemented: embed (lesson order-matters, exercise order-embed)".
    std::string what = e.what();
    const std::string prefix = "not implemented: ";
    if (what.rfind(prefix, 0) == 0) what = what.substr(prefix.size());
    std::cerr << "not implemented yet: " << what << "\n"
              << "order-experiment runs your own code: finish that exercise first\n"
              << "(`build/bin/grader check LESSON` says when it passes), then run it again.\n";
    return kNotFinished;
  } catch (const std::invalid_argument& e) {
    std::cerr << "order-experiment: " << e.what() << "\n";
    return kUsageError;
  } catch (const std::exception& e) {
    std::cerr << "order-experiment: " << e.what() << "\n";
    return kNotFinished;
  }
  return 0;
}
