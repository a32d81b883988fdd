file(REMOVE_RECURSE
  "libgrader_client.a"
)
