// Notes meant for instructors inside the lesson texts a handout ships.
//
// A lesson README may end (or hold anywhere) a section headed "For
// instructors": timing, how to adapt the lesson, the questions students
// ask. It stays in the course and is left out of the student's copy: the
// section runs from its heading to the next heading of the same or a higher
// level (fewer or as many '#'), or to the end of the file. Headings inside
// fenced code blocks are text, not headings.
#pragma once

#include <string>
#include <string_view>

namespace grader::release {

/// The heading text (case-insensitive, surrounding spaces ignored) of a section left out of a handout.
inline constexpr std::string_view kInstructorSectionTitle = "For instructors";

/// `markdown` without its "For instructors" sections (ATX headings, `#` to
/// `######`); everything else byte for byte.
std::string without_instructor_sections(std::string_view markdown);

/// `markdown` without the pitfall ids `grader validate` reads (" <!--
/// pitfall: id -->" at the end of a pitfall entry, grader/validate/pitfalls.hpp):
/// invisible when rendered, noise in a student's editor. Inside fenced code
/// they are text and stay.
std::string without_pitfall_ids(std::string_view markdown);

}  // namespace grader::release
