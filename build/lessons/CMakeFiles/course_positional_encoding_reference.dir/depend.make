# Empty dependencies file for course_positional_encoding_reference.
# This may be replaced when dependencies are built.
