import os
import sys

from .environment import CLAIM_TTY_ENV

if os.environ.get(CLAIM_TTY_ENV) == "1":
    # Started by `ringbearer serve` as a new session on a fresh PTY: make that PTY our
    # controlling terminal, so a hang-up arrives as SIGHUP and a resize as SIGWINCH. (Done
    # here rather than in a preexec_fn, which is unsafe in the server's threaded process.)
    import contextlib
    import fcntl
    import termios

    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

from .cli import main

sys.exit(main())
