#include "grader/testing/tensor_compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <regex>

#include "grader/client/worker_client.hpp"
#include "grader/protocol/value.hpp"

namespace grader::testing {

std::string index_text(const std::vector<std::int64_t>& shape, std::int64_t flat) {
  std::vector<std::int64_t> idx(shape.size());
  for (std::size_t k = shape.size(); k-- > 0;) {
    auto d = shape[k] > 0 ? shape[k] : 1;
    idx[k] = flat % d;
    flat /= d;
  }
  return protocol::shape_string(idx);
}

std::string number_text(double v, int digits) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", digits, v);
  return text;
}

bool element_near(double got, double want, double atol, double rtol) {
  if (std::isnan(got) || std::isnan(want)) return false;
  if (std::isinf(got) || std::isinf(want)) return got == want;
  return std::fabs(got - want) <= atol + rtol * std::fabs(want);
}

namespace {

// With nan_matches, a NaN matches a NaN: a known mistake may be "NaN here".
bool all_near(const Values& got, const Values& want, double atol, double rtol, bool nan_matches) {
  if (got.shape != want.shape || got.data.size() != want.data.size()) return false;
  for (std::size_t i = 0; i < got.data.size(); ++i) {
    if (nan_matches && std::isnan(got.data[i]) && std::isnan(want.data[i])) continue;
    if (!element_near(got.data[i], want.data[i], atol, rtol)) return false;
  }
  return true;
}

std::string tolerance_text(double atol, double rtol) {
  return "|got - expected| <= " + number_text(atol, 6) + " + " + number_text(rtol, 6) + " * |expected|";
}

}  // namespace

bool matches_mistake(const Values& got, const KnownMistake& mistake, double atol, double rtol) {
  if (got.shape != mistake.result.shape) return false;
  if (mistake.shape_only) return true;
  if (mistake.match_tolerance >= 0)
    return all_near(got, mistake.result, mistake.match_tolerance, mistake.match_tolerance, true);
  if (got.digits > 9 && mistake.result.digits > 9) return all_near(got, mistake.result, std::max(atol, 1e-9), std::max(rtol, 1e-9), true);
  return all_near(got, mistake.result, std::max(atol, 1e-4), std::max(rtol, 1e-3), true);
}

const KnownMistake* likely_mistake(const Values& got, const Values& want, double atol, double rtol,
                                   const std::vector<KnownMistake>& mistakes) {
  for (const auto& m : mistakes) {
    if (!m.shape_only && all_near(m.result, want, atol, rtol, true)) continue;
    if (m.shape_only && m.result.shape == want.shape) continue;
    if (matches_mistake(got, m, atol, rtol)) return &m;
  }
  return nullptr;
}

std::string likely_cause_line(const std::string& cause) { return "  likely cause: " + cause; }

std::string subject_of(const std::string& expression) {
  std::string call = client::student().last_call_text();
  if (call.empty()) call = "the result";
  // "r.weights", "r.weights.at({0, 1, 0, 2})", "got.output(1, 0)": the member,
  // and the element when its index is written in numbers.
  static const std::regex member(R"(^\w+\.(\w+)(?:\.at\(\{([0-9, ]*)\}\)|\(([0-9, ]*)\))?$)");
  static const std::regex element(R"(^\w+(?:\.at\(\{([0-9, ]*)\}\)|\(([0-9, ]*)\))$)");
  std::smatch m;
  if (std::regex_match(expression, m, member)) {
    std::string text = call + "." + m[1].str();
    const std::string index = m[2].matched ? m[2].str() : m[3].str();
    if (!index.empty()) text += " at (" + index + ")";
    return text;
  }
  if (std::regex_match(expression, m, element)) {
    const std::string index = m[1].matched ? m[1].str() : m[2].str();
    if (!index.empty()) return call + " at (" + index + ")";
  }
  static const std::regex member_prefix(R"(^\w+\.(\w+)\.at\()");
  if (std::regex_search(expression, m, member_prefix)) return call + "." + m[1].str();
  // "student::causal_mask(4, 2).kind": the member of the call's own result.
  static const std::regex member_of_call(R"(\)\.(\w+)$)");
  if (std::regex_search(expression, m, member_of_call)) return call + "." + m[1].str();
  return call;
}

std::optional<std::string> compare_message(const std::string& subject, const Values& got, const Values& want,
                                           double atol, double rtol, const std::vector<KnownMistake>& mistakes) {
  std::string message;
  if (got.shape != want.shape) {
    message = subject + ": expected shape " + protocol::shape_string(want.shape) + ", got " + protocol::shape_string(got.shape);
  } else {
    const std::int64_t n = static_cast<std::int64_t>(want.data.size());
    std::int64_t bad = 0, first_bad = -1, worst = -1;
    double max_diff = -1;
    for (std::int64_t i = 0; i < n; ++i) {
      const double g = got.data[static_cast<std::size_t>(i)], w = want.data[static_cast<std::size_t>(i)];
      if (element_near(g, w, atol, rtol)) continue;
      ++bad;
      if (first_bad < 0) first_bad = i;
      // A NaN or an infinity where a number belongs is the largest difference.
      const double diff = std::isfinite(g) && std::isfinite(w) ? std::fabs(g - w) : INFINITY;
      if (diff > max_diff) {
        max_diff = diff;
        worst = i;
      }
    }
    if (bad == 0) return std::nullopt;
    const int digits = std::max(got.digits, want.digits);
    auto at = [](const Values& v, std::int64_t i) { return v.data[static_cast<std::size_t>(i)]; };
    message = subject + ": " + std::to_string(bad) + " of " + std::to_string(n) + " values differ from the expected ones" +
              (want.shape.empty() ? "" : " (shape " + protocol::shape_string(want.shape) + ")") + "\n  first bad index " +
              index_text(want.shape, first_bad) + ": expected " + number_text(at(want, first_bad), digits) + ", got " +
              number_text(at(got, first_bad), digits);
    if (worst != first_bad)
      message += "\n  largest difference at " + index_text(want.shape, worst) + ": expected " +
                 number_text(at(want, worst), digits) + ", got " + number_text(at(got, worst), digits);
    message += "\n  tolerance: " + tolerance_text(atol, rtol);
  }
  if (const auto* m = likely_mistake(got, want, atol, rtol, mistakes)) message += "\n" + likely_cause_line(m->cause);
  return message;
}

std::optional<std::string> value_message(const std::string& subject, double got, double want, double atol, double rtol,
                                         const std::vector<KnownMistake>& mistakes, int digits) {
  if (element_near(got, want, atol, rtol)) return std::nullopt;
  std::string message = subject + ": expected " + number_text(want, digits) + ", got " + number_text(got, digits);
  if (std::isfinite(got) && std::isfinite(want))
    message += " (difference " + number_text(std::fabs(got - want), 3) + "; tolerance " + tolerance_text(atol, rtol) + ")";
  Values g{{}, {got}, digits}, w{{}, {want}, digits};
  if (const auto* m = likely_mistake(g, w, atol, rtol, mistakes)) message += "\n" + likely_cause_line(m->cause);
  return message;
}

}  // namespace grader::testing
