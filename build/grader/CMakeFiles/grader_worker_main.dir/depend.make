# Empty dependencies file for grader_worker_main.
# This may be replaced when dependencies are built.
