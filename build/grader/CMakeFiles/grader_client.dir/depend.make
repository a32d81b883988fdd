# Empty dependencies file for grader_client.
# This may be replaced when dependencies are built.
