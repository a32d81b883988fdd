// The function at fault (grader/runner/lesson/blame.hpp, grader/worker/fault_stack.hpp):
// which functions a starter file defines, how a stack's names are read, and
// which exercise a failure is charged to. The integration test
// (grader_cli_test, "FunctionAtFault") runs it against real workers.
#include <gtest/gtest.h>

#include <filesystem>

#include "grader/protocol/value.hpp"
#include "grader/runner/lesson/blame.hpp"
#include "grader/util/files.hpp"
#include "grader/worker/fault_stack.hpp"

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
  EXPECT_EQ(function_name_of("main"), "main");
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
  EXPECT_EQ(function_at_fault(homes, from_layer, layer, "enc", true),
            "this test called your `MultiHeadAttention::forward` (lesson mha, exercise mha-combine: mha/combine.cpp), "
            "which is not implemented yet: finish that lesson first");
  // The same lesson's other exercise, thrown from: that exercise, and no "lesson" to finish.
  std::vector<std::string> from_stack = {"Eigen::internal::something", "course::encoder_layer", "course::transformer_encoder"};
  EXPECT_EQ(function_at_fault(homes, from_stack, stack, "enc", false),
            "this test called your `encoder_layer` (lesson enc, exercise encoder-layer: enc/layer.cpp), which threw "
            "the exception above: the fault is there, not in this exercise's files");
  EXPECT_NE(function_at_fault(homes, from_stack, stack, "enc", true).find("finish that exercise first"), std::string::npos);
  // The innermost course function is the exercise's own: nothing to add.
  EXPECT_EQ(function_at_fault(homes, {"course::encoder_layer", "course::transformer_encoder"}, layer, "enc", true), "");
  EXPECT_EQ(function_at_fault(homes, {"course::transformer_encoder"}, stack, "enc", false), "");
  // Names the course does not define (forged, or the library's) are never shown.
  EXPECT_EQ(function_at_fault(homes, {"\x1b[31mcourse::evil", "std::abort"}, layer, "enc", true), "");
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

}  // namespace
