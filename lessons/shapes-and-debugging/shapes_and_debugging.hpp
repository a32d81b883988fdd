// Lesson shapes-and-debugging: the API of the four fix-the-bug exercises. Do
// not edit this file; the grader compiles your .cpp files against it.
//
// Each function is a small piece of a Transformer layer, shipped in starter/
// with a bug that the lesson's README describes as a common pitfall. Your job
// is to find it (the tests say what they see) and fix it.
//
// Letters used in the shape comments:
//   L sequence (query) length, S key length, E embed_dim (= d_model),
//   B batch, H num_heads, D head_dim = E / H, max_len rows of a precomputed encoding.
#pragma once

#include "common/shape_trace.hpp"
#include "common/tensor.hpp"

namespace course {

/// Exercise dbg-add-encoding. Adds the positional encoding to the token
/// embeddings: position p gets encoding row p.
///   out(p, j) = embeddings(p, j) + encoding(p, j)     for p < L
/// \param embeddings (matrix L x d_model): one row per token, in sequence order
/// \param encoding   (matrix max_len x d_model): a precomputed encoding, e.g.
///                   positional_encoding(max_len, d_model); only its first L rows are used
/// \return (matrix L x d_model)
/// \throws std::invalid_argument naming "d_model" when the widths differ, and
///         "max_len" when the sequence is longer than the encoding (L > max_len)
MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding);

/// Exercise dbg-head-dim. The width of one head when embed_dim features are
/// shared by num_heads heads.
/// \return embed_dim / num_heads, exactly
/// \throws std::invalid_argument naming "embed_dim" when embed_dim <= 0,
///         "num_heads" when num_heads <= 0, and, when it does not divide,
///         "embed_dim (10) must be divisible by num_heads (3)" with the values given
Index head_dim(Index embed_dim, Index num_heads);

/// Exercise dbg-split-heads. Splits the features of every token into heads:
/// head h owns the contiguous feature columns [h*D, (h+1)*D).
///   out(b, h, l, d) = x(b, l, h*D + d)
/// \param x (B, L, E)
/// \return (B, H, L, D)
/// \throws std::invalid_argument naming "x" and "(B, L, E)" when x is not of rank 3,
///         "num_heads" when num_heads <= 0, and
///         "embed_dim (10) must be divisible by num_heads (3)" when it does not divide
Tensor split_heads(const Tensor& x, Index num_heads);

/// Exercise dbg-scores. The scaled attention scores of one head:
///   scores(i, j) = (q_i . k_j) / sqrt(D)      i.e. q k^T / sqrt(D)
/// \param q (matrix L x D): one query per row
/// \param k (matrix S x D): one key per row
/// \return (matrix L x S): row i holds query i's score against every key
/// \throws std::invalid_argument naming "head_dim" when q and k have different
///         widths or the width is 0
MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k);

}  // namespace course
