#include "grader/util/bounded_json.hpp"

#include <string>

namespace grader::util {
namespace {

using json = nlohmann::json;

// Every event counted; a limit throws from inside the parse and ends it.
class BoundedSax final : public nlohmann::json_sax<json> {
 public:
  explicit BoundedSax(const StructuredLimits& limits) : budget_(limits) {}

  bool null() override { return leaf(0); }
  bool boolean(bool) override { return leaf(0); }
  bool number_integer(number_integer_t) override { return leaf(0); }
  bool number_unsigned(number_unsigned_t) override { return leaf(0); }
  bool number_float(number_float_t, const string_t&) override { return leaf(0); }
  bool string(string_t& value) override { return leaf(value.size()); }
  bool binary(binary_t& value) override { return leaf(value.size()); }
  bool start_object(std::size_t) override {
    budget_.open();
    return true;
  }
  bool key(string_t& value) override { return leaf(value.size()); }
  bool end_object() override {
    budget_.close();
    return true;
  }
  bool start_array(std::size_t) override {
    budget_.open();
    return true;
  }
  bool end_array() override {
    budget_.close();
    return true;
  }
  // A syntax error stops the scan; json::parse below reports it as usual.
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  bool leaf(std::size_t bytes) {
    budget_.scalar(bytes);
    return true;
  }
  StructureBudget budget_;
};

}  // namespace

json read_bounded_json(std::string_view text, const StructuredLimits& limits) {
  check_structured_size(text.size(), limits);
  BoundedSax sax(limits);
  json::sax_parse(text, &sax);  // throws past a limit
  return json::parse(text);     // within the limits, or a syntax error it throws for
}

}  // namespace grader::util
