
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/lessons/positional-encoding/bridge/proxy.cpp" "lessons/CMakeFiles/course_positional_encoding_proxy.dir/positional-encoding/bridge/proxy.cpp.o" "gcc" "lessons/CMakeFiles/course_positional_encoding_proxy.dir/positional-encoding/bridge/proxy.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build/lessons/CMakeFiles/course_common_proxy.dir/DependInfo.cmake"
  "/work/main/build/lessons/CMakeFiles/course_common.dir/DependInfo.cmake"
  "/work/main/build/grader/CMakeFiles/grader_client.dir/DependInfo.cmake"
  "/work/main/build/grader/CMakeFiles/grader_protocol.dir/DependInfo.cmake"
  "/work/main/build/grader/CMakeFiles/grader_sandbox.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
