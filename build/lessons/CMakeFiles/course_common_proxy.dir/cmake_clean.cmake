file(REMOVE_RECURSE
  "CMakeFiles/course_common_proxy.dir/common/bridge.cpp.o"
  "CMakeFiles/course_common_proxy.dir/common/bridge.cpp.o.d"
  "CMakeFiles/course_common_proxy.dir/common/proxy_support.cpp.o"
  "CMakeFiles/course_common_proxy.dir/common/proxy_support.cpp.o.d"
  "libcourse_common_proxy.a"
  "libcourse_common_proxy.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/course_common_proxy.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
