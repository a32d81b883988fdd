// `grader gradescope-bundle`: Gradescope's autograder.zip (see grader/release/bundle.hpp).
#include <fmt/format.h>

#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/release/bundle.hpp"
#include "grader/release/release.hpp"

namespace grader::cli {

Command add_gradescope_bundle(CLI::App& app, const GlobalOptions& global) {
  auto output = std::make_shared<std::string>("autograder.zip");
  app.add_option("-o,--output", *output, "Zip file to write (default: autograder.zip)");
  app.footer(
      "Holds setup.sh and run_autograder at the top, next to the course with its solutions and hidden\n"
      "tests (instructors only: never give it to students). Upload it as the assignment's autograder;\n"
      "docs/ci.md explains the settings. Exit codes: 0 written, 2 nothing written (the message says why).");
  return [&global, output]() {
    auto ctx = make_context(global, /*need_hidden_files=*/true);
    release::BundleReport report;
    try {
      report = release::write_gradescope_bundle(ctx->course, *output, ctx->toolchain.framework_root);
    } catch (const release::ReleaseError& e) {
      throw UsageError(e.what());
    }
    std::cout << fmt::format("Wrote {} ({} files, {:.1f} KiB unpacked): ", report.output.string(), report.files,
                             static_cast<double>(report.bytes) / 1024.0);
    for (std::size_t i = 0; i < report.top.size(); ++i) std::cout << (i ? " " : "") << report.top[i];
    std::cout << "\nIt holds the solutions and hidden tests: upload it to Gradescope, never share it with students.\n";
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
