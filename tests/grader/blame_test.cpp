// The function at fault (grader/runner/lesson/blame.hpp, grader/worker/fault_stack.hpp):
// which functions a starter file defines, how a stack's names are read, and
// which exercise a failure is charged to. The integration test
// (tests/integration/function_at_fault_test.sh) runs it against real workers.
#include <gtest/gtest.h>

#include <cxxabi.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>

#include "grader/protocol/value.hpp"
#include "grader/runner/lesson/blame.hpp"
#include "grader/util/files.hpp"
#include "grader/protocol/frame.hpp"
#include "grader/worker/fault_stack.hpp"
#include "grader/worker/registry.hpp"

// Outside the anonymous namespace, so that it is exported (the test is linked
// with -rdynamic, as workers are) and dladdr names it, as a course function.
namespace blame_test_crash_site {
[[gnu::noinline]] void raise_during_a_call(int sig) {
  ::raise(sig);
  asm volatile("");  // not a tail call: this frame stays on the stack
}
}  // namespace blame_test_crash_site

namespace {

using namespace grader;
using namespace grader::runner;
namespace fs = std::filesystem;

TEST(DefinedFunctions, NamespaceScopeDefinitionsOnlyNotCallsOrComments) {
  const std::string source = R"(// layer_norm(x) is called below; forward(x) too.
#include "x.hpp"
namespace course {
namespace {
int helper(int a) { return a; }
}  // namespace
Tensor encoder_layer(const Tensor& src, const Params& p) {
  auto y = layer_norm(src, p.norm1);  /* merge_heads(y) */
  return MultiHeadAttention(4, 2).forward(y, y, y);
}
AttentionOutput MultiHeadAttention::forward(const Tensor& q) const { return {}; }
std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const { return {}; }
MultiHeadAttention::MultiHeadAttention(Index e, Index h) : embed_dim_(e) {}
}  // namespace course
namespace a::b { void deep(); }
)";
  auto found = defined_functions(source);
  std::map<std::string, std::string> by_name(found.begin(), found.end());
  EXPECT_EQ(by_name.count("course::encoder_layer"), 1u);
  EXPECT_EQ(by_name["course::MultiHeadAttention::forward"], "MultiHeadAttention::forward");
  EXPECT_EQ(by_name["course::MultiHeadAttention::operator()"], "MultiHeadAttention::operator()");
  EXPECT_EQ(by_name.count("course::MultiHeadAttention::MultiHeadAttention"), 1u);
  EXPECT_EQ(by_name.count("course::(anonymous namespace)::helper"), 1u);
  EXPECT_EQ(by_name.count("a::b::deep"), 1u);
  // Calls inside bodies and names in comments are not definitions.
  EXPECT_EQ(by_name.count("course::layer_norm"), 0u);
  EXPECT_EQ(by_name.count("course::merge_heads"), 0u);
  EXPECT_EQ(by_name.count("course::forward"), 0u);
}

TEST(FaultStackNames, ParametersDroppedOperatorCallKeptLambdaNamedByItsFunction) {
  using worker::function_name_of;
  EXPECT_EQ(function_name_of("course::MultiHeadAttention::forward(course::Tensor const&, course::Tensor const&) const"),
            "course::MultiHeadAttention::forward");
  EXPECT_EQ(function_name_of("course::MultiHeadAttention::operator()(course::Tensor const&) const"),
            "course::MultiHeadAttention::operator()");
  EXPECT_EQ(function_name_of("course::f(int)::{lambda(int)#1}::operator()(int) const"), "course::f");
  EXPECT_EQ(function_name_of("void course::g<std::pair<int, int> >(std::pair<int, int>)"),
            "void course::g<std::pair<int, int> >");
  EXPECT_EQ(function_name_of("course::(anonymous namespace)::helper(int)"), "course::(anonymous namespace)::helper");
  EXPECT_EQ(function_name_of("main"), "main");
}

// The signal handler reads mangled names itself (no allocation): for the
// names a course defines it must say what the demangler and function_name_of
// say after a throw, and refuse the rest rather than guess.
TEST(FaultStackNames, MangledNamesReadAsTheDemanglerReadsThem) {
  const char* course_names[] = {
      "_ZN6course18MultiHeadAttention7forwardERKN5Eigen6MatrixIdLin1ELin1ELi0ELin1ELin1EEES5_S5_",
      "_ZNK6course18MultiHeadAttention7forwardERKi",
      "_ZN6course18MultiHeadAttentionC2Ell",
      "_ZN6course18MultiHeadAttentionD1Ev",
      "_ZNK6course5ThingclERKi",
      "_ZN6course13encoder_layerERKNS_6TensorE",
      "_Z10plain_funcv",
      "_ZZN6course1fEiENKUliE_clEi",
      "_ZN6course12_GLOBAL__N_16helperEi",
      "_ZNSt6vectorIiSaIiEE9push_backERKi",
  };
  for (const char* mangled : course_names) {
    int status = 0;
    char* demangled = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
    ASSERT_EQ(status, 0) << mangled;
    std::string expected = worker::function_name_of(demangled);
    std::free(demangled);
    char out[256];
    const bool read = worker::mangled_function_name(mangled, out, sizeof out);
    if (expected.find('<') != std::string::npos) {  // a template: refused, not guessed
      EXPECT_FALSE(read) << mangled;
      continue;
    }
    ASSERT_TRUE(read) << mangled;
    EXPECT_EQ(std::string(out), expected) << mangled;
  }
  char out[256];
  EXPECT_FALSE(worker::mangled_function_name("main", out, sizeof out));
  EXPECT_FALSE(worker::mangled_function_name("_ZN6course", out, sizeof out));         // cut short
  EXPECT_FALSE(worker::mangled_function_name("_ZN6course99xE", out, sizeof out));     // a length past the end
  EXPECT_FALSE(worker::mangled_function_name("_ZN6course1fIiEEvv", out, sizeof out));  // a template
  char small[8];
  EXPECT_FALSE(worker::mangled_function_name("_ZN6course13encoder_layerEv", small, sizeof small));  // does not fit
  EXPECT_STREQ(small, "");
}

TEST(FaultSignals, ACrashDuringACallWritesItsStackAsAFaultNote) {
  for (int sig : {SIGSEGV, SIGABRT, worker::kStackRequestSignal}) {
    int pipe_fds[2];
    ASSERT_EQ(::pipe(pipe_fds), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::close(pipe_fds[0]);
      worker::install_fault_handlers(pipe_fds[1]);
      worker::CallInProgress call(41);
      blame_test_crash_site::raise_during_a_call(sig);
      ::_exit(3);  // the request signal returns: the trusted side kills the worker then
    }
    ::close(pipe_fds[1]);
    auto frame = protocol::read_frame(pipe_fds[0], caps::kMaxFaultNoteBytes);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ::close(pipe_fds[0]);
    ASSERT_EQ(frame.status, protocol::ReadStatus::ok) << "signal " << sig;
    ASSERT_TRUE(protocol::is_fault_note(frame.bytes));
    const auto note = protocol::decode_fault_note(frame.bytes);  // the trusted side's own decoder reads it
    EXPECT_EQ(note.sequence, 41u);
    // The function that was running is on the stack, named as a throw's stack would name it.
    EXPECT_NE(std::find(note.functions.begin(), note.functions.end(), "blame_test_crash_site::raise_during_a_call"),
              note.functions.end())
        << "signal " << sig << ": " << note.functions.size() << " names";
    // The default action follows: the worker ends as it would have.
    if (sig == worker::kStackRequestSignal) {
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 3);
    } else {
      EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << "signal " << sig;
    }
  }
}

TEST(FaultSignals, NoNoteOutsideACall) {
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::close(pipe_fds[0]);
    worker::install_fault_handlers(pipe_fds[1]);
    ::raise(SIGSEGV);  // a static initialiser's crash: no call to charge it to
    ::_exit(3);
  }
  ::close(pipe_fds[1]);
  auto frame = protocol::read_frame(pipe_fds[0], caps::kMaxFaultNoteBytes);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(pipe_fds[0]);
  EXPECT_EQ(frame.status, protocol::ReadStatus::closed);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV);
}

course::Exercise exercise(const std::string& id, std::vector<std::string> files) {
  course::Exercise e;
  e.id = id;
  e.files = std::move(files);
  return e;
}

TEST(FunctionAtFault, InnermostCourseFunctionOutsideTheExerciseIsNamed) {
  FunctionHomes homes = {
      {"course::MultiHeadAttention::forward", {"MultiHeadAttention::forward", "mha", "mha-combine", "mha/combine.cpp"}},
      {"course::encoder_layer", {"encoder_layer", "enc", "encoder-layer", "enc/layer.cpp"}},
      {"course::transformer_encoder", {"transformer_encoder", "enc", "encoder-stack", "enc/stack.cpp"}},
  };
  const auto layer = exercise("encoder-layer", {"enc/layer.cpp"});
  const auto stack = exercise("encoder-stack", {"enc/stack.cpp"});
  // An earlier lesson's stub reached from the layer: that lesson is named, with its file.
  std::vector<std::string> from_layer = {"course::helper_the_student_wrote", "course::MultiHeadAttention::forward",
                                         "course::encoder_layer", "std::_Function_handler<...>::_M_invoke"};
  EXPECT_EQ(function_at_fault(homes, from_layer, layer, "enc", FaultHow::not_implemented),
            "this test called your `MultiHeadAttention::forward` (lesson mha, exercise mha-combine: mha/combine.cpp), "
            "which is not implemented yet: finish that lesson first");
  // The same lesson's other exercise, thrown from: that exercise, and no "lesson" to finish.
  std::vector<std::string> from_stack = {"Eigen::internal::something", "course::encoder_layer", "course::transformer_encoder"};
  EXPECT_EQ(function_at_fault(homes, from_stack, stack, "enc", FaultHow::threw),
            "this test called your `encoder_layer` (lesson enc, exercise encoder-layer: enc/layer.cpp), which threw "
            "the exception above: the fault is there, not in this exercise's files");
  EXPECT_NE(function_at_fault(homes, from_stack, stack, "enc", FaultHow::not_implemented).find("finish that exercise first"), std::string::npos);
  // The innermost course function is the exercise's own: nothing to add.
  EXPECT_EQ(function_at_fault(homes, {"course::encoder_layer", "course::transformer_encoder"}, layer, "enc", FaultHow::not_implemented), "");
  EXPECT_EQ(function_at_fault(homes, {"course::transformer_encoder"}, stack, "enc", FaultHow::threw), "");
  // Names the course does not define (forged, or the library's) are never shown.
  EXPECT_EQ(function_at_fault(homes, {"\x1b[31mcourse::evil", "std::abort"}, layer, "enc", FaultHow::not_implemented), "");
}

TEST(FunctionAtFault, NamedAfterTheCallLineAndTheStubTestCountsAsFailed) {
  // A course whose lesson "enc" uses "mha": the homes come from the starters on disk.
  util::TempDir dir("blame-test");
  const fs::path root = dir.path();
  fs::create_directories(root / "starter/mha");
  fs::create_directories(root / "starter/enc");
  util::write_file_atomically(root / "starter/mha/combine.cpp",
                   "namespace course {\nTensor MultiHeadAttention::forward(const Tensor& q) const { throw 1; }\n}\n");
  util::write_file_atomically(root / "starter/enc/layer.cpp", "namespace course {\nTensor encoder_layer(const Tensor& x) { throw 1; }\n}\n");
  course::Course c;
  c.root = root;
  course::Lesson mha;
  mha.id = "mha";
  mha.exercises = {exercise("mha-combine", {"mha/combine.cpp"})};
  course::Lesson enc;
  enc.id = "enc";
  enc.uses = {"mha"};
  enc.exercises = {exercise("encoder-layer", {"enc/layer.cpp"})};
  c.lessons = {mha, enc};

  std::vector<PlannedTest> planned(3);
  const char* names[] = {"Layer.Stub", "Layer.OwnStub", "Layer.Passed"};
  for (std::size_t i = 0; i < planned.size(); ++i) {
    planned[i].suite = "suite";
    planned[i].test.name = names[i];
    planned[i].test.exercise = "encoder-layer";
  }
  planned[0].test.status = TestStatus::not_implemented;
  planned[0].test.message = "encoder_layer(<tensor (1, 2, 4)>): not implemented: MultiHeadAttention::forward\n  more";
  planned[1].test.status = TestStatus::not_implemented;
  planned[1].test.message = "encoder_layer(<tensor (1, 2, 4)>): not implemented: encoder_layer";
  planned[2].test.status = TestStatus::passed;
  SuitesRun run;
  run.lines[suite_test_key("suite", "Layer.Stub")].fault_stack = {"course::MultiHeadAttention::forward", "course::encoder_layer"};
  run.lines[suite_test_key("suite", "Layer.OwnStub")].fault_stack = {"course::encoder_layer"};
  run.lines[suite_test_key("suite", "Layer.Passed")].fault_stack = {"course::MultiHeadAttention::forward"};
  name_functions_at_fault(c, c.lessons[1], planned, run);

  EXPECT_EQ(planned[0].test.status, TestStatus::failed);
  EXPECT_EQ(planned[0].test.message,
            "encoder_layer(<tensor (1, 2, 4)>): not implemented: MultiHeadAttention::forward\n"
            "  at fault: this test called your `MultiHeadAttention::forward` (lesson mha, exercise mha-combine: "
            "mha/combine.cpp), which is not implemented yet: finish that lesson first\n  more");
  EXPECT_EQ(planned[1].test.status, TestStatus::not_implemented);  // its own stub: still not started
  EXPECT_EQ(planned[1].test.message, "encoder_layer(<tensor (1, 2, 4)>): not implemented: encoder_layer");
  EXPECT_EQ(planned[2].test.status, TestStatus::passed);
  EXPECT_EQ(planned[2].test.message, "");
}

TEST(FaultNote, RoundTripsAndRefusesWhatIsNotANameList) {
  protocol::FaultNote note{7, {"course::f", "course::g"}};
  const std::string bytes = protocol::encode(note);
  ASSERT_TRUE(protocol::is_fault_note(bytes));
  EXPECT_FALSE(protocol::is_callback(bytes));
  auto back = protocol::decode_fault_note(bytes);
  EXPECT_EQ(back.sequence, 7u);
  EXPECT_EQ(back.functions, note.functions);
  // A reply is not a fault note, and a truncated note is refused.
  protocol::Reply reply;
  EXPECT_FALSE(protocol::is_fault_note(protocol::encode(reply)));
  EXPECT_THROW(protocol::decode_fault_note(bytes.substr(0, bytes.size() - 1)), protocol::ProtocolError);
  // A value that is not a string is refused.
  std::string forged = bytes;
  const auto tag_at = 1 + 8 + 4;  // kind, sequence, count: the first value's tag
  forged[tag_at] = 2;             // an int64 tag where a string is
  EXPECT_THROW(protocol::decode_fault_note(forged), protocol::ProtocolError);
}

TEST(FunctionAtFault, CrashesAndTimeoutsSayHowTheCallEnded) {
  FunctionHomes homes = {{"course::MultiHeadAttention::forward", {"MultiHeadAttention::forward", "mha", "mha-combine", "mha/combine.cpp"}}};
  const auto layer = exercise("encoder-layer", {"enc/layer.cpp"});
  const std::vector<std::string> stack = {"course::MultiHeadAttention::forward", "course::encoder_layer"};
  const std::string named = "this test called your `MultiHeadAttention::forward` (lesson mha, exercise mha-combine: mha/combine.cpp), which ";
  EXPECT_EQ(function_at_fault(homes, stack, layer, "enc", FaultHow::crashed).rfind(named + "crashed", 0), 0u);
  EXPECT_EQ(function_at_fault(homes, stack, layer, "enc", FaultHow::timed_out).rfind(named + "was still running at the time limit", 0), 0u);
}

}  // namespace
