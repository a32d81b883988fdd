# Empty dependencies file for grader_sandbox.
# This may be replaced when dependencies are built.
