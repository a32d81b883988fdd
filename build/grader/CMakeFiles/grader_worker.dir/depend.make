# Empty dependencies file for grader_worker.
# This may be replaced when dependencies are built.
