// The trusted side of callbacks for a lesson's declared functions
// (grader/client/reference_table.hpp, docs/bridge-api.md). Included only by
// lessons/<id>/bridge/reference_server.cpp, linked only into the suites of an
// instructor build, never into a worker.
#pragma once

#include <algorithm>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "common/declare.hpp"
#include "grader/client/reference_table.hpp"

namespace course::bridge {

/// The number of elements of a (rows x cols) result, 0 for negative sizes.
inline double elements(Index rows, Index cols) {
  return static_cast<double>(std::max<Index>(rows, 0)) * static_cast<double>(std::max<Index>(cols, 0));
}

/// serve_reference<&course::f>("lesson", declared, [](args...) { return elements...; }):
/// answers a worker's callback for declared.name() with the reference
/// course::f, after refusing results larger than the callback cap;
/// `result_elements` gets the decoded arguments and returns how many
/// elements the result will have. Returns true (to initialise a variable).
template <auto Fn, typename Decl, typename Size>
bool serve_reference(std::string lesson, const Decl& decl, Size result_elements) {
  static_assert(std::is_same_v<decltype(Fn), typename Decl::Signature*>,
                "serve_reference: the declaration's signature is not this function's");
  return grader::client::add_reference(std::move(lesson), decl.wire_name(), [&decl, result_elements](const Values& values) {
    auto args = decl.decode_arguments(values);
    const std::string text = std::apply([&decl](const auto&... a) { return decl.call_text(a...); }, std::as_const(args));
    grader::client::check_callback_result_size(std::apply(result_elements, std::as_const(args)), text);
    return decl.encode_result(std::apply(Fn, std::move(args)));
  });
}

}  // namespace course::bridge
