"""Child processes that die with the daemon, however it ends (SIGKILL, a crash, the watchdog).

The kernel does it: `prctl(PR_SET_PDEATHSIG, SIGKILL)` in the child sends it SIGKILL when its
parent goes, and SIGKILL reaches a stopped process too (the odds' workers are stopped while the
table is busy; a pipe's end or SIGTERM would wait for ever). It is asked for in the child itself:
by the odds' workers first thing (`die_with_parent`), and for a program that cannot ask (nginx) by
a few lines of Python that ask, then exec it (`dying_with_parent`). Not util-linux's
`setpriv --pdeathsig`: it also sets the capabilities again, a system call the service's
filter refuses (`SystemCallFilter=~@privileged`).

The parent, for the kernel, is the thread that started the child: children are started from a
thread that lives as long as the daemon (the main thread, the odds' planner).
"""

from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # prctl(2): the signal this process gets when its parent dies

# argv: the parent's pid, then the program and its arguments.
EXEC = f"""
import ctypes, os, sys
if ctypes.CDLL(None, use_errno=True).prctl({PR_SET_PDEATHSIG}, {int(signal.SIGKILL)}, 0, 0, 0) != 0:
    sys.exit("prctl(PR_SET_PDEATHSIG) failed: errno %d" % ctypes.get_errno())
if os.getppid() != int(sys.argv[1]):
    os._exit(1)  # the parent died before the request was made
os.execv(sys.argv[2], sys.argv[2:])
"""


def die_with_parent(parent: int) -> None:
    """This process gets SIGKILL when `parent` dies (at once if it already has). Linux only."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        return
    if os.getppid() != parent:
        os._exit(1)


def dying_with_parent(command: list[str]) -> list[str]:
    """The command line that runs `command` (its program a full path) so that it dies with this
    process; the command itself where the kernel cannot do that (not Linux)."""
    if not sys.platform.startswith("linux"):
        return command
    return [sys.executable, "-I", "-c", EXEC, str(os.getpid()), *command]
