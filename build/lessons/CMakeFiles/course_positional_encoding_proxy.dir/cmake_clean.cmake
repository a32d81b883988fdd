file(REMOVE_RECURSE
  "CMakeFiles/course_positional_encoding_proxy.dir/positional-encoding/bridge/proxy.cpp.o"
  "CMakeFiles/course_positional_encoding_proxy.dir/positional-encoding/bridge/proxy.cpp.o.d"
  "libcourse_positional_encoding_proxy.a"
  "libcourse_positional_encoding_proxy.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/course_positional_encoding_proxy.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
