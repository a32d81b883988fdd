// grader/util/parallel_for.hpp: every item once, at most `jobs` at a time,
// items started in order, the first exception rethrown after the others end.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "grader/util/parallel_for.hpp"

namespace {

using grader::util::parallel_for;

TEST(ParallelFor, RunsEveryItemExactlyOnceForAnyJobCount) {
  for (int jobs : {-1, 0, 1, 2, 3, 8, 100})
    for (std::size_t count : {0u, 1u, 2u, 7u, 50u}) {
      std::vector<std::atomic<int>> runs(count);
      parallel_for(count, jobs, [&](std::size_t i) { ++runs[i]; });
      for (std::size_t i = 0; i < count; ++i) EXPECT_EQ(runs[i], 1) << "item " << i << " of " << count << ", jobs " << jobs;
    }
}

TEST(ParallelFor, NeverRunsMoreThanJobsAtOnceAndUsesSeveralThreads) {
  std::mutex m;
  int running = 0, most = 0;
  std::set<std::thread::id> threads;
  parallel_for(40, 3, [&](std::size_t) {
    {
      std::lock_guard<std::mutex> lock(m);
      most = std::max(most, ++running);
      threads.insert(std::this_thread::get_id());
    }
    std::this_thread::yield();
    std::lock_guard<std::mutex> lock(m);
    --running;
  });
  EXPECT_LE(most, 3);
  EXPECT_LE(threads.size(), 3u);
  EXPECT_TRUE(threads.count(std::this_thread::get_id())) << "the calling thread works too";
}

TEST(ParallelFor, OneJobRunsOnTheCallingThreadInOrder) {
  std::vector<std::size_t> order;
  const auto caller = std::this_thread::get_id();
  parallel_for(5, 1, [&](std::size_t i) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    order.push_back(i);
  });
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(ParallelFor, ItemsAreTakenInIndexOrderOneAtATime) {
  std::vector<std::size_t> started;  // written only by on_start: serialised by parallel_for
  parallel_for(
      30, 4, [](std::size_t) {}, [&](std::size_t i) { started.push_back(i); });
  ASSERT_EQ(started.size(), 30u);
  for (std::size_t i = 0; i < started.size(); ++i) EXPECT_EQ(started[i], i);
}

TEST(ParallelFor, TheFirstExceptionIsRethrownAfterTheRunningItemsFinish) {
  for (int jobs : {1, 2, 4}) {
    std::atomic<int> finished{0};
    try {
      parallel_for(100, jobs, [&](std::size_t i) {
        if (i == 3) throw std::runtime_error("item 3 failed");
        // Each other item takes a while, so the bound below does not depend
        // on the failing thread being scheduled again before the others
        // finish items (a yield let 10 finish at jobs 4 on a loaded machine).
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        ++finished;
      });
      ADD_FAILURE() << "no exception with jobs " << jobs;
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "item 3 failed");
    }
    // Items taken before the failure run to the end; at most the other
    // threads' items in hand start after it, then none.
    EXPECT_GE(finished.load(), 3) << "jobs " << jobs;
    EXPECT_LE(finished.load(), 3 + jobs) << "jobs " << jobs;
  }
}

TEST(ParallelFor, AnExceptionFromOnStartStopsTooAndIsRethrown) {
  std::atomic<int> ran{0};
  EXPECT_THROW(parallel_for(
                   10, 2, [&](std::size_t) { ++ran; },
                   [](std::size_t i) {
                     if (i == 2) throw std::logic_error("progress failed");
                   }),
               std::logic_error);
  EXPECT_LE(ran.load(), 2);
}

}  // namespace
