// course.yaml's `pictures`: pictures of a student's own code, each drawn by a
// course-owned program from the functions of one lesson's worker
// (docs/course-yaml.md, "pictures"). Read after the lessons, whose ids they name.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

#include "grader/course/model.hpp"
#include "grader/course/yaml_reader.hpp"

namespace grader::course {

/// Reads the list under `pictures` into course.pictures, reporting every
/// problem with its place; `list` must be a sequence.
void read_pictures(const YAML::Node& list, yaml::Problems& problems, Course& course);

/// Why `value` is not a valid value of `option` ("" when it is): the type,
/// the range and the choices, as `grader picture` and the loader check them.
std::string picture_value_problem(const PictureOption& option, const std::string& value);

}  // namespace grader::course
