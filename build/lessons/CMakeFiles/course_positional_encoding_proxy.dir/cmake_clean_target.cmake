file(REMOVE_RECURSE
  "libcourse_positional_encoding_proxy.a"
)
