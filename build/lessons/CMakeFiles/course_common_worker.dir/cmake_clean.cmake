file(REMOVE_RECURSE
  "CMakeFiles/course_common_worker.dir/common/bridge.cpp.o"
  "CMakeFiles/course_common_worker.dir/common/bridge.cpp.o.d"
  "CMakeFiles/course_common_worker.dir/common/worker_support.cpp.o"
  "CMakeFiles/course_common_worker.dir/common/worker_support.cpp.o.d"
  "libcourse_common_worker.a"
  "libcourse_common_worker.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/course_common_worker.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
