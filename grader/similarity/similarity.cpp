#include "grader/similarity/similarity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "grader/report/csv.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/similarity/tiling.hpp"
#include "grader/similarity/tokens.hpp"

namespace grader::similarity {

namespace {

// Past this many normalised tokens (about 10,000 lines) a copy is compared
// on its beginning only: a course file is far shorter, a hostile one not.
constexpr std::size_t kMaxTokens = 60000;

// Token spellings as small numbers, shared by every copy of one file.
class Vocabulary {
 public:
  std::uint32_t id(const std::string& text) {
    auto [it, added] = ids_.try_emplace(text, static_cast<std::uint32_t>(ids_.size()));
    return it->second;
  }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
};

// One copy of a file, ready to compare.
struct Copy {
  std::string student;
  std::vector<NormalToken> tokens;
  std::vector<std::uint32_t> ids;
  std::vector<std::uint64_t> windows;  ///< hash of the min_match tokens from each position
  std::vector<bool> given;             ///< inside a run the starter has
  std::vector<bool> blocked;           ///< given, or inside a common run
  std::vector<std::uint32_t> holders;  ///< per window: how many copies of the file have it (0: not counted)
  std::size_t own = 0;                 ///< tokens not given
};

Copy prepare(std::string student, const std::string& text, Vocabulary& vocabulary,
             const std::unordered_set<std::uint64_t>& starter, std::size_t n) {
  Copy c;
  c.student = std::move(student);
  c.tokens = normal_tokens(text);
  if (c.tokens.size() > kMaxTokens) c.tokens.resize(kMaxTokens);
  for (const auto& t : c.tokens) c.ids.push_back(vocabulary.id(t.text));
  c.windows = window_hashes(c.ids, n);
  c.given.assign(c.ids.size(), false);
  for (std::size_t i = 0; i < c.windows.size(); ++i)
    if (starter.count(c.windows[i])) std::fill(c.given.begin() + static_cast<std::ptrdiff_t>(i),
                                               c.given.begin() + static_cast<std::ptrdiff_t>(i + n), true);
  // A run of fewer than n tokens between pieces of the starter's code (a
  // name changed in a given line) can never match anything: it counts as
  // the starter's, so two identical copies score 100%.
  for (std::size_t i = 0; i < c.given.size();) {
    if (c.given[i]) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < c.given.size() && !c.given[j]) ++j;
    if (j - i < n) std::fill(c.given.begin() + static_cast<std::ptrdiff_t>(i), c.given.begin() + static_cast<std::ptrdiff_t>(j), true);
    i = j;
  }
  c.blocked = c.given;
  c.own = static_cast<std::size_t>(std::count(c.given.begin(), c.given.end(), false));
  return c;
}

// Blocks, in every copy, the runs that more than `share` of the copies have
// (and at least kCommonAtLeast of them): MOSS's -m.
void block_common(std::vector<Copy>& copies, std::size_t n, double share) {
  // Copies whose normalised tokens are identical hold a run once: a ring of
  // unchanged copies is one source, not code the class writes alike.
  std::unordered_map<std::uint64_t, std::size_t> holders;
  std::unordered_set<std::uint64_t> sources;
  for (const auto& c : copies) {
    const auto whole = window_hashes(c.ids, c.ids.size());
    if (!whole.empty() && !sources.insert(whole.front()).second) continue;
    std::unordered_set<std::uint64_t> mine(c.windows.begin(), c.windows.end());
    for (auto h : mine) ++holders[h];
  }
  const double limit = share * static_cast<double>(copies.size());
  for (auto& c : copies)
    for (std::size_t i = 0; i < c.windows.size(); ++i) {
      const std::size_t count = holders[c.windows[i]];
      c.holders.push_back(static_cast<std::uint32_t>(count));
      if (count >= kCommonAtLeast && static_cast<double>(count) > limit)
        std::fill(c.blocked.begin() + static_cast<std::ptrdiff_t>(i), c.blocked.begin() + static_cast<std::ptrdiff_t>(i + n), true);
    }
}

double ratio(std::size_t part, std::size_t whole) { return whole ? static_cast<double>(part) / static_cast<double>(whole) : 0.0; }

Pair compare_copies(const Copy& a, const Copy& b, const Options& o) {
  Pair p;
  p.student_a = a.student;
  p.student_b = b.student;
  p.tokens_a = a.own;
  p.tokens_b = b.own;
  auto tiles = greedy_string_tiling(a.ids, a.blocked, b.ids, b.blocked, o.min_match);
  // A matched token weighs 2 / (copies holding the rarest run of min_match
  // tokens around it inside its tile): 1 when only these two copies have
  // it, 1/2 when four copies do. Code several students wrote alike counts
  // less than code only two share.
  double evidence = 0;
  for (const auto& t : tiles) {
    p.matched += t.length;
    p.longest = std::max(p.longest, t.length);
    for (std::size_t k = t.a; k < t.a + t.length; ++k) {
      double weight = a.holders.empty() ? 1.0 : 0.0;
      const std::size_t from = k + 1 >= t.a + o.min_match ? k + 1 - o.min_match : t.a;
      for (std::size_t s = from; s <= k && s + o.min_match <= t.a + t.length && s < a.holders.size(); ++s)
        weight = std::max(weight, 2.0 / static_cast<double>(std::max<std::uint32_t>(2, a.holders[s])));
      evidence += weight;
    }
  }
  p.evidence = evidence;
  p.score = std::min(1.0, 2.0 * evidence / static_cast<double>(std::max<std::size_t>(1, a.own + b.own)));
  p.max_score = std::min(1.0, ratio(p.matched, std::min(a.own, b.own)));
  // Regions: tiles in a's order, joined while they also follow each other
  // in b with short gaps (a changed line between two matched ones).
  // The gap is counted in unblocked tokens: the starter's code between two
  // matched functions does not split them.
  std::sort(tiles.begin(), tiles.end(), [](const Tile& x, const Tile& y) { return x.a < y.a; });
  auto open_between = [](const std::vector<bool>& blocked, std::size_t from, std::size_t to) {
    return static_cast<std::size_t>(std::count(blocked.begin() + static_cast<std::ptrdiff_t>(from),
                                               blocked.begin() + static_cast<std::ptrdiff_t>(to), false));
  };
  const Tile* last = nullptr;
  for (const auto& t : tiles) {
    const int fa = a.tokens[t.a].line, la = a.tokens[t.a + t.length - 1].line;
    const int fb = b.tokens[t.b].line, lb = b.tokens[t.b + t.length - 1].line;
    const bool joins = last && t.b >= last->b + last->length &&
                       open_between(a.blocked, last->a + last->length, t.a) <= o.min_match &&
                       open_between(b.blocked, last->b + last->length, t.b) <= o.min_match;
    if (joins) {
      Region& r = p.regions.back();
      r.last_a = std::max(r.last_a, la);
      r.last_b = std::max(r.last_b, lb);
      r.tokens += t.length;
    } else {
      p.regions.push_back({fa, la, fb, lb, t.length});
    }
    last = &t;
  }
  std::stable_sort(p.regions.begin(), p.regions.end(), [](const Region& x, const Region& y) { return x.tokens > y.tokens; });
  return p;
}

bool higher(const Pair& x, const Pair& y) {
  if (x.score != y.score) return x.score > y.score;
  if (x.matched != y.matched) return x.matched > y.matched;
  return std::tie(x.student_a, x.student_b) < std::tie(y.student_a, y.student_b);
}

bool is_cpp_file(const std::string& path) {
  for (const char* ext : {".cpp", ".cc", ".cxx", ".hpp", ".hh", ".h"}) {
    const std::string e = ext;
    if (path.size() > e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0) return true;
  }
  return false;
}

std::string percent(double x) { return fmt::format("{:.0f}%", std::floor(100.0 * x + 1e-9)); }
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

// Union-find over student ids, for the clusters.
class Groups {
 public:
  void join(const std::string& a, const std::string& b) { parent_[find(a)] = find(b); }
  std::string find(const std::string& x) {
    auto it = parent_.try_emplace(x, x).first;
    if (it->second == x) return x;
    std::string root = find(it->second);
    parent_[x] = root;
    return root;
  }
  std::vector<std::vector<std::string>> all() {
    std::map<std::string, std::vector<std::string>> by_root;
    std::vector<std::string> ids;
    for (const auto& [id, _] : parent_) ids.push_back(id);
    for (const auto& id : ids) by_root[find(id)].push_back(id);
    std::vector<std::vector<std::string>> out;
    for (auto& [_, members] : by_root) {
      std::sort(members.begin(), members.end());
      out.push_back(std::move(members));
    }
    std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
      return x.size() != y.size() ? x.size() > y.size() : x.front() < y.front();
    });
    return out;
  }

 private:
  std::map<std::string, std::string> parent_;
};

std::unordered_set<std::uint64_t> starter_windows(const std::string& starter, Vocabulary& vocabulary, std::size_t n) {
  std::vector<std::uint32_t> ids;
  for (const auto& t : normal_tokens(starter)) ids.push_back(vocabulary.id(t.text));
  const auto hashes = window_hashes(ids, n);
  return {hashes.begin(), hashes.end()};
}

}  // namespace

std::vector<Pair> file_pairs(const std::map<std::string, std::string>& copies, const std::string& starter,
                             const Options& options, std::vector<ShortCopy>* too_short) {
  Vocabulary vocabulary;
  const auto given = starter_windows(starter, vocabulary, options.min_match);
  std::vector<Copy> prepared;
  for (const auto& [student, text] : copies) prepared.push_back(prepare(student, text, vocabulary, given, options.min_match));
  block_common(prepared, options.min_match, options.common_share);
  std::vector<const Copy*> judged;
  for (const auto& c : prepared) {
    // No own token at all: the starter handed back (or nothing), which the
    // grading reports already; not listed here.
    if (c.own >= options.min_tokens()) judged.push_back(&c);
    else if (too_short && c.own > 0) too_short->push_back({"", c.student, c.own});
  }
  std::vector<Pair> pairs;
  for (std::size_t i = 0; i < judged.size(); ++i)
    for (std::size_t j = i + 1; j < judged.size(); ++j) pairs.push_back(compare_copies(*judged[i], *judged[j], options));
  std::sort(pairs.begin(), pairs.end(), higher);
  return pairs;
}

Pair compare(const std::string& text_a, const std::string& text_b, const std::string& starter, const Options& options) {
  Vocabulary vocabulary;
  const auto given = starter_windows(starter, vocabulary, options.min_match);
  return compare_copies(prepare("a", text_a, vocabulary, given, options.min_match),
                        prepare("b", text_b, vocabulary, given, options.min_match), options);
}

Report analyse(const course::Course& course, const std::vector<SubmittedFiles>& submissions,
               const std::map<std::string, std::string>& starter, const Options& options) {
  Report report;
  std::set<std::string> seen_files;  // a file two exercises share is compared once
  std::map<std::pair<std::string, std::string>, StudentPair> by_students;
  std::map<std::pair<std::string, std::string>, std::size_t> sizes;  // sum of own tokens, for combined
  std::map<std::pair<std::string, std::string>, double> evidence;     // sum of weighed matched tokens
  for (const auto& lesson : course.lessons)
    for (const auto& exercise : lesson.exercises) {
      if (exercise.kind != course::ExerciseKind::code) continue;
      if (!options.exercise.empty() && exercise.id != options.exercise) continue;
      for (const auto& file : exercise.files) {
        if (!is_cpp_file(file) || !seen_files.insert(file).second) continue;
        std::map<std::string, std::string> copies;
        for (const auto& s : submissions)
          if (auto it = s.files.find(file); it != s.files.end()) copies.emplace(s.student, it->second);
        auto given_it = starter.find(file);
        std::vector<ShortCopy> short_here;
        auto pairs = file_pairs(copies, given_it == starter.end() ? std::string() : given_it->second, options, &short_here);
        for (auto& s : short_here) {
          s.file = file;
          report.too_short.push_back(std::move(s));
        }
        std::size_t kept = 0;
        for (auto& p : pairs) {
          p.exercise = exercise.id;
          p.file = file;
          if (p.score >= options.threshold) ++report.flagged_pairs;
          if (p.matched > 0) {
            const auto key = std::make_pair(p.student_a, p.student_b);
            StudentPair& sp = by_students[key];
            sp.student_a = p.student_a;
            sp.student_b = p.student_b;
            sp.best = std::max(sp.best, p.score);
            sp.matched += p.matched;
            sp.files.emplace_back(file, p.score);
            sizes[key] += p.tokens_a + p.tokens_b;
            evidence[key] += p.evidence;
          }
          if (p.matched == 0 || p.score <= options.min_score || kept >= options.top) continue;
          ++kept;
          report.pairs.push_back(std::move(p));
        }
      }
    }
  Groups groups;
  std::vector<StudentPair> all;
  for (auto& [key, sp] : by_students) {
    sp.combined = sizes[key] ? std::min(1.0, 2.0 * evidence[key] / static_cast<double>(sizes[key])) : 0.0;
    sp.flagged = sp.best >= options.threshold;
    if (sp.flagged) groups.join(sp.student_a, sp.student_b);
    std::stable_sort(sp.files.begin(), sp.files.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    all.push_back(std::move(sp));
  }
  std::sort(all.begin(), all.end(), [](const StudentPair& x, const StudentPair& y) {
    if (x.best != y.best) return x.best > y.best;
    if (x.combined != y.combined) return x.combined > y.combined;
    return std::tie(x.student_a, x.student_b) < std::tie(y.student_a, y.student_b);
  });
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].flagged || i < options.top) report.students.push_back(std::move(all[i]));
  report.clusters = groups.all();
  return report;
}

std::string similarity_text(const Report& report, const std::vector<SubmittedFiles>& submissions, const Options& options,
                            std::size_t lines_per_region) {
  using report::plain_line;
  std::string out = fmt::format(
      "Similar code (names, literals, loop shapes and layout ignored; runs of at least {} tokens; the starter's code\n"
      "and passages in more than {} of the copies ignored; score = matched tokens, weighed by how few copies share them,\n"
      "over both copies' own tokens).\n"
      "These are hints for a person to look at, never a grade: short or standard code is often alike.\n",
      options.min_match, percent(options.common_share));
  if (!report.too_short.empty()) {
    out += fmt::format("\nToo short to judge (fewer than {} tokens of their own beyond the starter's code):\n", options.min_tokens());
    std::string file;
    for (const auto& s : report.too_short) {
      if (s.file != file) {
        file = s.file;
        out += fmt::format("  {}:", plain_line(file));
      }
      out += fmt::format(" {} ({})", plain_line(s.student), s.tokens);
      if (&s == &report.too_short.back() || (&s + 1)->file != file) out += "\n";
    }
  }
  if (report.students.empty()) return out + "\nNo two submissions share code beyond the starter's.\n";
  out += fmt::format("\nStudents, strongest evidence first (flagged: {} or more in some file):\n", percent(options.threshold));
  int rank = 0;
  for (const auto& sp : report.students) {
    out += fmt::format("  {}. {} and {}: {} at best, {} over {} file{}{}\n     ", ++rank, plain_line(sp.student_a),
                       plain_line(sp.student_b), percent(sp.best), percent(sp.combined), sp.files.size(),
                       sp.files.size() == 1 ? "" : "s", sp.flagged ? "  [flagged]" : "");
    for (std::size_t i = 0; i < sp.files.size(); ++i)
      out += fmt::format("{}{} {}", i ? ", " : "", plain_line(sp.files[i].first), percent(sp.files[i].second));
    out += "\n";
  }
  std::size_t shown_clusters = 0;
  for (const auto& c : report.clusters) {
    if (!shown_clusters++) out += "\nClusters (students linked by flagged pairs):\n";
    std::string members;
    for (const auto& id : c) members += (members.empty() ? "" : ", ") + plain_line(id);
    out += fmt::format("  {} students: {}\n", c.size(), members);
  }
  constexpr std::size_t kColumn = 56;
  std::string file;
  for (const auto& p : report.pairs) {
    if (p.file != file) {
      file = p.file;
      rank = 0;
      out += fmt::format("\n{} (exercise {})\n", plain_line(p.file), plain_line(p.exercise));
    }
    out += fmt::format("  {}. {} and {}: {} ({} tokens matched, {:.0f} once weighed by how many copies share them; longest run {};\n"
                       "     {} has {} tokens of their own, {} has {})\n",
                       ++rank, plain_line(p.student_a), plain_line(p.student_b), percent(p.score), p.matched, p.evidence,
                       p.longest, plain_line(p.student_a), p.tokens_a, plain_line(p.student_b), p.tokens_b);
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

nlohmann::json similarity_json(const Report& report, const std::vector<SubmittedFiles>& submissions, const Options& options) {
  using nlohmann::json;
  using report::json_text;
  constexpr std::size_t kLinesPerRegion = 60;
  json list = json::array();
  for (const auto& p : report.pairs) {
    const std::string* text_a = file_text(submissions, p.student_a, p.file);
    const std::string* text_b = file_text(submissions, p.student_b, p.file);
    const auto lines_a = text_a ? lines_of(*text_a) : std::vector<std::string>{};
    const auto lines_b = text_b ? lines_of(*text_b) : std::vector<std::string>{};
    auto clean = [](const std::string& line) { return json_text(line); };
    json regions = json::array();
    for (const auto& r : p.regions)
      regions.push_back({{"a", {{"first", r.first_a}, {"last", r.last_a}, {"lines", excerpt(lines_a, r.first_a, r.last_a, kLinesPerRegion, clean)}}},
                         {"b", {{"first", r.first_b}, {"last", r.last_b}, {"lines", excerpt(lines_b, r.first_b, r.last_b, kLinesPerRegion, clean)}}},
                         {"tokens", r.tokens}});
    list.push_back({{"exercise", json_text(p.exercise)}, {"file", json_text(p.file)}, {"a", json_text(p.student_a)},
                    {"b", json_text(p.student_b)}, {"score", p.score}, {"max_score", p.max_score}, {"matched", p.matched},
                    {"evidence", p.evidence}, {"longest", p.longest}, {"tokens_a", p.tokens_a}, {"tokens_b", p.tokens_b},
                    {"flagged", p.score >= options.threshold}, {"regions", std::move(regions)}});
  }
  json students = json::array();
  for (const auto& sp : report.students) {
    json files = json::array();
    for (const auto& [f, score] : sp.files) files.push_back({{"file", json_text(f)}, {"score", score}});
    students.push_back({{"a", json_text(sp.student_a)}, {"b", json_text(sp.student_b)}, {"best", sp.best},
                        {"combined", sp.combined}, {"matched", sp.matched}, {"flagged", sp.flagged}, {"files", std::move(files)}});
  }
  json clusters = json::array();
  for (const auto& c : report.clusters) {
    json members = json::array();
    for (const auto& id : c) members.push_back(json_text(id));
    clusters.push_back(std::move(members));
  }
  json too_short = json::array();
  for (const auto& s : report.too_short)
    too_short.push_back({{"file", json_text(s.file)}, {"student", json_text(s.student)}, {"tokens", s.tokens}});
  return {{"method",
           {{"min_match", options.min_match}, {"min_tokens", options.min_tokens()}, {"common_share", options.common_share},
            {"common_at_least", kCommonAtLeast}, {"threshold", options.threshold}}},
          {"note", "hints for a person to look at, never a grade"},
          {"students", std::move(students)},
          {"clusters", std::move(clusters)},
          {"too_short", std::move(too_short)},
          {"pairs", std::move(list)}};
}

std::string similarity_csv(const Report& report) {
  using report::csv_field;
  using report::csv_text_field;
  std::map<std::string, std::size_t> cluster_of;
  for (std::size_t i = 0; i < report.clusters.size(); ++i)
    for (const auto& id : report.clusters[i]) cluster_of[id] = i + 1;
  std::string out = report::csv_row({"a", "b", "best", "combined", "matched_tokens", "flagged", "cluster", "files"});
  for (const auto& sp : report.students) {
    std::string files;
    for (const auto& [f, score] : sp.files) files += (files.empty() ? "" : "; ") + f + " " + percent(score);
    const auto cluster = sp.flagged && cluster_of.count(sp.student_a) ? std::to_string(cluster_of[sp.student_a]) : std::string();
    out += report::csv_row({csv_text_field(sp.student_a), csv_text_field(sp.student_b), csv_field(fmt::format("{:.3f}", sp.best)),
                            csv_field(fmt::format("{:.3f}", sp.combined)), csv_field(std::to_string(sp.matched)),
                            csv_field(sp.flagged ? "yes" : "no"), csv_field(cluster), csv_text_field(files)});
  }
  return out;
}

}  // namespace grader::similarity
