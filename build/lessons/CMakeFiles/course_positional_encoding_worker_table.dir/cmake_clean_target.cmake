file(REMOVE_RECURSE
  "libcourse_positional_encoding_worker_table.a"
)
