// order-experiment: the experiment of lesson order-matters, run on YOUR code
// by `grader picture order`. Every function it calls is yours, through the
// lesson's worker (built from your workspace's files of this lesson and of
// the lessons it uses: attention, positional-encoding), so what it prints and
// draws is what your implementation computes.
//
//   grader picture order                                   "dog bites man" vs "man bites dog"
//   grader picture order --sentence-a "the cat sees a bird" --sentence-b "a bird sees the cat"
//   grader picture order --show weights -o order-weights.png
//
// Exit codes (lessons/pictures/picture_program.hpp): 0 done, 1 your code
// cannot run it yet (the message names the call), 2 a sentence the toy model
// cannot read or that is not a reordering of the other.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "pictures/plot/heatmap.hpp"
#include "order-matters/bridge/proxy.hpp"
#include "order-matters/order_matters.hpp"
#include "pictures/picture_program.hpp"

namespace {

using course::Index;
using course::pictures::student_call;

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

// "embed({dog, bites, man})": the call as the messages show it.
std::string words_text(const std::vector<std::string>& words) {
  std::string s = "{";
  for (std::size_t i = 0; i < words.size(); ++i) s += (i ? ", " : "") + words[i];
  return s + "}";
}
std::string call_on(const std::string& function, const std::vector<std::string>& words) {
  return function + "(" + words_text(words) + ")";
}

Runs run(const std::vector<std::string>& words) {
  const std::string embedded = call_on("embed", words);
  const course::MatrixXf x = student_call(embedded, [&] { return student::embed(words); });  // (L, E)
  course::pictures::expect_shape(embedded, {x.rows(), x.cols()}, {static_cast<Index>(words.size()), course::toy::kEmbedDim});
  const course::MatrixXf positioned =
      student_call("with_positions(" + embedded + ")", [&] { return student::with_positions(x); });
  Runs r{student_call("self_attend(" + embedded + ")", [&] { return student::self_attend(x); }),
         student_call("self_attend(with_positions(" + embedded + "))", [&] { return student::self_attend(positioned); })};
  const Index words_n = static_cast<Index>(words.size());
  for (const auto* result : {&r.without, &r.with}) {
    course::pictures::expect_shape("self_attend(...) output", {result->output.rows(), result->output.cols()},
                                   {words_n, course::toy::kEmbedDim});
    course::pictures::expect_shape("self_attend(...) weights", {result->weights.rows(), result->weights.cols()},
                                   {words_n, words_n});
  }
  return r;
}

// The sentences the toy model can compare: known words, one a reordering of the other.
void check_sentences(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  const auto& vocabulary = course::toy::vocabulary();
  std::string known;
  for (const auto& w : vocabulary) known += (known.empty() ? "" : " ") + w;
  for (const auto* sentence : {&a, &b}) {
    if (sentence->empty()) throw course::pictures::UsageError("a sentence is empty; give words from the toy vocabulary: " + known);
    for (const auto& w : *sentence)
      if (std::find(vocabulary.begin(), vocabulary.end(), w) == vocabulary.end())
        throw course::pictures::UsageError("unknown word '" + w + "': the toy model knows only: " + known);
  }
  auto sorted_a = a, sorted_b = b;
  std::sort(sorted_a.begin(), sorted_a.end());
  std::sort(sorted_b.begin(), sorted_b.end());
  if (sorted_a != sorted_b)
    throw course::pictures::UsageError("\"" + joined(b) + "\" is not a reordering of \"" + joined(a) +
                                       "\": the experiment compares the same words in another order");
}

course::plot::HeatmapSpec panel(const course::MatrixXf& m, const std::string& title, const std::string& x_label,
                                 const std::string& y_label, const std::string& colorbar_label) {
  course::plot::HeatmapSpec p;
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
  std::vector<course::plot::HeatmapSpec> panels = {
      panel(pick(run_a.without), "\"" + joined(a) + "\", no encoding", x_label, y_label, bar),
      panel(pick(run_b.without), "\"" + joined(b) + "\", no encoding", x_label, y_label, bar),
      panel(pick(run_a.with), "\"" + joined(a) + "\", with encoding", x_label, y_label, bar),
      panel(pick(run_b.with), "\"" + joined(b) + "\", with encoding", x_label, y_label, bar)};
  // Weights are probabilities: anchoring at 0 keeps "no attention" the darkest colour.
  if (weights) panels[0].vmin = 0.0;
  course::plot::write_heatmap_grid_png(panels, 2, title, path);
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
  return course::pictures::picture_main(argc, argv, [](const course::pictures::PictureArgs& args) {
    const auto a = split_words(args.text("sentence-a"));
    const auto b = split_words(args.text("sentence-b"));
    const bool weights = args.text("show") == "weights";
    check_sentences(a, b);
    // In exercise order, so the first unfinished function met is the earliest
    // exercise to finish: order-embed, order-attend, then order-compare.
    const Runs run_a = run(a), run_b = run(b);
    auto pooled_of = [](const course::MatrixXf& output, const std::string& what) {
      return student_call("mean_pool(" + what + ")", [&] { return student::mean_pool(output); });
    };
    const Pooled pooled{pooled_of(run_a.without.output, "A without encoding"),
                        pooled_of(run_b.without.output, "B without encoding"),
                        pooled_of(run_a.with.output, "A with encoding"), pooled_of(run_b.with.output, "B with encoding")};
    const std::string compare = "compare_orders(" + words_text(a) + ", " + words_text(b) + ")";
    const course::OrderComparison comparison = student_call(compare, [&] { return student::compare_orders(a, b); });
    if (comparison.permutation.size() != a.size())
      throw course::pictures::StudentFailure(fmt::format("{}: the permutation has {} entries, expected {} (one per word)",
                                                         compare, comparison.permutation.size(), a.size()));
    print_table(a, b, comparison);
    print_pooled(pooled);
    write_grid(args.output(), weights ? "Self-attention weights" : "Self-attention outputs", a, b, run_a, run_b, weights);
  });
}
