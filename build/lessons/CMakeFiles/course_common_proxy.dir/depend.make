# Empty dependencies file for course_common_proxy.
# This may be replaced when dependencies are built.
