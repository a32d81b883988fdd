# Empty dependencies file for grader_protocol.
# This may be replaced when dependencies are built.
