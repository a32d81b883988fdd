# Empty dependencies file for course_positional_encoding_proxy.
# This may be replaced when dependencies are built.
