file(REMOVE_RECURSE
  "CMakeFiles/grader_protocol.dir/protocol/frame.cpp.o"
  "CMakeFiles/grader_protocol.dir/protocol/frame.cpp.o.d"
  "CMakeFiles/grader_protocol.dir/protocol/value.cpp.o"
  "CMakeFiles/grader_protocol.dir/protocol/value.cpp.o.d"
  "libgrader_protocol.a"
  "libgrader_protocol.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/grader_protocol.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
