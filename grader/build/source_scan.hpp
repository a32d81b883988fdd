// The check made on a student file before it is compiled: no `#include` and
// no `.incbin` may name a file by an absolute path or through "..". It works
// on tokens (grader/util/cpp_tokens.hpp), so a comment that mentions either
// is fine, and a directive split by backslash-newlines, spelled `# include`
// or `%:include`, or an `.incbin` inside an asm string (raw strings and
// adjacent literals included) is seen. What text cannot show (a
// macro-computed #include, a name assembled at run time) the sandbox denies.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace grader::build {

struct ForbiddenConstruct {
  int line = 0;
  std::string construct;  ///< as it reads, e.g. `#include "../x.cpp"` or `.incbin "/etc/passwd"`
  std::string reason;     ///< e.g. `names a file by an absolute path`
};

/// The first forbidden file reference in `source`, if any.
std::optional<ForbiddenConstruct> find_forbidden_file_reference(std::string_view source);

/// The compile error shown for it, starting with "FILE:LINE: ".
std::string describe(const ForbiddenConstruct& found, const std::string& file);

}  // namespace grader::build
