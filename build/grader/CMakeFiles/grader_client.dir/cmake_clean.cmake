file(REMOVE_RECURSE
  "CMakeFiles/grader_client.dir/client/worker_client.cpp.o"
  "CMakeFiles/grader_client.dir/client/worker_client.cpp.o.d"
  "CMakeFiles/grader_client.dir/testing/tensor_compare.cpp.o"
  "CMakeFiles/grader_client.dir/testing/tensor_compare.cpp.o.d"
  "libgrader_client.a"
  "libgrader_client.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/grader_client.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
