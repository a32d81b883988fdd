// Checks shared by the shapes-and-debugging suites (public and hidden).
//
// Every exercise of the lesson is a known pitfall, so a failing check does
// more than say "expected X, got Y": it recognises the pitfall from what came
// back and names it, e.g.
//   likely cause: the output equals the input embeddings: the encoding was never added ...
// The diagnoses recompute the typical wrong answers from the inputs (never
// from the reference solution), so the public suites can use them too.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <initializer_list>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "grader/authoring/proxy_support.hpp"
#include "common/tensor_testing.hpp"

namespace dbg {

using course::Index;
using course::MatrixXd;
using course::MatrixXf;
using course::Tensor;

// ---------------------------------------------------------------- inputs

/// Row by row: md({{1, 2, 3}, {4, 5, 6}}) is (2, 3).
template <typename Matrix>
Matrix rows_of(std::initializer_list<std::initializer_list<typename Matrix::Scalar>> rows) {
  const auto cols = rows.size() ? static_cast<Index>(rows.begin()->size()) : 0;
  Matrix m(static_cast<Index>(rows.size()), cols);
  Index r = 0;
  for (const auto& row : rows) {
    if (static_cast<Index>(row.size()) != cols) throw std::logic_error("rows_of(): ragged rows in a test input");
    Index c = 0;
    for (auto x : row) m(r, c++) = x;
    ++r;
  }
  return m;
}
inline MatrixXd md(std::initializer_list<std::initializer_list<double>> rows) { return rows_of<MatrixXd>(rows); }
inline MatrixXf mf(std::initializer_list<std::initializer_list<float>> rows) { return rows_of<MatrixXf>(rows); }

/// A tensor whose element at (i, j, k) is fn({i, j, k}): lets a test put
/// "where it came from" into every value (e.g. 100 b + 10 l + e).
inline Tensor tensor_from(const std::vector<Index>& shape, const std::function<float(const std::vector<Index>&)>& fn) {
  Tensor t(shape);
  std::vector<Index> index(shape.size(), 0);
  for (Index flat = 0; flat < t.size(); ++flat) {
    t.data()[flat] = fn(index);
    for (std::size_t axis = shape.size(); axis-- > 0;) {
      if (++index[axis] < shape[axis]) break;
      index[axis] = 0;
    }
  }
  return t;
}

// ---------------------------------------------------------------- reporting

/// "  likely cause: TEXT", the line every diagnosis adds to a failure. GoogleTest
/// starts a streamed message on a new line; elsewhere, put "\n" before it.
inline std::string cause(const std::string& text) { return "  likely cause: " + text; }

/// A failure whose message is exactly `message` (ADD_FAILURE would print
/// "Failed" above it). Use it through DBG_FAIL(message).
inline ::testing::AssertionResult failure_reading(const char*, const std::string& message) {
  return ::testing::AssertionFailure() << message;
}
#define DBG_FAIL(message) EXPECT_PRED_FORMAT1(::dbg::failure_reading, (message))

// What the student's code printed (std::cerr, e.g. ShapeTrace::print) during
// the test's calls is added under every failure by the results listener.

/// EXPECT_TENSOR_NEAR's comparison, reported under the call that produced the value.
struct NamedNear {
  std::string call;
  std::string expected;
  template <typename T>
  ::testing::AssertionResult operator()(const char*, const char*, const char*, const char*,
                                        const ::grader::testing::TensorView<T>& got,
                                        const ::grader::testing::TensorView<T>& want, double atol, double rtol) const {
    return ::grader::testing::tensors_near(call, got, want, atol, rtol);
  }
};

/// Expects `run` to throw std::invalid_argument whose message contains every
/// fragment. `run` returns a description of what came back when it does not
/// throw ("returned 3"). `advice` names the pitfall the failure points to and
/// is added to every kind of failure (no exception, a crash, a wrong message).
inline void expect_rejected(const std::string& call, const std::function<std::string()>& run,
                            const std::vector<std::string>& fragments, const std::string& advice) {
  const std::string likely = advice.empty() ? "" : "\n" + cause(advice);
  try {
    const std::string came_back = run();
    DBG_FAIL(call + ": expected std::invalid_argument, but it " + came_back + likely);
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    for (const std::string& fragment : fragments)
      if (message.find(fragment) == std::string::npos) {
        DBG_FAIL(call + ": threw std::invalid_argument, but its message should contain '" + fragment +
                 "'; it was: " + message + likely);
        break;
      }
  } catch (const ::grader::client::WorkerFailure& e) {
    DBG_FAIL(course_testing::instead(call, e.what(), "std::invalid_argument") + likely);
  } catch (const std::exception& e) {
    DBG_FAIL(call + ": expected std::invalid_argument, got another exception: " + e.what() + likely);
  }
}

inline std::string call_text(const std::string& function, const std::vector<std::string>& args) {
  return course::bridge::call_text(function, args);
}
inline std::string shape_text(const MatrixXd& m) { return course::shape_string({m.rows(), m.cols()}); }
inline std::string shape_text(const MatrixXf& m) { return course::shape_string({m.rows(), m.cols()}); }

/// "1, 3, 5, 7" or "1, 3, 5, 7, ..." for an arithmetic run of column indices.
inline std::string index_run(Index first, Index step, Index count) {
  std::ostringstream s;
  for (Index i = 0; i < count && i < 4; ++i) s << (i ? ", " : "") << first + i * step;
  if (count > 4) s << ", ...";
  return s.str();
}

// ---------------------------------------------------------------- advice

/// The fix each rejection test points to, shared by the public and hidden suites.
namespace advice {
inline const char* const kEncodingWidth =
    "an encoding of another width cannot be added element by element. Compare encoding.cols() with "
    "embeddings.cols() before adding, and throw std::invalid_argument naming d_model.";
inline const char* const kEncodingLength =
    "the encoding has fewer rows than the sequence has tokens. Compare embeddings.rows() with encoding.rows() "
    "before taking rows, and throw std::invalid_argument naming max_len.";
inline const char* const kIndivisible =
    "integer division rounds down without a word: 10 / 3 is 3, and 3 heads x 3 = 9 features leave one feature "
    "in no head. Check embed_dim % num_heads first and throw std::invalid_argument(\"embed_dim (10) must be "
    "divisible by num_heads (3)\") with the actual values.";
inline const char* const kHeadsFirst =
    "check num_heads > 0 before dividing by it: embed_dim / 0 and embed_dim % 0 crash the program (SIGFPE), "
    "and a negative number of heads means nothing. Name num_heads in the message.";
inline const char* const kEmbedDim =
    "a layer needs at least one feature: check embed_dim > 0 and name embed_dim in the message.";
inline const char* const kRank =
    "split_heads takes x of rank 3, (B, L, E). Check x.rank() before reading x.dim(2), and throw "
    "std::invalid_argument saying \"x must have shape (B, L, E), got ...\".";
inline const char* const kScoresWidth =
    "q k^T needs queries and keys of the same width D. Compare q.cols() with k.cols() before multiplying "
    "(Eigen aborts on a size mismatch) and throw std::invalid_argument naming head_dim.";
inline const char* const kScoresZeroWidth =
    "with D = 0 the scale 1/sqrt(D) is infinite and every score NaN (0 x inf). Refuse D = 0 and name head_dim.";
}  // namespace advice

// ---------------------------------------------------------------- dbg-head-dim

/// "returned 3 (3 heads x 3 = 9 features: 1 of the 10 would belong to no head)".
inline std::string head_dim_returned(Index embed_dim, Index num_heads, Index got) {
  std::string s = "returned " + std::to_string(got);
  if (num_heads > 0 && embed_dim > 0 && got * num_heads != embed_dim) {
    const Index covered = got * num_heads;
    s += " (" + std::to_string(num_heads) + " heads x " + std::to_string(got) + " = " + std::to_string(covered) +
         " features";
    if (covered < embed_dim)
      s += ": " + std::to_string(embed_dim - covered) + " of the " + std::to_string(embed_dim) +
           " would belong to no head)";
    else
      s += ", but there are only " + std::to_string(embed_dim) + ")";
  }
  return s;
}

/// Collects the cases of a head_dim grid and reports the first few wrong ones.
class GridReport {
 public:
  /// `want` < 0: the call must throw std::invalid_argument naming both values.
  void check(Index embed_dim, Index num_heads, Index want, const std::function<Index()>& run) {
    ++cases_;
    const std::string call = "head_dim(" + std::to_string(embed_dim) + ", " + std::to_string(num_heads) + ")";
    std::string wrong;
    try {
      const Index got = run();
      if (want < 0) {
        wrong = call + " " + head_dim_returned(embed_dim, num_heads, got) + ", expected std::invalid_argument";
        rounded_ = rounded_ || (num_heads > 0 && got == embed_dim / num_heads);
      } else if (got != want) {
        wrong = call + " " + head_dim_returned(embed_dim, num_heads, got) + ", expected " + std::to_string(want);
      }
    } catch (const std::invalid_argument& e) {
      if (want >= 0)
        wrong = call + " threw std::invalid_argument (" + e.what() + "), expected " + std::to_string(want);
      else if (std::string(e.what()).find("num_heads (" + std::to_string(num_heads) + ")") == std::string::npos ||
               std::string(e.what()).find("embed_dim (" + std::to_string(embed_dim) + ")") == std::string::npos)
        wrong = call + " threw, but the message should say \"embed_dim (" + std::to_string(embed_dim) +
                ") must be divisible by num_heads (" + std::to_string(num_heads) + ")\"; it was: " + e.what();
    } catch (const ::grader::client::WorkerFailure& e) {
      wrong = course_testing::instead(call, e.what(), want < 0 ? "std::invalid_argument" : std::to_string(want));
    } catch (const std::exception& e) {
      wrong = call + " threw another exception: " + e.what();
    }
    if (wrong.empty()) return;
    if (++failures_ <= 5) shown_ += "\n  " + wrong;
  }
  bool ok() const { return failures_ == 0; }
  std::string text() const {
    std::string s = "head_dim(embed_dim, num_heads): " + std::to_string(failures_) + " of " + std::to_string(cases_) +
                    " cases are wrong" + (failures_ > 5 ? "; the first 5:" : ":") + shown_;
    if (rounded_) s += "\n" + cause(advice::kIndivisible);
    return s;
  }

 private:
  int cases_ = 0;
  int failures_ = 0;
  bool rounded_ = false;
  std::string shown_;
};

// ---------------------------------------------------------------- dbg-add-encoding

/// Recognises the usual wrong answers of add_positional_encoding.
inline std::string diagnose_add_encoding(const MatrixXd& embeddings, const MatrixXd& encoding, const MatrixXd& got) {
  const Index seq_len = embeddings.rows(), d_model = embeddings.cols(), max_len = encoding.rows();
  if (seq_len == 0 || d_model == 0 || encoding.cols() != d_model || seq_len > max_len) return "";
  if (got.rows() != seq_len || got.cols() != d_model)
    return cause("the result must have the embeddings' shape (L, d_model) = " + shape_text(embeddings) +
                 ": one row per token, the encoding added element by element.");
  // Sums of doubles: a wrong answer of the same form matches to rounding.
  auto same = [&](const MatrixXd& m) {
    return (got - m).cwiseAbs().maxCoeff() <= 1e-9 * (1.0 + m.cwiseAbs().maxCoeff());
  };
  const MatrixXd first_rows = encoding.topRows(seq_len);
  if (same(embeddings))
    return cause(
        "the output equals the input embeddings: the encoding was never added. A line such as "
        "`x + positions;` computes the sum and throws it away; write `x += positions;` or return the sum.");
  if (same(embeddings + 2.0 * first_rows))
    return cause("the output is embeddings + 2 x encoding: the encoding was added twice.");
  if (same(first_rows))
    return cause("the output is the encoding alone: the embeddings were replaced instead of added to.");
  if (seq_len >= 2 && same(embeddings.rowwise() + encoding.row(0)))
    return cause(
        "every position got encoding row 0, as if all tokens sat at position 0: one row was broadcast "
        "over the sequence instead of adding row p to token p.");

  // Which encoding row did each position get, when that can be told?
  std::vector<Index> used(static_cast<std::size_t>(seq_len), -1);
  for (Index p = 0; p < seq_len; ++p) {
    const Eigen::RowVectorXd added = got.row(p) - embeddings.row(p);
    for (Index r = 0; r < max_len; ++r)
      if ((added - encoding.row(r)).cwiseAbs().maxCoeff() <= 1e-9 * (1.0 + encoding.row(r).cwiseAbs().maxCoeff())) {
        used[static_cast<std::size_t>(p)] = r;
        break;
      }
    if (used[static_cast<std::size_t>(p)] < 0) return "";
  }
  bool shifted = true, last_rows = true;
  for (Index p = 0; p < seq_len; ++p) {
    shifted = shifted && used[static_cast<std::size_t>(p)] == p + 1;
    last_rows = last_rows && used[static_cast<std::size_t>(p)] == max_len - seq_len + p;
  }
  if (shifted)
    return cause(
        "position p got encoding row p + 1: off by one. The first token is position 0 and gets row 0; "
        "take the first L rows (encoding.topRows(L)).");
  if (last_rows)
    return cause("the positions got the LAST L rows of the encoding (rows " + std::to_string(max_len - seq_len) + ".." +
                 std::to_string(max_len - 1) +
                 "); position p gets row p, so take the first L rows (encoding.topRows(L)).");
  std::ostringstream s;
  for (Index p = 0; p < seq_len && p < 4; ++p)
    s << (p ? ", " : "") << "position " << p << " got row " << used[static_cast<std::size_t>(p)];
  return cause(s.str() + (seq_len > 4 ? ", ..." : "") + "; position p must get encoding row p.");
}

// ---------------------------------------------------------------- dbg-split-heads

/// Recognises the usual wrong answers of split_heads on x (B, L, E).
inline std::string diagnose_split(const Tensor& x, Index num_heads, const Tensor& got) {
  if (x.rank() != 3 || num_heads <= 0 || x.dim(2) % num_heads != 0 || x.size() == 0) return "";
  const Index batch = x.dim(0), seq_len = x.dim(1), embed_dim = x.dim(2), heads = num_heads;
  const Index head_dim = embed_dim / heads;
  const std::string d = std::to_string(head_dim);
  if (got.shape() == std::vector<Index>{batch, seq_len, heads, head_dim} && got.values() == x.values() &&
      seq_len != heads)
    return cause(
        "the result has shape (B, L, H, D) = " + course::shape_string(got.shape()) +
        ": splitting E into (H, D) is right, but the L and H axes still have to be swapped to give (B, H, L, D).");
  if (got.shape() != std::vector<Index>{batch, heads, seq_len, head_dim}) return "";
  if (seq_len >= 2 && heads >= 2 && got.values() == x.values())
    return cause(
        "the values are x's, in x's memory order, under the new shape: x was reshaped to (B, H, L, D) "
        "without moving any axis. Head 0, row 1 now holds features " +
        d + ".." + std::to_string(2 * head_dim - 1) + " of token 0 instead of features 0.." +
        std::to_string(head_dim - 1) +
        " of token 1. Reshape to (B, L, H, D), then swap the L and H axes: out(b, h, l, d) = x(b, l, h*D + d).");
  auto rebuilt = [&](const std::function<float(Index, Index, Index, Index)>& read) {
    return dbg::tensor_from({batch, heads, seq_len, head_dim},
                            [&](const std::vector<Index>& i) { return read(i[0], i[1], i[2], i[3]); });
  };
  if (heads >= 2 && head_dim >= 2 && got == rebuilt([&](Index b, Index h, Index l, Index k) {
                                       return x.at({b, l, k * heads + h});
                                     }))
    return cause("head 1 holds features " + index_run(1, heads, head_dim) + " of each token instead of " + d + ".." +
                 std::to_string(2 * head_dim - 1) +
                 ": the heads were split along the wrong axis (interleaved). Head h owns the contiguous block "
                 "[h*D, (h+1)*D): read x(b, l, h*D + d), not x(b, l, d*H + h).");
  if (batch >= 2 && got == rebuilt([&](Index, Index h, Index l, Index k) { return x.at({0, l, h * head_dim + k}); }))
    return cause("every batch holds the heads of batch 0: the batch index is not used when reading x.");
  return "";
}

// ---------------------------------------------------------------- dbg-scores

/// Recognises the usual wrong answers of attention_scores(q (L, D), k (S, D)).
inline std::string diagnose_scores(const MatrixXf& q, const MatrixXf& k, const MatrixXf& got) {
  const Index queries = q.rows(), keys = k.rows(), head_dim = q.cols();
  if (k.cols() != head_dim || head_dim == 0 || queries == 0 || keys == 0) return "";
  const MatrixXd raw = q.cast<double>() * k.cast<double>().transpose();  // (L, S), unscaled
  const double biggest = raw.cwiseAbs().maxCoeff();
  const std::string l_s = course::shape_string({queries, keys}), s_l = course::shape_string({keys, queries});

  std::string text;
  MatrixXd oriented = got.cast<double>();
  if (got.rows() == keys && got.cols() == queries && queries != keys) {
    text = "the result is (S, L) = " + s_l + ", the transpose of the (L, S) = " + l_s +
           " scores: compute q k^T (one row per query, one column per key), not k q^T.";
    oriented.transposeInPlace();
  } else if (got.rows() == head_dim && got.cols() == head_dim && head_dim != queries) {
    return cause("the result is (D, D) = " + course::shape_string({head_dim, head_dim}) +
                 ": q^T k multiplies over the positions instead of the features. Transpose k, not q: q k^T.");
  } else if (got.rows() != queries || got.cols() != keys) {
    return "";
  }
  if (biggest < 1e-6) return text.empty() ? "" : cause(text);

  // Scores are float: a wrong answer of the same form matches to about 1e-6 of the largest score.
  auto close = [&](const MatrixXd& a, const MatrixXd& b) {
    return (a - b).cwiseAbs().maxCoeff() <= 1e-4 * (1.0 + b.cwiseAbs().maxCoeff());
  };
  if (queries == keys && !close(oriented, raw / std::sqrt(static_cast<double>(head_dim)))) {
    // A square result can be transposed without its shape telling.
    bool transposed = false;
    for (double c : {1.0, 1.0 / std::sqrt(static_cast<double>(head_dim)), 1.0 / static_cast<double>(head_dim)})
      transposed = transposed || (close(oriented, c * raw.transpose()) && !close(oriented, c * raw));
    if (transposed) {
      text =
          "the result is transposed: entry (i, j) must be query i against key j (q k^T), but it holds query j "
          "against key i (k q^T).";
      oriented.transposeInPlace();
    }
  }

  const double d = static_cast<double>(head_dim);
  const double right = 1.0 / std::sqrt(d);
  const std::string sqrt_d = "sqrt(D) = sqrt(" + std::to_string(head_dim) + ")";
  struct Wrong {
    double scale;
    std::string why;
  };
  std::vector<Wrong> wrong = {
      {1.0,
       "the scores are not scaled at all. In C++ `1 / 2` is 0 (integer division), so std::pow(D, 1 / 2) is "
       "std::pow(D, 0) = 1; divide by std::sqrt(static_cast<float>(D))."},
      {1.0 / d, "the scores are divided by D = " + std::to_string(head_dim) + " instead of " + sqrt_d + "."},
      {1.0 / std::floor(std::sqrt(d)), "the scores are divided by " + std::to_string(static_cast<Index>(std::sqrt(d))) +
                                           ", the square root of D = " + std::to_string(head_dim) +
                                           " rounded down to an integer: compute the root in floating point."},
      {1.0 / std::sqrt(static_cast<double>(keys)), "the scores are divided by sqrt(S), S = " + std::to_string(keys) +
                                                       " keys, instead of " + sqrt_d + ", the width of a query."},
      {1.0 / std::sqrt(static_cast<double>(queries)),
       "the scores are divided by sqrt(L), L = " + std::to_string(queries) + " queries, instead of " + sqrt_d +
           ", the width of a query."},
  };
  for (const Wrong& w : wrong) {
    if (std::fabs(w.scale - right) < 1e-9 * right) continue;  // indistinguishable from the right scale here
    if (close(oriented, w.scale * raw)) {
      text += (text.empty() ? "" : " Also: ") + w.why;
      break;
    }
  }
  return text.empty() ? "" : cause(text);
}

}  // namespace dbg

/// EXPECT_TENSOR_NEAR with the call named in the message; stream a diagnosis after it:
///   DBG_EXPECT_NEAR(call, got, want, "the hand-computed scores", 1e-6, 0.0) << dbg::diagnose_scores(q, k, got);
#define DBG_EXPECT_NEAR(call, got, want, expected_text, atol, rtol)                              \
  EXPECT_PRED_FORMAT4((::dbg::NamedNear{(call), (expected_text)}), ::grader::testing::view(got), \
                      ::grader::testing::view(want), (atol), (rtol))
