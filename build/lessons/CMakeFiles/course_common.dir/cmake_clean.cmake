file(REMOVE_RECURSE
  "CMakeFiles/course_common.dir/common/tensor.cpp.o"
  "CMakeFiles/course_common.dir/common/tensor.cpp.o.d"
  "libcourse_common.a"
  "libcourse_common.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/course_common.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
