file(REMOVE_RECURSE
  "CMakeFiles/grader_suite_main.dir/client/suite_main.cpp.o"
  "CMakeFiles/grader_suite_main.dir/client/suite_main.cpp.o.d"
  "libgrader_suite_main.a"
  "libgrader_suite_main.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/grader_suite_main.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
