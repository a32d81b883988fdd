// Every size a worker controls, capped where the trusted side reads it, and
// the memory bounds of the trusted processes. One place, so docs/security.md
// ("Memory of the trusted side") can list them and a batch's peak memory can
// be stated: jobs x (worker limit + suite limit + grader share).
#pragma once

#include <cstddef>

namespace grader::caps {

inline constexpr std::size_t KiB = 1024;
inline constexpr std::size_t MiB = 1024 * KiB;

// --- what the suite reads from a worker (grader/client/worker_client.cpp) ---

/// One reply frame. The course's largest legitimate reply is a few kilobytes
/// (a 50 x 16 encoding); 64 MiB leaves room for a 2896 x 2896 double matrix
/// and keeps a reply well below the suite's own memory limit. A longer frame
/// is refused from its length prefix, before anything is allocated, and the
/// worker is stopped.
inline constexpr std::size_t kMaxReplyBytes = 64 * MiB;

/// An error reply's kind ("invalid_argument", "not_implemented", ...): the
/// course's kinds are short identifiers; anything longer is a forged reply.
inline constexpr std::size_t kMaxErrorKindBytes = 64;

/// The part of an error reply's message that is kept; the rest becomes
/// "... (cut: N bytes more)". A test repeating a failing call in a loop keeps
/// one message per call (GoogleTest holds every failure of a test).
inline constexpr std::size_t kMaxErrorMessageBytes = 4 * KiB;

/// Worker stdout+stderr kept per call (read and discarded past it, so the
/// worker never blocks). A call starts with an empty buffer, so this is also
/// the most one worker's output takes in the suite at any time.
inline constexpr std::size_t kMaxWorkerOutputPerCall = 16 * KiB;
/// Worker stdout+stderr read during one call (or while it starts) before the
/// grader stops the worker: past it, draining a flood (a gigabyte printed in
/// a loop) would only cost time, a minute per call at pipe speed. A student's
/// own debugging output is kilobytes.
inline constexpr std::size_t kMaxWorkerOutputDrainedPerCall = 32 * MiB;

/// Calls one test remembers for its failure message (WorkerClient::call_log):
/// their texts, and at most this much of what the student's code printed
/// during them (a sweep of a thousand calls keeps the first ones).
inline constexpr std::size_t kMaxCallLogEntries = 256;
inline constexpr std::size_t kMaxCallLogOutputBytes = 16 * KiB;

/// The student's output shown under one failing test (the rest is cut with a note).
inline constexpr std::size_t kMaxShownOutputPerTest = 4 * KiB;

// --- what the suite sends the grader (grader/client/results_listener.cpp) ---

/// Failure text of one test in its result line; the rest is cut with a note.
inline constexpr std::size_t kMaxTestMessageBytes = 64 * KiB;

/// Failure text of all tests of one suite run; past it each further test keeps
/// kMaxTestMessageAfterLessonCap bytes, so every test still gets its line.
inline constexpr std::size_t kMaxLessonMessageBytes = 1 * MiB;
inline constexpr std::size_t kMaxTestMessageAfterLessonCap = 1 * KiB;

// --- what the grader reads from a suite (grader/runner/suite_run.cpp) ---

/// JSON escapes a control byte as \u00XX: a message can grow sixfold on the line.
inline constexpr std::size_t kJsonEscapeGrowth = 6;

/// The suite's result lines (fd 3) as the grader keeps them: the lesson cap
/// (escaped) plus a line's own fields for a few thousand tests. Past it the
/// rest is discarded and those tests are "not run".
inline constexpr std::size_t kMaxSuiteResultsBytes = kJsonEscapeGrowth * kMaxLessonMessageBytes + 10 * MiB;

/// A single result line; a longer one is not a result (the listener never
/// writes one).
inline constexpr std::size_t kMaxSuiteResultLineBytes = kJsonEscapeGrowth * kMaxTestMessageBytes + 64 * KiB;

/// The suite's own stdout and stderr (sandbox lines, GoogleTest's brief output).
inline constexpr std::size_t kMaxSuiteOutputBytes = 64 * KiB;
/// One isolation note of a lesson's result (sandbox::describe() is a line of
/// about 200 characters; the workers' comes back through the suite's output).
inline constexpr std::size_t kMaxIsolationNoteBytes = 1 * KiB;

/// A worker's fault note (where its code was when a call failed): at most
/// this many bytes, function names and bytes of each name kept.
inline constexpr std::size_t kMaxFaultNoteBytes = 16 * KiB;
inline constexpr std::size_t kMaxFaultFrames = 32;
inline constexpr std::size_t kMaxFaultNameBytes = 256;

/// The invalid-argument expectations a test's result line records (what
/// `grader validate` reads to find a vacuous one): at most this many per
/// test, each argument and message cut to this many bytes.
inline constexpr std::size_t kMaxArgumentExpectations = 32;
inline constexpr std::size_t kMaxArgumentExpectationBytes = 512;

/// Callbacks (the worker asking the trusted side for an earlier lesson's
/// reference function, docs/architecture.md). One callback frame: the course's
/// largest are two small matrices; anything longer fails the call.
inline constexpr std::size_t kMaxCallbackBytes = 16 * MiB;
/// Callbacks during one call: the course makes a few per call (a length
/// experiment one per length); a flood fails the call.
inline constexpr std::size_t kMaxCallbacksPerCall = 1024;
/// What a reference may do for one callback, counted from the arguments by
/// the estimator its server declares beside it (serve_reference,
/// grader/authoring/reference_support.hpp) and refused before it runs, so a
/// worker's sizes cannot make the trusted process allocate or compute
/// without bound. The course's callbacks are far below all three (its
/// largest module is E = 64: 16,640 parameters).
/// Elements of the result (a 2048 x 2048 matrix).
inline constexpr std::size_t kMaxCallbackResultElements = std::size_t{4} << 20;
/// Values held at once: the parameters a reference builds, its intermediate
/// tensors and its result, counted at up to 8 bytes each (128 MiB), beside
/// the callback frame and its decoded arguments (16 MiB each), well inside
/// the suite's kSuiteAddressSpaceBytes.
inline constexpr std::size_t kMaxCallbackHeldValues = std::size_t{16} << 20;
/// Steps of work: multiply-adds and loop iterations (a loop over an empty
/// axis still counts the axes around it). A call's deadline cannot stop a
/// reference that is running, so this bounds how long one callback holds
/// the suite.
inline constexpr std::size_t kMaxCallbackSteps = std::size_t{1} << 30;

/// Address space (RLIMIT_AS) of a suite process. A suite of this course works
/// on matrices of a few KiB; with the caps above it holds at most one reply
/// (kMaxReplyBytes) and its decoded copy at a time, so 1 GiB leaves ample
/// room for GoogleTest, Eigen and the references. The limit is raised
/// to the worker's limit when that is higher, since a worker cannot be given
/// more than its parent's hard limit.
inline constexpr std::size_t kSuiteAddressSpaceBytes = 1024 * MiB;

// --- what the reports show (grader/report) ---

/// A lesson's compiler output as machine reports (JUnit, Exercism) repeat it
/// with each test it kept from running: already 20 lines at most
/// (build/worker_builder.hpp), cut here so long lines cannot inflate a report.
inline constexpr std::size_t kMaxCompilerOutputInReport = 4 * KiB;

}  // namespace grader::caps
