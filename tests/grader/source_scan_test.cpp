// The C++ tokenizer (grader/util/cpp_tokens.hpp) and the check made on a
// student file before it is compiled (grader/build/source_scan.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "grader/build/source_scan.hpp"
#include "grader/util/cpp_tokens.hpp"

namespace cpp = grader::util::cpp;
using grader::build::find_forbidden_file_reference;

namespace {

std::vector<std::string> texts(const std::string& source) {
  std::vector<std::string> out;
  for (const auto& t : cpp::tokenize(source)) out.push_back(t.text);
  return out;
}

using V = std::vector<std::string>;

}  // namespace

// ---- tokenizer ----

TEST(CppTokens, CommentsAreDroppedLineAndBlock) {
  EXPECT_EQ(texts("a // b c\nd /* e\n f */ g"), (V{"a", "d", "g"}));
  EXPECT_EQ(texts("a /* unterminated"), (V{"a"}));
}

TEST(CppTokens, ALineCommentContinuesAfterABackslashNewline) {
  EXPECT_EQ(texts("a // comment \\\n still comment\nb"), (V{"a", "b"}));
}

TEST(CppTokens, BackslashNewlineJoinsTokensAndKeepsOriginalLines) {
  const auto tokens = cpp::tokenize("x\nin\\\nt y;\nz");
  ASSERT_EQ(tokens.size(), 5u);
  EXPECT_EQ(tokens[1].text, "int");
  EXPECT_EQ(tokens[1].line, 2);
  EXPECT_EQ(tokens[2].text, "y");
  EXPECT_EQ(tokens[2].line, 3);
  EXPECT_EQ(tokens[4].line, 4);
}

TEST(CppTokens, StringsKeepCommentMarkersAndEscapes) {
  const auto tokens = cpp::tokenize(R"(s = "a // not a comment \" /* still */"; c = '\''; d = '"';)");
  ASSERT_GE(tokens.size(), 11u);
  EXPECT_EQ(tokens[2].kind, cpp::TokenKind::string);
  EXPECT_EQ(cpp::literal_value(tokens[2]), R"(a // not a comment " /* still */)");
  EXPECT_EQ(tokens[6].kind, cpp::TokenKind::character);
  EXPECT_EQ(cpp::literal_value(tokens[6]), "'");
  EXPECT_EQ(tokens[10].kind, cpp::TokenKind::character);
}

TEST(CppTokens, RawStringsWithAndWithoutDelimiters) {
  const auto tokens = cpp::tokenize("a = R\"x(one )\" \"two\n// three)x\"; b = u8R\"(four)\";");
  ASSERT_EQ(tokens.size(), 8u);
  EXPECT_EQ(tokens[2].kind, cpp::TokenKind::string);
  EXPECT_EQ(cpp::literal_value(tokens[2]), "one )\" \"two\n// three");
  EXPECT_EQ(cpp::literal_value(tokens[6]), "four");
}

TEST(CppTokens, PrefixedLiteralsNumbersAndSeparators) {
  EXPECT_EQ(texts("L\"w\" u8\"x\" U'c' 1'000'000 1.5e-3f 0x1p+3 a.b"),
            (V{"L\"w\"", "u8\"x\"", "U'c'", "1'000'000", "1.5e-3f", "0x1p+3", "a", ".", "b"}));
}

TEST(CppTokens, DigraphsAreSpelledAsWhatTheyMean) {
  EXPECT_EQ(texts("%:define A <% x<:1:> %> %:%:"), (V{"#", "define", "A", "{", "x", "[", "1", "]", "}", "##"}));
  EXPECT_EQ(texts("std::vector<::std::string>"), (V{"std", "::", "vector", "<", "::", "std", "::", "string", ">"}));
}

TEST(CppTokens, HeaderNamesOnlyAfterAnIncludeDirective) {
  const auto tokens = cpp::tokenize("#include <a/b.hpp>\n  # include \"c.hpp\"\nx < y > z");
  ASSERT_GE(tokens.size(), 6u);
  EXPECT_EQ(tokens[2].kind, cpp::TokenKind::header_name);
  EXPECT_EQ(cpp::literal_value(tokens[2]), "a/b.hpp");
  EXPECT_TRUE(tokens[3].line_start);
  EXPECT_EQ(tokens[5].kind, cpp::TokenKind::header_name);
  EXPECT_EQ(cpp::literal_value(tokens[5]), "c.hpp");
  EXPECT_EQ(tokens[7].text, "<");
  EXPECT_EQ(tokens[7].kind, cpp::TokenKind::punct);
}

// ---- the pre-compile scan ----

TEST(ForbiddenFileReference, CourseAndSystemIncludesAreFine) {
  EXPECT_FALSE(find_forbidden_file_reference("#include <cmath>\n#include \"attention/attention.hpp\"\n"));
}

TEST(ForbiddenFileReference, IncbinInACommentIsFine) {
  EXPECT_FALSE(find_forbidden_file_reference("// we never use .incbin \"/etc/passwd\"\nint x;\n"));
  EXPECT_FALSE(find_forbidden_file_reference("/* .incbin \"/\"\n */ int x;\n"));
  EXPECT_FALSE(find_forbidden_file_reference("// see ../notes for #include \"../x.hpp\"\nint y;\n"));
}

TEST(ForbiddenFileReference, IncludeByDotDotInACommentIsFine) {
  EXPECT_FALSE(find_forbidden_file_reference("int a; /*\n#include \"../../solutions/x.cpp\"\n*/\n"));
}

TEST(ForbiddenFileReference, IncbinInAnAsmStringIsRefusedWithLineAndConstruct) {
  const auto found =
      find_forbidden_file_reference("#include <cmath>\n\nasm(\".section .rodata\\n.incbin \\\"/etc/passwd\\\"\\n\");\n");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 3);
  EXPECT_EQ(found->construct, ".incbin \"/etc/passwd\"");
  const std::string message = grader::build::describe(*found, "positional_encoding.cpp");
  EXPECT_EQ(message.rfind("positional_encoding.cpp:3: `.incbin \"/etc/passwd\"` names a file by an absolute path", 0),
            0u)
      << message;
  EXPECT_NE(message.find("only the course's headers"), std::string::npos) << message;
}

TEST(ForbiddenFileReference, TheMessageKeepsItsLinesShortWhateverTheIncludeSays) {
  // The construct is the submission's: a 10,000-byte name is cut, not shown whole.
  const std::string name = "../" + std::string(10000, 'x') + ".cpp";
  const auto found = find_forbidden_file_reference("#include \"" + name + "\"\n");
  ASSERT_TRUE(found);
  const std::string message = grader::build::describe(*found, "positional-encoding/positional_encoding_loop.cpp");
  EXPECT_NE(message.find("names a file through \"..\", which cannot be included"), std::string::npos) << message;
  EXPECT_EQ(message.find(std::string(200, 'x')), std::string::npos) << "the name is cut";
  std::size_t lines = 0;
  for (std::size_t at = 0, end; (end = message.find('\n', at)) != std::string::npos; at = end + 1, ++lines)
    EXPECT_LE(end - at, 300u) << message.substr(at, end - at);
  EXPECT_EQ(lines, 2u) << message;
}

TEST(ForbiddenFileReference, IncbinInARawStringOrSplitAcrossLiteralsIsRefused) {
  EXPECT_TRUE(find_forbidden_file_reference("asm(R\"(.incbin \"../tests/hidden/x.hpp\")\");"));
  EXPECT_TRUE(find_forbidden_file_reference("asm(\".inc\" \"bin \\\"/etc/shadow\\\"\");"));
  EXPECT_TRUE(find_forbidden_file_reference("__asm__(\".incbin \" NAME);"));  // a computed name
  EXPECT_FALSE(find_forbidden_file_reference("asm(\".incbin \\\"data.bin\\\"\");"));
}

TEST(ForbiddenFileReference, IncbinStringifiedByAMacroIsRefused) {
  const auto found = find_forbidden_file_reference("#define S(x) #x\nasm(S(.incbin \"/etc/passwd\"));\n");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 2);
}

TEST(ForbiddenFileReference, IncludeSplitAcrossAContinuationIsRefused) {
  const auto found = find_forbidden_file_reference("int a;\n#inc\\\nlude \"../solutions/x.cpp\"\n");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 2);
  EXPECT_EQ(found->construct, "#include \"../solutions/x.cpp\"");
  EXPECT_EQ(found->reason, "names a file through \"..\"");
}

TEST(ForbiddenFileReference, IncludeSpellingsAreAllSeen) {
  for (const char* source : {"  #  include \"/dev/zero\"\n", "%:include </etc/passwd>\n", "#include_next \"../a.h\"\n",
                             "#\\\ninclude \"/dev/stdin\"\n", "#import \"x/../../y\"\n"})
    EXPECT_TRUE(find_forbidden_file_reference(source)) << source;
  // Not a directive: `#` not at the start of a line, or a header name in code.
  EXPECT_FALSE(find_forbidden_file_reference("int a; # include \"/dev/zero\"\n"));
  EXPECT_FALSE(find_forbidden_file_reference("const char* p = \"/etc/passwd\";\n"));
  EXPECT_FALSE(find_forbidden_file_reference("#include \"a..b.hpp\"\n"));
}
