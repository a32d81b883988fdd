// The next hint of an exercise a student has not seen: shared by
// `grader hint EXERCISE` and the h key of `grader watch`. Which hints were
// seen is kept per workspace by HintState (hint_state.hpp).
#pragma once

#include <filesystem>
#include <ostream>

#include "grader/cli/hint_state.hpp"
#include "grader/course/model.hpp"

namespace grader::cli {

/// Prints the exercise's next hint not yet seen in `state` (or says there
/// are no more) and remembers it as seen.
void show_next_hint(std::ostream& out, const course::Lesson& lesson, const course::Exercise& exercise, HintState& state);

/// The same with the state of `workspace` (notes about it go to std::cerr).
void show_next_hint(std::ostream& out, const course::Lesson& lesson, const course::Exercise& exercise,
                    const std::filesystem::path& workspace);

}  // namespace grader::cli
