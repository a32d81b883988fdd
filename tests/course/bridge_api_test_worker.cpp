// The worker bridge_api_test drives: bridge_api_fixture.hpp's functions and
// class exposed through the authoring API, and a few that answer wrongly.
#include <stdexcept>

#include "bridge_api_fixture.hpp"
#include "grader/authoring/worker_support.hpp"

namespace bridge_fixture {

double scale(double x, int factor) { return x * factor; }

std::vector<Point> shift(const std::vector<Point>& points, Index dx, double dy) {
  if (dx < 0) throw std::invalid_argument("dx must be >= 0");
  std::vector<Point> out = points;
  for (auto& p : out) {
    p.x += dx;
    p.y += dy;
  }
  return out;
}

std::pair<std::tuple<Index, Index>, course::MatrixXf> transpose(const course::MatrixXf& m) {
  return {{m.rows(), m.cols()}, m.transpose()};
}

std::optional<course::Tensor> maybe_tensor(bool give, std::uint64_t seed) {
  if (!give) return std::nullopt;
  return course::Tensor({2}, {static_cast<float>(seed % 1000), 1.0f});
}

Counter::Counter(Index start, Index step) : value_(start), step_(step) {
  if (step <= 0) throw std::invalid_argument("step must be > 0, got " + std::to_string(step));
}
Index Counter::next() {
  history_.push_back(value_);
  value_ += step_;
  return value_;
}
Index Counter::value() const { return value_; }
const std::vector<Index>& Counter::history() const { return history_; }
void Counter::reset(Index start, Index step) {
  if (step <= 0) throw std::invalid_argument("step must be > 0, got " + std::to_string(step));
  value_ = start;
  step_ = step;
}
Index Counter::operator()(Index times) const { return value_ + times * step_; }

}  // namespace bridge_fixture

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  namespace d = bridge_fixture::declared;
  register_course_errors(registry);
  expose<&bridge_fixture::scale>(registry, d::scale);
  expose<&bridge_fixture::shift>(registry, d::shift);
  expose<&bridge_fixture::transpose>(registry, d::transpose);
  expose<&bridge_fixture::maybe_tensor>(registry, d::maybe_tensor);
  expose_constructor(registry, d::counter_new);
  expose_method<&bridge_fixture::Counter::next>(registry, d::counter_next);
  expose_method<&bridge_fixture::Counter::value>(registry, d::counter_value);
  expose_method<&bridge_fixture::Counter::history>(registry, d::counter_history);
  expose_method<&bridge_fixture::Counter::reset>(registry, d::counter_reset);
  expose_method<&bridge_fixture::Counter::operator()>(registry, d::counter_call);

  registry.add("lies.type", [](const Values&) -> Values { return {Value{std::string("not a number")}}; });
  registry.add("lies.extra", [](const Values&) -> Values { return {Value{1.0}, Value{2.0}}; });
  // A list that claims a billion points.
  registry.add("lies.list", [](const Values&) -> Values { return {Value{std::int64_t{1} << 30}, Value{1.0}}; });
  // A point whose colour is not one of the enum's names.
  registry.add("lies.enum", [](const Values&) -> Values {
    return {Value{std::int64_t{1}}, Value{std::int64_t{3}}, Value{0.5}, Value{}, Value{std::string("purple")}};
  });
}
