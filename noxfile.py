"""Checks for Ringbearer. ``nox`` runs the default set on Python 3.11; ``nox -l`` lists all.

Every session installs from ``uv.lock`` (``uv sync --locked``) into its own venv, so the
checks see exactly the locked versions, and the engine session sees the engine alone. The
supported Pythons are checked by the opt-in matrix: ``nox -s engine-3.12 engine-3.13
tui-3.13`` (or ``nox -s engine tui`` for every version), which CI runs on every push.
"""

from __future__ import annotations

import os
import shutil
import tarfile
import tempfile
import zipfile
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv"
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True
ROOT = Path(__file__).parent
PYTHON = "3.11"
"""The oldest supported Python: the default checks run on it."""
ENGINE_PYTHONS = ["3.11", "3.12", "3.13"]
TUI_PYTHONS = ["3.11", "3.13"]
"""The app is tested on the oldest and newest supported Python (as its classifiers say)."""
nox.options.sessions = ["lint", "typecheck", f"engine-{PYTHON}", f"tui-{PYTHON}", "docs", "build"]
WORKFLOWS = sorted(str(path) for path in (ROOT / ".github" / "workflows").glob("*.yml"))
DISTRIBUTIONS = {"ringbearer_engine": "ringbearer_engine", "ringbearer_tui": "ringbearer_tui"}
"""Each distribution's file-name stem and the package it ships."""


def _add_pyenv_pythons() -> None:
    """Let uv find the pyenv interpreters (3.12 and 3.13 are not on PATH by default here):
    their bin folders go at the end of PATH, after anything the user chose."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    wanted = {PYTHON, *ENGINE_PYTHONS, *TUI_PYTHONS}
    found = [
        str(version / "bin")
        for version in sorted(root.glob("3.*"))
        if ".".join(version.name.split(".")[:2]) in wanted and (version / "bin").is_dir()
    ]
    path = os.environ.get("PATH", "").split(os.pathsep)
    os.environ["PATH"] = os.pathsep.join([*path, *(f for f in found if f not in path)])


_add_pyenv_pythons()


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
    """ruff check, ruff format --check, and the GitHub workflows against their schema."""
    sync(session, "--only-group", "lint")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    # The workflows cannot run here: they are checked against GitHub's workflow schema
    # (bundled with check-jsonschema, so no network). actionlint's PyPI wrapper was the first
    # choice, but it downloads its binary from GitHub while it installs.
    session.run("check-jsonschema", "--builtin-schema", "vendor.github-workflows", *WORKFLOWS)


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over both packages, the tests and this file."""
    sync(session, "--all-packages", "--group", "typecheck")
    session.run("mypy")


@nox.session(python=ENGINE_PYTHONS)
def engine(session: nox.Session) -> None:
    """The engine's tests in a venv holding only the engine, plus the import contract."""
    dask = ("--extra", "dask")  # the cluster tests need the engine's dask extra
    sync(session, "--package", "ringbearer-engine", *dask, "--group", "test", "--group", "lint")
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


@nox.session(python=TUI_PYTHONS)
def tui(session: nox.Session) -> None:
    """The app's import contracts, then its tests (Textual snapshots, Pilot flows, SSH) with
    everything installed."""
    sync(session, "--all-packages", "--group", "tui-test", "--group", "lint")
    session.run("lint-imports", "importlinter-app.toml")
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
    for archive in built:
        missing = _missing_from(archive)
        if missing:
            session.error(f"{archive.name} lacks {', '.join(missing)}")
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


def _missing_from(archive: Path) -> list[str]:
    """Which of the licence and ``py.typed`` a wheel or sdist lacks (by path ending)."""
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as wheel:
            names = wheel.namelist()
    else:
        with tarfile.open(archive) as sdist:
            names = sdist.getnames()
    stem = next(s for s in DISTRIBUTIONS if archive.name.startswith(f"{s}-"))
    wanted = [f"{DISTRIBUTIONS[stem]}/py.typed", "LICENSE"]
    return [w for w in wanted if not any(n == w or n.endswith(f"/{w}") for n in names)]


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
