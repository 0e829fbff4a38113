"""Checks for Ringbearer. ``nox`` runs all but ``bench`` and ``fuzz``; ``nox -l`` lists them.

Every session installs from ``uv.lock`` (``uv sync --locked``) into its own venv, so the
checks see exactly the locked versions, and the engine session sees the engine alone.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv"
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True
nox.options.sessions = ["lint", "typecheck", "engine", "tui", "docs", "build"]

ROOT = Path(__file__).parent
PYTHON = "3.11"


def sync(session: nox.Session, *args: str) -> None:
    """Install locked dependencies into the session's venv."""
    session.run_install(
        "uv",
        "sync",
        "--locked",
        "--no-default-groups",
        *args,
        env={"UV_PROJECT_ENVIRONMENT": session.virtualenv.location},
    )


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    sync(session, "--only-group", "lint")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over both packages, the tests and this file."""
    sync(session, "--all-packages", "--group", "typecheck")
    session.run("mypy")


@nox.session(python=PYTHON)
def engine(session: nox.Session) -> None:
    """The engine's tests in a venv holding only the engine, plus the import contract."""
    sync(session, "--package", "ringbearer-engine", "--group", "test", "--group", "lint")
    session.run(
        "python",
        "-c",
        "import importlib.util as u, sys; "
        "leaked = [m for m in ('ringbearer_tui', 'textual', 'asyncssh', 'platformdirs') "
        "if u.find_spec(m)]; "
        "sys.exit(f'engine venv must not hold {leaked}' if leaked else 0)",
    )
    session.run("lint-imports")
    session.run("pytest", "tests/engine", *session.posargs)


@nox.session(python=PYTHON)
def tui(session: nox.Session) -> None:
    """The app's tests (Textual snapshots, Pilot flows, SSH) with everything installed."""
    sync(session, "--all-packages", "--group", "tui-test")
    session.run("pytest", "tests/tui", "tests/ssh", *session.posargs)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the documentation; warnings are errors."""
    sync(session, "--only-group", "docs")
    session.run("mkdocs", "build", "--strict", "--site-dir", str(ROOT / "site"))


@nox.session(python=PYTHON)
def build(session: nox.Session) -> None:
    """Build both wheels and sdists, check their metadata, install them in a clean venv."""
    sync(session, "--only-group", "build")
    dist = ROOT / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.run("uv", "build", "--all-packages", "--no-sources", "--out-dir", str(dist))
    built = sorted([*dist.glob("*.whl"), *dist.glob("*.tar.gz")])
    session.run("twine", "check", "--strict", *map(str, built))
    with tempfile.TemporaryDirectory() as scratch:
        venv = Path(scratch) / "venv"
        session.run("uv", "venv", "--quiet", "--python", PYTHON, str(venv))
        python = str(venv / "bin" / "python")
        wheels = [str(w) for w in sorted(dist.glob("*.whl"))]
        session.run("uv", "pip", "install", "--quiet", "--python", python, *wheels)
        env = {"HOME": scratch, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
        session.run(str(venv / "bin" / "ringbearer"), "--version", env=env, external=True)
        session.run(python, "-c", "import ringbearer_engine", env=env, external=True)
        session.run(python, "-m", "ringbearer_engine", "games", env=env, external=True)


@nox.session(python=PYTHON, default=False)
def fuzz(session: nox.Session) -> None:
    """The fuzzers, run long: the same tests the default checks run bounded."""
    sync(session, "--all-packages", "--group", "tui-test")
    session.run("pytest", "-m", "fuzz", "tests", *session.posargs, env={"RINGBEARER_FUZZ": "long"})


@nox.session(python=PYTHON, default=False)
def bench(session: nox.Session) -> None:
    """Benchmarks (not run by default): figures for docs/performance.md."""
    # The app and SSH benchmarks read the screen through pyte, a tui-test dependency.
    sync(session, "--all-packages", "--group", "tui-test")
    session.run("python", "benchmarks/run.py", *session.posargs)
