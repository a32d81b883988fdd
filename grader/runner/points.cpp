#include "grader/runner/points.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace grader::runner {

std::int64_t to_milli(double points) {
  if (!std::isfinite(points)) return 0;
  return static_cast<std::int64_t>(std::llround(points * static_cast<double>(kMilliPerPoint)));
}

double from_milli(std::int64_t milli) {
  return static_cast<double>(milli) / static_cast<double>(kMilliPerPoint);
}

double exact_points(double points) { return from_milli(to_milli(points)); }

std::string points_text(double points) {
  const std::int64_t milli = to_milli(points);
  const std::int64_t whole = (milli < 0 ? -milli : milli) / kMilliPerPoint;
  std::int64_t fraction = (milli < 0 ? -milli : milli) % kMilliPerPoint;
  std::string text = (milli < 0 ? "-" : "") + std::to_string(whole);
  if (fraction == 0) return text;
  std::string digits = std::to_string(fraction);
  digits.insert(0, 3 - digits.size(), '0');
  while (digits.back() == '0') digits.pop_back();
  return text + "." + digits;
}

std::vector<double> split_points(double total, const std::vector<double>& weights) {
  std::vector<double> parts(weights.size(), 0.0);
  const std::int64_t milli = to_milli(total);
  double weight_sum = 0;
  for (double w : weights)
    if (w > 0) weight_sum += w;
  if (weights.empty() || weight_sum <= 0) return parts;
  // Floor of each exact share, then the leftover thousandths by largest remainder.
  std::vector<std::int64_t> share(weights.size(), 0);
  std::vector<double> remainder(weights.size(), -1.0);
  std::int64_t given = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    const long double ideal = static_cast<long double>(milli) * weights[i] / weight_sum;
    share[i] = static_cast<std::int64_t>(std::floor(ideal + 1e-9L));
    remainder[i] = static_cast<double>(ideal - static_cast<long double>(share[i]));
    given += share[i];
  }
  std::vector<std::size_t> order(weights.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    // Remainders equal up to rounding noise count as a tie: the earlier part wins.
    if (std::abs(remainder[a] - remainder[b]) > 1e-9) return remainder[a] > remainder[b];
    return false;
  });
  // Each floor loses less than one thousandth, so one pass hands out the rest.
  for (std::size_t k = 0; given < milli && k < order.size(); ++k) {
    if (weights[order[k]] <= 0) continue;
    ++share[order[k]];
    ++given;
  }
  for (std::size_t i = 0; i < weights.size(); ++i) parts[i] = from_milli(share[i]);
  return parts;
}

std::vector<double> split_points(double total, std::size_t parts) {
  return split_points(total, std::vector<double>(parts, 1.0));
}

double exercise_max_points(const course::Exercise& exercise, std::size_t tests_graded, bool quiz_key_available) {
  if (exercise.kind == course::ExerciseKind::quiz && !quiz_key_available) return 0;
  if (exercise.points_per_test) {
    PointSum sum;
    for (std::size_t i = 0; i < tests_graded; ++i) sum += *exercise.points_per_test;
    return sum.value();
  }
  return exact_points(exercise.points.value_or(0));
}

double course_max_points(const course::Course& course, const std::set<std::string>& exercises) {
  PointSum sum;
  for (const auto& lesson : course.lessons)
    for (const auto& e : lesson.exercises)
      if ((exercises.empty() || exercises.count(e.id)) && e.points) sum += *e.points;
  return sum.value();
}

bool has_per_test_points(const course::Course& course, const std::set<std::string>& exercises) {
  for (const auto& lesson : course.lessons)
    for (const auto& e : lesson.exercises)
      if ((exercises.empty() || exercises.count(e.id)) && e.points_per_test) return true;
  return false;
}

}  // namespace grader::runner
