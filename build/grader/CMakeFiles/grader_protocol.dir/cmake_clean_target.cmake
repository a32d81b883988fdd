file(REMOVE_RECURSE
  "libgrader_protocol.a"
)
