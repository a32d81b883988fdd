// What the grader shows of a compiler's or linker's output. The output is
// the submission's text (a `#warning`, a `static_assert` message or a file
// name says what the student wants), so it is only ever shown, trimmed and
// with the grading machine's folders hidden, never read for a decision.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace grader::build {

/// A folder that messages must not show, and what is shown in its place:
/// "<course>" for the course checkout, "" for the folder a student file was
/// compiled in (its workspace name is what is left), "<scratch>" for the
/// lesson's scratch folder.
struct HiddenPath {
  std::string path;   ///< absolute, without a trailing slash
  std::string shown;  ///< "" drops the folder and the slash after it
};

/// `text` with every occurrence of each folder replaced (the longest first,
/// so a folder inside another keeps its own name), whatever precedes it
/// (a submission chooses that): "/work/course" hides "/work/course/x",
/// "x/work/course" and "/work/course", not "/work/course2".
std::string hide_paths(std::string text, const std::vector<HiddenPath>& paths);

/// `line` cut to at most `max` bytes, without splitting a UTF-8 character,
/// and " ..." after it when it was cut.
std::string cut_line(const std::string& line, std::size_t max);

/// Keeps the first errors of compiler output: at most `max_lines` lines,
/// starting at the first line that says "error" (or "undefined reference"),
/// or the first lines when none does; every line has `paths` hidden and is
/// cut after 300 bytes (at a character boundary).
std::string trim_diagnostics(const std::string& text, const std::vector<HiddenPath>& paths, std::size_t max_lines = 20);

/// Adds a note saying why when the compiler was denied a file (the sandbox
/// lets it read the course and system headers only) or did not find one
/// (each student file is compiled alone). Only ever adds text.
std::string explain_denied_reads(const std::string& diagnostics);

}  // namespace grader::build
