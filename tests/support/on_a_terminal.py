#!/usr/bin/env python3
"""on_a_terminal.py COMMAND [ARG...]: runs COMMAND with a pseudo-terminal as
its stdin, stdout and stderr, and copies everything it wrote to our stdout;
exits with its exit status.

Unlike script(1), which may stop reading once its child has exited and so
lose the child's last output (seen under a CI runner), this reads the
terminal's master side until the kernel reports that every writer has closed
it (EIO), which it does only after the buffered output has been read.
Exit 77 when no pseudo-terminal can be had here."""
import errno
import os
import pty
import sys


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        pid, master = pty.fork()
    except OSError as error:
        print(f"no pseudo-terminal here: {error}", file=sys.stderr)
        return 77
    if pid == 0:
        try:
            os.execvp(argv[1], argv[1:])
        finally:
            os._exit(127)
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError as error:
            if error.errno != errno.EIO:  # EIO: every writer has closed the terminal
                raise
            break
        if not chunk:
            break
        sys.stdout.buffer.write(chunk)
    sys.stdout.buffer.flush()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
