file(REMOVE_RECURSE
  "../suites/suite_positional_encoding_public"
  "../suites/suite_positional_encoding_public.pdb"
  "CMakeFiles/suite_positional_encoding_public.dir/__/tests/public/positional-encoding/pe_formula_test.cpp.o"
  "CMakeFiles/suite_positional_encoding_public.dir/__/tests/public/positional-encoding/pe_formula_test.cpp.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/suite_positional_encoding_public.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
