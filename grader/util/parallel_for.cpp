#include "grader/util/parallel_for.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace grader::util {

void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& body,
                  const std::function<void(std::size_t)>& on_start) {
  std::mutex mutex;
  std::size_t next = 0;
  std::exception_ptr failure;
  auto work = [&] {
    for (;;) {
      std::size_t i;
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (failure || next >= count) return;
        i = next++;
        if (on_start) {
          try {
            on_start(i);
          } catch (...) {
            failure = std::current_exception();
            return;
          }
        }
      }
      try {
        body(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
        return;
      }
    }
  };
  const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, jobs)), std::max<std::size_t>(count, 1));
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (std::size_t t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // no more threads to be had: the ones running share the work
    }
  }
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace grader::util
