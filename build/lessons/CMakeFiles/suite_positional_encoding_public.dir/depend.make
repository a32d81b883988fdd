# Empty dependencies file for suite_positional_encoding_public.
# This may be replaced when dependencies are built.
