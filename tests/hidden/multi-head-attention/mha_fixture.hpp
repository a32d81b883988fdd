// Reads tests/fixtures/multi-head-attention/<name>.txt, written by
// tests/fixture_scripts/make_mha_fixtures.py from torch.nn.MultiheadAttention (format in
// that script's docstring). Used by the hidden suite and by the framework's
// reference parity test (tests/course/mha_reference_parity_test.cpp); the
// encoder-block hidden suite reads its own fixtures with load_from.
//
// Tolerance against PyTorch: both sides compute in float32 but add up the
// E-long projections, the D-long scores and the S-long weighted sums in
// different orders (torch also scales q before the product, an implementation
// may scale the scores after). Each reordering moves a result by a few float32
// ulps; the reference differs from these fixtures by at most 2.4e-7
// (|output| ~ 1). 1e-5 absolute plus 1e-5 relative leaves room for any other
// summation order and still catches every wrong formula (a wrong scale, bias,
// mask or head order moves values by 1e-2 or more).
#pragma once

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/tensor.hpp"
#include "common/tensor_testing.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace mha_fixture {

/// PyTorch computes in float32 too: the course's float32 rule (lessons/common/tensor_testing.hpp).
inline constexpr double kTorchAtol = course_testing::kFloatTol.atol;
inline constexpr double kTorchRtol = course_testing::kFloatTol.rtol;

/// The fixtures of forward passes, in the order of the script.
inline const std::vector<std::string>& forward_cases() {
  static const std::vector<std::string> names = {
      "seed_self_attention", "cross_attention",   "odd_heads",  "single_head",          "head_dim_one",
      "bool_attn_mask",      "additive_attn_mask", "attn_mask_3d_bool", "attn_mask_3d_additive", "causal",
      "key_padding_mask",    "masks_combined",     "no_weights"};
  return names;
}

/// The fixtures of the course's seeded initialisation.
inline const std::vector<std::string>& init_cases() {
  static const std::vector<std::string> names = {"init_e8_h2_seed7", "init_e6_h3_seed0"};
  return names;
}

class Fixture {
 public:
  std::string name;

  bool has(const std::string& key) const { return tensors_.count(key) > 0; }

  const course::Tensor& tensor(const std::string& key) const {
    auto it = tensors_.find(key);
    if (it == tensors_.end()) throw std::runtime_error(where() + ": no tensor '" + key + "'");
    return it->second;
  }

  const std::string& text(const std::string& key) const {
    auto it = scalars_.find(key);
    if (it == scalars_.end()) throw std::runtime_error(where() + ": no scalar '" + key + "'");
    return it->second;
  }

  course::Index integer(const std::string& key) const { return std::stoll(text(key)); }
  bool flag(const std::string& key) const { return integer(key) != 0; }

  course::MhaParameters parameters() const {
    return {matrix("in_proj_weight"), vector("in_proj_bias"), matrix("out_proj_weight"), vector("out_proj_bias")};
  }

  const course::Tensor& query() const { return tensor("query"); }
  const course::Tensor& key() const { return flag("self_attention") ? query() : tensor("key"); }
  const course::Tensor& value() const { return flag("self_attention") ? query() : tensor("value"); }

  course::ForwardOptions options() const {
    course::ForwardOptions o;
    o.need_weights = flag("need_weights");
    o.average_attn_weights = flag("average_attn_weights");
    const std::string& kind = text("attn_mask_kind");
    if (kind != "none")
      o.attn_mask = course::AttentionMask{kind == "boolean" ? course::MaskKind::boolean : course::MaskKind::additive,
                                          tensor("attn_mask")};
    if (has("key_padding_mask")) o.key_padding_mask = tensor("key_padding_mask");
    return o;
  }

  course::MatrixXf matrix(const std::string& key) const {
    const course::Tensor& t = tensor(key);
    if (t.rank() != 2) throw std::runtime_error(where() + ": '" + key + "' is not a matrix");
    return course::ConstMatrixMapF(t.data(), t.dim(0), t.dim(1));
  }

  course::VectorXf vector(const std::string& key) const {
    const course::Tensor& t = tensor(key);
    if (t.rank() != 1) throw std::runtime_error(where() + ": '" + key + "' is not a vector");
    return Eigen::Map<const course::VectorXf>(t.data(), t.dim(0));
  }

  static std::string path(const std::string& fixture_name, const std::string& lesson = "multi-head-attention") {
    return std::string(COURSE_SOURCE_DIR) + "/tests/fixtures/" + lesson + "/" + fixture_name + ".txt";
  }

  /// Throws std::runtime_error saying what is wrong and how to regenerate the file.
  static Fixture load(const std::string& fixture_name) {
    return load_from("multi-head-attention", "tests/fixture_scripts/make_mha_fixtures.py", fixture_name);
  }

  /// Another lesson's fixture in the same format: tests/fixtures/<lesson>/<name>.txt,
  /// written by `script` (named in the messages).
  static Fixture load_from(const std::string& lesson, const std::string& script, const std::string& fixture_name) {
    Fixture f;
    f.name = fixture_name;
    const std::string regenerate = "regenerate it with /usr/bin/python3 " + script;
    std::ifstream in(path(fixture_name, lesson));
    if (!in) throw std::runtime_error("cannot open " + path(fixture_name, lesson) + "; " + regenerate);
    std::stringstream body;
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] != '#') body << line << '\n';
    bool ended = false;
    for (std::string word; body >> word;) {
      if (word == "end") {
        ended = true;
        break;
      }
      if (word != "tensor") {
        std::string value;
        if (!(body >> value)) throw std::runtime_error(f.where() + ": scalar '" + word + "' has no value");
        f.scalars_[word] = value;
        continue;
      }
      std::string key;
      course::Index rank = 0;
      if (!(body >> key >> rank) || rank < 0) throw std::runtime_error(f.where() + ": bad tensor header");
      std::vector<course::Index> shape(static_cast<std::size_t>(rank));
      course::Index count = 1;
      for (auto& d : shape) {
        if (!(body >> d) || d < 0) throw std::runtime_error(f.where() + ": bad shape for '" + key + "'");
        count *= d;
      }
      std::vector<float> values(static_cast<std::size_t>(count));
      for (auto& v : values) {
        // strtof, unlike operator>>, reads "inf" and "-inf".
        std::string token;
        char* stop = nullptr;
        if (!(body >> token)) throw std::runtime_error(f.where() + ": '" + key + "' has fewer values than its shape");
        v = std::strtof(token.c_str(), &stop);
        if (*stop != '\0') throw std::runtime_error(f.where() + ": '" + token + "' in '" + key + "' is not a number");
      }
      f.tensors_.emplace(key, course::Tensor(std::move(shape), std::move(values)));
    }
    if (!ended) throw std::runtime_error(f.where() + ": the file is cut short (no 'end'); " + regenerate);
    return f;
  }

 private:
  std::string where() const { return "fixture " + name; }
  std::map<std::string, std::string> scalars_;
  std::map<std::string, course::Tensor> tensors_;
};

}  // namespace mha_fixture
