// The evaluation of `grader similarity` (docs/similarity.md): honest
// solutions and disguised copies written for the purpose
// (tests/similarity/corpus/STUDENT/FILE, the copies listed in
// tests/similarity/pairs.txt), compared with the default options against the
// course's real starter files. Every disguised pair must score above every
// honest pair of its file and of the whole set; the precision and recall at
// the default threshold are computed here and must be the ones the docs give.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "grader/course/loader.hpp"
#include "grader/similarity/similarity.hpp"
#include "grader/util/files.hpp"

namespace {

namespace fs = std::filesystem;
namespace sim = grader::similarity;

const fs::path kSource = COURSE_SOURCE_DIR;
const fs::path kCorpus = kSource / "tests/similarity/corpus";

struct Copied {
  std::string file, copy, original, disguise;
};

std::vector<Copied> labels() {
  std::vector<Copied> out;
  std::ifstream in(kSource / "tests/similarity/pairs.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Copied c;
    fields >> c.file >> c.copy >> c.original >> c.disguise;
    out.push_back(c);
  }
  return out;
}

// student -> (workspace path -> text), every file under the student's folder.
std::vector<sim::SubmittedFiles> corpus() {
  std::vector<sim::SubmittedFiles> out;
  for (const auto& student : fs::directory_iterator(kCorpus)) {
    sim::SubmittedFiles s{student.path().filename().string(), {}};
    for (const auto& f : fs::recursive_directory_iterator(student.path()))
      if (f.is_regular_file()) s.files[fs::relative(f.path(), student.path()).generic_string()] = grader::util::read_file(f.path());
    out.push_back(std::move(s));
  }
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.student < y.student; });
  return out;
}

std::string key(const std::string& file, std::string a, std::string b) {
  if (b < a) std::swap(a, b);
  return file + " " + a + "+" + b;
}

struct Measured {
  std::size_t disguised = 0, honest = 0, judged_honest = 0;
  std::size_t true_positives = 0, false_positives = 0;
  double lowest_disguised = 1, highest_honest = 0;
  std::string lowest_disguised_pair, highest_honest_pair;
  std::string table;  ///< every scored pair, for a failure message
  std::string sentence() const {
    auto pct = [](double x) { return fmt::format("{:.0f}%", 100.0 * x); };
    const double precision = true_positives + false_positives ? double(true_positives) / double(true_positives + false_positives) : 0;
    const double recall = disguised ? double(true_positives) / double(disguised) : 0;
    return fmt::format(
        "{} disguised pairs and {} honest pairs ({} of them scored, the others too short to judge); at the default "
        "threshold {} flagged {} disguised and {} honest pairs: precision {}, recall {}; lowest disguised score {}, "
        "highest honest score {}.",
        disguised, honest, judged_honest, pct(sim::Options{}.threshold), true_positives, false_positives, pct(precision),
        pct(recall), pct(lowest_disguised), pct(highest_honest));
  }
};

class SimilarityCorpus : public ::testing::Test {
 protected:
  void SetUp() override {
    submissions = corpus();
    copies = labels();
    ASSERT_GE(copies.size(), 6u);
    for (const auto& c : copies) {
      copied.insert(key(c.file, c.copy, c.original));
      files.insert(c.file);
    }
  }

  std::string starter_of(const std::string& file) const {
    std::error_code ec;
    const auto path = kSource / "starter" / file;
    return fs::is_regular_file(path, ec) ? grader::util::read_file(path) : std::string();
  }

  Measured measure() const {
    Measured m;
    const sim::Options options;
    for (const auto& file : files) {
      std::map<std::string, std::string> of_file;
      for (const auto& s : submissions)
        if (auto it = s.files.find(file); it != s.files.end()) of_file[s.student] = it->second;
      const std::size_t n = of_file.size();
      const auto pairs = sim::file_pairs(of_file, starter_of(file), options);
      std::set<std::string> scored;
      for (const auto& p : pairs) {
        const std::string k = key(file, p.student_a, p.student_b);
        scored.insert(k);
        const bool is_copy = copied.count(k) > 0;
        m.table += fmt::format("  {:<70} {:5.1f}%  matched {:4} of {:4}/{:4}{}\n", k, 100 * p.score, p.matched, p.tokens_a,
                               p.tokens_b, is_copy ? "  copy" : "");
        if (is_copy) {
          if (p.score < m.lowest_disguised) m.lowest_disguised = p.score, m.lowest_disguised_pair = k;
        } else {
          ++m.judged_honest;
          if (p.score >= m.highest_honest) m.highest_honest = p.score, m.highest_honest_pair = k;
        }
        if (p.score >= options.threshold) (is_copy ? m.true_positives : m.false_positives)++;
      }
      for (const auto& k : copied)
        if (k.rfind(file + " ", 0) == 0) {
          ++m.disguised;
          EXPECT_TRUE(scored.count(k)) << k << ": a disguised copy left out as too short to judge";
          if (!scored.count(k)) m.lowest_disguised = 0, m.lowest_disguised_pair = k;
        }
      m.honest += n * (n - 1) / 2;
    }
    m.honest -= m.disguised;
    return m;
  }

  std::vector<sim::SubmittedFiles> submissions;
  std::vector<Copied> copies;
  std::set<std::string> copied, files;
};

TEST_F(SimilarityCorpus, EveryDisguisedPairRanksAboveEveryHonestOne) {
  const Measured m = measure();
  std::cout << "similarity corpus: " << m.sentence() << "\n";
  EXPECT_GT(m.lowest_disguised, m.highest_honest)
      << "lowest disguised " << m.lowest_disguised_pair << ", highest honest " << m.highest_honest_pair << "\n"
      << m.table;
  // The set is what the docs say it is: several kinds of disguise, and
  // honest pairs that are scored (not all waved through as too short).
  std::set<std::string> kinds;
  for (const auto& c : copies) {
    std::stringstream each(c.disguise);
    for (std::string k; std::getline(each, k, ',');) kinds.insert(k);
  }
  EXPECT_GE(kinds.size(), 7u);
  EXPECT_GE(m.judged_honest, 3 * m.disguised);
}

TEST_F(SimilarityCorpus, TheDocsGiveTheMeasuredFigures) {
  const std::string docs = grader::util::read_file(kSource / "docs/similarity.md");
  // The sentence may wrap in the docs, in a quote: lines joined with one
  // space, a leading "> " dropped.
  std::string flat;
  std::istringstream lines(docs);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("> ", 0) == 0) line.erase(0, 2);
    flat += line + " ";
  }
  EXPECT_NE(flat.find(measure().sentence()), std::string::npos)
      << "docs/similarity.md should give the measured figures; put this sentence there:\n" << measure().sentence();
}

TEST_F(SimilarityCorpus, StudentPairsAndClustersFollowTheCopies) {
  const auto course = grader::course::load_course(kSource / "course.yaml");
  std::map<std::string, std::string> starter;
  for (const auto& f : files) starter[f] = starter_of(f);
  const auto report = sim::analyse(course, submissions, starter);
  // Student pairs: every pair with a copied file comes before every other pair.
  std::set<std::string> copied_students;
  for (const auto& c : copies) copied_students.insert(key("", c.copy, c.original));
  bool honest_seen = false;
  std::size_t flagged = 0;
  for (const auto& sp : report.students) {
    const bool is_copy = copied_students.count(key("", sp.student_a, sp.student_b)) > 0;
    EXPECT_FALSE(is_copy && honest_seen) << sp.student_a << "+" << sp.student_b << " ranked below an honest pair";
    honest_seen |= !is_copy;
    flagged += sp.flagged;
  }
  EXPECT_GE(report.students.size(), copied_students.size());
  // Clusters: the connected groups of the copies at the default threshold
  // (every copy is flagged: see the figures above).
  std::map<std::string, std::string> root;
  std::function<std::string(const std::string&)> find = [&](const std::string& x) {
    if (!root.count(x) || root[x] == x) return root[x] = x;
    return root[x] = find(root[x]);
  };
  for (const auto& c : copies) root[find(c.copy)] = find(c.original);
  std::map<std::string, std::vector<std::string>> groups;
  for (const auto& [id, _] : std::map<std::string, std::string>(root)) groups[find(id)].push_back(id);
  std::set<std::vector<std::string>> expected, got;
  for (auto& [_, g] : groups) expected.insert(g);
  for (const auto& c : report.clusters) got.insert(c);
  EXPECT_EQ(got, expected);
  EXPECT_EQ(flagged, copied_students.size());
}

}  // namespace
