file(REMOVE_RECURSE
  "libcourse_common_proxy.a"
)
