// Where the starter lives as the course wrote it, untouched by a student.
//
// In the course's own checkout that is starter/ (the authored starter;
// students work in a handout or in a copy given with --workspace). In a
// student handout starter/ IS the student's workspace, so `grader release`
// also writes every starter file, byte for byte, under .grader/starter/ at
// the handout's root: `grader reset` restores from there, and the function at
// fault is looked up there (what the starter defines, not what the student
// has renamed since).
#pragma once

#include <filesystem>
#include <string_view>

namespace grader::course {

/// The handout's copy of the starter, relative to the course root.
inline constexpr std::string_view kHandoutStarterCopy = ".grader/starter";

/// <root>/.grader/starter when it is a folder (not a link: a handout),
/// otherwise <root>/starter (the course's own checkout).
std::filesystem::path pristine_starter(const std::filesystem::path& course_root);

}  // namespace grader::course
