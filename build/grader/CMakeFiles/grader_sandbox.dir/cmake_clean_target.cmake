file(REMOVE_RECURSE
  "libgrader_sandbox.a"
)
