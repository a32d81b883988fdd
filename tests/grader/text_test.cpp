// Small text helpers (grader/util/text.hpp) where a wrong byte shows on a
// student's terminal: titles clipped to a column.
#include "grader/util/text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace {

using grader::util::characters;
using grader::util::clipped;
using grader::util::lines_with_endings;
using grader::util::padded;

TEST(Clipped, AShortTitleIsKeptWhole) {
  EXPECT_EQ(clipped("Multi-head attention", 36), "Multi-head attention");
  EXPECT_EQ(clipped(std::string(36, 'a'), 36), std::string(36, 'a'));
}

// Cut at the last word that fits, with an ellipsis, in at most `width` characters.
TEST(Clipped, ALongTitleEndsAtAWordWithAnEllipsis) {
  EXPECT_EQ(clipped("Does order matter? Self-attention with and without encodings", 36),
            "Does order matter? Self-attention\u2026");
  EXPECT_EQ(clipped("Causal, padding, boolean and additive masks", 40), "Causal, padding, boolean and additive\u2026");
  EXPECT_EQ(clipped("Causal, padding, boolean", 17), "Causal, padding\u2026");
}

// One long word: cut inside it rather than leave half the column empty.
TEST(Clipped, OneLongWordIsCutInside) { EXPECT_EQ(clipped("a " + std::string(50, 'x'), 10), "a xxxxxxx\u2026"); }

// Never inside a UTF-8 sequence: the count is of characters, not bytes.
TEST(Clipped, CountsCharactersAndNeverSplitsOne) {
  const std::string title = "Positional encodings \u2014 sinusoidal \u00e9t\u00e9 version";  // 45 characters
  const std::string got = clipped(title, 30);
  EXPECT_EQ(got, "Positional encodings \u2014\u2026");
  EXPECT_EQ(clipped("\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9", 4), "\u00e9\u00e9\u00e9\u2026");
  EXPECT_EQ(clipped("\u00e9\u00e9\u00e9\u00e9", 4), "\u00e9\u00e9\u00e9\u00e9");
}

// Columns are counted in characters: "é" is one, not two bytes' worth.
TEST(Padded, PadsToAWidthInCharacters) {
  EXPECT_EQ(characters("\u00e9t\u00e9"), 3u);
  EXPECT_EQ(padded("\u00e9t\u00e9", 5), "\u00e9t\u00e9  ");
  EXPECT_EQ(padded("longer than", 4), "longer than");
}

// Lines keep their endings, so joined again they are the text.
TEST(LinesWithEndings, JoinedAgainTheyAreTheText) {
  EXPECT_EQ(lines_with_endings("a\nb\r\n\nc"), (std::vector<std::string_view>{"a\n", "b\r\n", "\n", "c"}));
  EXPECT_EQ(lines_with_endings("a\n"), (std::vector<std::string_view>{"a\n"}));
  EXPECT_TRUE(lines_with_endings("").empty());
}

}  // namespace
