file(REMOVE_RECURSE
  "CMakeFiles/grader_sandbox.dir/sandbox/process.cpp.o"
  "CMakeFiles/grader_sandbox.dir/sandbox/process.cpp.o.d"
  "libgrader_sandbox.a"
  "libgrader_sandbox.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/grader_sandbox.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
