# skeleton_embed_templates(<output.cpp> <template>...)
#
# Writes a C++ source that holds each template file of grader/skeleton/templates/
# as a raw string, keyed by its file name: `grader new-course` and `grader
# new-lesson` then need no file of the framework at run time, and the templates
# stay readable files. The build configures again when a template changes;
# the source is rewritten only when its text changes.
function(skeleton_embed_templates output)
  set(delimiter "template")  # C++ allows 16 characters at most
  set(entries "")
  foreach(template IN LISTS ARGN)
    file(READ "${template}" text)
    if(text MATCHES "\\)${delimiter}\"")
      message(FATAL_ERROR "${template} holds the text ')${delimiter}\"', which would end its C++ raw string; reword it")
    endif()
    get_filename_component(name "${template}" NAME)
    string(REGEX REPLACE "\\.tmpl$" "" name "${name}")
    string(APPEND entries "    {\"${name}\", R\"${delimiter}(${text})${delimiter}\"},\n")
    set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${template}")
  endforeach()
  string(CONCAT source
         "// Generated from grader/skeleton/templates/ by grader/skeleton/embed_templates.cmake: do not edit.\n"
         "#include \"grader/skeleton/templates.hpp\"\n\n"
         "namespace grader::skeleton {\n\n"
         "const std::map<std::string_view, std::string_view>& templates() {\n"
         "  static const std::map<std::string_view, std::string_view> texts = {\n"
         "${entries}"
         "  };\n"
         "  return texts;\n"
         "}\n\n"
         "}  // namespace grader::skeleton\n")
  file(WRITE "${output}.new" "${source}")
  configure_file("${output}.new" "${output}" COPYONLY)
  file(REMOVE "${output}.new")
endfunction()
