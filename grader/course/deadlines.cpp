#include "grader/course/deadlines.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "grader/course/yaml_documents.hpp"
#include "grader/course/yaml_reader.hpp"

namespace grader::course {
namespace {

bool digits(std::string_view s, std::size_t at, std::size_t n, int& out) {
  if (at + n > s.size()) return false;
  out = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    out = out * 10 + (s[i] - '0');
  }
  return true;
}

// Days from 1970-01-01 to the date (proleptic Gregorian; Howard Hinnant's days_from_civil).
long days_from_civil(int y, int m, int d) {
  y -= m <= 2;
  const long era = (y >= 0 ? y : y - 399) / 400;
  const long yoe = y - era * 400;
  const long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

}  // namespace

std::optional<std::time_t> parse_utc_time(std::string_view s) {
  int year, month, day, hour, minute, second = 0;
  if (!digits(s, 0, 4, year) || s.size() < 16 || s[4] != '-' || !digits(s, 5, 2, month) || s[7] != '-' ||
      !digits(s, 8, 2, day) || (s[10] != 'T' && s[10] != ' ') || !digits(s, 11, 2, hour) || s[13] != ':' ||
      !digits(s, 14, 2, minute))
    return std::nullopt;
  std::size_t at = 16;
  if (at < s.size() && s[at] == ':') {
    if (!digits(s, at + 1, 2, second)) return std::nullopt;
    at += 3;
    if (at < s.size() && s[at] == '.') {
      ++at;
      while (at < s.size() && std::isdigit(static_cast<unsigned char>(s[at]))) ++at;  // fractions are dropped
    }
  }
  static constexpr std::array<int, 12> kDays = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || day < 1 || day > kDays[static_cast<std::size_t>(month - 1)] || hour > 23 ||
      minute > 59 || second > 60)
    return std::nullopt;
  if (month == 2 && day == 29 && !(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))) return std::nullopt;
  long offset = 0;
  if (at < s.size() && (s[at] == 'Z' || s[at] == 'z') && at + 1 == s.size()) {
    offset = 0;
  } else if (at < s.size() && (s[at] == '+' || s[at] == '-')) {
    int oh, om;
    if (!digits(s, at + 1, 2, oh) || at + 3 >= s.size() || s[at + 3] != ':' || !digits(s, at + 4, 2, om) ||
        at + 6 != s.size() || oh > 23 || om > 59)
      return std::nullopt;
    offset = (s[at] == '+' ? 1 : -1) * (oh * 3600L + om * 60L);
  } else {
    return std::nullopt;  // no time zone: ambiguous
  }
  const long long t = days_from_civil(year, month, day) * 86400LL + hour * 3600LL + minute * 60LL + second - offset;
  return static_cast<std::time_t>(t);
}

std::string format_utc_time(std::time_t t) {
  std::tm utc{};
  gmtime_r(&t, &utc);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                     utc.tm_hour, utc.tm_min, utc.tm_sec);
}

LatePolicy load_deadlines_from_string(const std::string& yaml_text, const std::string& display_name) {
  yaml::Problems problems(display_name);
  YamlDocuments documents;
  try {
    documents = load_documents(yaml_text);
  } catch (const YAML::Exception& e) {
    problems.add(problems.at(e.mark), fmt::format("YAML syntax error: {}; check the indentation, colons and quotes", e.msg));
    throw CourseError(problems.in_file_order());
  }
  LatePolicy policy;
  if (!documents.first.IsMap()) {
    problems.add(problems.at(documents.first),
                 "the deadlines file must be a mapping with at least 'due: 2026-11-20T23:59:00Z'; got " +
                     yaml::describe(documents.first));
    throw CourseError(problems.in_file_order());
  }
  yaml::Fields f(documents.first, problems, "the deadlines file");
  static constexpr std::array<std::string_view, 5> kKeys = {"due", "grace_minutes", "percent_per_day", "max_percent",
                                                            "no_credit_after"};
  f.check_keys(kKeys);
  auto time_of = [&](std::string_view key) -> std::optional<std::time_t> {
    auto text = f.text(key);
    if (!text) return std::nullopt;
    auto t = parse_utc_time(text->value);
    if (!t)
      problems.add(f.value_location(key),
                   fmt::format("'{}' must be a date and time with its time zone, like 2026-11-20T23:59:00Z or "
                               "2026-11-20T23:59:00+01:00; got '{}'",
                               key, text->value));
    return t;
  };
  if (f.require("due", "add 'due: 2026-11-20T23:59:00Z' (the deadline, with its time zone)"))
    if (auto t = time_of("due")) policy.due = *t;
  auto percent = [&](std::string_view key, double& out, double low, double high) {
    if (!f.has(key)) return;
    auto n = f.number(key);
    if (!n) return;
    if (*n < low || *n > high) {
      problems.add(f.value_location(key), fmt::format("'{}' must be between {} and {}; got {}", key, low, high, *n));
      return;
    }
    out = *n;
  };
  percent("grace_minutes", policy.grace_minutes, 0, 60 * 24 * 365);
  percent("percent_per_day", policy.percent_per_day, 0, 100);
  percent("max_percent", policy.max_percent, 0, 100);
  if (f.has("no_credit_after")) {
    if (auto t = time_of("no_credit_after")) {
      if (*t < policy.due)
        problems.add(f.value_location("no_credit_after"), "'no_credit_after' is before 'due'; it must be at or after it");
      policy.no_credit_after = *t;
    }
  }
  if (problems.any()) throw CourseError(problems.in_file_order());
  return policy;
}

LatePolicy load_deadlines(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw CourseError({Diagnostic{Location{path.string(), 0, 0}, "cannot read the deadlines file; check the path"}});
  std::ostringstream text;
  text << in.rdbuf();
  return load_deadlines_from_string(text.str(), path.string());
}

}  // namespace grader::course
