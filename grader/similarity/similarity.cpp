#include "grader/similarity/similarity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "grader/report/sanitize.hpp"
#include "grader/util/cpp_tokens.hpp"
#include "grader/util/kgrams.hpp"

namespace grader::similarity {

namespace {

namespace cpp = util::cpp;

// One copy of a file as fingerprints: each with the lines its k-gram spans.
struct Printed {
  struct Print {
    std::uint64_t hash;
    std::size_t position;
    int first_line, last_line;
  };
  std::vector<Print> prints;                  ///< in text order
  std::unordered_set<std::uint64_t> distinct;  ///< their hashes
};

std::vector<std::string> normalized_tokens(const std::vector<cpp::Token>& tokens) {
  std::vector<std::string> out;
  out.reserve(tokens.size());
  for (const auto& t : tokens) out.push_back(cpp::normalized_spelling(t));
  return out;
}

std::unordered_set<std::uint64_t> all_kgrams(const std::string& text, std::size_t k) {
  const auto hashes = util::kgram_hashes(normalized_tokens(cpp::tokenize(text)), k);
  return {hashes.begin(), hashes.end()};
}

Printed fingerprint(const std::string& text, const std::unordered_set<std::uint64_t>& starter, const Options& o) {
  Printed p;
  const auto tokens = cpp::tokenize(text);
  for (const auto& f : util::winnow(util::kgram_hashes(normalized_tokens(tokens), o.k), o.w)) {
    if (starter.count(f.hash)) continue;  // the class was given this code
    p.prints.push_back({f.hash, f.position, tokens[f.position].line, tokens[f.position + o.k - 1].line});
    p.distinct.insert(f.hash);
  }
  return p;
}

Pair compare_printed(const Printed& a, const Printed& b, const Options& o) {
  Pair pair;
  pair.fingerprints_a = a.distinct.size();
  pair.fingerprints_b = b.distinct.size();
  for (auto h : a.distinct) pair.shared += b.distinct.count(h);
  const std::size_t smaller = std::min(pair.fingerprints_a, pair.fingerprints_b);
  pair.score = smaller ? static_cast<double>(pair.shared) / static_cast<double>(smaller) : 0.0;
  if (pair.shared == 0) return pair;

  std::unordered_map<std::uint64_t, std::vector<std::size_t>> in_b;  // hash -> indices into b.prints
  for (std::size_t i = 0; i < b.prints.size(); ++i) in_b[b.prints[i].hash].push_back(i);
  // Walk a's fingerprints in order; a run continues while b's matching
  // fingerprint moves forward close behind: reordered functions make
  // separate regions, each whole.
  const std::size_t gap = o.k + o.w;
  const Printed::Print* last_a = nullptr;
  const Printed::Print* last_b = nullptr;
  for (const auto& fa : a.prints) {
    auto it = in_b.find(fa.hash);
    if (it == in_b.end()) continue;
    const Printed::Print* fb = nullptr;
    if (last_b)
      for (std::size_t i : it->second)
        if (b.prints[i].position > last_b->position && b.prints[i].position <= last_b->position + gap) {
          fb = &b.prints[i];
          break;
        }
    bool continues = fb && last_a && fa.position <= last_a->position + gap;
    if (!continues) fb = &b.prints[it->second.front()];
    if (continues) {
      Region& r = pair.regions.back();
      r.last_a = std::max(r.last_a, fa.last_line);
      r.last_b = std::max(r.last_b, fb->last_line);
      ++r.fingerprints;
    } else {
      pair.regions.push_back({fa.first_line, fa.last_line, fb->first_line, fb->last_line, 1});
    }
    last_a = &fa;
    last_b = fb;
  }
  std::stable_sort(pair.regions.begin(), pair.regions.end(),
                   [](const Region& x, const Region& y) { return x.fingerprints > y.fingerprints; });
  return pair;
}

bool is_cpp_file(const std::string& path) {
  for (const char* ext : {".cpp", ".cc", ".cxx", ".hpp", ".hh", ".h"}) {
    const std::string e = ext;
    if (path.size() > e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0) return true;
  }
  return false;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// Lines first..last (1-based) of `text`, at most `cap` of them, each one
// sanitised by `clean`.
template <class Clean>
std::vector<std::string> excerpt(const std::vector<std::string>& lines, int first, int last, std::size_t cap, Clean clean) {
  std::vector<std::string> out;
  for (int n = std::max(1, first); n <= last && n <= static_cast<int>(lines.size()) && out.size() < cap; ++n)
    out.push_back(clean(lines[static_cast<std::size_t>(n - 1)]));
  return out;
}

// The first `width` characters of a sanitised line (never inside a UTF-8
// sequence); a cut line ends with "~".
std::string cut(const std::string& text, std::size_t width, std::size_t& shown) {
  std::string out;
  std::size_t i = 0;
  shown = 0;
  while (i < text.size() && shown < width) {
    std::size_t len = 1;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0xF0) len = 4;
    else if (c >= 0xE0) len = 3;
    else if (c >= 0xC0) len = 2;
    out += text.substr(i, len);
    i += len;
    ++shown;
  }
  if (i < text.size() && !out.empty()) {
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
    if (!out.empty()) out.pop_back();
    out += "~";
  }
  return out;
}

// The same, padded with spaces to `width` (the left column).
std::string column(const std::string& text, std::size_t width) {
  std::size_t shown = 0;
  std::string out = cut(text, width, shown);
  return out + std::string(width > shown ? width - shown : 0, ' ');
}

std::string tabs_as_spaces(const std::string& line) {
  std::string out;
  for (char c : line) out += c == '\t' ? std::string("  ") : std::string(1, c);
  return out;
}

const std::string* file_text(const std::vector<SubmittedFiles>& submissions, const std::string& student,
                             const std::string& file) {
  for (const auto& s : submissions)
    if (s.student == student) {
      auto it = s.files.find(file);
      return it == s.files.end() ? nullptr : &it->second;
    }
  return nullptr;
}

}  // namespace

Pair compare(const std::string& text_a, const std::string& text_b, const std::string& starter, const Options& options) {
  const auto given = all_kgrams(starter, options.k);
  return compare_printed(fingerprint(text_a, given, options), fingerprint(text_b, given, options), options);
}

std::vector<Pair> similar_pairs(const course::Course& course, const std::vector<SubmittedFiles>& submissions,
                                const std::map<std::string, std::string>& starter, const Options& options) {
  std::vector<Pair> out;
  std::set<std::string> seen_files;  // a file two exercises share is compared once
  for (const auto& lesson : course.lessons) {
    for (const auto& exercise : lesson.exercises) {
      if (exercise.kind != course::ExerciseKind::code) continue;
      if (!options.exercise.empty() && exercise.id != options.exercise) continue;
      for (const auto& file : exercise.files) {
        if (!is_cpp_file(file) || !seen_files.insert(file).second) continue;
        auto given_it = starter.find(file);
        const auto given = all_kgrams(given_it == starter.end() ? std::string() : given_it->second, options.k);
        std::vector<std::pair<std::string, Printed>> copies;
        for (const auto& s : submissions) {
          auto it = s.files.find(file);
          if (it != s.files.end()) copies.emplace_back(s.student, fingerprint(it->second, given, options));
        }
        std::sort(copies.begin(), copies.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        std::vector<Pair> pairs;
        for (std::size_t i = 0; i < copies.size(); ++i)
          for (std::size_t j = i + 1; j < copies.size(); ++j) {
            Pair p = compare_printed(copies[i].second, copies[j].second, options);
            if (p.score <= options.min_score || p.shared == 0) continue;
            p.exercise = exercise.id;
            p.file = file;
            p.student_a = copies[i].first;
            p.student_b = copies[j].first;
            pairs.push_back(std::move(p));
          }
        std::stable_sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) {
          if (x.score != y.score) return x.score > y.score;
          return x.shared > y.shared;
        });
        if (pairs.size() > options.top) pairs.resize(options.top);
        for (auto& p : pairs) out.push_back(std::move(p));
      }
    }
  }
  return out;
}

std::string similarity_text(const std::vector<Pair>& pairs, const std::vector<SubmittedFiles>& submissions,
                            std::size_t lines_per_region) {
  using report::plain_line;
  std::string out =
      "Similar code, per exercise file (comments, spacing and names ignored; the starter's own code removed).\n"
      "These are hints for a person to look at, never a grade: short or standard code is often alike.\n";
  if (pairs.empty()) return out + "\nNo two submissions share code beyond the starter's.\n";
  constexpr std::size_t kColumn = 56;
  std::string file;
  int rank = 0;
  for (const auto& p : pairs) {
    if (p.file != file) {
      file = p.file;
      rank = 0;
      out += fmt::format("\n{} (exercise {})\n", plain_line(p.file), plain_line(p.exercise));
    }
    out += fmt::format("  {}. {} and {}: {:.0f}% ({} shared fingerprints; {} has {}, {} has {})\n", ++rank,
                       plain_line(p.student_a), plain_line(p.student_b), 100.0 * p.score, p.shared, plain_line(p.student_a),
                       p.fingerprints_a, plain_line(p.student_b), p.fingerprints_b);
    const std::string* text_a = file_text(submissions, p.student_a, p.file);
    const std::string* text_b = file_text(submissions, p.student_b, p.file);
    const auto lines_a = text_a ? lines_of(*text_a) : std::vector<std::string>{};
    const auto lines_b = text_b ? lines_of(*text_b) : std::vector<std::string>{};
    auto clean = [](const std::string& line) { return plain_line(tabs_as_spaces(line)); };
    for (const auto& r : p.regions) {
      out += fmt::format("     {}\n", column(fmt::format("{} lines {}-{}", plain_line(p.student_a), r.first_a, r.last_a), kColumn + 6) +
                                           " | " + fmt::format("{} lines {}-{}", plain_line(p.student_b), r.first_b, r.last_b));
      const auto a = excerpt(lines_a, r.first_a, r.last_a, lines_per_region, clean);
      const auto b = excerpt(lines_b, r.first_b, r.last_b, lines_per_region, clean);
      for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        std::string left = i < a.size() ? fmt::format("{:>5} {}", r.first_a + static_cast<int>(i), column(a[i], kColumn)) : std::string(kColumn + 6, ' ');
        std::size_t shown = 0;
        std::string right = i < b.size() ? fmt::format("{:>5} {}", r.first_b + static_cast<int>(i), cut(b[i], 2 * kColumn, shown)) : "";
        out += "     " + left + " | " + right + "\n";
      }
      const int more_a = r.last_a - r.first_a + 1 - static_cast<int>(a.size());
      const int more_b = r.last_b - r.first_b + 1 - static_cast<int>(b.size());
      if (more_a > 0 || more_b > 0) out += fmt::format("     ... ({} and {} lines more)\n", std::max(0, more_a), std::max(0, more_b));
    }
  }
  return out;
}

nlohmann::json similarity_json(const std::vector<Pair>& pairs, const std::vector<SubmittedFiles>& submissions,
                               const Options& options) {
  using nlohmann::json;
  constexpr std::size_t kLinesPerRegion = 60;
  json list = json::array();
  for (const auto& p : pairs) {
    const std::string* text_a = file_text(submissions, p.student_a, p.file);
    const std::string* text_b = file_text(submissions, p.student_b, p.file);
    const auto lines_a = text_a ? lines_of(*text_a) : std::vector<std::string>{};
    const auto lines_b = text_b ? lines_of(*text_b) : std::vector<std::string>{};
    auto clean = [](const std::string& line) { return report::json_text(line); };
    json regions = json::array();
    for (const auto& r : p.regions)
      regions.push_back({{"a", {{"first", r.first_a}, {"last", r.last_a}, {"lines", excerpt(lines_a, r.first_a, r.last_a, kLinesPerRegion, clean)}}},
                         {"b", {{"first", r.first_b}, {"last", r.last_b}, {"lines", excerpt(lines_b, r.first_b, r.last_b, kLinesPerRegion, clean)}}},
                         {"fingerprints", r.fingerprints}});
    list.push_back({{"exercise", report::json_text(p.exercise)},
                    {"file", report::json_text(p.file)},
                    {"a", report::json_text(p.student_a)},
                    {"b", report::json_text(p.student_b)},
                    {"score", p.score},
                    {"shared", p.shared},
                    {"fingerprints_a", p.fingerprints_a},
                    {"fingerprints_b", p.fingerprints_b},
                    {"regions", std::move(regions)}});
  }
  return {{"k", options.k}, {"w", options.w}, {"note", "hints for a person to look at, never a grade"}, {"pairs", std::move(list)}};
}

}  // namespace grader::similarity
