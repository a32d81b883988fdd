# Empty dependencies file for course_common.
# This may be replaced when dependencies are built.
