// The course-owned main of every worker executable. Student files are linked
// with this file and one lesson bridge; a student-defined main() therefore
// fails to link instead of taking control.
#include "grader/worker/registry.hpp"

#include "grader/protocol/frame.hpp"
#include "grader/worker/fault_stack.hpp"

int main() {
  // A crash or the deadline's signal during a call says where it was.
  grader::worker::install_fault_handlers(grader::worker::kReplyFd);
  grader::worker::Registry registry;
  grader::worker::register_functions(registry);
  // Every static initialiser (the student's included) has run: say so before
  // the first request. The trusted side waits for this with a short limit of
  // its own (docs/architecture.md, "The handshake").
  if (!grader::protocol::write_frame(grader::worker::kReplyFd, grader::worker::ready_frame())) return 0;
  return grader::worker::serve(registry, grader::worker::kRequestFd, grader::worker::kReplyFd);
}
