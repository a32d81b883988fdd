// The check made on a student file before it is compiled. It refuses
//  - an `#include` that names a file by an absolute path or through "..";
//  - inline assembler: every `asm`, `__asm__` and `__asm` (no exercise needs
//    it, and the assembler can read files: `.incbin`, `.include`);
//  - any string literal, anywhere, holding an assembler directive that reads
//    a file or builds a directive from pieces (kAssemblerDirectives), since
//    a string reaches the assembler without `asm` too (a section attribute,
//    an `asm` pasted together by a macro);
//  - such a directive spelled as tokens (`. incbin`, stringified by `#x`).
// It works on tokens (grader/util/cpp_tokens.hpp), so a comment that
// mentions any of them is fine; adjacent literals are joined and escapes
// decoded as the compiler does, and assembler comments that join a name
// (`.inc/**/bin`) are removed as the assembler removes them. What text
// cannot show (a macro-computed #include) the sandbox denies.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grader::build {

struct ForbiddenConstruct {
  enum class Kind { include, inline_assembler, assembler_directive };
  Kind kind = Kind::include;
  int line = 0;
  std::string construct;  ///< as it reads, e.g. `#include "../x.cpp"`, `.incbin "/etc/passwd"` or `asm`
  std::string reason;     ///< e.g. `names a file by an absolute path`
};

/// A GNU as directive that reads a file, or that can assemble a directive's
/// name from pieces (and so hide one that does), with what it does.
struct AssemblerDirective {
  const char* name;  ///< with its dot, lower case
  const char* what;
};
extern const std::vector<AssemblerDirective> kAssemblerDirectives;

struct DirectiveFound {
  std::size_t offset = 0;  ///< in the text given, where the directive's dot is
  std::string name;        ///< as in kAssemblerDirectives (lower case)
  std::string statement;   ///< the statement from the directive to the end of its line or `;` (at most 120 bytes)
  std::string what;
};

/// The first directive of kAssemblerDirectives in assembler text, matched
/// as the assembler matches it: in any case, as a whole name, also when an
/// assembler comment (`/* */`) joins its pieces. Over-approximates on
/// purpose (a directive inside an assembler string counts too).
std::optional<DirectiveFound> find_assembler_directive(std::string_view assembler);

/// The first forbidden construct in `source`, if any.
std::optional<ForbiddenConstruct> find_forbidden_file_reference(std::string_view source);

/// The compile error shown for it, starting with "FILE:LINE: ".
std::string describe(const ForbiddenConstruct& found, const std::string& file);

}  // namespace grader::build
