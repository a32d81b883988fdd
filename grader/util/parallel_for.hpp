// Running independent jobs on a few threads: lessons of a submission,
// submissions of a batch, mutants of a course. One implementation, so every
// caller has the same job limit, order of starting and error handling.
#pragma once

#include <cstddef>
#include <functional>

namespace grader::util {

/// Calls `body(i)` for every i in [0, count), on at most `jobs` threads (the
/// calling thread is one of them; `jobs` < 1 counts as 1, and never more
/// threads than items). Items start in index order; `on_start(i)`, when
/// given, is called as item i is taken, one at a time and in index order
/// (progress lines: "mutant 3/40: ..."). Bodies run concurrently: what they
/// share must be locked by them.
///
/// When a body throws, no further item starts; the items already running
/// finish, and then the first exception is rethrown to the caller.
void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& body,
                  const std::function<void(std::size_t)>& on_start = {});

}  // namespace grader::util
