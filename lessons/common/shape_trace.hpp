// "Print tensor shapes at each step", as a tool: a ShapeTrace records the
// shape of every intermediate result of a computation under a name you
// choose, prints them as a table, and checks a shape against what you expect,
// throwing with the whole trace so far when it does not match.
//
//   ShapeTrace trace("attention_scores");
//   trace.step("q", q);                          // (5, 8)
//   trace.step("k", k);                          // (7, 8)
//   MatrixXf scores = q * k.transpose();
//   trace.expect("scores = q k^T", scores, {q.rows(), k.rows()});
//   trace.print();                               // the table, on std::cerr
//
// Lesson shapes-and-debugging shows it at work (lessons/shapes-and-debugging/README.md).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "common/tensor.hpp"

namespace course {

class ShapeTrace {
 public:
  /// One recorded step: its name, the shape seen and, for expect(), the shape wanted.
  struct Step {
    std::string name;
    std::vector<Index> shape;
    std::vector<Index> expected;  // empty for step(); -1 entries match any size
    bool matches = true;
  };

  /// `title` heads the table, e.g. the name of the function being traced.
  explicit ShapeTrace(std::string title);

  /// Records `name` with the shape of the value.
  void step(const std::string& name, const Tensor& value);
  void step(const std::string& name, const MatrixXf& value);
  void step(const std::string& name, const MatrixXd& value);
  void step(const std::string& name, std::vector<Index> shape);

  /// Records the step, then throws std::invalid_argument when its shape differs
  /// from `want` (a -1 in `want` matches any size). The message starts like
  /// course::check_shape's, "scores: expected shape (5, 7), got (7, 5)",
  /// followed by the table of every step so far, the bad one marked.
  void expect(const std::string& name, const Tensor& value, const std::vector<Index>& want);
  void expect(const std::string& name, const MatrixXf& value, const std::vector<Index>& want);
  void expect(const std::string& name, const MatrixXd& value, const std::vector<Index>& want);
  void expect(const std::string& name, std::vector<Index> shape, const std::vector<Index>& want);

  /// The table:
  ///   shape trace of attention_scores
  ///     1  q               (5, 8)
  ///     2  k               (7, 8)
  ///     3  scores = k q^T  (7, 5)  <- expected (5, 7)
  std::string table() const;
  /// Writes table() to `out`. The default is std::cerr: it is unbuffered, so
  /// the table is out even if the next line of your code crashes.
  void print(std::ostream& out) const;
  void print() const;

  const std::string& title() const { return title_; }
  const std::vector<Step>& steps() const { return steps_; }

 private:
  std::string title_;
  std::vector<Step> steps_;
};

}  // namespace course
