// The GNU as directives a student's code may never hand the assembler: the
// two that read a file (.incbin, .include) and those that substitute text
// into a statement, which could assemble one of the two from pieces. Found
// as the assembler finds them: in any case, at the start of any statement
// (after a label, a `;`, another line), and also when an assembler comment
// joins the pieces of the name (`.inc/**/bin`, which the assembler's
// scrubber reads as `.incbin`).
//
// Two checks use it: the source scan, on every string literal of a student
// file (grader/build/source_scan.hpp), and the worker builder, on the
// assembly the compiler generated from that file before it is assembled
// (where macros, attributes and pasted keywords have all been expanded).
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grader::build {

struct AssemblerDirective {
  const char* name;  ///< with its dot, lower case
  const char* what;  ///< what it does, as "which ..." continues it
};
extern const std::vector<AssemblerDirective> kAssemblerDirectives;

struct DirectiveFound {
  std::size_t offset = 0;  ///< where the directive's dot is, in the text scanned
  std::string name;        ///< as in kAssemblerDirectives (lower case)
  std::string statement;   ///< from the directive to the end of its statement (at most 120 bytes)
  std::string what;
};

/// Scans assembler text fed in pieces of any size, in one pass and constant
/// memory (the generated assembly can be large). Over-approximates on
/// purpose: a directive inside an assembler string counts too.
class AssemblerDirectiveScan {
 public:
  void feed(std::string_view text);
  /// Ends the text; afterwards found() is final.
  void finish();
  /// The first directive seen (the one as written, else one a comment joins).
  std::optional<DirectiveFound> found() const;

 private:
  // Finds `.name` after a character that cannot be part of a name.
  struct Matcher {
    char previous = '\n';
    bool collecting = false;
    std::string spelled;  // the name so far, as written
    std::size_t start = 0;
    std::optional<DirectiveFound> found;
    std::size_t statement_left = 0;  // bytes of the statement still to copy
    void put(char c, std::size_t offset);
    bool end_name();  // true when the name collected is a directive
  };
  // The assembler's scrubber: drops `/* */` outside strings (joining what
  // surrounds them) and `#` comments to the end of the line.
  struct Scrubber {
    enum class State { code, string, string_escape, character, character_escape, block_comment, line_comment };
    State state = State::code;
    bool slash_pending = false;
    std::size_t slash_offset = 0;
    char star_seen = 0;  // in a block comment: the last character was `*`
  };
  void scrubbed(char c, std::size_t offset);

  Matcher as_written_, as_scrubbed_;
  Scrubber scrubber_;
  std::size_t offset_ = 0;
};

/// The first directive in `assembler` (a whole text).
std::optional<DirectiveFound> find_assembler_directive(std::string_view assembler);

/// The first directive in assembly the compiler generated, read from `in`,
/// and the student file's line it came from when the compiler marked it
/// (GCC writes `# 12 "file.cpp" 1` after the `#APP` of an asm statement in a
/// function); 0 when it did not (namespace-scope asm, a section attribute).
struct GeneratedDirective {
  DirectiveFound directive;
  int line = 0;
};
std::optional<GeneratedDirective> find_directive_in_generated_assembly(std::istream& in);

}  // namespace grader::build
