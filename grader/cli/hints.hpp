// The hints a student has seen, per workspace, and the next one: shared by
// `grader hint EXERCISE` and the h key of `grader watch`.
#pragma once

#include <filesystem>
#include <ostream>

#include <nlohmann/json.hpp>

#include "grader/course/model.hpp"

namespace grader::cli {

std::filesystem::path hint_state_path(const std::filesystem::path& workspace);
nlohmann::json read_hint_state(const std::filesystem::path& workspace);
void write_hint_state(const std::filesystem::path& workspace, const nlohmann::json& state);

/// Prints the exercise's next hint not yet seen in `workspace` (or says there
/// are no more) and remembers it as seen.
void show_next_hint(std::ostream& out, const course::Lesson& lesson, const course::Exercise& exercise,
                    const std::filesystem::path& workspace);

}  // namespace grader::cli
