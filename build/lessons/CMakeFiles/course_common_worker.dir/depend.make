# Empty dependencies file for course_common_worker.
# This may be replaced when dependencies are built.
