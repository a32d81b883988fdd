// Worker-side helpers for lesson bridges.
#pragma once

#include "common/bridge.hpp"
#include "grader/worker/registry.hpp"

namespace course::bridge {

/// Reports course::not_implemented as kind "not_implemented", so the grader
/// can tell "not started" from "wrong". Every lesson's table calls this.
void register_course_errors(grader::worker::Registry& registry);

}  // namespace course::bridge
