// The C++ tokenizer (grader/util/cpp_tokens.hpp) and the check made on a
// student file before it is compiled (grader/build/source_scan.hpp), and
// the assembler directives it refuses (grader/build/assembler_directives.hpp).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "grader/build/assembler_directives.hpp"
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

std::string value_of(const std::string& literal) {
  const auto tokens = cpp::tokenize(literal);
  return tokens.size() == 1 ? cpp::literal_value(tokens[0]) : "<not one token>";
}

TEST(CppTokens, EveryEscapeSpellingOfACharacterIsDecoded) {
  for (const char* dot : {R"("\x2e")", R"("\056")", R"("\56")", R"("\u002e")", R"("\U0000002E")", R"("\x{2e}")",
                          R"("\o{56}")", R"("\u{2E}")", R"("\N{FULL STOP}")", R"(u8"\x2E")", R"(L"\56")"})
    EXPECT_EQ(value_of(dot), ".") << dot;
  EXPECT_EQ(value_of(R"("\N{LATIN SMALL LETTER I}\N{latin capital letter N}\N{DIGIT SEVEN}")"), "iN7");
  EXPECT_EQ(value_of(R"("\u00e9")"), "\xc3\xa9");        // UTF-8
  EXPECT_EQ(value_of(R"("\U0001F600")"), "\xf0\x9f\x98\x80");
  EXPECT_EQ(value_of(R"("\x41B")"), std::string(1, static_cast<char>(0x1b)));  // \x takes every hex digit
  EXPECT_EQ(value_of(R"("\1011")"), "A1");                  // octal: three digits at most
  EXPECT_EQ(value_of(R"("\o")"), "o");                      // not an escape: the letter
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
  EXPECT_EQ(message.rfind("positional_encoding.cpp:3: `.incbin \"/etc/passwd\"` is the assembler directive .incbin", 0),
            0u)
      << message;
  EXPECT_NE(message.find("may not use inline assembler"), std::string::npos) << message;
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
  // A relative name too: the assembler resolves it against its own folder.
  EXPECT_TRUE(find_forbidden_file_reference("asm(\".incbin \\\"data.bin\\\"\");"));
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

// ---- assembler directives, in assembler text ----

using grader::build::find_assembler_directive;

TEST(AssemblerDirective, EveryFileReadingOrNameBuildingDirectiveInAnyCase) {
  for (const char* text : {".incbin \"f\"", ".include \"f\"", ".macro m a", ".irp x,a", ".irpc x,ab", ".altmacro",
                           ".INCBIN \"f\"", ".IncLude \"f\"", "\t.Macro m"}) {
    const auto found = find_assembler_directive(text);
    ASSERT_TRUE(found) << text;
    EXPECT_EQ(found->offset, std::string(text).find('.')) << text;
  }
  EXPECT_EQ(find_assembler_directive(".IncBin \"f\"")->name, ".incbin");
}

TEST(AssemblerDirective, FoundWhereverAStatementCanStart) {
  // After other statements, a label, a `;`, on a later line: every one, not the first.
  for (const char* text : {".byte 0\n.incbin \"f\"", "x: .incbin \"f\"", "x:y: .include \"f\"", "nop; .incbin \"f\"",
                           ".section .rodata\n.incbin \"a\"\n.incbin \"b\"", "\n\n   .include \"g\""})
    EXPECT_TRUE(find_assembler_directive(text)) << text;
  const auto second = find_assembler_directive(".ascii \"ok\"\n.byte 1; .include \"/x\" ; nop");
  ASSERT_TRUE(second);
  EXPECT_EQ(second->name, ".include");
  EXPECT_EQ(second->statement, ".include \"/x\"");
}

TEST(AssemblerDirective, AnAssemblerCommentThatJoinsTheNameIsSeen) {
  // The assembler removes /* */ and reads `.incbin` (checked with GNU as 2.40).
  const auto found = find_assembler_directive(".byte 0\n.inc/* hidden */bin \"f\"");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, ".incbin");
  EXPECT_EQ(found->offset, 8u);
  EXPECT_EQ(found->statement, ".incbin \"f\"");
  EXPECT_TRUE(find_assembler_directive(".in/**/cl/*x*/ude \"f\""));
  // A "/*" inside an assembler string opens no comment, so it cannot swallow the directive.
  EXPECT_TRUE(find_assembler_directive(".ascii \"/*\"\n.inc/**/bin \"f\"\n.ascii \"*/\""));
  EXPECT_TRUE(find_assembler_directive(".byte '\"\n.inc/**/bin \"f\""));  // a character constant, not a string
}

TEST(AssemblerDirective, OtherNamesAreNot) {
  for (const char* text : {"", ".byte 0", ".incbinary \"f\"", ".included", "x.incbin \"f\"", "_.include",
                           "..incbin", ".file \"a.cpp\"", ".loc 1 2", ".ident \"include\"", ".rept 3", "incbin \"f\"",
                           ".section .text.include", "macro", "see file.include"})
    EXPECT_FALSE(find_assembler_directive(text)) << text;
}

// ---- inline assembler and directives in student files ----

using Kind = grader::build::ForbiddenConstruct::Kind;

TEST(ForbiddenFileReference, EveryInlineAssemblerIsRefusedOnItsLine) {
  for (const char* source : {"asm(\"nop\");", "__asm__(\"nop\");", "__asm(\"nop\");", "void f() { asm volatile(\"nop\"); }",
                             "void f() { __asm__ __volatile__(\"nop\" ::: \"memory\"); }",
                             "void f() { asm goto(\"jmp %l0\" :::: done); done:; }",
                             "template <class T> T f(T x) { asm(\"\" : \"+r\"(x)); return x; }",
                             "auto g = [](int x) { asm(\"\" : \"+r\"(x)); return x; };", "int x asm(\"renamed\");",
                             "#define A asm\n", "#define A(s) __asm__(s)\n"}) {
    const std::string text = std::string("int a;\n\n") + source;
    const auto found = find_forbidden_file_reference(text);
    ASSERT_TRUE(found) << source;
    EXPECT_EQ(found->kind, Kind::inline_assembler) << source;
    EXPECT_EQ(found->line, 3) << source;
    const std::string message = grader::build::describe(*found, "attention.cpp");
    EXPECT_EQ(message.rfind("attention.cpp:3: `" + found->construct + "` is inline assembler", 0), 0u) << message;
    EXPECT_NE(message.find("no exercise needs it"), std::string::npos) << message;
  }
  // Words that only look like it.
  for (const char* source : {"int asmara = 1;", "int my_asm = 2;", "const char* s = \"asm\";", "// asm(\".incbin\")\n",
                             "/* __asm__ */ int b;"})
    EXPECT_FALSE(find_forbidden_file_reference(source)) << source;
}

TEST(ForbiddenFileReference, TheDirectiveInAnAsmIsNamedWhereverItIs) {
  // The second statement of the second literal, on line 4.
  const auto found = find_forbidden_file_reference(
      "int a;\nvoid f() {\n  asm(\".section .rodata\\n\"\n      \".byte 0\\n.incbin \\\"pe_golden.hpp\\\"\\n\");\n}\n");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->kind, Kind::assembler_directive);
  EXPECT_EQ(found->line, 4);
  EXPECT_EQ(found->construct, ".incbin \"pe_golden.hpp\"");
  const std::string message = grader::build::describe(*found, "positional_encoding.cpp");
  EXPECT_EQ(message.rfind("positional_encoding.cpp:4: `.incbin \"pe_golden.hpp\"` is the assembler directive .incbin, "
                          "which reads a file into the program",
                          0),
            0u)
      << message;
  // In a raw string, on the line it is written on.
  const auto raw = find_forbidden_file_reference("int a;\nasm(R\"x(.section .rodata\n.byte 0\n.INCLUDE \"f.s\"\n)x\");\n");
  ASSERT_TRUE(raw);
  EXPECT_EQ(raw->line, 4);
  EXPECT_EQ(raw->construct, ".INCLUDE \"f.s\"");
  // A directive the scan sees only as tokens inside the asm (a macro's #x).
  const auto stringified = find_forbidden_file_reference("#define S(x) #x\nasm(S(.include \"x.s\"));\n");
  ASSERT_TRUE(stringified);
  EXPECT_EQ(stringified->construct, ".include \"x.s\"");
  EXPECT_EQ(stringified->line, 2);
}

TEST(ForbiddenFileReference, EverySpellingOfADirectiveInAStringIsRefused) {
  // No asm in sight: a string reaches the assembler through a section
  // attribute, _Pragma, or an asm a macro pastes together (a##b).
  for (const char* literal :
       {R"(".incbin \"f\"")", R"(".byte 0\n.incbin \"f\"")", R"(".byte 0; .include \"f\"")", R"("\x2eincbin \"f\"")",
        R"("\056incbin \"f\"")", R"("\56include \"f\"")", R"("\u002einclude \"f\"")", R"("\x2e" "inc" "bin \"f\"")",
        R"(".inc" "lude \"f\"")", R"(R"x(.incbin "f")x")", R"(u8".incbin \"f\"")", R"(L".include \"f\"")",
        R"(u".INCBIN \"f\"")", R"(U".IncLude \"f\"")", R"(".inc/**/bin \"f\"")", R"("\n\t.macro m a\n.inc\\a \"f\"\n.endm")",
        R"(".irpc x,b\n.inc\\x\\()in \"f\"\n.endr")", R"(".altmacro")", R"(".irp x,bin\n.inc\\x \"f\"\n.endr")",
        R"("\x{2e}incbin \"f\"")", R"("\N{FULL STOP}incbin \"f\"")", R"(".inc\
bin \"f\"")"}) {
    for (const std::string& context :
         {std::string("__attribute__((section(") + literal + "))) int y = 3;", std::string("_Pragma(") + literal + ")",
          std::string("#define CAT(a, b) a##b\nvoid f() { CAT(as, m)(") + literal + "); }",
          std::string("const char* s = ") + literal + ";"}) {
      const auto found = find_forbidden_file_reference("int a;\n" + context + "\n");
      ASSERT_TRUE(found) << context;
      EXPECT_EQ(found->kind, Kind::assembler_directive) << context;
      EXPECT_EQ(found->line, context.rfind("#define", 0) == 0 ? 3 : 2) << context;
    }
  }
}

TEST(ForbiddenFileReference, StringsThatOnlyMentionIncludeAreFine) {
  for (const char* source : {"const char* s = \"see file.include\";", "const char* s = \"#include <x>\";",
                             "const char* s = \"include\";", "const char* s = \".incbinary\";",
                             "int n = cfg.include(3) + v.macro;", "auto m = std::string(\"a\").size();"})
    EXPECT_FALSE(find_forbidden_file_reference(source)) << source;
}

// ---- the assembly the compiler generated ----

TEST(AssemblerDirective, TheSameFoundWhereverTheTextIsCut) {
  // Fed in two pieces, cut at every byte: inside the name, the comment, the statement.
  for (const std::string& text : {std::string(".byte 0\n.IncBin \"f\", 0, 3\n.byte 1"),
                                 std::string(".ascii \"/*\"\nx: .inc/* a */bin \"g\""), std::string("nop;.include \"h\"")}) {
    const auto whole = find_assembler_directive(text);
    ASSERT_TRUE(whole) << text;
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
      grader::build::AssemblerDirectiveScan scan;
      scan.feed(std::string_view(text).substr(0, cut));
      scan.feed(std::string_view(text).substr(cut));
      scan.finish();
      const auto found = scan.found();
      ASSERT_TRUE(found) << text << " cut at " << cut;
      EXPECT_EQ(found->offset, whole->offset) << text << " cut at " << cut;
      EXPECT_EQ(found->statement, whole->statement) << text << " cut at " << cut;
    }
  }
  EXPECT_EQ(find_assembler_directive(".byte 0\n.IncBin \"f\", 0, 3\n.byte 1")->statement, ".IncBin \"f\", 0, 3");
  EXPECT_EQ(find_assembler_directive("x: .inc/* a */bin \"g\"")->statement, ".incbin \"g\"");
  EXPECT_EQ(find_assembler_directive("\t.include")->statement, ".include");  // the text ends with the name
}

TEST(GeneratedAssembly, ADirectiveIsFoundWithTheLineTheCompilerMarked) {
  // As GCC 12 writes an asm statement of a function at line 12, and the
  // namespace-scope asm and section names it writes without a line.
  std::istringstream in_function(
      "\t.file\t\"positional_encoding.cpp\"\n\t.text\n#APP\n\t.section .rodata\n\n#NO_APP\n_Z1fv:\n#APP\n"
      "# 12 \"/tmp/scratch/src/positional-encoding/positional_encoding.cpp\" 1\n\t.pushsection .rodata\n"
      ".incbin \"/x\"\n# 0 \"\" 2\n#NO_APP\n\tret\n");
  const auto found = grader::build::find_forbidden_in_generated_assembly(in_function);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 12);
  EXPECT_EQ(found->construct, ".incbin \"/x\"");
  const std::string message = grader::build::describe(*found, "positional_encoding.cpp");
  EXPECT_EQ(message.rfind("positional_encoding.cpp:12: `.incbin \"/x\"` is the assembler directive .incbin", 0), 0u)
      << message;
  EXPECT_NE(message.find("in the assembly compiled from this file"), std::string::npos) << message;

  std::istringstream after_an_asm("#APP\n# 3 \"a.cpp\" 1\n\tnop\n# 0 \"\" 2\n#NO_APP\n\t.section\tx; .include \"y\"; #,\"a\"\n");
  const auto unmarked = grader::build::find_forbidden_in_generated_assembly(after_an_asm);
  ASSERT_TRUE(unmarked);
  EXPECT_EQ(unmarked->line, 0);  // after #NO_APP: not the asm's line
  EXPECT_EQ(grader::build::describe(*unmarked, "attention.cpp").rfind("attention.cpp: `.include \"y\"` is", 0), 0u);

  // What GCC writes for ordinary code holds none.
  std::istringstream ordinary(
      "\t.file\t\"a.cpp\"\n\t.section\t.text.include,\"ax\",@progbits\n\t.globl\t_Z7includev\n_Z7includev:\n"
      "\t.string\t\"see file.include\"\n\t.ident\t\"GCC: (Debian 12.2.0-14) 12.2.0\"\n");
  EXPECT_FALSE(grader::build::find_forbidden_in_generated_assembly(ordinary));
}
