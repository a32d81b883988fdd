// One-line codecs for a lesson's own enums and plain structs (codec.hpp).
// Use them at file scope, outside any namespace:
//
//   COURSE_ENUM_NAMES(course::Colour, {course::Colour::red, "red"},
//                     {course::Colour::green, "green"})
//   COURSE_STRUCT_FIELDS(course::Summary, count, mean, stddev)
//
// A struct's fields are listed in the order they travel; a field left out of
// the list keeps its default on the other side. At most 12 fields.
#pragma once

#include <array>
#include <string_view>
#include <tuple>
#include <utility>

#define COURSE_ENUM_NAMES(Enum, ...)                                                    \
  template <>                                                                           \
  struct course::bridge::enum_names<Enum> {                                             \
    static constexpr std::pair<Enum, std::string_view> values[] = {__VA_ARGS__};        \
  }

// COURSE_FOR_EACH(M, S, a, b, c) -> M(S, a), M(S, b), M(S, c)
#define COURSE_FE_1(M, S, a) M(S, a)
#define COURSE_FE_2(M, S, a, ...) M(S, a), COURSE_FE_1(M, S, __VA_ARGS__)
#define COURSE_FE_3(M, S, a, ...) M(S, a), COURSE_FE_2(M, S, __VA_ARGS__)
#define COURSE_FE_4(M, S, a, ...) M(S, a), COURSE_FE_3(M, S, __VA_ARGS__)
#define COURSE_FE_5(M, S, a, ...) M(S, a), COURSE_FE_4(M, S, __VA_ARGS__)
#define COURSE_FE_6(M, S, a, ...) M(S, a), COURSE_FE_5(M, S, __VA_ARGS__)
#define COURSE_FE_7(M, S, a, ...) M(S, a), COURSE_FE_6(M, S, __VA_ARGS__)
#define COURSE_FE_8(M, S, a, ...) M(S, a), COURSE_FE_7(M, S, __VA_ARGS__)
#define COURSE_FE_9(M, S, a, ...) M(S, a), COURSE_FE_8(M, S, __VA_ARGS__)
#define COURSE_FE_10(M, S, a, ...) M(S, a), COURSE_FE_9(M, S, __VA_ARGS__)
#define COURSE_FE_11(M, S, a, ...) M(S, a), COURSE_FE_10(M, S, __VA_ARGS__)
#define COURSE_FE_12(M, S, a, ...) M(S, a), COURSE_FE_11(M, S, __VA_ARGS__)
#define COURSE_FE_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, NAME, ...) NAME
#define COURSE_FOR_EACH(M, S, ...)                                                                              \
  COURSE_FE_PICK(__VA_ARGS__, COURSE_FE_12, COURSE_FE_11, COURSE_FE_10, COURSE_FE_9, COURSE_FE_8, COURSE_FE_7, \
                 COURSE_FE_6, COURSE_FE_5, COURSE_FE_4, COURSE_FE_3, COURSE_FE_2, COURSE_FE_1)                \
  (M, S, __VA_ARGS__)
#define COURSE_FIELD_POINTER(S, f) &S::f
#define COURSE_FIELD_NAME(S, f) std::string_view(#f)

#define COURSE_STRUCT_FIELDS(Struct, ...)                                                        \
  template <>                                                                                    \
  struct course::bridge::struct_fields<Struct> {                                                 \
    static constexpr auto fields = std::make_tuple(COURSE_FOR_EACH(COURSE_FIELD_POINTER, Struct, __VA_ARGS__)); \
    static constexpr std::array names = {COURSE_FOR_EACH(COURSE_FIELD_NAME, Struct, __VA_ARGS__)};            \
  }
