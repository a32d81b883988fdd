// The cost check of callbacks (grader::client::check_callback_cost and the
// estimators every reference server declares beside serve_reference,
// docs/security.md "Callbacks"). Built once per group of servers
// (tests/CMakeLists.txt): attention's, positional-encoding's, order-matters'
// (its exercises served to order-compare) and learned-vs-fixed's (lvf-table
// and lvf-stats served to lvf-lengths); multi-head-attention's
// (CALLBACK_COST_MHA), since the two lessons' causal_mask cannot be named in
// one file; encoder-block's (CALLBACK_COST_ENCODER). Each binary runs on what
// it serves: every served function must have a hostile call here, refused
// before its reference runs, and a call of the course's sizes, answered.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "grader/authoring/reference_support.hpp"
#include "grader/client/reference_table.hpp"
#include "grader/util/caps.hpp"
#if defined(CALLBACK_COST_MHA)
#include "multi-head-attention/bridge/declarations.hpp"
#elif defined(CALLBACK_COST_ENCODER)
#include "encoder-block/bridge/declarations.hpp"
#else
#include "attention/bridge/declarations.hpp"
#include "order-matters/bridge/declarations.hpp"
#include "learned-vs-fixed/bridge/declarations.hpp"
#include "positional-encoding/bridge/declarations.hpp"
#endif

namespace {

namespace gc = grader::client;
namespace caps = grader::caps;
namespace cb = course::bridge;
using course::Index;
using course::MatrixXf;
using course::Tensor;
using course::VectorXf;

#if !defined(CALLBACK_COST_MHA) && !defined(CALLBACK_COST_ENCODER)
std::string refusal(const gc::CallbackCost& cost) {
  try {
    gc::check_callback_cost(cost, "f(1)");
  } catch (const gc::CallbackRefused& e) {
    return e.what();
  }
  return {};
}

TEST(CallbackCost, EachPartIsCheckedAtItsCap) {
  const double result = caps::kMaxCallbackResultElements, held = caps::kMaxCallbackHeldValues,
               steps = caps::kMaxCallbackSteps;
  EXPECT_EQ(refusal({result, held, steps}), "");
  EXPECT_EQ(refusal({0, 0, 0}), "");
  EXPECT_EQ(refusal({result + 1, 0, 0}),
            "over the limit of 4194304 values in a result: f(1) would produce 4194305 values; a callback may not ask "
            "the grader for that much (the worker was stopped)");
  EXPECT_EQ(refusal({0, held + 1, 0}),
            "over the limit of 16777216 values held at once: f(1) would hold 16777217 (its parameters, intermediate "
            "tensors and result); a callback may not ask the grader for that much (the worker was stopped)");
  EXPECT_EQ(refusal({0, 0, steps + 1}),
            "over the limit of 1073741824 steps of work: f(1) would take 1073741825 (multiply-adds and loop "
            "iterations); a callback may not ask the grader for that much (the worker was stopped)");
}

TEST(CallbackCost, NanAndInfinityAreOverAndHugeCountsReadAsPowersOfTen) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_NE(refusal({nan, 0, 0}).find("would produce an unknown number (NaN) values"), std::string::npos);
  EXPECT_NE(refusal({0, nan, 0}).find("values held at once"), std::string::npos);
  EXPECT_NE(refusal({0, 0, nan}).find("steps of work"), std::string::npos);
  EXPECT_NE(refusal({0, 0, inf}).find("would take inf"), std::string::npos);
  EXPECT_NE(refusal({0, 8.5e37, 0}).find("would hold 8.5e+37"), std::string::npos);
}

TEST(CallbackCost, CountsNeitherOverflowNorTrustNegativeOrEmptySizes) {
  const Index big = std::numeric_limits<Index>::max(), low = std::numeric_limits<Index>::min();
  EXPECT_EQ(cb::elements(3, 4), 12.0);
  EXPECT_EQ(cb::elements({2, 3, 4, 5}), 120.0);
  // Past int64 and size_t, in a double.
  EXPECT_GT(cb::elements(big, big), 8e37);
  EXPECT_GT(cb::elements({1 << 20, 1 << 20, 1 << 20, 1 << 20}), 1e24);
  // A negative size counts as its magnitude, not as 0 and not as a wrapped product.
  EXPECT_EQ(cb::elements(-3, 4), 12.0);
  EXPECT_GT(cb::elements(low, 1), 9e18);
  EXPECT_EQ(cb::elements(0, big), 0.0);
  // Loops around an empty axis still run.
  EXPECT_EQ(cb::steps({0, 7}), 7.0);
  EXPECT_EQ(cb::steps({Index{1} << 26, Index{1} << 26, 0, 1}), std::ldexp(1.0, 52));
  EXPECT_EQ(cb::steps(Tensor({5, 0, 3})), 15.0);
  EXPECT_EQ(cb::extent(Tensor({5, 0, 3}), 2), 3);
  EXPECT_EQ(cb::extent(Tensor({5}), 2), 1);
}

// A shape from a worker's sizes: a product past Index used to wrap (to 0 for
// (2^32, 2^32)) and leave a shape far larger than its values.
TEST(CallbackCost, TensorRefusesAShapeWhoseElementCountOverflows) {
  EXPECT_THROW(Tensor({Index{1} << 32, Index{1} << 32}), std::length_error);
  EXPECT_THROW(Tensor({Index{3037000500}, Index{3037000500}}), std::length_error);
  EXPECT_THROW(Tensor({Index{1} << 32, -1}), std::invalid_argument);
  EXPECT_EQ(Tensor({Index{1} << 40, 0, Index{1} << 40}).size(), 0);
  EXPECT_EQ(Tensor({3, 4}).size(), 12);
}

// A frame over the callback cap is refused before it is decoded; its message
// names the function from the frame's head.
TEST(CallbackCost, TheFunctionOfAFrameIsReadFromItsHeadAlone) {
  grader::protocol::Callback c;
  c.sequence = 7;
  c.function = "merge_heads";
  c.args = {std::int64_t{1}};
  const std::string frame = grader::protocol::encode(c);
  EXPECT_EQ(grader::protocol::callback_function_of(frame), "merge_heads");
  // The head is enough: the arguments may be cut off.
  EXPECT_EQ(grader::protocol::callback_function_of(frame.substr(0, 1 + 8 + 8 + 11)), "merge_heads");
  EXPECT_EQ(grader::protocol::callback_function_of(frame.substr(0, 1 + 8 + 8 + 5)), "");
  EXPECT_EQ(grader::protocol::callback_function_of("R" + frame.substr(1)), "");
  c.function = std::string(5000, 'n');
  EXPECT_EQ(grader::protocol::callback_function_of(grader::protocol::encode(c)), std::string(256, 'n'));
}
#endif

// ---- every served function ----------------------------------------------------

MatrixXf matrix(Index rows, Index cols) { return MatrixXf::Constant(rows, cols, 0.25f); }
#if defined(CALLBACK_COST_MHA) || defined(CALLBACK_COST_ENCODER)
Tensor tensor(std::vector<Index> shape) { return Tensor(std::move(shape), 0.5f); }
course::MhaParameters parameters(Index e) {
  return {matrix(3 * e, e), VectorXf::Zero(3 * e), matrix(e, e), VectorXf::Zero(e)};
}
#endif
#ifdef CALLBACK_COST_ENCODER
course::LayerNormParameters norm(Index e) { return {VectorXf::Ones(e), VectorXf::Zero(e), 1e-5f}; }
course::FeedForwardParameters feed_forward(Index e, Index f) {
  return {matrix(f, e), VectorXf::Zero(f), matrix(e, f), VectorXf::Zero(e)};
}
course::EncoderLayerParameters layer(Index e, Index f) { return {parameters(e), feed_forward(e, f), norm(e), norm(e)}; }
#endif

struct Calls {
  std::string lesson;
  std::vector<cb::Values> hostile;  ///< each refused before the reference runs
  cb::Values modest;                ///< the course's sizes: answered
};

std::map<std::string, Calls> calls() {
  [[maybe_unused]] const Index huge = Index{1} << 26;
  std::map<std::string, Calls> c;
#if defined(CALLBACK_COST_ENCODER)
  // encoder-block's exercises, served to the lesson's exercises that use them
  namespace en = cb::encoder_block;
  const Tensor nothing_wide = tensor({huge >> 12, huge >> 12, 0, huge});  // no values, 2^56 rows
  const course::EncoderConfig config{2, course::Activation::relu, false};
  c["layer_norm"] = {"encoder-block/layer-norm",
                     {en::layer_norm.encode_call(nothing_wide, norm(0)),
                      en::layer_norm.encode_call(tensor({512, 1024, 9}), norm(9))},
                     en::layer_norm.encode_call(tensor({2, 5, 8}), norm(8))};
  c["activate"] = {"encoder-block/feed-forward",
                   {en::activate.encode_call(nothing_wide, course::Activation::gelu)},
                   en::activate.encode_call(tensor({2, 5, 16}), course::Activation::gelu)};
  c["feed_forward"] = {
      "encoder-block/feed-forward",
      {en::feed_forward.encode_call(nothing_wide, feed_forward(0, 0), course::Activation::relu),
       en::feed_forward.encode_call(tensor({64, 64, 8}), feed_forward(8, 4096), course::Activation::relu)},
      en::feed_forward.encode_call(tensor({2, 5, 8}), feed_forward(8, 16), course::Activation::relu)};
  c["encoder_layer"] = {
      "encoder-block/encoder-layer",
      {en::encoder_layer.encode_call(tensor({1, 1, 8000}), course::EncoderLayerParameters{}, config,
                                     course::EncoderMasks{}),
       en::encoder_layer.encode_call(tensor({1, 2048, 8}), layer(8, 16), course::EncoderConfig{1 << 20, {}, false},
                                     course::EncoderMasks{})},
      en::encoder_layer.encode_call(tensor({2, 5, 8}), layer(8, 16), config, course::EncoderMasks{})};
#elif !defined(CALLBACK_COST_MHA)
  // attention (order-matters' workers call it)
  c["softmax_rows"] = {"attention/softmax",
                       {cb::attention::softmax_rows.encode_call(matrix(2048, 2049))},
                       cb::attention::softmax_rows.encode_call(matrix(4, 5))};
  c["scaled_dot_product_attention"] = {
      "attention",
      {cb::attention::scaled_dot_product_attention.encode_call(matrix(1536, 1024), matrix(1536, 1024), matrix(1536, 1)),
       cb::attention::scaled_dot_product_attention.encode_call(matrix(4096, 1), matrix(4096, 1), matrix(4096, 1))},
      cb::attention::scaled_dot_product_attention.encode_call(matrix(3, 4), matrix(5, 4), matrix(5, 2))};
  c["causal_mask"] = {"attention",
                      {cb::attention::causal_mask.encode_call(Index{3037000500}),
                       cb::attention::causal_mask.encode_call(std::numeric_limits<Index>::min())},
                      cb::attention::causal_mask.encode_call(Index{6})};
  // positional-encoding
  c["positional_encoding"] = {"positional-encoding",
                              {cb::positional_encoding::positional_encoding.encode_call(Index{100000}, Index{100000}),
                               cb::positional_encoding::positional_encoding.encode_call(Index{1} << 40, Index{0}),
                               cb::positional_encoding::positional_encoding.encode_call(Index{-(Index{1} << 62)}, Index{-(Index{1} << 62)})},
                              cb::positional_encoding::positional_encoding.encode_call(Index{50}, Index{16})};
  c["positional_encoding_loop"] = {"positional-encoding",
                                   {cb::positional_encoding::positional_encoding_loop.encode_call(Index{1} << 40, Index{0}),
                                    cb::positional_encoding::positional_encoding_loop.encode_call(Index{3037000500}, Index{3037000500})},
                                   cb::positional_encoding::positional_encoding_loop.encode_call(Index{50}, Index{16})};
  // order-matters' exercises, served to order-compare (which uses them)
  namespace om = cb::order_matters;
  const std::vector<std::string> sentence = {"dog", "bites", "man"};
  // 600000 words: a result of 4.8 M values (a frame holds at most 1024
  // values, so only the frame cap meets this in a worker; the estimate must
  // refuse it all the same).
  c["embed"] = {"order-matters/order-embed",
                {om::embed.encode_call(std::vector<std::string>(600000, "dog"))},
                om::embed.encode_call(sentence)};
  c["with_positions"] = {"order-matters/order-embed",
                         {om::with_positions.encode_call(matrix(1, Index{1} << 21)),
                          om::with_positions.encode_call(matrix(0, huge))},
                         om::with_positions.encode_call(matrix(3, 8))};
  c["self_attend"] = {"order-matters/order-attend",
                      {om::self_attend.encode_call(matrix(2048, 8)), om::self_attend.encode_call(matrix(huge, 0))},
                      om::self_attend.encode_call(matrix(3, 8))};
  c["mean_pool"] = {"order-matters/order-attend",
                    {om::mean_pool.encode_call(matrix(1, Index{1} << 23)), om::mean_pool.encode_call(matrix(0, huge))},
                    om::mean_pool.encode_call(matrix(3, 8))};
  // learned-vs-fixed's lvf-stats, served to lvf-lengths: every pair of rows
  // is compared, so rows cost their square, even with no columns.
  namespace lvf = cb::learned_vs_fixed;
  c["position_stats"] = {"learned-vs-fixed/lvf-stats",
                         {lvf::position_stats.encode_call(course::MatrixXd(Index{1} << 20, 0)),
                          lvf::position_stats.encode_call(course::MatrixXd::Constant(40000, 1, 0.5))},
                         lvf::position_stats.encode_call(course::MatrixXd::Constant(1200, 16, 0.5))};
  // lvf-table's class, served by hand: each method carries the table it is
  // rebuilt from, whose rows cost a loop even with no columns. (On the wire a
  // dimension past 2^28 does not decode and a table past 16 MiB is refused
  // from its bytes: the exploit cases callback-work-lvf-table-*.)
  const course::MatrixXd no_columns(Index{1} << 40, 0);  // 2^40 rows of nothing
  const course::MatrixXd table = course::MatrixXd::Constant(512, 16, 0.5);
  c["LearnedPositionalEmbedding.new"] = {
      "learned-vs-fixed/lvf-table",
      {lvf::lvf_table::construct.encode_call(Index{1} << 40, Index{0}, std::uint64_t{0}),
       lvf::lvf_table::construct.encode_call(Index{1} << 16, Index{1} << 16, std::uint64_t{0}),
       lvf::lvf_table::construct.encode_call(std::numeric_limits<Index>::min(), Index{1}, std::uint64_t{0})},
      lvf::lvf_table::construct.encode_call(Index{512}, Index{16}, std::uint64_t{0})};
  c["LearnedPositionalEmbedding.set_table"] = {
      "learned-vs-fixed/lvf-table",
      {lvf::lvf_table::set_table.encode_call(no_columns, no_columns)},
      lvf::lvf_table::set_table.encode_call(table, table)};
  c["LearnedPositionalEmbedding.forward"] = {
      "learned-vs-fixed/lvf-table",
      {lvf::lvf_table::forward.encode_call(no_columns, Index{1})},
      lvf::lvf_table::forward.encode_call(table, Index{100})};
#else
  // multi-head-attention (encoder-block's workers call it)
  // The class's methods as they travel: the module's state (sizes, parameters) first.
  using Mha = cb::multi_head_attention::MultiHeadAttention;
  const auto& construct = cb::travelling<Mha::construct>();
  const auto& set_parameters = cb::travelling<Mha::set_parameters>();
  const auto& forward = cb::travelling<Mha::forward>();
  const auto& call_operator = cb::travelling<Mha::call_operator>();
  const course::ForwardOptions none;
  c["MultiHeadAttention.new"] = {"multi-head-attention/mha-projections",
                             {construct.encode_call(Index{8000}, Index{8}, std::uint64_t{0}),
                              construct.encode_call(Index{3037000500}, Index{1}, std::uint64_t{0})},
                             construct.encode_call(Index{64}, Index{8}, std::uint64_t{1})};
  c["MultiHeadAttention.set_parameters"] = {
      "multi-head-attention/mha-projections",
      {set_parameters.encode_call(Index{8000}, Index{8}, course::MhaParameters{}, course::MhaParameters{}),
       set_parameters.encode_call(std::numeric_limits<Index>::min(), Index{1}, course::MhaParameters{},
                                  course::MhaParameters{})},
      set_parameters.encode_call(Index{8}, Index{2}, parameters(8), parameters(8))};
  c["MultiHeadAttention.forward"] = {
      "multi-head-attention",
      {forward.encode_call(Index{8000}, Index{8}, course::MhaParameters{}, tensor({1, 1, 8000}),
                               tensor({1, 1, 8000}), tensor({1, 1, 8000}), none),
       forward.encode_call(Index{8}, Index{8}, parameters(8), tensor({huge, 0, 8}), tensor({huge, 0, 8}),
                               tensor({huge, 0, 8}), none)},
      forward.encode_call(Index{8}, Index{2}, parameters(8), tensor({2, 5, 8}), tensor({2, 6, 8}),
                              tensor({2, 6, 8}), none)};
  c["MultiHeadAttention.operator()"] = {
      "multi-head-attention",
      {call_operator.encode_call(Index{8}, Index{8}, parameters(8), tensor({1, 4096, 8})),
       call_operator.encode_call(Index{8}, Index{1} << 40, parameters(8), tensor({1, 2, 8}))},
      call_operator.encode_call(Index{8}, Index{2}, parameters(8), tensor({2, 5, 8}))};
  c["project_heads"] = {"multi-head-attention/mha-projections",
                        {cb::multi_head_attention::project_heads.encode_call(tensor({huge, 0, 64}), matrix(64, 64), VectorXf(VectorXf::Zero(64)),
                                                            Index{64})},
                        cb::multi_head_attention::project_heads.encode_call(tensor({2, 5, 8}), matrix(8, 8), VectorXf(VectorXf::Zero(8)),
                                                           Index{2})};
  c["attend_heads"] = {"multi-head-attention/mha-heads",
                       {cb::multi_head_attention::attend_heads.encode_call(tensor({1, 256, 512, 1}), tensor({1, 256, 512, 1}),
                                                          tensor({1, 256, 512, 1}), std::optional<Tensor>())},
                       cb::multi_head_attention::attend_heads.encode_call(tensor({2, 2, 5, 4}), tensor({2, 2, 6, 4}), tensor({2, 2, 6, 4}),
                                                         std::optional<Tensor>())};
  c["merge_heads"] = {"multi-head-attention",
                      {cb::multi_head_attention::merge_heads.encode_call(tensor({huge, huge, 0, 1}))},
                      cb::multi_head_attention::merge_heads.encode_call(tensor({2, 2, 5, 4}))};
  const auto mask = std::optional<course::AttentionMask>(course::AttentionMask{course::MaskKind::boolean, tensor({1, 0})});
  c["merge_masks"] = {
      "multi-head-attention/mha-masks",
      {cb::multi_head_attention::merge_masks.encode_call(mask, std::optional<Tensor>(), Index{1} << 31, Index{1} << 31, Index{1}, Index{0}),
       cb::multi_head_attention::merge_masks.encode_call(std::optional<course::AttentionMask>(), std::optional<Tensor>(), Index{1} << 32,
                                        Index{1} << 32, Index{1} << 32, Index{1} << 32)},
      cb::multi_head_attention::merge_masks.encode_call(std::optional<course::AttentionMask>(), std::optional<Tensor>(), Index{2},
                                       Index{2}, Index{5}, Index{6})};
  c["causal_mask"] = {"multi-head-attention/mha-masks",
                      {cb::multi_head_attention::causal_mask.encode_call(Index{1} << 32, Index{1} << 32),
                       cb::multi_head_attention::causal_mask.encode_call(Index{-(Index{1} << 40)}, Index{1} << 30)},
                      cb::multi_head_attention::causal_mask.encode_call(Index{5}, Index{6})};
#endif
  return c;
}

TEST(CallbackCost, EveryServedFunctionRefusesHostileSizesBeforeItsReferenceRuns) {
  const auto served = gc::reference_functions();
  ASSERT_FALSE(served.empty()) << "this binary serves no reference function: its CMake target links none";
  const auto table = calls();
  for (const auto& [lesson, function] : served) {
    SCOPED_TRACE(lesson + " " + function);
    auto it = table.find(function);
    ASSERT_NE(it, table.end()) << function << " is served but has no hostile call here: add one";
    ASSERT_EQ(it->second.lesson, lesson);
    const gc::ReferenceHandler* handler = gc::find_reference({lesson}, function);
    ASSERT_NE(handler, nullptr);
    for (std::size_t i = 0; i < it->second.hostile.size(); ++i) {
      try {
        (*handler)(it->second.hostile[i]);
        ADD_FAILURE() << "hostile call " << i << " was answered";
      } catch (const gc::CallbackRefused& e) {
        EXPECT_NE(std::string(e.what()).find("over the limit of "), std::string::npos) << e.what();
      } catch (const std::exception& e) {
        ADD_FAILURE() << "hostile call " << i << " reached the reference, which threw: " << e.what();
      }
    }
    EXPECT_NO_THROW((*handler)(it->second.modest)) << "a call of the course's sizes was refused";
  }
}

// The exploit cases that send hostile sizes (tests/exploits/cases/callback-*):
// one per served function, graded by a lesson that uses the function's
// lesson, whose expected message names the callback.
TEST(CallbackCost, EveryServedFunctionHasAnExploitCase) {
  namespace fs = std::filesystem;
  const YAML::Node course = YAML::LoadFile(std::string(COURSE_SOURCE_DIR) + "/course.yaml");
  std::map<std::string, std::set<std::string>> uses;  // grading lesson -> the lessons it uses
  for (const auto& lesson : course["lessons"]) {
    const std::string id = lesson["id"].as<std::string>();
    for (const auto& used : lesson["uses"])
      uses[id].insert(used.IsMap() ? used["lesson"].as<std::string>() : used.as<std::string>());
    // An exercise's `uses`: the lesson's own exercises, served as "lesson/exercise".
    for (const auto& exercise : lesson["exercises"])
      for (const auto& used : exercise["uses"])
        uses[id].insert(id + "/" + (used.IsMap() ? used["exercise"].as<std::string>() : used.as<std::string>()));
  }
  std::vector<std::pair<std::string, std::string>> cases;  // (grading lesson, case.yaml text)
  for (const auto& entry : fs::directory_iterator(std::string(COURSE_SOURCE_DIR) + "/tests/exploits/cases")) {
    if (entry.path().filename().string().rfind("callback-", 0) != 0) continue;
    std::ifstream in(entry.path() / "case.yaml");
    std::stringstream text;
    text << in.rdbuf();
    const YAML::Node y = YAML::Load(text.str());
    cases.emplace_back(y["lesson"] ? y["lesson"].as<std::string>() : "positional-encoding", text.str());
  }
  for (const auto& [lesson, function] : gc::reference_functions()) {
    // A lesson that uses another uses its exercises' functions too (gc::find_reference).
    const std::string whole_lesson = lesson.substr(0, lesson.find('/'));
    bool found = false;
    for (const auto& [grading, text] : cases)
      found = found || ((uses[grading].count(lesson) || uses[grading].count(whole_lesson)) &&
                        text.find("callback '" + function + "'") != std::string::npos);
    EXPECT_TRUE(found) << lesson << " serves " << function
                       << ", but no tests/exploits/cases/callback-*/case.yaml of a lesson that uses it expects "
                          "\"callback '"
                       << function << "'\": add one";
  }
}

}  // namespace
