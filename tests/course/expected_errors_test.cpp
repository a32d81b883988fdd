// An expected error names its argument the way the headers promise:
// EXPECT_INVALID_ARGUMENT (grader/authoring/testing.hpp) through
// grader::testing::names_argument, and `grader validate`'s check that no
// expectation would pass for a message naming another argument
// (grader/validate/argument_checks.hpp).
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/tensor_testing.hpp"
#include "grader/testing/argument_names.hpp"
#include "grader/validate/argument_checks.hpp"

namespace {

using grader::testing::names_argument;

// A message naming the argument the header names first.
TEST(ExpectedErrors, TheHeadersFormsNameTheirArgument) {
  EXPECT_TRUE(names_argument("x: expected shape (B, L, 8), got (2, 3, 5)", "x"));
  EXPECT_TRUE(names_argument("max_len must be > 0, got 0", "max_len"));
  EXPECT_TRUE(names_argument("lengths[1] must be >= 2, got 1", "lengths[1]"));
  EXPECT_TRUE(names_argument("embed_dim (10) must be divisible by num_heads (3)",
                             "embed_dim (10) must be divisible by num_heads (3)"));
  EXPECT_TRUE(names_argument("key: expected shape (3, 4), got (3, 5)", "key: expected shape (3, 4), got (3, 5)"));
  EXPECT_TRUE(names_argument("unknown word 'unicorn': the toy vocabulary knows dog, bites", "'unicorn'"));
  EXPECT_TRUE(names_argument("norm1.weight: expected shape (8,), got (5,)", "weight"));
  EXPECT_TRUE(names_argument("seq_len", "seq_len"));
  // A whole sentence of the header, followed by the values the call had.
  EXPECT_TRUE(names_argument("num_heads must be > 0, got 0", "num_heads must be > 0"));
  EXPECT_TRUE(names_argument("heads: expected shape (B, H, L, D), got (1, 2, 3, 4, 5)", "heads: expected shape (B, H, L, D)"));
  // After the name of the function that throws it.
  EXPECT_TRUE(names_argument("positional_encoding: seq_len must be >= 0, got -1", "seq_len"));
  EXPECT_TRUE(names_argument("causal_mask: length must be >= 0", "length"));
  EXPECT_TRUE(names_argument("MultiHeadAttention::forward: query: expected shape (B, L, 6)", "query"));
  EXPECT_TRUE(names_argument("encoder_layer: norm1.weight: expected shape (8,), got (5,)", "weight"));
}

// The same fragments, in messages that name another argument.
TEST(ExpectedErrors, AMessageNamingAnotherArgumentDoesNotNameIt) {
  const std::vector<std::pair<std::string, std::string>> wrong = {
      {"bias: expected shape (8,), got (5,)", "x"},                     // "x" is in "expected"
      {"linear1_bias: expected shape (16,), got (8,)", "x"},            // and in "(x"
      {"key_padding_mask: expected shape (2, 7), got (2, 4)", "key"},   // "key" starts another name
      {"d_model must be > 0, got -2", "max_len"},
      {"lengths[0] must be >= 2, got 1", "lengths[1]"},
      {"embed_dim (10) must be divisible by num_heads (3)", "num_heads"},  // named, but not first
      {"value: expected shape (3, 2), got (4, 2)", "key: expected shape (3, 4), got (3, 5)"},
      {"unknown word 'cats': the toy vocabulary knows dog, cat", "'cat'"},
      {"norm1.weight: expected shape (8,), got (5,)", "bias"},
      {"the weight x is wrong", "x"},
      {"positional_encoding: d_model must be > 0, got 0", "seq_len"},     // after the function: another one
      {"causal_mask: the length must be >= 0", "length"},                 // not first after the function
      {"causal mask: length must be >= 0", "length"},                     // "causal mask" is not a name
      {"positional_encoding: seq_len_max must be > 0", "seq_len"},        // a longer name
      {"num_heads must be > 0x", "num_heads must be > 0"},
      {"x: expected shape (B, L, 8), got (2, 3, 5)", ""},
  };
  for (const auto& [message, argument] : wrong)
    EXPECT_FALSE(names_argument(message, argument)) << "'" << argument << "' in: " << message;
}

void throws_bias_error() { throw std::invalid_argument("bias: expected shape (8,), got (5,)"); }
void throws_x_error() { throw std::invalid_argument("x: expected shape (B, L, 8), got (2, 3, 5)"); }
void throws_max_len_error() { throw std::invalid_argument("max_len must be > 0, got 0"); }
void throws_padding_error() { throw std::invalid_argument("key_padding_mask: expected shape (2, 7), got (2, 4)"); }
void throws_unknown_cats() { throw std::invalid_argument("unknown word 'cats': the toy vocabulary knows dog, cat"); }

// The helper fails a test whose call names another argument, and passes the right one.
TEST(ExpectedErrors, TheHelperFailsAnErrorThatNamesAnotherArgument) {
  EXPECT_NONFATAL_FAILURE(EXPECT_INVALID_ARGUMENT(throws_bias_error(), "x"), "expected std::invalid_argument naming 'x'");
  EXPECT_NONFATAL_FAILURE(EXPECT_INVALID_ARGUMENT(throws_max_len_error(), "d_model"), "max_len must be > 0");
  EXPECT_NONFATAL_FAILURE(EXPECT_INVALID_ARGUMENT(throws_padding_error(), "key"), "naming 'key'");
  EXPECT_NONFATAL_FAILURE(EXPECT_INVALID_ARGUMENT(throws_unknown_cats(), "'cat'"), "naming ''cat''");
  EXPECT_INVALID_ARGUMENT(throws_x_error(), "x");
  EXPECT_INVALID_ARGUMENT(throws_max_len_error(), "max_len");
  EXPECT_INVALID_ARGUMENT(throws_padding_error(), "key_padding_mask");
  EXPECT_INVALID_ARGUMENT(throws_unknown_cats(), "'cats'");
}

namespace gr = grader::runner;

// The references' run of one lesson: tests with the errors they expected and got.
gr::SubmissionResult reference_run(const std::vector<std::pair<std::string, std::string>>& expectations) {
  gr::LessonResult lesson;
  lesson.lesson = "encoder-block";
  for (std::size_t i = 0; i < expectations.size(); ++i) {
    gr::TestResult t;
    t.name = "LayerNorm.Rejects" + std::to_string(i);
    t.status = gr::TestStatus::passed;
    t.argument_expectations.push_back({expectations[i].first, expectations[i].second});
    lesson.tests.push_back(t);
  }
  gr::SubmissionResult result;
  result.lessons.push_back(lesson);
  return result;
}

// The old rule: the fragment anywhere in the message.
bool anywhere(std::string_view message, std::string_view argument) { return message.find(argument) != std::string_view::npos; }

// EXPECT_ERROR: any promised error type, its message holding a fragment;
// another type, another message or nothing thrown each fail, saying which.
int throws_domain_error() { throw std::domain_error("mean of no values"); }
int throws_out_of_range() { throw std::out_of_range("index 7 of 3"); }
int returns_normally() { return 1; }
TEST(ExpectedErrors, ExpectErrorChecksTheTypeAndTheMessage) {
  EXPECT_ERROR(throws_domain_error(), std::domain_error, "no values");
  EXPECT_ERROR(throws_domain_error(), std::logic_error, "no values");  // a base type the header promises
  EXPECT_NONFATAL_FAILURE(EXPECT_ERROR(throws_domain_error(), std::domain_error, "empty"),
                          "expected std::domain_error whose message holds 'empty', but its message is: mean of no values");
  EXPECT_NONFATAL_FAILURE(EXPECT_ERROR(throws_out_of_range(), std::domain_error, "no values"),
                          "expected std::domain_error, got std::out_of_range: index 7 of 3");
  EXPECT_NONFATAL_FAILURE(EXPECT_ERROR(returns_normally(), std::domain_error, "no values"),
                          "expected std::domain_error ('no values'), but nothing was thrown");
}

// A single number compares through EXPECT_RESULT_NEAR and EXPECT_VALUE_NEAR
// alike, each naming a known wrong number as the likely cause.
TEST(ExpectedErrors, ASingleNumberHasItsLikelyCauses) {
  const course_testing::Tolerance tol{1e-12, 1e-12};
  const double got = 4.5;
  EXPECT_RESULT_NEAR(3.0, 3.0, tol);
  EXPECT_NONFATAL_FAILURE(EXPECT_RESULT_NEAR_EXPLAINED(got, 3.0, tol, {course_testing::mistake("divided by n - 1", 4.5)}),
                          "likely cause: divided by n - 1");
  EXPECT_NONFATAL_FAILURE(EXPECT_VALUE_NEAR_EXPLAINED(got, 3.0, tol, {course_testing::mistake("divided by n - 1", 4.5)}),
                          "likely cause: divided by n - 1");
  EXPECT_NONFATAL_FAILURE(EXPECT_VALUE_NEAR_EXPLAINED(got, 3.0, tol, {course_testing::mistake("divided by n - 1", 9.0)}),
                          "got 4.5");
}

TEST(ExpectedErrors, ValidateFlagsAnExpectationAnotherArgumentsMessageSatisfies) {
  const auto run = reference_run({{"x", "x: expected shape (B, L, 4), got (2, 3, 5)"},
                                  {"bias", "bias: expected shape (4,), got (3,)"},
                                  {"linear1_bias", "linear1_bias: expected shape (16,), got (8,)"}});
  // Under the old rule "x" passes for the bias's message: vacuous.
  auto checks = grader::validate::argument_checks(run, anywhere);
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_FALSE(checks[0].ok);
  EXPECT_NE(checks[0].detail.find("LayerNorm.Rejects0 expects 'x' named"), std::string::npos) << checks[0].detail;
  // "bias" is in "linear1_bias: ...", too.
  EXPECT_NE(checks[0].detail.find("LayerNorm.Rejects1 expects 'bias' named"), std::string::npos) << checks[0].detail;
  // Under the helper's rule each names only its own.
  checks = grader::validate::argument_checks(run);
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_TRUE(checks[0].ok) << checks[0].detail;
}

TEST(ExpectedErrors, ValidateFlagsAQuotedValueAnotherMessageHolds) {
  // 'the' is quoted in the other argument's message as well.
  const auto run = reference_run({{"'the'", "unknown word 'the': the toy vocabulary"},
                                  {"sentence_b", "sentence_b must be a reordering of sentence_a: 'the' at position 1"}});
  const auto checks = grader::validate::argument_checks(run);
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_FALSE(checks[0].ok);
  EXPECT_NE(checks[0].detail.find("expects ''the'' named"), std::string::npos) << checks[0].detail;
}

TEST(ExpectedErrors, OneArgumentExpectedInSeveralFormsIsNotVacuous) {
  const auto run = reference_run({{"sentence_b", "sentence_b has 2 words but sentence_a has 3"},
                                  {"'cat'", "sentence_b must be a reordering of sentence_a: 'cat' at position 0"},
                                  {"embed_dim", "embed_dim must be > 0, got 0"},
                                  {"embed_dim (10) must be divisible by num_heads (3)",
                                   "embed_dim (10) must be divisible by num_heads (3)"},
                                  {"num_heads", "num_heads must be > 0, got 0"}});
  const auto checks = grader::validate::argument_checks(run);
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_TRUE(checks[0].ok) << checks[0].detail;
}

}  // namespace
