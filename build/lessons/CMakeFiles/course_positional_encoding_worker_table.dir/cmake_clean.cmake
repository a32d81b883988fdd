file(REMOVE_RECURSE
  "CMakeFiles/course_positional_encoding_worker_table.dir/positional-encoding/bridge/worker_table.cpp.o"
  "CMakeFiles/course_positional_encoding_worker_table.dir/positional-encoding/bridge/worker_table.cpp.o.d"
  "libcourse_positional_encoding_worker_table.a"
  "libcourse_positional_encoding_worker_table.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/course_positional_encoding_worker_table.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
