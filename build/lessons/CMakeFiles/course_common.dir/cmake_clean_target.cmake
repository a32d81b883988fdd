file(REMOVE_RECURSE
  "libcourse_common.a"
)
