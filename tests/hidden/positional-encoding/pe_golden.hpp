// Reads tests/fixtures/positional-encoding/pe_numpy_golden.txt, written by
// tests/fixture_scripts/make_pe_fixtures.py from the lesson's NumPy formula. Format: '#'
// comment lines, then per case a line "seq_len d_model base" followed by
// seq_len * d_model values (17 significant digits, so doubles round-trip).
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/tensor.hpp"

namespace pe_golden {

struct Case {
  course::Index seq_len = 0;
  course::Index d_model = 0;
  double base = 10000.0;
  course::MatrixXd values;
};

inline std::string path() { return std::string(COURSE_SOURCE_DIR) + "/tests/fixtures/positional-encoding/pe_numpy_golden.txt"; }

/// Every case of the golden file; throws std::runtime_error saying what to do
/// when the file is missing or malformed.
inline std::vector<Case> load() {
  std::ifstream in(path());
  if (!in) throw std::runtime_error("cannot open " + path() + "; regenerate it with /usr/bin/python3 tests/fixture_scripts/make_pe_fixtures.py");
  std::stringstream data;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    data << line << '\n';
  }
  std::vector<Case> cases;
  Case c;
  while (data >> c.seq_len >> c.d_model >> c.base) {
    if (c.seq_len < 0 || c.d_model < 0) throw std::runtime_error(path() + ": negative shape in a case header");
    c.values.resize(c.seq_len, c.d_model);
    for (course::Index k = 0; k < c.values.size(); ++k) {
      if (!(data >> c.values.data()[k]))
        throw std::runtime_error(path() + ": case (" + std::to_string(c.seq_len) + ", " + std::to_string(c.d_model) +
                                 ") has fewer values than its shape needs");
    }
    cases.push_back(c);
  }
  if (!data.eof()) throw std::runtime_error(path() + ": unreadable text after case " + std::to_string(cases.size()));
  if (cases.empty()) throw std::runtime_error(path() + " holds no cases");
  return cases;
}

}  // namespace pe_golden
