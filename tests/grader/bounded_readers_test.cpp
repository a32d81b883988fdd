// Reading YAML and JSON within limits (grader/util/bounded_yaml, bounded_json):
// each limit just met is read, one past it is refused naming that limit (and,
// for YAML, where), whatever the nesting, the alias chain or the document it
// is in; and a limit is checked while reading, so a file standing for far more
// than memory is refused quickly and without building anything.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "grader/util/bounded_json.hpp"
#include "grader/util/bounded_yaml.hpp"

namespace {

using grader::util::load_bounded_yaml;
using grader::util::read_bounded_json;
using grader::util::StructuredLimitError;
using grader::util::StructuredLimits;
using Limit = StructuredLimitError::Limit;

constexpr std::size_t kLots = 1u << 30;

/// Generous limits except the ones a test sets.
StructuredLimits limits() { return {kLots, kLots, kLots, kLots, kLots}; }
StructuredLimits with_size(std::size_t n) { auto l = limits(); l.max_bytes = n; return l; }
StructuredLimits with_depth(std::size_t n) { auto l = limits(); l.max_depth = n; return l; }
StructuredLimits with_aliases(std::size_t n) { auto l = limits(); l.max_aliases = n; return l; }
StructuredLimits with_values(std::size_t n) { auto l = limits(); l.max_values = n; return l; }
StructuredLimits with_expanded(std::size_t n) { auto l = limits(); l.max_expanded_bytes = n; return l; }

/// The limit the YAML text passes, or nothing when it is read.
std::optional<StructuredLimitError> yaml_refusal(const std::string& text, const StructuredLimits& l) {
  try {
    load_bounded_yaml(text, l);
  } catch (const StructuredLimitError& e) {
    return e;
  }
  return std::nullopt;
}

std::optional<StructuredLimitError> json_refusal(const std::string& text, const StructuredLimits& l) {
  try {
    read_bounded_json(text, l);
  } catch (const StructuredLimitError& e) {
    return e;
  }
  return std::nullopt;
}

/// `text` is read with `at` and refused with `at - 1` for `limit`.
void expect_threshold_yaml(const std::string& text, StructuredLimits (*make)(std::size_t), std::size_t at, Limit limit) {
  EXPECT_FALSE(yaml_refusal(text, make(at))) << text << "\nshould be read with the limit at " << at;
  auto refused = yaml_refusal(text, make(at - 1));
  ASSERT_TRUE(refused) << text << "\nshould be refused with the limit at " << at - 1;
  EXPECT_EQ(refused->limit(), limit) << refused->what();
}

void expect_threshold_json(const std::string& text, StructuredLimits (*make)(std::size_t), std::size_t at, Limit limit) {
  EXPECT_FALSE(json_refusal(text, make(at))) << text << "\nshould be read with the limit at " << at;
  auto refused = json_refusal(text, make(at - 1));
  ASSERT_TRUE(refused) << text << "\nshould be refused with the limit at " << at - 1;
  EXPECT_EQ(refused->limit(), limit) << refused->what();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// --- YAML ---

TEST(BoundedYaml, ReadsWhatIsWithinTheLimits) {
  auto docs = load_bounded_yaml("q1: b\nq2: [a, c]\nx: &a hello\ny: *a\n", limits());
  EXPECT_EQ(docs.count, 1u);
  EXPECT_EQ(docs.first["q1"].as<std::string>(), "b");
  EXPECT_EQ(docs.first["q2"].size(), 2u);
  EXPECT_EQ(docs.first["y"].as<std::string>(), "hello");
}

TEST(BoundedYaml, SizeJustUnderIsReadJustOverIsRefused) {
  const std::string text = "q1: b\n# " + std::string(100, 'x') + "\n";
  expect_threshold_yaml(text, with_size, text.size(), Limit::size);
  auto refused = yaml_refusal(text, with_size(64));
  ASSERT_TRUE(refused);
  EXPECT_TRUE(contains(refused->what(), "size limit of 64 bytes")) << refused->what();
  EXPECT_TRUE(contains(refused->what(), std::to_string(text.size()) + " bytes")) << refused->what();
}

TEST(BoundedYaml, DepthOfFlowAndBlockListsAndMappings) {
  expect_threshold_yaml("a: [[[x]]]\n", with_depth, 4, Limit::depth);
  expect_threshold_yaml("a: {b: {c: {d: x}}}\n", with_depth, 4, Limit::depth);
  expect_threshold_yaml("- - - - x\n", with_depth, 4, Limit::depth);
  expect_threshold_yaml("a:\n  b:\n    c:\n      d: x\n", with_depth, 4, Limit::depth);
  expect_threshold_yaml("[{a: [{b: x}]}]\n", with_depth, 4, Limit::depth);
  auto refused = yaml_refusal("q1: b\nq2: [[[x]]]\n", with_depth(3));
  ASSERT_TRUE(refused);
  EXPECT_TRUE(contains(refused->what(), "depth limit of 3")) << refused->what();
  EXPECT_EQ(refused->line(), 2);
  EXPECT_EQ(refused->column(), 7);  // the third '['
}

TEST(BoundedYaml, DepthFarPastTheLimitIsRefusedAtTheFirstLevelOver) {
  // 30,000 levels: past yaml-cpp's own guard (2000) and any stack; refused at 17.
  for (const std::string& deep : {"q: " + std::string(30000, '[') + std::string(30000, ']') + "\n",
                                  "q: " + repeat("{a: ", 20000) + "x" + std::string(20000, '}') + "\n",
                                  repeat("- ", 30000) + "x\n"}) {
    auto refused = yaml_refusal(deep, with_depth(16));
    ASSERT_TRUE(refused) << deep.substr(0, 40);
    EXPECT_EQ(refused->limit(), Limit::depth);
    EXPECT_TRUE(contains(refused->what(), "more than 16 levels")) << refused->what();
  }
}

TEST(BoundedYaml, AnAliasCountsTheDepthOfWhatItRepeats) {
  // a's list is 2 deep under the root mapping (3); *a inside b's list reaches 4.
  expect_threshold_yaml("a: &a [[x]]\nb: [*a]\n", with_depth, 4, Limit::depth);
  auto refused = yaml_refusal("a: &a [[x]]\nb: [*a]\n", with_depth(3));
  ASSERT_TRUE(refused);
  EXPECT_TRUE(contains(refused->what(), "with an alias expanded")) << refused->what();
  EXPECT_EQ(refused->line(), 2);
}

TEST(BoundedYaml, AliasesAreCountedInValuesKeysAndNestedLists) {
  expect_threshold_yaml("a: &a x\nb: [*a, *a, *a]\n", with_aliases, 3, Limit::aliases);
  expect_threshold_yaml("a: &a x\n*a : 1\nb: {*a : 2, c: [*a]}\n", with_aliases, 3, Limit::aliases);
  expect_threshold_yaml("a: &a [x]\n? *a\n: *a\n", with_aliases, 2, Limit::aliases);
  auto refused = yaml_refusal("a: &a x\nb: [*a, *a, *a]\n", with_aliases(2));
  ASSERT_TRUE(refused);
  EXPECT_TRUE(contains(refused->what(), "alias limit of 2")) << refused->what();
  EXPECT_EQ(refused->line(), 2);
  EXPECT_EQ(refused->column(), 13);  // the third *a
}

TEST(BoundedYaml, ValuesCountEveryAliasAsWhatItRepeats) {
  // root {1}, a (2), [ (3), x (4), x (5): the anchor is 3 values; b (6), [ (7), *a (10), *a (13).
  expect_threshold_yaml("a: &a [x, x]\nb: [*a, *a]\n", with_values, 13, Limit::values);
  // Without aliases: root, 2 keys, 2 values.
  expect_threshold_yaml("a: 1\nb: ~\n", with_values, 5, Limit::values);
}

TEST(BoundedYaml, ExpandedTextCountsEveryAliasAsTheTextItRepeats) {
  // keys a and b (2 bytes), the anchor's 10, and 10 for each of the two aliases.
  expect_threshold_yaml("a: &a xxxxxxxxxx\nb: [*a, *a]\n", with_expanded, 32, Limit::expanded_bytes);
  // As keys: "a", 10, 10 + "1", 10 + "2".
  expect_threshold_yaml("a: &a xxxxxxxxxx\n*a : 1\n? *a\n: 2\n", with_expanded, 33, Limit::expanded_bytes);
  auto refused = yaml_refusal("a: &a xxxxxxxxxx\nb: [*a, *a]\n", with_expanded(31));
  ASSERT_TRUE(refused);
  EXPECT_TRUE(contains(refused->what(), "expanded-text limit of 31 bytes")) << refused->what();
}

TEST(BoundedYaml, OneBigAnchorAndManyAliasesIsRefusedBeforeItIsExpanded) {
  // The issue's file: one 30 KB anchor and 11,700 aliases, 350 MB expanded.
  const std::string text = "x: &a " + std::string(30000, 'y') + "\nq: [" + repeat("*a,", 11700) + "*a]\n";
  ASSERT_LT(text.size(), 64u * 1024);
  auto l = limits();
  l.max_expanded_bytes = 256 * 1024;
  auto refused = yaml_refusal(text, l);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->limit(), Limit::expanded_bytes);
  // The eighth alias passes 256 KiB (nine copies of 30 KB): refused on line 2, at its column.
  EXPECT_EQ(refused->line(), 2);
  EXPECT_EQ(refused->column(), 5 + 3 * 7);  // "q: [" then "*a," seven times
}

TEST(BoundedYaml, NestedAliasChainsAreCountedWithoutOverflow) {
  // The billion laughs: ten levels of ten aliases to the level below, 10^10
  // values. Refused at the value limit; with no limit at all the count
  // saturates instead of wrapping round.
  std::string text = "l0: &l0 [~, ~, ~, ~, ~, ~, ~, ~, ~, ~]\n";
  for (int i = 1; i <= 10; ++i) {
    text += "l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) text += std::string(j ? ", " : "") + "*l" + std::to_string(i - 1);
    text += "]\n";
  }
  auto refused = yaml_refusal(text, with_values(65536));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->limit(), Limit::values);
  EXPECT_TRUE(contains(refused->what(), "value limit of 65536")) << refused->what();
  // Twenty levels: 10^20 values, more than a size_t holds.
  for (int i = 11; i <= 20; ++i) {
    text += "l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) text += std::string(j ? ", " : "") + "*l" + std::to_string(i - 1);
    text += "]\n";
  }
  EXPECT_FALSE(yaml_refusal(text, StructuredLimits::none()));
  refused = yaml_refusal(text, with_values(kLots));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->limit(), Limit::values);
}

TEST(BoundedYaml, AnAliasInsideTheNodeItNamesIsRefused) {
  for (const std::string text : {"a: &a [*a]\n", "a: &a {b: [c, *a]}\n", "a: &a [[[*a]]]\n"}) {
    auto refused = yaml_refusal(text, with_values(1000));
    ASSERT_TRUE(refused) << text;
    EXPECT_EQ(refused->limit(), Limit::values) << text;
    EXPECT_TRUE(contains(refused->what(), "without end")) << refused->what();
  }
  // An alias after its node ended is a plain repetition.
  EXPECT_FALSE(yaml_refusal("a: &a [x]\nb: [*a]\n", with_values(1000)));
}

TEST(BoundedYaml, ASecondDocumentIsCountedAndHeldToTheSameLimits) {
  auto docs = load_bounded_yaml("a: 1\n---\nb: 2\n", limits());
  EXPECT_EQ(docs.count, 2u);
  EXPECT_EQ(docs.second_start.line, 1);
  EXPECT_EQ(docs.first["a"].as<int>(), 1);
  auto refused = yaml_refusal("a: 1\n---\nb: [[[[x]]]]\n", with_depth(3));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->limit(), Limit::depth);
  EXPECT_EQ(refused->line(), 3);
  // Anchors belong to their document: the second's alias of the first's anchor is an error of yaml-cpp's.
  EXPECT_THROW(load_bounded_yaml("a: &a 1\n---\nb: *a\n", limits()), YAML::Exception);
}

TEST(BoundedYaml, SyntaxErrorsAndStrayTextStayYamlErrors) {
  EXPECT_THROW(load_bounded_yaml("q1: [a, b\n", limits()), YAML::ParserException);
  EXPECT_THROW(load_bounded_yaml(" [x], b}}", limits()), YAML::ParserException);
  auto empty = load_bounded_yaml("", limits());
  EXPECT_EQ(empty.count, 0u);
}

// --- JSON ---

TEST(BoundedJson, ReadsWhatIsWithinTheLimits) {
  auto j = read_bounded_json(R"({"pe-formula": 2, "x": [1, "two", null, true, 1.5]})", limits());
  EXPECT_EQ(j["pe-formula"].get<int>(), 2);
  EXPECT_EQ(j["x"].size(), 5u);
}

TEST(BoundedJson, SizeJustUnderIsReadJustOverIsRefused) {
  const std::string text = R"({"pe-formula": 2})";
  expect_threshold_json(text, with_size, text.size(), Limit::size);
}

TEST(BoundedJson, DepthOfArraysAndObjects) {
  expect_threshold_json("[[[1]]]", with_depth, 3, Limit::depth);
  expect_threshold_json(R"({"a": {"b": {"c": 1}}})", with_depth, 3, Limit::depth);
  expect_threshold_json(R"([{"a": [{}]}])", with_depth, 4, Limit::depth);
  expect_threshold_json(R"({"a": [[]]})", with_depth, 3, Limit::depth);
}

TEST(BoundedJson, TwoHundredThousandLevelsAreRefusedWithoutRecursion) {
  // The issue's hints.json nested 200,000 deep (the writer recursed once per level).
  for (const std::string& deep : {std::string(200000, '[') + std::string(200000, ']'),
                                  "{\"pe-formula\": " + repeat("{\"a\": ", 200000) + "1" + std::string(200000, '}') + "}",
                                  std::string(200000, '[')}) {  // never closed: still the depth, not a syntax error
    auto refused = json_refusal(deep, with_depth(8));
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->limit(), Limit::depth);
    EXPECT_TRUE(contains(refused->what(), "depth limit of 8")) << refused->what();
  }
}

TEST(BoundedJson, ValuesAndTextAreCounted) {
  expect_threshold_json("[1, 2, 3]", with_values, 4, Limit::values);
  expect_threshold_json(R"({"a": 1, "b": [true, null]})", with_values, 7, Limit::values);  // object, 2 keys, 1, array, 2
  expect_threshold_json(R"({"ab": "cde"})", with_expanded, 5, Limit::expanded_bytes);
  expect_threshold_json(R"(["\u00e9"])", with_expanded, 2, Limit::expanded_bytes);  // é is two bytes of UTF-8
}

TEST(BoundedJson, SyntaxErrorsStayJsonErrors) {
  EXPECT_THROW(read_bounded_json("{\"a\": ", limits()), nlohmann::json::parse_error);
  EXPECT_THROW(read_bounded_json("", limits()), nlohmann::json::parse_error);
  EXPECT_THROW(read_bounded_json("[1] [2]", limits()), nlohmann::json::parse_error);
}

}  // namespace
