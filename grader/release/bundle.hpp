// `grader gradescope-bundle`: the autograder.zip Gradescope builds its image from.
//
// At the top of the zip: setup.sh and run_autograder (from ci/gradescope/),
// next to the course itself (Gradescope unpacks the zip into
// /autograder/source, which becomes the course root). The bundle is for
// instructors only: it holds the reference solutions and the hidden tests.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "grader/course/model.hpp"

namespace grader::release {

struct BundleReport {
  std::filesystem::path output;
  std::size_t files = 0;
  std::uintmax_t bytes = 0;
  std::vector<std::string> top;  ///< top-level entries of the zip, in order
};

/// \throws ReleaseError (release.hpp) when a template is missing,
///         std::runtime_error when the zip cannot be written.
/// `framework`: where the build, grader/ and ci/gradescope come from (empty: the course's root).
BundleReport write_gradescope_bundle(const course::Course& course, const std::filesystem::path& output,
                                     const std::filesystem::path& framework = {});

}  // namespace grader::release
