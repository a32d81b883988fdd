file(REMOVE_RECURSE
  "libgrader_suite_main.a"
)
