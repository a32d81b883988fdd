// The check made on a student file before it is compiled. It refuses
//  - an `#include` that names a file by an absolute path or through "..";
//  - inline assembler: every `asm`, `__asm__` and `__asm` (no exercise needs
//    it, and the assembler can read files: `.incbin`, `.include`);
//  - any string literal, anywhere, holding an assembler directive that reads
//    a file or builds a directive from pieces (assembler_directives.hpp), since
//    a string reaches the assembler without `asm` too (a section attribute,
//    an `asm` pasted together by a macro);
//  - such a directive spelled as tokens (`. incbin`, stringified by `#x`).
// It works on tokens (grader/util/cpp_tokens.hpp), so a comment that
// mentions any of them is fine; adjacent literals are joined and escapes
// decoded as the compiler does, and assembler comments that join a name
// (`.inc/**/bin`) are removed as the assembler removes them. What text
// cannot show, a directive a macro names or pastes, is refused in the
// assembly the compiler generates (find_forbidden_in_generated_assembly);
// a macro-computed #include, the sandbox denies.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace grader::build {

/// Names the rules of these checks; part of every object's cache key, so an
/// object compiled under weaker rules (an older grader sharing the cache) is
/// never reused past stronger ones. Change it whenever a rule changes.
inline constexpr const char* kStudentFileChecks =
    "source scan 2: #include paths, inline assembler, assembler directives in literals and in the generated assembly";

struct ForbiddenConstruct {
  enum class Kind { include, inline_assembler, assembler_directive };
  Kind kind = Kind::include;
  int line = 0;
  std::string construct;  ///< as it reads, e.g. `#include "../x.cpp"`, `.incbin "/etc/passwd"` or `asm`
  std::string reason;     ///< e.g. `names a file by an absolute path`
};

/// The first forbidden construct in `source`, if any.
std::optional<ForbiddenConstruct> find_forbidden_file_reference(std::string_view source);

/// The first directive (assembler_directives.hpp) in the assembly the
/// compiler generated from a student file, read from `in`: the same rule
/// after every macro, attribute and pasted keyword has been expanded, for
/// what the source scan cannot see. Its line is the student file's when the
/// compiler marked it (an asm statement in a function), else 0.
std::optional<ForbiddenConstruct> find_forbidden_in_generated_assembly(std::istream& in);

/// The compile error shown for it, starting with "FILE:LINE: " ("FILE: "
/// when the line is not known).
std::string describe(const ForbiddenConstruct& found, const std::string& file);

}  // namespace grader::build
