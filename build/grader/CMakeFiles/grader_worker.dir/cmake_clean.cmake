file(REMOVE_RECURSE
  "CMakeFiles/grader_worker.dir/worker/serve.cpp.o"
  "CMakeFiles/grader_worker.dir/worker/serve.cpp.o.d"
  "libgrader_worker.a"
  "libgrader_worker.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/grader_worker.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
