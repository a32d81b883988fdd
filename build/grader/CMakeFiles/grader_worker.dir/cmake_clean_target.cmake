file(REMOVE_RECURSE
  "libgrader_worker.a"
)
