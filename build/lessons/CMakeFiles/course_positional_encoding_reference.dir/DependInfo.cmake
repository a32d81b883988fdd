
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/solutions/positional-encoding/positional_encoding.cpp" "lessons/CMakeFiles/course_positional_encoding_reference.dir/__/solutions/positional-encoding/positional_encoding.cpp.o" "gcc" "lessons/CMakeFiles/course_positional_encoding_reference.dir/__/solutions/positional-encoding/positional_encoding.cpp.o.d"
  "/work/main/solutions/positional-encoding/positional_encoding_loop.cpp" "lessons/CMakeFiles/course_positional_encoding_reference.dir/__/solutions/positional-encoding/positional_encoding_loop.cpp.o" "gcc" "lessons/CMakeFiles/course_positional_encoding_reference.dir/__/solutions/positional-encoding/positional_encoding_loop.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build/lessons/CMakeFiles/course_common.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
