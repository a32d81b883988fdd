# Empty dependencies file for grader_suite_main.
# This may be replaced when dependencies are built.
