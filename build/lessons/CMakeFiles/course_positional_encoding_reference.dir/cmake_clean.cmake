file(REMOVE_RECURSE
  "CMakeFiles/course_positional_encoding_reference.dir/__/solutions/positional-encoding/positional_encoding.cpp.o"
  "CMakeFiles/course_positional_encoding_reference.dir/__/solutions/positional-encoding/positional_encoding.cpp.o.d"
  "CMakeFiles/course_positional_encoding_reference.dir/__/solutions/positional-encoding/positional_encoding_loop.cpp.o"
  "CMakeFiles/course_positional_encoding_reference.dir/__/solutions/positional-encoding/positional_encoding_loop.cpp.o.d"
  "libcourse_positional_encoding_reference.a"
  "libcourse_positional_encoding_reference.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/course_positional_encoding_reference.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
