// A class a later lesson uses (grader/authoring/object_state.hpp,
// docs/bridge-api.md "A class a later lesson uses"): the use stubs and the
// reference server generated from a fixture lesson's list and its
// COURSE_OBJECT_STATE line (object_state_fixture.hpp), round trip through a
// real worker. The worker's OsTally is the stubs alone; this process holds
// the reference OsTally and serves it, as a suite of `grade` does.
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "grader/authoring/proxy_support.hpp"
#include "grader/authoring/reference_support.hpp"
#include "grader/client/reference_table.hpp"
#include "grader/client/worker_client.hpp"
#include "object_state_fixture.hpp"
#include "support/fixture_worker.hpp"
#include "support/timeouts.hpp"

// ---- the reference: what the trusted side runs ---------------------------------

course::OsTally::OsTally(Index start) : total_(start) {
  if (start < 0) throw std::invalid_argument("start must be >= 0, got " + std::to_string(start));
}
void course::OsTally::set_step(Index step) {
  if (step <= 0) throw std::invalid_argument("step must be > 0, got " + std::to_string(step));
  step_ = step;
}
course::Index course::OsTally::add(Index times) {
  total_ += times * step_;
  ++adds_;
  return total_;
}
course::Index course::OsTally::peek(Index extra) const { return total_ + extra * step_ + 1000 * adds_; }
course::Index course::OsTally::operator()(Index x) const { return x * step_ - adds_; }

// A tally's every call is a few integers.
namespace course::bridge::object_state_fixture::costs::OsTally {
inline constexpr auto small = [](auto...) { return CallbackCost{3, 6, 3}; };
inline constexpr auto construct = small;
inline constexpr auto set_step = small;
inline constexpr auto add = small;
inline constexpr auto peek = small;
inline constexpr auto call_operator = small;
}  // namespace course::bridge::object_state_fixture::costs::OsTally

COURSE_REFERENCE_SERVER(object_state_fixture, "object-state-fixture")
COURSE_STUDENT_PROXIES(object_state_later)

namespace {

namespace cb = course::bridge;
namespace gc = grader::client;
using course::Index;
using Tally = cb::object_state_fixture::OsTally;

TEST(ObjectState, EachCallTravelsUnderItsWireNameWithTheStateFirst) {
  const auto& add = cb::travelling<Tally::add>();
  EXPECT_EQ(add.wire_name(), "OsTally.add");
  ASSERT_EQ(add.arity, 4u);  // total_, step_, adds_, times
  EXPECT_EQ(add.parameter(0), "total_");
  EXPECT_EQ(add.parameter(1), "step_");
  EXPECT_EQ(add.parameter(2), "adds_");
  EXPECT_EQ(add.parameter(3), "times");
  // The constructor carries its own arguments and answers the new state.
  const auto& construct = cb::travelling<Tally::construct>();
  EXPECT_EQ(construct.wire_name(), "OsTally.new");
  EXPECT_EQ(construct.arity, 1u);
  EXPECT_EQ(cb::travelling<Tally::call_operator>().wire_name(), "OsTally.operator()");
  // Served: the constructor and every method but the one the header defines.
  std::vector<std::string> served;
  for (const auto& [lesson, function] : gc::reference_functions())
    if (lesson == "object-state-fixture") served.push_back(function);
  EXPECT_EQ(served, (std::vector<std::string>{"OsTally.add", "OsTally.new", "OsTally.operator()", "OsTally.peek",
                                              "OsTally.set_step"}));
}

// A forged state goes through the class's own checks before any method runs:
// step_ reaches the reference object only through set_step.
TEST(ObjectState, TheReferenceRebuildsTheObjectThroughItsConstructorAndSetters) {
  const gc::ReferenceHandler* peek = gc::find_reference({"object-state-fixture"}, "OsTally.peek");
  ASSERT_NE(peek, nullptr);
  const auto& travelling = cb::travelling<Tally::peek>();
  EXPECT_EQ(travelling.decode_result((*peek)(travelling.encode_call(Index{5}, Index{3}, Index{1}, Index{2}))),
            5 + 2 * 3 + 1000);
  try {
    (*peek)(travelling.encode_call(Index{5}, Index{0}, Index{1}, Index{2}));
    ADD_FAILURE() << "a state with step 0 was answered";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "step must be > 0, got 0");
  }
  EXPECT_THROW((*peek)(travelling.encode_call(Index{-1}, Index{3}, Index{1}, Index{2})), std::invalid_argument);
}

// ---- against a real worker ------------------------------------------------

class ObjectStateWorker : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    gc::WorkerOptions o = course_test::fixture_worker_options(OBJECT_STATE_TEST_WORKER, course_test::fixture_work_dir("object-state-test"));
    o.callback_lessons = {"object-state-fixture"};
    gc::configure_student(o);
  }
};

// os_script(5, 3, 4) in the worker: OsTally(5) -> total 5; set_step(3);
// add(4) -> 17, and total() reads the state written back; a copy's
// peek(1) = 17 + 3 + 1000 and (2) = 6 - 1 need all three members carried.
TEST_F(ObjectStateWorker, EveryCallCarriesTheStateAndAChangeIsWrittenBack) {
  EXPECT_EQ(student::os_script(5, 3, 4), (std::vector<Index>{5, 17, 17, 1020, 5}));
}

TEST_F(ObjectStateWorker, TheReferencesErrorReachesTheLaterLessonsCode) {
  try {
    student::os_script(-1, 3, 4);
    ADD_FAILURE() << "OsTally(-1) did not throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "start must be >= 0, got -1");
  }
  EXPECT_THROW(student::os_script(5, 0, 4), std::invalid_argument);
  EXPECT_EQ(student::os_script(0, 1, 0), (std::vector<Index>{0, 0, 0, 1001, 1}));
}

}  // namespace

int main(int argc, char** argv) { return course_test::run_fixture_worker_tests(argc, argv); }
