# Empty dependencies file for course_positional_encoding_worker_table.
# This may be replaced when dependencies are built.
