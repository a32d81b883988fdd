// How the latest call that broke the worker ended, as the client saw it: the
// results listener turns it into a test's "crashed" or "timed_out" status
// (result_line.hpp). Decided where the client stops the worker, from what
// happened to the pipes and the process, never from any message's words.
// A suite process talks to one worker client at a time, so the latest
// broken call is the one that ended the current test.
#pragma once

namespace grader::client {

enum class CallEnd {
  other,      ///< broken otherwise: a malformed or oversized reply, an output flood, ...
  crashed,    ///< the worker died during the call: a signal, exit(), a resource limit
  timed_out,  ///< the call ran past its time limit and the worker was stopped
};

/// What ended the latest call whose CallRecord::broke_worker is set
/// (CallEnd::other before any).
CallEnd latest_broken_call_end();

}  // namespace grader::client
