// main() of every lesson's test-suite executable. The suites are trusted: they
// hold the reference solutions and the tests, and reach the student's code
// only through the worker named on the command line.
//
//   suite --worker=PATH [--call-timeout-ms=2000] [--memory-mb=512]
//         [--cpu-seconds=60] [--work-dir=DIR] [--results-file=PATH]
//         [--callbacks=LESSON,...] [gtest flags...]
//
// --results-file receives one JSON line per finished test, flushed at once, so
// the grader keeps every result even if the run is stopped part-way.
// --callbacks names the earlier lessons whose reference functions the worker
// may call back (grader/client/reference_table.hpp); a lesson this suite has
// no reference for is a usage error.
#include <gtest/gtest.h>
#include <sys/prctl.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "grader/client/reference_table.hpp"
#include "grader/client/results_listener.hpp"
#include "grader/client/worker_client.hpp"
#include "grader/client/worker_flags.hpp"

int main(int argc, char** argv) {
  // Workers run as this uid when the grader is not root: not dumpable, this
  // process's memory and descriptors (the results pipe) are out of their reach.
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  testing::InitGoogleTest(&argc, argv);
  grader::client::WorkerOptions options = grader::client::default_worker_options();
  std::string results_file;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    std::string v;
    try {
      if (grader::client::take_worker_flag(arg, options)) continue;
      if (grader::client::take_flag(arg, "results-file", v)) results_file = v;
      else if (grader::client::take_flag(arg, "callbacks", v)) {
        const auto served = grader::client::reference_lessons();
        for (std::size_t at = 0; at <= v.size();) {
          std::size_t comma = std::min(v.find(',', at), v.size());
          std::string lesson = v.substr(at, comma - at);
          if (!lesson.empty() && std::find(served.begin(), served.end(), lesson) == served.end()) {
            std::cerr << "--callbacks: this suite has no reference functions of lesson '" << lesson << "'\n";
            return 2;
          }
          if (!lesson.empty()) options.callback_lessons.push_back(lesson);
          at = comma + 1;
        }
      }
      else {
        std::cerr << "unknown argument: " << arg << "\nusage: " << argv[0]
                  << " --worker=PATH [--call-timeout-ms=N] [--memory-mb=N] [--cpu-seconds=N] [--work-dir=DIR]\n";
        return 2;
      }
    } catch (const std::exception&) {
      std::cerr << "bad value in " << arg << "\n";
      return 2;
    }
  }
  grader::client::configure_student(std::move(options));
  testing::UnitTest::GetInstance()->listeners().Append(new grader::client::TestObjectsListener);
  if (!results_file.empty()) {
    auto listener = std::make_unique<grader::client::ResultsListener>(results_file);
    if (!listener->ok()) {
      std::cerr << "cannot write results to " << results_file << "\n";
      return 2;
    }
    testing::UnitTest::GetInstance()->listeners().Append(listener.release());
  }
  return RUN_ALL_TESTS();
}
