// Points are exact. Internally they are whole thousandths of a point: an
// exercise's points are split into parts of whole thousandths that add up to
// exactly the exercise's points (the remainder goes to the first parts, so
// the split is the same on every run), and totals are sums of thousandths.
// Every report therefore shows the same total and maximum, and never
// 170.00000000000026.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "grader/course/model.hpp"

namespace grader::runner {

/// Thousandths of a point.
inline constexpr std::int64_t kMilliPerPoint = 1000;

/// `points` in thousandths, rounded to the nearest.
std::int64_t to_milli(double points);
/// Back to points: the double nearest to milli / 1000 (prints as e.g. 8.334).
double from_milli(std::int64_t milli);
/// `points` rounded once to a thousandth.
double exact_points(double points);

/// `total` split in proportion to `weights` (all equal: an even split) into
/// parts of whole thousandths that add up to exactly `total`. Thousandths
/// left over go, one each, to the parts with the largest remainders (the
/// earlier part first on a tie). Zero or negative weights get nothing.
std::vector<double> split_points(double total, const std::vector<double>& weights);
/// An even split over `parts` parts.
std::vector<double> split_points(double total, std::size_t parts);

/// Points as every report writes them: rounded to a thousandth, without
/// trailing zeros ("170", "8.334", "2.5").
std::string points_text(double points);

/// Adds points exactly (as thousandths).
class PointSum {
 public:
  PointSum& add(double points) {
    milli_ += to_milli(points);
    return *this;
  }
  PointSum& operator+=(double points) { return add(points); }
  double value() const { return from_milli(milli_); }
  std::int64_t milli() const { return milli_; }

 private:
  std::int64_t milli_ = 0;
};

/// The most an exercise can award in one grading: its `points`, or
/// `points_per_test` times the tests graded. A quiz graded without its
/// answer key (`grader check`) awards nothing, so its maximum there is 0.
double exercise_max_points(const course::Exercise& exercise, std::size_t tests_graded, bool quiz_key_available);

/// The course's maximum: the `points` of every exercise (or only of
/// `exercises` when not empty). Exercises scored per test are not included
/// (their maximum depends on the tests graded).
double course_max_points(const course::Course& course, const std::set<std::string>& exercises = {});

/// True when the course has an exercise scored per test (among `exercises`,
/// when not empty).
bool has_per_test_points(const course::Course& course, const std::set<std::string>& exercises = {});

}  // namespace grader::runner
