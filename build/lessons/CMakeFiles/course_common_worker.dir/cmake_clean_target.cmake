file(REMOVE_RECURSE
  "libcourse_common_worker.a"
)
