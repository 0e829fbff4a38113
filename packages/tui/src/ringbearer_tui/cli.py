"""The ``ringbearer`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ringbearer_engine import __version__ as engine_version

from ._version import __version__


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ringbearer",
        description="Play Lord of the Rings tabletop games in the terminal.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"ringbearer {__version__} (engine {engine_version})",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    _parser().parse_args(argv)
    print(
        f"ringbearer {__version__}: the game screens are not in this release yet.\n"
        "Meanwhile the engine runs simulations: python -m ringbearer_engine --help",
        file=sys.stderr,
    )
    return 0
