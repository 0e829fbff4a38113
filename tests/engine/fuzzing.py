"""How hard the fuzz tests push: a bounded run in the default checks, a long one in ``nox -s fuzz``.

Every fuzz test is marked ``@pytest.mark.fuzz`` and sizes its run with :func:`budget`, so the
same test guards regressions in CI within seconds and hunts for new failures when run long.
"""

from __future__ import annotations

import os

LONG_RUN_ENV = "RINGBEARER_FUZZ"


def long_run() -> bool:
    """Whether this is the long run that ``nox -s fuzz`` asks for."""
    return os.environ.get(LONG_RUN_ENV, "") == "long"


def budget(bounded: int, long: int) -> int:
    """How many cases to try: ``bounded`` in the default checks, ``long`` in ``nox -s fuzz``."""
    return long if long_run() else bounded
