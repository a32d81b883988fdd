// The operators of `grader mutate` (grader/validate/mutation_operators.hpp):
// each makes the mutation it names on a small snippet, and none ever
// changes a string, a character literal, a comment or a preprocessor line.
#include "grader/validate/mutation_operators.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "grader/validate/generated_mutants.hpp"

namespace {

namespace gv = grader::validate;

// The mutated texts (`after`) one operator makes of `source`.
std::vector<std::string> afters(const std::string& source, const std::string& op) {
  std::vector<std::string> out;
  for (const auto& m : gv::generate_mutations("x/x.cpp", source))
    if (m.op == op) out.push_back(m.after);
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

TEST(MutationOperators, RelationalTurnsEachComparisonIntoItsNeighbourButLeavesTemplateBrackets) {
  const auto a = afters("bool f(int a, int b) { return static_cast<long>(a) < b || a != b; }", "relational");
  EXPECT_TRUE(has(a, "bool f(int a, int b) { return static_cast<long>(a) <= b || a != b; }"));
  EXPECT_TRUE(has(a, "bool f(int a, int b) { return static_cast<long>(a) < b || a == b; }"));
  EXPECT_EQ(a.size(), 2u);  // static_cast<long> is no comparison
}

TEST(MutationOperators, ArithmeticSwapsBinaryOperatorsOnlyOutsideMessages) {
  const auto a = afters("double g(double x, int n) { x -= 2 * x / -n; throw E(\"n = \" + std::to_string(n)); }",
                        "arithmetic");
  EXPECT_TRUE(has(a, "double g(double x, int n) { x += 2 * x / -n; throw E(\"n = \" + std::to_string(n)); }"));
  EXPECT_TRUE(has(a, "double g(double x, int n) { x -= 2 / x / -n; throw E(\"n = \" + std::to_string(n)); }"));
  EXPECT_TRUE(has(a, "double g(double x, int n) { x -= 2 * x * -n; throw E(\"n = \" + std::to_string(n)); }"));
  EXPECT_EQ(a.size(), 3u);  // the unary minus and the message's + are left alone
}

TEST(MutationOperators, ConstantMovesIntegersAndWholeFloatsByOne) {
  const auto a = afters("int h() { return 0 + 32 + int(2.0f) + 1e-12; }", "constant");
  EXPECT_TRUE(has(a, "int h() { return 1 + 32 + int(2.0f) + 1e-12; }"));
  EXPECT_TRUE(has(a, "int h() { return 0 + 33 + int(2.0f) + 1e-12; }"));
  EXPECT_TRUE(has(a, "int h() { return 0 + 31 + int(2.0f) + 1e-12; }"));
  EXPECT_TRUE(has(a, "int h() { return 0 + 32 + int(3.0f) + 1e-12; }"));
  EXPECT_TRUE(has(a, "int h() { return 0 + 32 + int(1.0f) + 1e-12; }"));
  EXPECT_EQ(a.size(), 5u);  // 0 is not made -1; 1e-12 is no whole number
}

TEST(MutationOperators, LoopBoundMovesTheBoundTheRelationalOperatorDoesNot) {
  EXPECT_EQ(afters("void f(int n) { for (int i = 0; i < n && ok(i); ++i) g(i); }", "loop-bound"),
            std::vector<std::string>{"void f(int n) { for (int i = 0; i < (n) - 1 && ok(i); ++i) g(i); }"});
  EXPECT_EQ(afters("void f(int n) { for (int i = 0; i <= n + 2; ++i) g(i); }", "loop-bound"),
            std::vector<std::string>{"void f(int n) { for (int i = 0; i <= (n + 2) + 1; ++i) g(i); }"});
  EXPECT_TRUE(afters("void f(V v) { for (int x : v) g(x); }", "loop-bound").empty());
}

TEST(MutationOperators, SwapArgumentsOnlyForNamesOfOneTypeAndNotForMinOrMax) {
  const std::string src = "M f(Index rows, Index cols, double s) { g(rows, s); std::max(rows, cols); return M(rows, cols); }";
  EXPECT_EQ(afters(src, "swap-arguments"),
            std::vector<std::string>{
                "M f(Index rows, Index cols, double s) { g(rows, s); std::max(rows, cols); return M(cols, rows); }"});
}

TEST(MutationOperators, DeleteStatementRemovesAssignmentsAndCallsButNotDeclarationsOrReturns) {
  const auto a = afters("int f(M& m) {\n  M copy(m);\n  m(0, 1) = 2;\n  fill(m);\n  return 1;\n}\n", "delete-statement");
  EXPECT_EQ(a, (std::vector<std::string>{";", ";"}));
  std::set<int> lines;
  for (const auto& m : gv::generate_mutations("x/x.cpp", "int f(M& m) {\n  M copy(m);\n  m(0, 1) = 2;\n  fill(m);\n  return 1;\n}\n"))
    if (m.op == "delete-statement") lines.insert(m.line);
  EXPECT_EQ(lines, (std::set<int>{3, 4}));
}

TEST(MutationOperators, DeleteCheckRemovesAThrowingIfAndDeleteThrowALoneThrow) {
  const std::string src =
      "void f(int n) { if (n < 0) throw E(\"n < 0\"); if (n == 1) { g(); } else { throw E(\"one\"); } }";
  EXPECT_EQ(afters(src, "delete-check"),
            std::vector<std::string>{"void f(int n) { ; if (n == 1) { g(); } else { throw E(\"one\"); } }"});
  EXPECT_EQ(afters(src, "delete-throw"),
            std::vector<std::string>{"void f(int n) { if (n < 0) throw E(\"n < 0\"); if (n == 1) { g(); } else { ; } }"});
}

TEST(MutationOperators, ConditionForcesWholeConditionsAndOperandsOfAnd) {
  const auto a = afters("void f(int a, int b) { if (a > 0 && b > 0) g(); }", "condition");
  EXPECT_TRUE(has(a, "void f(int a, int b) { if (true) g(); }"));
  EXPECT_TRUE(has(a, "void f(int a, int b) { if (false) g(); }"));
  EXPECT_TRUE(has(a, "void f(int a, int b) { if (true && b > 0) g(); }"));
  EXPECT_TRUE(has(a, "void f(int a, int b) { if (a > 0 && true) g(); }"));
  EXPECT_EQ(a.size(), 4u);
  // A check that throws is not also forced false: removing it (delete-check) says the same.
  EXPECT_EQ(afters("void f(int a) { if (a < 0 || !ok(a)) throw E(); }", "condition"),
            (std::vector<std::string>{"void f(int a) { if (true) throw E(); }",
                                      "void f(int a) { if (false || !ok(a)) throw E(); }",
                                      "void f(int a) { if (a < 0 || false) throw E(); }"}));
}

TEST(MutationOperators, ReductionRangeCutsOneElement) {
  EXPECT_EQ(afters("float f(const M& x) { return x.row(0).sum(); }", "reduction-range"),
            std::vector<std::string>{"float f(const M& x) { return (x.row(0)).head((x.row(0)).size() - 1).sum(); }"});
  EXPECT_EQ(afters("V f(const M& x) { return x.colwise().mean(); }", "reduction-range"),
            std::vector<std::string>{"V f(const M& x) { return (x).topRows((x).rows() - 1).colwise().mean(); }"});
  EXPECT_EQ(afters("int f(const V& v) { return std::accumulate(v.begin(), v.end(), 0); }", "reduction-range"),
            std::vector<std::string>{"int f(const V& v) { return std::accumulate(v.begin(), (v.end()) - 1, 0); }"});
}

TEST(MutationOperators, NeverTouchStringsCharactersCommentsOrDirectives) {
  // Every operator's bait inside literals, comments and a directive.
  const std::string bait = "a < b + 1 * 2; if (x && y) throw z; s.sum(); f(p, q);";
  const std::string src = "#define LIMIT (1 < 2 + 3)\n#include <vector>\n// " + bait + "\n/* " + bait +
                          " */\nconst char* s = \"" + bait + "\";\nconst char* r = R\"(" + bait + ")\";\nchar c = '<';\n";
  const auto mutations = gv::generate_mutations("x/x.cpp", src);
  EXPECT_TRUE(mutations.empty()) << mutations.front().op << ": " << mutations.front().after;
  // Code beside them is still mutated, and the literal on its line stays as written.
  const auto beside = gv::generate_mutations("x/x.cpp", "int f(int n) { return n < 3 ? g(\"a < b\") : 0; } // n < 3\n");
  ASSERT_FALSE(beside.empty());
  for (const auto& m : beside) {
    const std::string text = gv::apply_mutation("int f(int n) { return n < 3 ? g(\"a < b\") : 0; } // n < 3\n", m);
    EXPECT_NE(text.find("g(\"a < b\")"), std::string::npos) << m.op << ": " << text;
    EXPECT_NE(text.find("// n < 3"), std::string::npos) << m.op << ": " << text;
  }
}

TEST(MutationOperators, KeysAreStableAcrossLineMovesAndCountOccurrences) {
  const auto one = gv::generate_mutations("x/x.cpp", "int f(int a) { a = a + 1; a = a + 1; return a; }");
  const auto moved = gv::generate_mutations("x/x.cpp", "\n\n// moved down\nint f(int a) { a = a + 1; a = a + 1; return a; }");
  ASSERT_EQ(one.size(), moved.size());
  std::set<std::string> keys;
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].key(), moved[i].key());
    EXPECT_NE(one[i].line, moved[i].line);
    EXPECT_TRUE(keys.insert(one[i].key()).second) << "two mutations share the key " << one[i].key();
  }
}

TEST(MutationSample, SameSeedSameSampleAndEveryIndexOnce) {
  const auto a = gv::sample_indices(100, 10, 7), b = gv::sample_indices(100, 10, 7), c = gv::sample_indices(100, 10, 8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(std::set<std::size_t>(a.begin(), a.end()).size(), 10u);
  EXPECT_TRUE(std::is_sorted(a.begin(), a.end()));
  EXPECT_LT(a.back(), 100u);
  EXPECT_EQ(gv::sample_indices(5, 0, 1).size(), 5u);
  EXPECT_EQ(gv::sample_indices(5, 9, 1).size(), 5u);
}

}  // namespace
