#include "grader/course/model.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace grader::course {

std::string Location::text() const {
  // A problem with the file as a whole (e.g. it cannot be read) has no line.
  if (line <= 0) return file;
  if (column <= 0) return fmt::format("{}:{}", file, line);
  return fmt::format("{}:{}:{}", file, line, column);
}

EffectiveLimits resolve(const Limits& exercise, const Limits& lesson, const Limits& course) {
  const EffectiveLimits defaults;
  auto pick = [](std::optional<int> e, std::optional<int> l, std::optional<int> c, int fallback) {
    return e.value_or(l.value_or(c.value_or(fallback)));
  };
  EffectiveLimits out;
  out.call_timeout_ms = pick(exercise.call_timeout_ms, lesson.call_timeout_ms,
                             course.call_timeout_ms, defaults.call_timeout_ms);
  out.lesson_timeout_s = pick(exercise.lesson_timeout_s, lesson.lesson_timeout_s,
                              course.lesson_timeout_s, defaults.lesson_timeout_s);
  out.memory_mb = pick(exercise.memory_mb, lesson.memory_mb, course.memory_mb, defaults.memory_mb);
  out.compile_timeout_s = pick(exercise.compile_timeout_s, lesson.compile_timeout_s,
                               course.compile_timeout_s, defaults.compile_timeout_s);
  return out;
}

const char* to_string(Visibility v) {
  switch (v) {
    case Visibility::visible: return "visible";
    case Visibility::after_due_date: return "after_due_date";
    case Visibility::after_published: return "after_published";
    case Visibility::hidden: return "hidden";
  }
  return "visible";
}

const Lesson* Course::find_lesson(std::string_view id) const {
  auto it = std::find_if(lessons.begin(), lessons.end(), [&](const Lesson& l) { return l.id == id; });
  return it == lessons.end() ? nullptr : &*it;
}

std::pair<const Lesson*, const Exercise*> Course::find_exercise(std::string_view id) const {
  for (const Lesson& lesson : lessons) {
    for (const Exercise& exercise : lesson.exercises) {
      if (exercise.id == id) return {&lesson, &exercise};
    }
  }
  return {nullptr, nullptr};
}

const Track* Course::find_track(std::string_view id) const {
  auto it = std::find_if(tracks.begin(), tracks.end(), [&](const Track& t) { return t.id == id; });
  return it == tracks.end() ? nullptr : &*it;
}

const Picture* Course::find_picture(std::string_view name) const {
  auto it = std::find_if(pictures.begin(), pictures.end(), [&](const Picture& p) { return p.name == name; });
  return it == pictures.end() ? nullptr : &*it;
}

const PictureOption* Picture::find_option(std::string_view option) const {
  auto it = std::find_if(options.begin(), options.end(), [&](const PictureOption& o) { return o.name == option; });
  return it == options.end() ? nullptr : &*it;
}

const char* to_string(PictureOption::Type type) {
  switch (type) {
    case PictureOption::Type::integer: return "integer";
    case PictureOption::Type::number: return "number";
    case PictureOption::Type::text: return "text";
    case PictureOption::Type::choice: return "choice";
  }
  return "integer";
}

std::string Diagnostic::text() const {
  return fmt::format("{}: error: {}", where.text(), message);
}

namespace {

std::string join_diagnostics(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    if (!out.empty()) out += '\n';
    out += d.text();
  }
  return out;
}

}  // namespace

CourseError::CourseError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(join_diagnostics(diagnostics)), diagnostics_(std::move(diagnostics)) {}

}  // namespace grader::course
