file(REMOVE_RECURSE
  "CMakeFiles/grader_worker_main.dir/worker/worker_main.cpp.o"
  "CMakeFiles/grader_worker_main.dir/worker/worker_main.cpp.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/grader_worker_main.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
